"""HTTR ScR 23.1.8 (L1737-1742) on the synthetic game's [special.releases]: A-BDE1's units stand for 30th Corps's
ground units; A-GCO3 (as the 43rd) enters the GT after one of them stands by the river "Synthetic Maas" (B0409 |
B0410) in supply, A-GCO4 (the 50th) after one crossed the bridge "Synthetic Neder Rijn" (A0305 | A0405) by road,
A-REC2 (the 8th Armoured) after one came within 1 hex of B0107, A-TANK2 (the 52nd's seaborne element) after A-GCO3
entered, A-ART2 (the 52nd) two GTs after an Allied unit in supply stood on the airfield A0209 and the crossing.
Before GT 8 every unit is in supply (the synthetic game's supply rules begin then, ScR 5.2)."""
from __future__ import annotations

from types import SimpleNamespace

from hexforge.rules.httr import releases
from tests.rules.httr.helpers import Log, last, rules_broken, unsure
from tests.rules.httr.test_worked_examples_scenario import BUNDLED

RULE = "HTTR ScR 23.1.8"


def broken(log: Log) -> list[str]:
    return rules_broken(last(log.check()))


def test_the_43rd_after_the_maas():  # SCN-8: adjacent to the Maas in supply
    by_the_maas = Log({"A-GCO1": "B0408"}).phase(1, "allied_movement").move("A-GCO1", "B0409")
    assert RULE not in broken(by_the_maas.phase(2, "allied_movement").enter("A-GCO3", "B0101"))
    same_turn = Log({"A-GCO1": "B0408"}).phase(1, "allied_movement").move("A-GCO1", "B0409").enter("A-GCO3", "B0101")
    assert RULE in broken(same_turn)  # available only the turn after
    never = Log({"A-GCO1": "B0408"}).phase(1, "allied_movement").phase(2, "allied_movement").enter("A-GCO3", "B0101")
    assert RULE in broken(never)


def test_the_50th_after_the_neder_rijn_by_road():  # SCN-8: crossed by road and in supply
    crossed = Log({"A-GCO1": "A0305"}).phase(1, "allied_movement").move("A-GCO1", "A0405")
    assert RULE not in broken(crossed.phase(2, "allied_movement").enter("A-GCO4", "B0101"))
    beside = Log({"A-GCO1": "A0304"}).phase(1, "allied_movement").move("A-GCO1", "A0404")
    assert RULE in broken(beside.phase(2, "allied_movement").enter("A-GCO4", "B0101"))


def test_the_8th_armoured_after_coming_near():  # SCN-8: within the data's reach of its hex
    near = Log({"A-GCO1": "B0109"}).phase(1, "allied_movement").move("A-GCO1", "B0108")
    assert RULE not in broken(near.phase(2, "allied_movement").enter("A-REC2", "B0101"))
    far = Log({"A-GCO1": "B0110"}).phase(1, "allied_movement").phase(2, "allied_movement").enter("A-REC2", "B0101")
    assert RULE in broken(far)


def test_the_seaborne_element_after_another_enters():  # SCN-8: entered play
    log = Log({"A-GCO1": "B0408"}).phase(1, "allied_movement").move("A-GCO1", "B0409").phase(2, "allied_movement") \
        .enter("A-GCO3", "B0101")
    alone = Log({"A-GCO1": "B0409"}).phase(1, "allied_movement").phase(2, "allied_movement").enter("A-TANK2", "B0102")
    assert RULE in broken(alone)  # A-GCO3 has not entered
    assert RULE not in broken(log.phase(3, "allied_movement").enter("A-TANK2", "B0102"))


def test_the_52nd_two_turns_after_the_airfield_and_the_crossing():  # SCN-8: both conditions, delay 2
    def both(turn: int) -> Log:
        return Log({"A-GCO1": "A0305", "A-INF1": "A0208"}).phase(1, "allied_movement").move("A-GCO1", "A0405") \
            .move("A-INF1", "A0209").phase(turn, "allied_movement").enter("A-ART2", "B0101")
    assert RULE in broken(both(2)) and RULE not in broken(both(3))
    airfield_only = Log({"A-INF1": "A0208"}).phase(1, "allied_movement").move("A-INF1", "A0209") \
        .phase(3, "allied_movement").enter("A-ART2", "B0101")
    assert RULE in broken(airfield_only)


def test_a_log_begun_later_cannot_say():  # SCN-8: a condition may have been met before the log began
    v = last(Log({"A-GCO1": "B0408"}).phase(5, "allied_movement").enter("A-GCO3", "B0101").check())
    assert unsure(v) and RULE not in rules_broken(v)


def test_the_bundled_rivers_are_not_transcribed():  # SCN-8 on the bundled data: each row names what the map lacks
    # units.csv has none of the groups' units yet, so no entry reaches the check: its rows are asked directly
    bundled = SimpleNamespace(game=BUNDLED)
    needs = [releases.missing(bundled, releases.Released(), row["when"]) for row in releases.rows(BUNDLED)]
    assert ["Maas" in (n or "") for n in needs][:1] == [True] and "Neder Rijn" in needs[1]
    assert needs[3] is None and needs[4] is not None  # the seaborne element's condition needs no map datum
