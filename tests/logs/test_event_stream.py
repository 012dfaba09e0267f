"""The timeline read as a stream, step by step: the same events, set-up and verdicts as the whole timeline,
read lazily, so a referee over a stream holds verdicts, not the log."""
from __future__ import annotations

from pathlib import Path

import pytest

from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import Described, EventStream, StepChange, TurnChange, build_timeline, describe
from hexforge.games import load_game
from hexforge.rules import check, report
from tests.conftest import ROOT
from tests.rules.vlog import Writer


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, object]:
    game = load_game(ROOT / "tests" / "data" / "synthetic-fm")
    w = Writer(game, tmp_path_factory.mktemp("stream"))
    w.chat("setting up")
    for turn in (1, 2):
        w.phase(turn, "first-movement")
        w.move("B3", "0103", "0203", "0303")  # a drag: one step, two drops
        w.chat("attack 0910 from 0303")
        w.roll(4)
        w.phase(turn, "second-movement")
        w.move("R1", "0910", "0909")
    w.move("B1", "0205", "0305", plant="F&M 5.2")  # out of its phase
    return w.write(), w.vmod, game


def test_a_stream_reads_the_same_timeline(log) -> None:
    path, vmod, game = log
    whole = build_timeline(read_save(path), read_module(vmod), game)
    s = EventStream(read_save(path), read_module(vmod), game)
    assert s.setup == whole.setup
    assert tuple(s.events) == whole.events
    assert (s.final, s.players, s.steps, s.warnings) == (whole.final, whole.players, whole.steps, whole.warnings)
    first_turn = next(i for i, e in enumerate(whole.events) if isinstance(e, TurnChange))
    assert s.opening.events == whole.events[:first_turn + 1] == whole.opening.events


def test_a_placement_names_its_layer_levels_as_a_step_change_does(tmp_path: Path) -> None:
    game = load_game(ROOT / "tests" / "data" / "synthetic-fm")
    w = Writer(game, tmp_path)
    w.flip("B3")
    t = build_timeline(read_save(w.write()), read_module(w.vmod), game)
    (flip,) = [e for e in t.events if isinstance(e, StepChange)]
    start, end = ({p.piece.unit: p.layers for p in ps} for ps in (t.setup, t.final))
    assert start["B3"][flip.trait] == flip.old and end["B3"][flip.trait] == flip.new != flip.old


def test_a_stream_is_read_step_by_step_and_once(log) -> None:
    path, vmod, game = log
    s = EventStream(read_save(path), read_module(vmod), game)
    events = s.events
    next(events)
    assert s.read < s.size  # the rest of the log is not read yet
    with pytest.raises(RuntimeError, match="read once"):
        s.events


def test_a_check_over_a_stream_gives_the_same_verdicts_and_keeps_no_timeline(log) -> None:
    path, vmod, game = log
    whole = check(game, build_timeline(read_save(path), read_module(vmod), game))
    streamed = check(game, EventStream(read_save(path), read_module(vmod), game))
    assert streamed.timeline is None and whole.timeline is not None
    def lines(r):
        return [(j.index, getattr(j.event, "step", None), describe(j.event), j.verdicts) for j in r.judged]
    assert lines(streamed) == lines(whole)
    assert any(isinstance(j.event, Described) for j in streamed.judged)  # kept as their descriptions once final
    assert report.text(streamed) == report.text(whole) and report.as_json(streamed) == report.as_json(whole)
    assert (streamed.setup, streamed.warnings, streamed.victory) == (whole.setup, whole.warnings, whole.victory)
    assert streamed.counts()["illegal"] >= 1  # the planted move out of its phase


def test_settled_events_go_to_disk_and_read_back_the_same(log, monkeypatch) -> None:
    """With batches of two events and one held, a streamed check writes its settled events out (memory stays flat in the log's
    length) and every way of reading them back gives what the whole timeline's check gives."""
    from hexforge.rules import judgements
    monkeypatch.setattr(judgements, "BATCH", 2)
    monkeypatch.setattr(judgements, "HELD", 1)
    path, vmod, game = log
    whole = check(game, build_timeline(read_save(path), read_module(vmod), game))
    streamed = check(game, EventStream(read_save(path), read_module(vmod), game))
    assert isinstance(streamed.judged, judgements.Judgements)
    assert len(streamed.judged._live) < len(streamed.judged) == len(whole.judged)  # some are on disk only
    def row(j):
        return j.index, getattr(j.event, "step", None), describe(j.event), j.verdicts
    assert [row(j) for j in streamed.judged] == [row(j) for j in whole.judged]
    assert [row(streamed.judged[i]) for i in range(len(whole.judged))] == [row(j) for j in whole.judged]
    assert [row(j) for j in streamed.judged[1:5]] == [row(j) for j in whole.judged[1:5]]
    assert row(streamed.judged[-1]) == row(whole.judged[-1])
    with pytest.raises(IndexError):
        streamed.judged[len(whole.judged)]
    assert report.text(streamed) == report.text(whole) and report.as_json(streamed) == report.as_json(whole)
    assert streamed.counts() == whole.counts()


def test_the_json_report_written_piece_by_piece_is_the_canonical_dump(log) -> None:
    """The JSON report is streamed out; it is exactly what ``json.dumps`` (sorted keys, indent 2) writes of it,
    with every event and the summary counted on the way equal to the report's counts."""
    import json
    path, vmod, game = log
    rep = check(game, EventStream(read_save(path), read_module(vmod), game))
    out = report.as_json(rep)
    data = json.loads(out)
    assert out == json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    assert data["summary"] == rep.counts() and len(data["events"]) == sum(len(j.verdicts) for j in rep.judged)
    assert [e["index"] for e in data["events"]] == sorted(e["index"] for e in data["events"])


def test_an_empty_report_is_canonical_json_too() -> None:
    import json
    from hexforge.rules.replay import Report
    out = report.as_json(Report("g", [], ["a warning"]))
    assert out == json.dumps(json.loads(out), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    assert json.loads(out)["events"] == [] and json.loads(out)["summary"]["legal"] == 0
