"""Scenario rules (PtR 21, 22.8.4) on the synthetic scenario s2: play area 1010-1716; a line along row 14 the
Germans may stand on and the US may not come next to; the 1inf within 2 hexes of 1111; 3arm must start in Reserve;
a German in-Command combat unit on 1010-1016 wins; a US unit next to 1716 with a clear line wins."""
from __future__ import annotations

from hexforge.builder.locations import Location
from hexforge.builder.timeline import PieceRef, Placement
from tests.rules.ptr.helpers import PtrLog, illegal, unsure

S2 = {"US1-HQ": "1111", "1-A": "1111", "1-B": "1112", "1-TD": "1212", "US3-HQ": "1010", "3-AI": "1215",
      "3-TK": "1215", "G116-HQ": "1614", "116-PG": "1513", "116-TK": "1612", "116-IN": "1612", "G-IND": "1410"}
FAT = "Formation Activation Track"


def start(syn, setup: dict[str, str] | None = None, fams: dict[str, bool] | None = None) -> PtrLog:
    """A log from the scenario's start; ``fams``: FAM name -> set up In Reserve."""
    log = PtrLog(syn, setup or S2)
    marks = tuple(Placement(PieceRef(n, n, None), Location("Tracks", FAT, "5"), None,
                            layers={"Reserve": " In Reserve" if back else "1"}) for n, back in (fams or {}).items())
    log.setup = log.setup + marks
    return log.phase(1, "recovery")


def setup_illegal(r) -> list[str]:
    return [v.rule for v in r.setup if hasattr(v, "rule")]


def test_set_up_within_its_radius(syn):
    """PTR21-9 (21.0D, 21.5.3B-21.5.4B): the 1inf within 2 hexes of 1111; 1-TD at 1214 is 3 away."""
    r = start(syn).check("s2")
    assert setup_illegal(r) == [] and illegal(r) == []
    r = start(syn, dict(S2, **{"1-TD": "1214"})).check("s2")
    assert setup_illegal(r) == ["PTR 21.0D"]


def test_set_up_sides_of_the_line(syn):
    """PTR21-8 (21.5.3A-21.5.4A): the US neither on nor next to row 14; the Germans on it or north of it."""
    r = start(syn, dict(S2, **{"1-B": "1312"})).check("s2")
    assert setup_illegal(r) == ["PTR 21.5.3A / 21.5.4A"]
    r = start(syn, dict(S2, **{"116-PG": "1313"})).check("s2")
    assert setup_illegal(r) == ["PTR 21.5.3A / 21.5.4A"]


def test_play_area(syn):
    """PTR21-2 (21.1.4, 21.2.3, 21.3.3): column 17 is outside s2's play area, at set-up and in play."""
    r = start(syn, dict(S2, **{"116-PG": "1517"})).check("s2")
    assert setup_illegal(r) == ["PTR 21.1.4"]
    r = start(syn).phase(2, "reinforcement").enter("G9-HQ", "1615").enter("9-IN", "1717").check("s2")
    assert (3, "PTR 21.1.4") in illegal(r)
    r = start(syn).phase(2, "reinforcement").enter("G9-HQ", "1615").enter("9-IN", "1616").check("s2")
    assert all(rule != "PTR 21.1.4" for _, rule in illegal(r))


def test_reserve_mode_on_the_first_turn(syn):
    """PTR21-10 (22.8.4): 3arm must start In Reserve, no other formation enters it on Turn 1."""
    r = start(syn, fams={"3rd Armored FAM": True, "1st Infantry FAM": False}).check("s2")
    assert setup_illegal(r) == []
    r = start(syn, fams={"3rd Armored FAM": False}).check("s2")
    assert setup_illegal(r) == ["PTR 22.8.4"]
    r = start(syn).phase(1, "organization").layer("1st Infantry FAM", None, "Reserve", "1", " In Reserve").check("s2")
    assert (2, "PTR 22.8.4") in illegal(r)
    r = start(syn).phase(2, "organization").layer("1st Infantry FAM", None, "Reserve", "1", " In Reserve").check("s2")
    assert illegal(r) == []


def test_reserve_mode_is_an_optional_rule(ptr):
    """PTR21-10: the bundled game leaves Reserve Mode (22.8) off: a FAM In Reserve on Turn 1 of S2 gets no 22.8.4
    verdict."""
    r = PtrLog(ptr, {}).phase(1, "organization").layer("1st Infantry Division FAM", None, "Reserve", "1",
                                                       " In Reserve").check("s2")
    assert all(rule != "PTR 22.8.4" for _, rule in illegal(r))


def test_german_automatic_victory(syn):
    """PTR21-3 (21.2.4.3): 116-PG on 1011, in Command of G116-HQ (1112), wins: play after it is illegal; with its
    HQ out of range (1614) nothing ends."""
    near = {"G116-HQ": "1112", "116-PG": "1111", "US1-HQ": "1316", "1-A": "1316"}
    r = PtrLog(syn, near).phase(2, "operations").move("116-PG", "1111", "1011").roll("us", 5).check("s2")
    assert (2, "PTR 21.2.4.3") in illegal(r)
    r = PtrLog(syn, dict(near, **{"G116-HQ": "1614"})).phase(2, "operations").move("116-PG", "1111", "1011") \
        .roll("us", 5).check("s2")
    assert all(rule != "PTR 21.2.4.3" for _, rule in illegal(r))


def test_us_sudden_death(syn):
    """PTR21-4 (21.3.4.2): 1-A next to 1716 with a clear line to the south edge wins; play after it is illegal."""
    pos = {"US1-HQ": "1514", "1-A": "1614", "G9-HQ": "1010"}
    r = PtrLog(syn, pos).phase(2, "operations").move("1-A", "1614", "1615", "1715").roll("german", 5).check("s2")
    assert (2, "PTR 21.3.4.2") in illegal(r)
    r = PtrLog(syn, pos).phase(2, "operations").move("1-A", "1614", "1513").roll("german", 5).check("s2")
    assert all(rule != "PTR 21.3.4.2" for _, rule in illegal(r))


def test_bundled_sudden_victories_need_their_data(ptr):
    """PTR21-3 on S2: 'in Command' needs the HQ command ranges; PTR21-4 on S3: the Roer hexes are not given."""
    r = PtrLog(ptr, {"LXXXI-116 Pz": "1205", "526-454": "1105"}).phase(1, "operations") \
        .move("526-454", "1105", "1005").check("s2")
    assert any("in Command" in n for _, n in unsure(r))
    r = PtrLog(ptr, {"VII-1 Inf": "5010", "1-I/16": "5110"}).phase(5, "operations").move("1-I/16", "5110", "5210") \
        .check("s3")
    assert any("Roer River hexes" in v.needs for v in r.setup if hasattr(v, "needs"))
    assert all("Roer" not in n for _, n in unsure(r))  # said once, not on every US move


def test_bundled_set_up_line_needs_the_pillbox_hexes(ptr):
    """PTR21-8 on S5: the pillbox line's hexes are map data not transcribed."""
    sc = ptr.scenarios["s5"]
    r = PtrLog(ptr, {"VII-1 Inf": "1210"}).phase(1, "recovery").check("s5")
    assert any("pillbox-line hexes" in v.needs for v in r.setup if hasattr(v, "needs")) and sc.deployment
