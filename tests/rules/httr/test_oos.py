"""OF-10 (HTTR SR 13.2.7.1 L730): an HQ unable to trace a supply path in its side's Command Phase is marked OOS and
'may not perform OF until it has been put back in supply'. On the synthetic game A-CORPS traces by road from B0105 to
its train (a source), not from B0101 (off the road); the supply rules begin in GT 8 (game.toml [special.supply_rules]),
so the assessment that counts is the Allied Command Phase of the GT, and the OF is fired in the German Movement Phase
at G-INF1 moving next to the HQ."""
from __future__ import annotations

from hexforge.games import load_game
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken, unsure
from tests.rules.httr.test_recovery import SUPPLY_RULES

NEXT = {"B0101": "B0102", "B0105": "B0106"}  # a hex next to the HQ


def corps_of(corps: str, turn: int = SUPPLY_RULES, command: bool = True, then: str | None = None) -> list:
    """A-CORPS in ``corps`` at the Allied Command Phase (none in the log when ``command`` is False), moved to
    ``then`` in the Allied Movement Phase, declares OF at G-INF1, next to it, as it moves: the verdicts on it."""
    into = NEXT[then or corps]
    log = Log({"A-CORPS": corps, "G-INF1": into})
    if command:
        log.phase(turn, "allied_command")
    log.phase(turn, "allied_movement")
    if then is not None:
        log.move("A-CORPS", *path(corps, then))
    return last(log.phase(turn, "german_movement").say(f"of {into} from A-CORPS trigger move").check())


def path(start: str, end: str) -> tuple[str, ...]:
    """The road hexes from ``start`` to ``end`` along row 01 of sheet B (B0101 to B0105)."""
    a, b = int(start[-2:]), int(end[-2:])
    step = 1 if b > a else -1
    return tuple(f"B01{n:02d}" for n in range(a + step, b + step, step))


def test_an_hq_in_supply_fires_opportunity_fire():  # OF-10: legal, A-CORPS traces to its train from B0105
    assert all_legal(corps_of("B0105"))


def test_an_hq_out_of_supply_in_the_command_phase_fires_no_opportunity_fire():  # OF-10: illegal, SR 13.2.7.1
    got = corps_of("B0101")
    assert rules_broken(got) == ["HTTR SR 13.2.7.1"] and "out of supply" in got[0].reason


def test_the_marker_stays_until_the_next_command_phase():  # OF-10: the Command Phase's assessment governs (L730)
    assert rules_broken(corps_of("B0101", then="B0105")) == ["HTTR SR 13.2.7.1"]  # back on the road, still marked
    assert all_legal(corps_of("B0105", then="B0101"))  # cut off after the assessment: not marked until the next


def test_no_supply_rules_before_their_first_game_turn():  # OF-10 with SUP-17: ScR 5.2, every unit in supply
    assert all_legal(corps_of("B0101", turn=SUPPLY_RULES - 1))


def test_without_the_command_phase_the_mark_is_not_known():  # OF-10: the log starts after the assessment
    got = corps_of("B0101", command=False)
    assert not rules_broken(got) and any("Command Phase" in v.needs for v in unsure(got))


def test_bundled_hq_supply_is_not_checkable():  # OF-10 on the bundled data: the supply chain's datum
    """The German HQ 1036/59 in C2909 in GT 6 (the bundled supply rules' first GT, ScR 5.2 L1133) fires OF at the
    506th company in C2908 as it moves: whether it traced a supply path in the German Command Phase needs the map's terrain,
    which the bundled data lacks, so the OF is not checkable (never legal)."""
    httr = load_game("highway-to-the-reich")
    inf, hq = "2/506 5-3 no.1", "1036/59"
    log = Log({hq: ("C2909", {"Mode": "Defilade"}), inf: ("C2908", {"Mode": "Concentrated"})}, httr) \
        .phase(6, "german_command").phase(6, "allied_movement") \
        .say(f'of C2908 from "{hq}" trigger move')
    got = last(log.check())
    assert not rules_broken(got)
    assert any(f"whether HQ {hq} could trace a supply path" in v.needs for v in unsure(got)), got
