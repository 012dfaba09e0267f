"""Victory at the end of a log (AAC 16.0, ARN 11.5), judged on the synthetic F&M game (blue is the
first player: the US / the Allies). Synthetic victory data: Arnhem hexes 0604, 0605, 0606 (scenario
[[victory]]); city hexes 0504, 0505 and red-star hexes 1201-1207 (terrain.toml places).
B7 is a glider unit and B8 a parachute unit (airborne); the others are not."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.aachen.system import Aachen
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.fm.system import FireAndMovement
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules

SYN = ROOT / "tests" / "data" / "synthetic-fm"
FAR = {"R4": "1210"}


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def at_end(game, setup: dict[str, str], turn: int = 6) -> Log:
    return Log(game, setup | FAR).phase(turn, "end")


# -- ARN 11.5 -----------------------------------------------------------------------------------

def test_arn_11_5_two_arnhem_hexes_held_by_non_airborne_units_win_at_once(game) -> None:
    # T33 shape. ARN 11.5 (L547): "The Allied player wins the game immediately if at any time two of the three
    # Arnhem hexes ... are occupied by a non-airborne unit."
    rep = Log(game, {"B1": "0604", "B2": "0505"} | FAR).phase(1, "first-movement") \
        .move("B2", "0505", "0605").move("B1", "0604", "0504").check(Arnhem(game))
    assert rep.victory.winner == "blue" and "0604 and 0605" in rep.victory.text
    assert illegal_rules(rep) == [(2, "ARN 11.5")]  # the game is over: B1 may not move on


def test_arn_11_5_one_hex_only_plays_on(game) -> None:
    rep = Log(game, {"B1": "0604", "B2": "0405"} | FAR).phase(1, "first-movement") \
        .move("B2", "0405", "0505").check(Arnhem(game))
    assert rep.victory.winner is None and rep.victory.text.startswith("undecided")
    assert "ARN 11.5" not in {r for _, r in illegal_rules(rep)}


def test_arn_11_5_airborne_units_do_not_count(game) -> None:
    # T34 (paratroops). B7 (glider) and B8 (parachute) in two Arnhem hexes: no Allied victory; at the end of the last
    # GT no non-airborne unit holds one, so the German side wins (ARN 11.5, L549)
    rep = at_end(game, {"B7": "0604", "B8": "0605"}).check(Arnhem(game))
    assert rep.victory.winner == "red"


def test_arn_11_5_one_non_airborne_unit_at_the_end_is_a_draw(game) -> None:
    # T34 shape. ARN 11.5 (L548): "a draw if at the end of GT 10 one Allied non-airborne unit occupies any one"
    assert at_end(game, {"B1": "0606"}).check(Arnhem(game)).victory.winner == "draw"
    assert at_end(game, {"B1": "0606"}, turn=5).check(Arnhem(game)).victory.winner is None  # not the end yet


def test_arn_victory_on_the_real_game_names_the_unknown_unit_type() -> None:
    g = load_game("arnhem")
    rep = Log(g, {"1GG/Gds": "3423", "2/406": "2025"}).phase(10, "end").check(Arnhem(g))
    assert rep.victory.winner is None and "whether unit 1GG/Gds is airborne" in rep.victory.needs


# -- AAC 16.0 -----------------------------------------------------------------------------------

STARS = {"B3": "1201", "B4": "1202", "B5": "1203", "B6": "1204", "B7": "1205", "B8": "1206"}


def test_aac_16_0_city_and_six_red_stars_is_a_us_victory(game) -> None:
    # AAC 16.0 (L766-770): US occupy (or were last to occupy) all city hexes and hold six red stars
    rep = at_end(game, {"B1": "0504", "B2": "0505"} | STARS).check(Aachen(game))
    assert rep.victory.winner == "blue"


def test_aac_16_0_city_only_is_a_draw(game) -> None:
    # AAC 16.0 (L774): condition 1 met, condition 2 not
    five = dict(list(STARS.items())[:5])
    assert at_end(game, {"B1": "0504", "B2": "0505"} | five).check(Aachen(game)).victory.winner == "draw"


def test_aac_16_0_the_last_occupant_counts(game) -> None:
    # B2 passes through city hex 0505 and leaves: the US were the last to occupy it (L768)
    log = Log(game, {"B1": "0504", "B2": "0405"} | STARS | FAR).phase(6, "first-movement") \
        .move("B2", "0405", "0505").move("B2", "0505", "0506").phase(6, "end")
    assert log.check(Aachen(game)).victory.winner == "blue"
    # a German unit last in 0505: the German player wins (L776)
    log = Log(game, {"B1": "0504", "R1": "0505"} | STARS | FAR).phase(6, "second-movement") \
        .move("R1", "0505", "0605").phase(6, "end")
    assert log.check(Aachen(game)).victory.winner == "red"


def test_aac_victory_waits_for_the_game_end_and_real_data_names_the_city_hexes(game) -> None:
    assert at_end(game, {"B1": "0504", "B2": "0505"} | STARS, turn=3).check(Aachen(game)).victory.winner is None
    g = load_game("aachen")
    rep = Log(g, {}).phase(1, "sfm").check()
    assert "Aachen city hexes" in rep.victory.needs


def test_a_system_without_victory_rules_says_so(game) -> None:
    rep = at_end(game, {"B1": "0504"}).check(FireAndMovement(game))
    assert rep.victory.winner is None and "victory conditions" in rep.victory.needs


def test_the_report_ends_with_the_victory_line_and_html_has_one_row_per_event(game) -> None:
    from lxml import html as lxml_html

    from hexforge.rules import report
    rep = Log(game, {"B1": "0604", "R2": "0705", "R4": "1201"}).phase(1, "first-bombardment") \
        .say("bombard 0705 sfm 1 1 1").check(Arnhem(game))  # F&M 8.1 and 8.2.1 faults on one event
    faults = [v for v in rep.judged[1].verdicts if not isinstance(v, type(rep.judged[0].verdicts[0]))]
    assert len(faults) >= 2
    assert report.text(rep).splitlines()[-2].startswith("victory: ")
    page = lxml_html.fromstring(report.as_html(game, rep))
    rows = page.xpath("//table[@class='events']/tbody/tr")
    assert len(rows) == 2 and rows[1].get("class") == "illegal"  # one row per event, shown by its worst verdict
    assert faults[0].rule in rows[1].xpath("string(td[@class='verdict']/span[@class='rule'])")
    assert len(rows[1].xpath("td/ul[@class='also']/li")) == len(rep.judged[1].verdicts) - 1  # the others under it
    assert "victory: " in page.xpath("string(//p[@class='victory'])")
