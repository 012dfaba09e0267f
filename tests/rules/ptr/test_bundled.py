"""On the bundled Piercing the Reich data (no map terrain, no counter values, most tables missing), every check
that needs a missing datum says not checkable and names it; none says legal; what the data holds still counts."""
from __future__ import annotations

from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, verdicts

S2 = {"VII-1 Inf": "1107", "1-III/18": "1107", "1-I/16": "1105", "1-II/16": "1206", "VII-3 Arm": "1111",
      "3A-III/32": "1111", "LXXXI-116 Pz": "2514", "116-II/16": "2013", "3A-B/36": "2215"}


def log(ptr) -> PtrLog:
    return (PtrLog(ptr, S2).phase(1, "operations")
            .say("us", "act 1inf").roll("us", 3)                   # 1, 2: the AP Table cell is unknown
            .move("1-I/16", "1105", "1106")                         # 3: MA, TEC and terrain unknown
            .move("1-II/16", "1206", "1306", "1406")                # 4
            .say("us", "done").initiative(4, 6)                     # 5, 6, 7: the Interdiction Level of T1 is 1
            .say("german", "act 116pz").roll("german", 6)           # 8, 9
            .move("116-II/16", "2013", "2014", "2114")              # 10: stops in 3A-B/36's ZOC (town)
            .move("116-II/16", "2114", "2115", "2116")              # 11: a new Movement Action, not checkable
            .move("LXXXI-116 Pz", "2514", "2515"))                  # 12: planted: an HQ in a Movement Action


def test_bundled_checks_name_what_they_need(ptr):
    r = log(ptr).check("s2")
    needs = {i: v.needs for j in r.judged for i, v in [(j.index, v) for v in j.verdicts] if isinstance(v, NotCheckable)}
    assert "AP Table cell: Activation Level 7, die 3, bold" in needs[2]
    assert "AP Table cell" in needs[9]
    for i in (3, 4, 10, 11):
        assert any(w in needs[i] for w in ("ma of unit", "TEC", "terrain of hex", "AP Table", "ZOC Chart")), needs[i]
    assert [(j.index, v.rule) for j in r.judged for v in j.verdicts if isinstance(v, Illegal)] == \
        [(12, "PTR 11.4.1B")]
    for j in r.judged:  # nothing needing a missing datum is called legal: moves and AP rolls never are
        if j.event.kind in ("move",) or (j.event.kind == "dice" and j.index in (2, 9)):
            assert not any(isinstance(v, Legal) for v in j.verdicts), (j.index, j.verdicts)


def test_bundled_initiative_uses_the_first_turns_interdiction_level(ptr):
    """PTR9-2: S2 Turn 1's Interdiction Level is 1 (L2014-2015): US 5 + 1 beats German 5."""
    r = PtrLog(ptr, S2).phase(1, "operations").say("us", "pass").initiative(5, 5).check("s2")
    assert "us wins the Initiative of segment 2" in verdicts(r, 3)[0].detail


def test_bundled_later_turn_interdiction_is_not_checkable_when_it_decides(ptr):
    """PTR9-2 / PTR19-1: Turn 2's level is the Interdiction Table's (not transcribed): the winner is not checkable when
    it decides (US 4 vs German 5: 4 + 1 or 2 would win), and is when no level 0-2 changes it (US 9 vs German 2)."""
    r = PtrLog(ptr, S2).phase(2, "operations").initiative(4, 5).check("s2")
    assert "Interdiction Level of turn 2" in verdicts(r, 2)[0].needs
    r = PtrLog(ptr, S2).phase(2, "operations").initiative(9, 2).check("s2")
    assert isinstance(verdicts(r, 2)[0], Legal)
