"""The HTML report as a referee reads it: the counts first (overall, per turn and the player acting),
each illegal event once with its rule and a map cut-out showing the units as they stood, every event
under its turn and phase with the log's own step number, one verdict per event (its worst) with the
others under it. Input: the planted log of the end-to-end test, written as VASSAL writes logs."""
from __future__ import annotations

import base64
import dataclasses
import io
from collections import Counter

import pytest
from lxml import html as lxml_html
from PIL import Image

from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import TurnChange, build_timeline
from hexforge.counters.art import side_colour
from hexforge.games import load_game
from hexforge.rules import check
from hexforge.rules.report import CROP_MAX, MARK, as_html, walk
from hexforge.rules.state import phase_names, phase_of
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.rules.test_end_to_end import SYN, planted_log

KIND = {Legal: "legal", Illegal: "illegal", NotCheckable: "nc"}


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("html")
    w = planted_log(tmp)
    game = load_game(SYN)
    rep = check(game, build_timeline(read_save(w.write()), w.module, game))
    return w, game, rep, lxml_html.fromstring(as_html(game, rep))


def _number(el) -> int:
    return int(el.text_content().split()[0])


def _players(game) -> dict[str, str]:
    return {s.id: s.name.resolved for s in game.info.sides} | {
        "first": "first player", "second": "second player", "both": "both players"}


def test_the_summary_counts_every_verdict_overall_and_per_turn_and_player(planted) -> None:
    _, game, rep, page = planted
    every = Counter(KIND[type(v)] for j in rep.judged for v in j.verdicts)
    assert every["illegal"] > 0 and every["legal"] > 0
    assert {k: every[k] for k in ("illegal", "nc", "legal")} == {
        "illegal": rep.counts()["illegal"], "nc": rep.counts()["not checkable"], "legal": rep.counts()["legal"]}
    for kind in ("illegal", "nc", "legal"):
        assert _number(page.xpath(f"//div[@class='tile {kind}']")[0]) == every[kind]
        assert int(page.xpath(f"string(//tr[@class='total']/td[contains(@class, 'n {kind}')])")) == every[kind]
    # per turn and the player of the phase, walking the turn tracker's changes in the timeline
    turn = phase = None
    by: Counter = Counter()
    for j in rep.judged:
        if isinstance(j.event, TurnChange):
            t, p = phase_of(game, j.event)
            turn, phase = (t if t is not None else turn), (p if p is not None else phase)
        who = _players(game)[game.info.sequence[phase].player] if phase is not None else "—"
        for v in j.verdicts:
            by[(str(turn), who, KIND[type(v)])] += 1
    rows = page.xpath("//table[@class='summary']/tbody/tr")
    assert {(r.get("data-turn"), r.get("data-player")) for r in rows} == {(t, w) for t, w, _ in by}
    for r in rows:
        for kind in ("illegal", "nc", "legal"):
            cell = r.xpath(f"string(td[contains(@class, 'n {kind}')])")
            assert int(cell) == by[(r.get("data-turn"), r.get("data-player"), kind)]
    assert {w for _, w, _ in by} == {"first player", "second player"}  # both players move in the planted turn


def test_the_summary_is_first_and_the_whole_map_is_collapsed_last(planted) -> None:
    _, _, _, page = planted
    main = page.xpath("//main")[0]
    order = [el.tag + "." + (el.get("class") or el.get("id") or el.text_content()) for el in main]
    assert order[1] == "section.overview" and not page.xpath("//section[@class='overview']//img")
    first_img = page.xpath("//img")[0]
    assert first_img.xpath("ancestor::article[@class='violation']")  # the first picture is a cut-out
    full = page.xpath("//details[@class='full']")
    assert len(full) == 1 and full[0].get("open") is None and full[0].xpath(".//img")


def test_each_illegal_event_appears_once_with_its_rule(planted) -> None:
    w, _, rep, page = planted
    bad = {j.index: j for j in rep.judged if any(isinstance(v, Illegal) for v in j.verdicts)}
    cards = page.xpath("//article[@class='violation']")
    assert sorted(int(c.get("data-index")) for c in cards) == sorted(bad)  # once each, no other
    for c in cards:
        j = bad[int(c.get("data-index"))]
        rules = [v.rule for v in j.verdicts if isinstance(v, Illegal)]
        assert c.xpath("string(.//p[contains(@class, 'why')]/span[@class='rule'])") == rules[0]
        assert [s.text for s in c.xpath(".//ul[@class='also']/li/span[@class='rule']")] == rules[1:]
        assert len(c.xpath(".//ul[@class='also']/li")) == len(j.verdicts) - 1
    # every planted violation (the writer's own step numbers) is on the card of its step
    for step, rule in w.marks:
        shown = [s.text for c in cards if c.get("data-step") == str(step) for s in c.xpath(".//span[@class='rule']")]
        assert rule in shown, (step, rule)


def test_the_event_list_has_one_row_per_event_with_the_log_step_in_its_turn_and_phase(planted) -> None:
    w, game, rep, page = planted
    rows = page.xpath("//table[@class='events']/tbody/tr")
    judged = [j for j in rep.judged if j.verdicts]
    assert [int(r.get("data-index")) for r in rows] == [j.index for j in judged]
    assert [r.xpath("string(td[@class='step'])") for r in rows] == [str(j.event.step) for j in judged]
    assert {int(r.xpath("string(td[@class='step'])")) for r in rows if r.get("class") == "illegal"} \
        == {step for step, _ in w.marks}  # the step column is the log's step, as the writer numbered it
    for r, j in zip(rows, judged):  # the row's colour is its worst verdict
        kinds = {KIND[type(v)] for v in j.verdicts}
        assert r.get("class") == next(k for k in ("illegal", "nc", "legal") if k in kinds)
    names = phase_names(game)
    ids = [p.id for p in game.info.sequence]

    def phase_of_rule(rule: str) -> str:
        step = next(s for s, r in w.marks if r == rule)
        row = next(r for r in rows if r.xpath("string(td[@class='step'])") == str(step))
        return row.xpath("string(ancestor::section[@class='phase']/h4)")

    assert phase_of_rule("F&M 5.5").startswith(names[ids.index("first-mobile-movement")])  # planted there
    assert phase_of_rule("F&M 8.2").startswith(names[ids.index("first-combat")])
    assert phase_of_rule("F&M 6.1").startswith(names[ids.index("second-movement")])
    assert [h.text for h in page.xpath("//section[@class='turn']/h3")] == ["Turn 1"]


def _png(img) -> Image.Image:
    src = img.get("src")
    assert src.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1]))).convert("RGB")


def _count(im: Image.Image, colour: str) -> int:
    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return sum(n for n, c in im.getcolors(im.width * im.height) if c == rgb)


def test_each_cut_out_is_small_marked_and_shows_the_units(planted) -> None:
    _, game, rep, page = planted
    red, blue = side_colour("red"), side_colour("blue")
    for card in page.xpath("//article[@class='violation']"):
        imgs = card.xpath(".//img")
        assert len(imgs) == 1, card.text_content()  # every planted violation names a hex
        im = _png(imgs[0])
        assert (im.width, im.height) == (int(imgs[0].get("width")), int(imgs[0].get("height")))
        assert im.width <= CROP_MAX[0] and im.height <= CROP_MAX[1]
        assert _count(im, MARK) > 500  # the violation is drawn, in its own colour
    # B5's illegal drag (no route within its MA, F&M 5.2): B5 is drawn, standing in 0109 before the move
    card = next(c for c in page.xpath("//article[@class='violation']") if "B5 has no legal route" in c.text_content())
    im = _png(card.xpath(".//img")[0])
    assert _count(im, blue) > 1000 and "0109" in card.text_content()
    # R3 ends stacked with R1 (F&M 5.3): R1 stood in 0605, R3 in 0909 before the move; two red counters at least
    row = next(r for r in walk(game, rep)[0] if r.before is not None and "R3" in str(r.judged.event)
               and any(getattr(v, "rule", "") == "F&M 5.3" for v in r.judged.verdicts))
    assert game.map.label(row.before.where("R1")) == "0605" and game.map.label(row.before.where("R3")) == "0909"
    card = page.xpath(f"//article[@data-index='{row.judged.index}']")[0]
    assert _count(_png(card.xpath(".//img")[0]), red) > 2 * 1000


def test_a_report_without_its_timeline_still_shows_every_violation(planted) -> None:
    _, game, rep, page = planted
    bare = lxml_html.fromstring(as_html(game, dataclasses.replace(rep, timeline=None)))
    cards = [c.get("data-index") for c in bare.xpath("//article[@class='violation']")]
    assert cards == [c.get("data-index") for c in page.xpath("//article[@class='violation']")]


def test_a_log_full_of_faults_draws_a_bounded_number_of_pictures_and_lists_every_fault(monkeypatch) -> None:
    from hexforge.rules import report
    from tests.rules.helpers import Log
    monkeypatch.setattr(report, "PICTURES", 3)
    log = Log(load_game(SYN), {"B1": "0205"}).phase(1, "first-movement")
    for k in range(8):  # back and forth: illegal from the second move on
        log.move("B1", *(("0205", "0305") if k % 2 == 0 else ("0305", "0205")))
    rep = log.check()
    bad = [j for j in rep.judged if any(isinstance(v, Illegal) for v in j.verdicts)]
    assert len(bad) > 3
    page = lxml_html.fromstring(as_html(load_game(SYN), rep))
    cards = page.xpath("//article[@class='violation']")
    assert len(cards) == len(bad) and len(page.xpath("//article[@class='violation']//img")) == 3
    assert "first 3 violations" in cards[-1].text_content() and "0205" in cards[-1].text_content()
