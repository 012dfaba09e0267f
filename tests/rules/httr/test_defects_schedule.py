"""ScR 12.6 binds drop groups only (OFF-6) on the synthetic scenario 'schedule': A-INF5/A-INF6 (A-REG1's, airborne
by its Pathfinder marker) drop in GT 2; A-INF4 (of A-DIV2, an airborne division by [special.airborne]) enters by road
at B0105 in GT 2, as ScR 17.3's 327/101 does at C2411 (L1562); group X1 is a drop group whose units the data does not
give (as ScR 18.2's group D1), German display box Q a group of GT 4 that is none. And the bundled scenarios' drop
group lists name their own rows."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.games.values import plain
from hexforge.rules import rules_for
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.verdict import Legal
from tests.rules.httr.helpers import Log, illegal, rules_broken, unsure

START = {"A-INF1": "B0101", "G-INF1": "B0705"}


def verdicts(log: Log) -> list:
    return [v for j in HttrReferee(rules_for(log.game, "schedule"), log.timeline()).run().judged for v in j.verdicts]


def test_an_airborne_formations_road_reinforcement_may_come_late():  # OFF-6 legal, ScR 12.4.3 / 12.6 (L1469-L1473)
    """A-INF4 is airborne but its row enters by a hex: GT 3 begins without it and it enters then, on its hex."""
    vs = verdicts(Log(START).phase(1, "allied_movement").phase(2, "allied_movement").phase(3, "weather")
                  .phase(3, "allied_movement").enter("A-INF4", "B0105"))
    assert not [v for v in illegal(vs) if "A-INF4" in v.reason]  # A-INF5/A-INF6's GT 2 drop is late: 12.6
    assert any(isinstance(v, Legal) and "A-INF4 enters on its arrival code's B0105" in (v.detail or "") for v in vs)


def test_an_airborne_formations_road_reinforcement_keeps_its_entry_hex():  # OFF-4 illegal on the same row
    vs = verdicts(Log(START).phase(2, "allied_movement").enter("A-INF4", "B0305"))
    assert rules_broken(vs) == ["HTTR ScR 12.1"]


def test_a_drop_group_is_still_never_delayed():  # OFF-6 illegal and legal, ScR 12.6
    late = verdicts(Log(START).phase(1, "allied_movement").phase(2, "allied_movement").phase(3, "weather"))
    assert rules_broken(late) == ["HTTR ScR 12.6"]
    on_time = Log(START).phase(1, "allied_movement").place("pf1", "Pathfinder A-REG1", "B0305") \
        .phase(2, "allied_movement").enter("A-INF5", "B0306").enter("A-INF6", "B0306").phase(3, "weather")
    assert not illegal(verdicts(on_time))


def test_a_drop_group_of_unknown_units_is_not_checkable_and_a_german_group_is_none():  # OFF-6
    vs = verdicts(Log(START).phase(4, "allied_movement").phase(5, "weather"))
    got = [v.needs for v in unsure(vs)]
    assert any("units of group X1" in n for n in got), got
    assert not [n for n in got if "box Q" in n]
    assert "HTTR ScR 12.6" in rules_broken(vs)  # A-INF5/A-INF6 of GT 2 never landed: still judged


def test_the_bundled_drop_groups_name_their_scenarios_rows():  # OFF-6's data, ScR 12.6 (L1473)
    httr = load_game("highway-to-the-reich")
    for sid, sc in httr.scenarios.items():
        listed = plain((sc.special_rules or {}).get("drop_groups"))
        if listed is not None:
            whats = {r.what for r in sc.reinforcements}
            assert isinstance(listed, list) and set(listed) <= whats, (sid, set(listed) - whats)
    s18 = plain(httr.scenarios["s18"].special_rules["drop_groups"])
    assert any("group D1" in w for w in s18)
