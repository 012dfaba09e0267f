"""The HTTR rules that follow a unit's units.csv formation up its chain resolve a formation *name* to its HQ unit
(``units.formation_hq``, game.toml ``[special.formation_hqs]``; issue #15), not only an HQ id: the bundled brigades
are in "Guards Armored", whose HQ unit is "GA HQ" (ScR 5.1.6.3 L1122-L1123), of "30 Corps", the "30 Corps HQ"
(ScR 4.4.4 L1084); the record-track markers name "Guards Armoured" and "30th Corps" (ScR 5.2.3.1-5.2.3.2). The
synthetic cases are copies of the synthetic game with one formation written as a name that
``[special.formation_hqs]`` maps to the HQ id it replaces: the rule must answer as it does for the id."""
from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path
from types import MappingProxyType

import pytest

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown
from hexforge.rules import rules_for
from hexforge.rules.httr.airborne_travel import vague
from hexforge.rules.httr.command_points import conduit, extra_cp, marker_hq
from hexforge.rules.httr.detached import adhoc, began_out_of_command, detach
from hexforge.rules.httr.indirect import check_airborne, formations_of
from hexforge.rules.httr.oos import missing
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.rules.httr.helpers import SYNTHETIC, Log, last, rules_broken


@pytest.fixture(scope="module")
def httr() -> Game:
    return load_game("highway-to-the-reich")


def renamed(tmp_path: Path, formations: dict[str, str], mapping: dict[str, str]) -> Game:
    """The synthetic game with each unit of ``formations`` given that formation, and ``mapping`` (name -> HQ id) as
    its ``[special.formation_hqs]``."""
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    units = copy / "units.csv"
    rows = list(csv.DictReader(io.StringIO(units.read_text())))
    assert set(formations) <= {r["id"] for r in rows}
    for r in rows:
        r["formation"] = formations.get(r["id"], r["formation"])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    units.write_text(out.getvalue())
    hqs = ", ".join(f'{{ formation = "{k}", hq = "{v}" }}' for k, v in mapping.items())
    toml = copy / "game.toml"
    toml.write_text(toml.read_text() + f'\n[special.formation_hqs]\nsource = "test"\nhqs = [{hqs}]\n')
    return load_game(copy)


def state(g: Game, where: dict[str, str]) -> GameState:
    return GameState(MappingProxyType({u: g.map.hex(h) for u, h in where.items()}),
                     MappingProxyType({u: x.side for u, x in g.units.items()}), turn=10)


def referee(g: Game, log: Log, **readings: str) -> HttrReferee:
    ref = HttrReferee(rules_for(g), log.timeline(), readings or None)
    ref.run()
    return ref


def test_the_bundled_record_track_markers_are_their_hqs_tracks(httr):  # CP-6, CP-11 (marker_hq)
    """docs/log-channel.md: a record-track marker's formation names the HQ whose track it is. 'Guards Armoured' is
    GA HQ's, '30th Corps' the 30 Corps HQ's; the 101st's HQ is not transcribed. A disrupted GA HQ receiving CP on its
    marker's move is judged (SR 14.1.5, 14.1.1), no longer 'names no unit'."""
    ref = referee(httr, Log({}, httr))
    assert marker_hq(httr, ref.channel, "Guards Armoured CP") == ("cp", "GA HQ")
    assert marker_hq(httr, ref.channel, "30th Corps AmP") == ("amp", "30 Corps HQ")
    assert marker_hq(httr, ref.channel, "101st Airborne AmP") == ("amp", None)
    log = Log({"GA HQ": ("C2808", {"Mode": "Defilade", "Disrupted": "Disrupted"})}, httr) \
        .on_track("Guards Armoured CP", 2).phase(6, "cp_logistic").track("Guards Armoured CP", 3)
    # and SR 14.1.1: the track rises with no Logistics roll (ScR 5.2), as on a synthetic division's track
    assert sorted(rules_broken(last(log.check()))) == ["HTTR SR 14.1.1", "HTTR SR 14.1.5"]


def test_a_brigade_named_by_its_formation_is_the_cp_conduit(tmp_path):  # CP-10 (conduit), ScR 5.1.6.3-5.1.6.4
    """ScR 5.1.6.3-5.1.6.4 (L1122-L1125): CP to a Guards group HQ are attenuated from its brigade HQ, not from the
    division HQ. A-GRP1's brigade written as the name '1st Brigade' (mapped to A-BDE1) is the conduit as A-BDE1's id
    is; an unmapped name leaves the division HQ the giver."""
    where = {"A-GD": "B0105", "A-BDE1": "B0205", "A-GRP1": "B0305"}
    g = renamed(tmp_path / "a", {"A-GRP1": "1st Brigade"}, {"1st Brigade": "A-BDE1"})
    assert conduit(referee(g, Log(where, g)), "A-GRP1", "A-GD") == "A-BDE1"
    plain = load_game(SYNTHETIC)
    assert conduit(referee(plain, Log(where, plain)), "A-GRP1", "A-GD") == "A-BDE1"
    g = renamed(tmp_path / "b", {"A-GRP1": "2nd Brigade"}, {"1st Brigade": "A-BDE1"})
    assert conduit(referee(g, Log(where, g)), "A-GRP1", "A-GD") == "A-GD"


def test_a_guards_brigade_is_of_30_corps_for_the_cp_zones(httr):  # CP-14 (_of_formation), ScR 5.2.5.1-5.2.5.4
    """ScR 5.2.5 (L1166-L1169): the 30 Corps HQs need extra CP by where they stand. The 32nd Guards Brigade HQ
    (formation 'Guards Armored', GA HQ, of '30 Corps') is a 30 Corps HQ: its extra CP need the untranscribed zones
    (was 0: its chain stopped at the name); a 101st regiment HQ is none."""
    ref = referee(httr, Log({"32/GdA": "C2808", "501/101": "C2810"}, httr))
    got = extra_cp(ref, "32/GdA")
    assert isinstance(got, Unknown) and "Maas/Waal bands" in got.needs, got
    assert extra_cp(ref, "501/101") == 0.0


def test_an_hqs_oos_answer_names_the_hq_above_it_by_its_formation(httr):  # OF-10 (oos.missing), SR 13.2.7.1
    """SR 13.2.7.1: an OOS answer resting on missing data says which. The 32nd Guards Brigade HQ's chain goes on to
    GA HQ (its formation 'Guards Armored'), whose unsurveyed hex is what is missing (was: 'Guards Armored names no
    unit'); with the whole chain on surveyed hexes nothing is; the 101st's HQ '101' names no HQ unit."""
    on_c2808 = missing(httr, state(httr, {"32/GdA": "C0715", "GA HQ": "C2808", "30 Corps HQ": "C0814"}), "32/GdA")
    assert on_c2808 is not None and on_c2808.startswith("the terrain of C2808 (unsurveyed), where GA HQ"), on_c2808
    surveyed = state(httr, {"32/GdA": "C0715", "GA HQ": "C0814", "30 Corps HQ": "C0815"})
    assert missing(httr, surveyed, "32/GdA") is None
    air = missing(httr, state(httr, {"506/101": "C0715"}), "506/101")
    assert air is not None and "units.csv formation '101' names no unit" in air and "formation_hqs" in air, air


def test_a_unit_of_an_airborne_division_by_name_is_airborne(tmp_path):  # IF-14 (formations_of), ScR 4.4.6
    """ScR 4.4.6 (L1086): other units never observe for airborne artillery. A-DIV2 is the synthetic airborne
    division; artillery of A-REG3 whose formation, A-REG3's, is written as the name 'Second Division' (mapped to
    A-DIV2) is airborne as with the id: A-INF1 may not spot for it, A-INF4 (of A-REG3) may."""
    g = renamed(tmp_path, {"A-REG3": "Second Division", "A-ART3": "A-REG3"}, {"Second Division": "A-DIV2"})
    assert formations_of(g, "A-ART3") == ["A-REG3", "Second Division", "A-DIV2", "A-CORPS"]
    ref = referee(g, Log({}, g))
    got = check_airborne(ref, "A-INF1", "A-ART3")
    assert isinstance(got, Illegal) and got.rule == "HTTR ScR 4.4.6", got
    assert isinstance(check_airborne(ref, "A-INF4", "A-ART3"), Legal)
    assert isinstance(check_airborne(ref, "A-INF4", "A-ART"), Legal)  # airborne units may spot for others


def test_a_start_unit_whose_named_hq_is_off_the_map_began_out_of_command(tmp_path):  # RES-7, ScR 8.1.11
    """ScR 8.1.11 (L1304): a unit whose formation's HQ is off the map in the set-up begins out of command. A-ENG's
    formation written as 'Alpha Division' (mapped to A-DIV) with A-DIV absent did (was: never, the name being no
    unit); with A-DIV beside it, it did not; an unmapped name is not known either way."""
    g = renamed(tmp_path / "a", {"A-ENG": "Alpha Division"}, {"Alpha Division": "A-DIV"})
    assert began_out_of_command(g, state(g, {"A-ENG": "B0305"}), "A-ENG") is True
    assert began_out_of_command(g, state(g, {"A-ENG": "B0305", "A-DIV": "B0305"}), "A-ENG") is False
    unmapped = renamed(tmp_path / "b", {"A-ENG": "Beta Division"}, {"Alpha Division": "A-DIV"})
    assert began_out_of_command(unmapped, state(unmapped, {"A-ENG": "B0305"}), "A-ENG") is None
    ref = referee(unmapped, Log({"A-ENG": "B0305", "A-REG1": "B0304"}, unmapped).phase(1, "allied_command"))
    got = detach(ref, "A-ENG", "A-REG1")
    assert isinstance(got, NotCheckable) and "formation 'Beta Division'" in got.needs, got


GERMANS = {"G-CORPS": "A0605", "G-DIV": ("A0505", {"Mode": "Defilade"}), "G-KG1": "A0405", "G-KG2": "A0305",
           "G-ART": ("A0404", {"Mode": "Defilade"})}


def test_an_ad_hoc_battalion_of_a_named_division_is_reunited_with_its_hq(tmp_path):  # OPT-4 (adhoc, detach)
    """ScR 15.1.1 (L1488): a German battalion with a formal subordination may be made independent at ER -2 until
    reunited with its original command. G-ART's formation written as 'Gamma Division' (mapped to G-DIV): attached
    to G-KG2 it is ad hoc (was: not, the name being no unit), and attached back to G-DIV it is reunited."""
    g = renamed(tmp_path, {"G-ART": "Gamma Division"}, {"Gamma Division": "G-DIV"})
    ref = referee(g, Log(GERMANS, g).phase(1, "german_command").say("attach G-ART to G-KG2"), optional_adhoc="on")
    assert adhoc(ref, "G-ART", "G-KG2") and not adhoc(ref, "G-ART", "G-DIV")
    assert ref.attach.detached.penalty["G-ART"]["detached"].origin == "G-DIV"
    back = detach(ref, "G-ART", "G-DIV")
    assert isinstance(back, Legal) and "reunited with G-DIV" in back.detail, back
    assert "G-ART" not in ref.attach.detached.penalty


def test_an_untranscribed_formation_above_a_named_one_is_vague(tmp_path):  # MOD-7 (airborne_travel.vague)
    """SR 18.8.1: which leg units may enter Travel depends on their formation; one not transcribed above the unit
    (units.csv 'unknown') leaves it unknown. A-ENG's formation written as 'Alpha Division' (mapped to A-DIV), whose
    own formation is 'unknown', is vague (was: not, the walk stopping at the name); with A-DIV's formation known it
    is not."""
    g = renamed(tmp_path / "a", {"A-ENG": "Alpha Division", "A-DIV": "unknown"}, {"Alpha Division": "A-DIV"})
    assert vague(g, "A-ENG") and vague(g, "A-DIV")
    known = renamed(tmp_path / "b", {"A-ENG": "Alpha Division"}, {"Alpha Division": "A-DIV"})
    assert not vague(known, "A-ENG")
