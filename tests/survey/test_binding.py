"""The binding proposed for a community module (``hexforge survey bind``): each of their pieces is
proposed as the unit the module's author meant (tests/survey/theirs.py says which, from the game's
units.csv), a piece of one side never as a unit of the other, and the file is one the checker's
binding reader takes; with it, ``hexforge check`` judges a log the real engine wrote on their module."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from hexforge.builder.binding import load_binding
from hexforge.builder.modulereader import PieceDef, read_module
from hexforge.cli import cli
from hexforge.games import load_game
from hexforge.survey.binding import Candidate, binding_toml, candidates, piece_side, propose, score
from tests.survey import theirs

ROOT = Path(__file__).resolve().parents[2]
SYN = ROOT / "tests" / "data" / "synthetic-fm"


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


@pytest.fixture(scope="module")
def vmod(tmp_path_factory) -> Path:
    return theirs.write_theirs(tmp_path_factory.mktemp("theirs") / "theirs.vmod")


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_every_piece_is_proposed_as_the_unit_it_is(vmod, game, tmp_path) -> None:
    path = tmp_path / "b.toml"
    path.write_text(binding_toml(read_module(vmod), game, "test"), encoding="utf-8")
    b = load_binding(path, game)  # the reader `hexforge check --binding` uses, checking every unit id
    assert b.pieces == {name: unit for name, (_, _, unit) in theirs.PIECES.items()}
    assert "Game Turn" not in b.pieces and '# "Game Turn" = "?"' in path.read_text()
    board = tomllib.loads(path.read_text())["boards"]["Battle Map/Valley"]
    assert board == {"sheet": "", "column_offset": 1, "row_offset": 0}


def test_a_palette_entry_and_its_set_up_copy_are_one_piece_but_two_counters_of_one_name_are_two(vmod) -> None:
    module = read_module(vmod)
    keys = [c.key for c in candidates(module)]
    assert keys == [*theirs.PIECES, "Game Turn"]  # each name is in the palette and in a set-up stack
    twin = PieceDef("Inf", "777", "Inf", "", "", ("Red Army",), {"Att": "9"})
    other = PieceDef("Inf", "778", "Inf", "", "", ("Blue Army",), {"Att": "1"})
    many = type(module)(**{**{f: getattr(module, f) for f in module.__dataclass_fields__},
                           "pieces": (*module.pieces, twin, other)})
    assert [c.key for c in candidates(many)][-2:] == ["gpid:777", "gpid:778"]


def test_identical_counters_are_told_apart_by_where_their_set_up_stacks_put_them(game, tmp_path) -> None:
    """Two counters printed alike ("Blue Inf 3-3", no movement printed) are B1 and B5, set up in 0205 and 0109
    by the meeting scenario: their set-up stacks (B5 and A9 on the board) say which is which."""
    same = ("Blue Inf", (3, 3))
    vmod = theirs.write_theirs(tmp_path / "twins.vmod", renamed={"1st Bn Blue (Inf)": same, "5th Bn Blue (Inf)": same})
    path = tmp_path / "b.toml"
    path.write_text(binding_toml(read_module(vmod), game, "test"), encoding="utf-8")
    pieces = load_binding(path, game).pieces
    assert pieces["gpid:201"] == "B1" and pieces["gpid:205"] == "B5"  # the stacked slots, by their GPIDs
    assert "Blue Inf" not in pieces  # one name, two counters: never bound by the name
    assert "set up in 0205, as a scenario sets it up" in path.read_text()


def test_a_piece_of_one_side_is_never_a_unit_of_the_other(game) -> None:
    sides = {"blue": "Blue", "red": "Red"}
    # named and valued exactly like Blue's B1, but of the Red army
    p = PieceDef("1/Blue", "5", "1/Blue", "", "", ("Red Army",), {"Nation": "Red", "Att": "3", "Def": "3", "MA": "4"})
    assert piece_side(p, sides) == "red"
    assert score(Candidate("1/Blue", p), game.units["B1"], "red").value == 0.0
    assert score(Candidate("1/Blue", p), game.units["B1"], None).value > 0.9


def test_a_piece_named_by_a_unit_id_is_that_unit_even_beside_a_lookalike() -> None:
    """PtR's 183-I/351 and 183-II/351 (PTR 21.1.6) differ by one letter: each piece named by an id is that unit."""
    from types import SimpleNamespace

    from hexforge.counters.unit import Unit
    units = {u: Unit(u, u, "german", "infantry", "test") for u in ("183-I/351", "183-II/351")}
    game = SimpleNamespace(units=units, scenarios={}, info=SimpleNamespace(sides=[SimpleNamespace(id="german", name=SimpleNamespace(
        resolved="German"))]))
    module = SimpleNamespace(pieces=tuple(PieceDef(u, str(i), u, "", "", ("German",), {}) for i, u in
                                          enumerate(reversed(units))))
    got = {pr.candidate.key: (pr.unit, pr.score.why) for pr in propose(module, game)}
    assert got == {"183-I/351": ("183-I/351", "by id"), "183-II/351": ("183-II/351", "by id")}


def test_printed_values_decide_between_names_alike(game) -> None:
    """'2/9 Red Inf' reads like R2 (2/Red, 9th) and R5 (5/Red, 10th) is its only twin in values: R2 wins."""
    module = type("M", (), {})()
    p = PieceDef("x", "1", "2/9 Red Inf", "", "", (), {"Nation": "Red", "Att": "2", "Def": "2", "MA": "7"})
    alike = PieceDef("y", "2", "Red infantry 2-3-4", "", "", (), {"Nation": "Red"})  # a printed triple: R1's
    module.pieces = (p, alike)
    got = {pr.candidate.key: pr.unit for pr in propose(module, game)}
    assert got == {"2/9 Red Inf": "R2", "Red infantry 2-3-4": "R1"}


def test_survey_bind_writes_the_file_and_never_overwrites_it_without_force(vmod, tmp_path) -> None:
    out = tmp_path / "binding.toml"
    r = run("survey", "bind", SYN, "--module", vmod, "-o", out)
    assert r.exit_code == 0, r.output
    assert load_binding(out, load_game(SYN)).pieces["R4"] == "R4" and f"wrote {out}" in r.output
    out.write_text("mine")
    r = run("survey", "bind", SYN, "--module", vmod, "-o", out)
    assert r.exit_code != 0 and "exists; use --force" in r.output and out.read_text() == "mine"
    r = run("survey", "bind", SYN, "--module", vmod, "-o", vmod, "--force")
    assert r.exit_code != 0 and "is also an input" in r.output
    bad = tmp_path / "bad.vmod"
    bad.write_bytes(b"not a zip")
    r = run("survey", "bind", SYN, "--module", bad, "-o", tmp_path / "x.toml")
    assert r.exit_code == 2 and str(bad) in r.output and "Traceback" not in r.output


@pytest.mark.vassal
def test_check_judges_a_log_the_engine_wrote_on_their_module(vmod, vassal_check, tmp_path) -> None:
    script = {"actions": [
        {"do": "drag", "piece": "1st Bn Blue (Inf)", "to": "D5"},   # B1 0205 -> 0405: legal (via 0305)
        {"do": "drag", "piece": "5th Bn Blue (Inf)", "to": "J9"},   # B5 0109 -> 1009: no route in 7 MP (F&M 5.2)
    ]}
    (tmp_path / "script.json").write_text(json.dumps(script))
    log = tmp_path / "theirs.vlog"
    rc, res = vassal_check("play", vmod, tmp_path / "script.json", log)
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    binding = tmp_path / "b.toml"
    assert run("survey", "bind", SYN, "--module", vmod, "-o", binding).exit_code == 0
    unbound = run("check", log, "--module", vmod, "--game", SYN)
    assert "move B5" not in unbound.stdout and "B5 (5/Blue) is not on the map" in unbound.stdout  # no units without it
    r = run("check", log, "--module", vmod, "--game", SYN, "--binding", binding)
    assert r.exit_code == 1, r.output
    lines = r.stdout.splitlines()
    assert any("B5 has no legal route from 0109 through 1009" in x and ": F&M 5.2" in x for x in lines), r.stdout
    assert any(x.split(": ", 1)[-1].startswith("move B1 0205 -> 0405: legal: ") for x in lines), r.stdout
    assert "summary: " in lines[-1] and " 1 illegal" in lines[-1]


def test_a_binding_on_boards_with_hexes_in_rows_names_the_hex_their_board_shows(tmp_path) -> None:
    """Their module's boards have hexes in rows (VASSAL ``sideways``: the label's first part numbers the rows).
    The binding ``survey bind`` proposes maps each board label to the game hex that label names on their
    board, on both sheets (not one with its column and row swapped)."""
    from click.testing import CliRunner

    from hexforge.builder.binding import load_binding
    from hexforge.builder.locations import Location
    from hexforge.cli import cli
    from tests.survey.sheets import two_sheet_game
    game_dir, _, _ = two_sheet_game(tmp_path)
    theirs = tmp_path / "their-two.vmod"
    assert CliRunner().invoke(cli, ["build", str(game_dir), "-o", str(theirs)]).exit_code == 0
    out = tmp_path / "b.toml"
    r = CliRunner().invoke(cli, ["survey", "bind", str(game_dir), "--module", str(theirs), "-o", str(out)])
    assert r.exit_code == 0, r.output
    game, module = load_game(game_dir), read_module(theirs)
    binding = load_binding(out, game)
    board_of = {b.name: m.name for m in module.maps for b in m.boards if b.grid is not None}
    checked = 0
    for sheet in game.map.sheets:
        conv = sheet.convention
        assert conv.orientation == "rows"
        for c in range(conv.columns.first, conv.columns.last + 1):
            for r_ in range(conv.rows.first, conv.rows.last + 1):
                label = sheet.prefix + conv.label(c, r_)  # what their board shows on that hex
                got = binding.hex(Location(board_of[f"Sheet {sheet.prefix}"], f"Sheet {sheet.prefix}", label),
                                  module, game)
                assert got is not None and game.map.index[got] == game.map.index[label], (label, got)
                checked += 1
    assert checked > 50
