"""HTTR units detached at ER -2 (ScR 8.1.11, optional ScR 15.1.1) on the synthetic game: A-ART3 and A-HW (ER 5 each,
of A-REG1) begin the game out of command when A-REG1 is not on the map; G-ART is a German battalion of G-DIV."""
from __future__ import annotations

from hexforge.games import load_game
from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

# the packet's target G-INF1 in B0305 is within the HW's range 3 of B0302; A-REG2 within two hexes of A-ART3
ALLIES = {"A-CORPS": "B0105", "A-DIV": ("B0205", {"Mode": "Defilade"}), "A-REG2": "B0302",
          "A-ART3": ("B0303", {"Mode": "Defilade"}), "A-HW": "B0302", "G-INF1": "B0305"}
GERMANS = {"G-CORPS": "A0605", "G-DIV": ("A0505", {"Mode": "Defilade"}), "G-KG1": "A0405", "G-KG2": "A0305",
           "G-ART": ("A0404", {"Mode": "Defilade"})}


def packet(*attached: str, setup: dict | None = None, then: tuple[str, ...] = ()) -> list:
    """The verdicts on an unobserved IF packet of A-ART3 and A-HW after the given units attach to A-REG2."""
    log = Log(setup or ALLIES).phase(1, "allied_command")
    for u in attached:
        log.say(f"attach {u} to A-REG2")
    for line in then:
        log.say(line)
    return last(log.phase(1, "allied_fire").say("if B0305 from A-ART3 A-HW").check())


def test_an_out_of_command_start_unit_attaches_to_any_hq():  # RES-7, ScR 8.1.11 (L1304)
    got = last(Log(ALLIES).phase(1, "allied_command").say("attach A-ART3 to A-REG2").check())
    assert all_legal(got) and "ER -2" in got[0].detail
    in_command = {**ALLIES, "A-REG1": "B0202"}  # A-REG1 next to its units: they began in command
    assert rules_broken(last(Log(in_command).phase(1, "allied_command").say("attach A-ART3 to A-REG2").check())) \
        == ["HTTR SR 17.4.3"]
    lost = Log(in_command).phase(1, "allied_fire").kill("A-REG1", "B0202").phase(2, "allied_command") \
        .say("attach A-ART3 to A-REG2").check()  # its HQ destroyed: SR 17.4.3, no ER penalty
    assert all_legal(last(lost)) and "ER -2" not in (last(lost)[0].detail or "")


def test_the_detached_unit_fires_at_its_er_less_two():  # RES-7, ScR 8.1.11 (L1304), SR 6.5.1.10 (L296)
    mixed = packet("A-ART3")  # A-ART3 at ER 3 beside A-HW at ER 5: SR 6.5.1.10's one ER, naming why
    assert rules_broken(mixed) == ["HTTR SR 6.5.1.10"] and "A-ART3 ER 3 (two less while detached from A-REG1, HTTR " \
        "ScR 8.1.11)" in next(v.reason for v in mixed if hasattr(v, "reason"))
    both = packet("A-ART3", "A-HW")  # both at ER 3: one packet
    assert not rules_broken(both) and any(isinstance(v, Legal) and "ER 3" in (v.detail or "") for v in both)
    assert not rules_broken(packet("A-ART3", then=("attach A-ART3 to A-REG1",)))  # reunited: ER 5 again


def test_the_bundled_game_needs_the_map_for_the_start_command_path():  # RES-7: unsurveyed terrain
    g = load_game("highway-to-the-reich")
    setup = {"506/101": "C2010", "2/506 5-3 no.1": "C2012", "501/101": "C2020"}
    got = last(Log(setup, g).phase(1, "allied_command").say('attach "2/506 5-3 no.1" to 501/101').check())
    assert got and all(isinstance(v, NotCheckable) for v in got) and "terrain" in got[0].needs


def adhoc(phase: str, **readings: str) -> list:
    return last(Log(GERMANS).phase(1, phase).say("attach G-ART to G-KG2").check(**readings))


def test_ad_hoc_battalions_only_in_a_german_command_phase():  # OPT-4, ScR 15.1.1 (L1488)
    got = adhoc("german_command", optional_adhoc="on")
    assert all_legal(got) and "ER -2" in got[0].detail
    assert rules_broken(adhoc("allied_command", optional_adhoc="on")) == ["HTTR ScR 15.1.1"]
    assert rules_broken(adhoc("german_command")) == ["HTTR SR 17.4.3"]  # the rule off: no ad-hoc battalion


def test_an_ad_hoc_battalion_fires_at_its_er_less_two():  # OPT-4, ScR 15.1.1 (L1488), SR 6.5.1.10 (L296)
    def fire(partner: str) -> list:  # G-ART's ER 6 is 4 while ad hoc: G-INF2's (4), not G-INF1's (2)
        setup = {**GERMANS, "A-INF1": "A0402", partner: "A0403"}
        log = Log(setup).phase(1, "german_command").say("attach G-ART to G-KG2").phase(1, "german_fire") \
            .say(f"if A0402 from G-ART {partner}")
        return last(log.check(optional_adhoc="on"))
    assert "HTTR SR 6.5.1.10" in rules_broken(fire("G-INF1"))
    assert "HTTR SR 6.5.1.10" not in rules_broken(fire("G-INF2"))
    assert any(isinstance(v, Legal) and "ER 4" in (v.detail or "") for v in fire("G-INF2"))


def test_the_bundled_game_has_no_german_battalions_with_their_hq():  # OPT-4: the Formation Displays
    g = load_game("highway-to-the-reich")
    setup = {"PzJgr/7FJ": "C2012", "KG Walther HQ": "C2020"}
    got = last(Log(setup, g).phase(1, "german_command").say('attach PzJgr/7FJ to "KG Walther HQ"')
               .check(optional_adhoc="on"))
    assert got and all(isinstance(v, NotCheckable) for v in got) and "formation" in got[0].needs
