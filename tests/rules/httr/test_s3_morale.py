"""HTTR morale in every check (issue #15, s3 F1) on the synthetic game, whose [special.ferocity] marks A-REG2's units
Irish Guards: optional Ferocity (ScR 15.5.1, L1500: "the morale of all units in the Irish Guards is raised to 10
regardless of losses") in each morale check, not only fire's; optional Fatigue's one less morale (SR 21.5.4, L1031)
in the towed unit's EZOC check; and an untyped mover entering an enemy leader's hex (SR 19.3.2, L977).

The IG loss that starts Ferocity: in GT 1's German Fire Phase G-IBN1 (B0109) takes 1 SP from A-INF3 (B0108) with
2d6 12, and A-INF3 passes its morale check with a 7 (so it may stay Concentrated, SR 6.7.7). The unit that checks
afterwards is A-SLOW (A-REG2, so IG: a leg company of printed morale 7)."""
from __future__ import annotations

from hexforge.rules import rules_for
from hexforge.rules.httr import morale
from hexforge.rules.httr.referee import HttrReferee
from hexforge.rules.verdict import NotCheckable

from tests.rules.httr.helpers import Log, all_legal, illegal, last, rules_broken, unsure

DIS = {"Disrupted": "Disrupted"}
FIRE_PAIR = {"G-IBN1": "B0109", "A-INF3": ("B0108", {"Mode": "Concentrated"})}
ON = {"optional_ferocity": "on"}


def ig_loss(log: Log, turn: int = 1) -> Log:
    """GT ``turn``'s German Fire Phase: the IG loss (ScR 15.5.1's first), then its German Movement Phase."""
    log.phase(turn, "german_fire").say("df B0108 from G-IBN1 target A-INF3").roll("Direct Fire", 6, 6)
    return log.roll("Morale Check", 3, 4).phase(turn, "german_movement")


def broken(log: Log, **readings: str) -> list[str]:
    """The rules of every Illegal in the log."""
    return [r for j in log.check(**readings).judged for r in rules_broken(j.verdicts)]


def ca_afv_lost(*dice: int) -> Log:
    """CA-16 (SR 10.2.13, L569): in GT 2 A-SLOW and A-TANK close with G-INF1; the tank is lost to the preliminary
    fire, so A-SLOW goes on only after a passed morale check (2d6 ``dice``)."""
    setup = {**FIRE_PAIR, "G-INF1": "B0304", "A-SLOW": "B0303", "A-TANK": "B0303"}
    log = ig_loss(Log(setup)).phase(2, "allied_movement").say("ca B0304 from B0303").kill("A-TANK", "B0303")
    return log.roll("Morale Check", *dice).roll("Close Action", 4)


def test_ferocity_in_the_check_after_the_afv_is_lost():  # CA-16, OPT-6: SR 10.2.13 (L569), ScR 15.5.1 (L1500)
    assert broken(ca_afv_lost(4, 5)) == ["HTTR SR 10.2.13"]  # the rule off: 9 > 7
    assert not broken(ca_afv_lost(4, 5), **ON)  # on: 9 <= 10
    assert broken(ca_afv_lost(5, 6), **ON) == ["HTTR SR 10.2.13"]  # 11 > 10 (16.3's 9 lowers no 10)


def in_battery_retreat(*dice: int) -> Log:
    """CA-27 (SR 10.5.6, L621): in GT 1's German Movement Phase G-INF1 and G-INF2 (G-KG1) close with A-AT (in
    battery, morale 6) and A-SLOW in B0304; 1d6 1 (D) and a morale check of ``dice``; A-AT retreats to B0305, which
    it may only after a passed check, on its morale or A-SLOW's."""
    setup = {**FIRE_PAIR, "A-SLOW": "B0304", "A-AT": ("B0304", {"Mode": "Defilade"}), "G-INF1": "B0303",
             "G-INF2": "B0303"}
    log = ig_loss(Log(setup)).say("ca B0304 from B0303").roll("Close Action", 1).roll("Morale Check", *dice)
    return log.move("A-AT", "B0305")


def test_ferocity_in_the_in_battery_retreat():  # CA-27, OPT-6: SR 10.5.6 (L621), ScR 15.5.1 (L1500)
    assert broken(in_battery_retreat(4, 5)) == ["HTTR SR 10.5.6"]  # off: 9 > 7 (A-SLOW's)
    assert not broken(in_battery_retreat(4, 5), **ON)  # on: A-SLOW's 10
    assert broken(in_battery_retreat(5, 6), **ON) == ["HTTR SR 10.5.6"]  # 11 > 10


def into_ezoc(*dice: int, setup: dict | None = None, before=ig_loss) -> Log:
    """MOV-10 (SR 9.5.2.2, L510): in GT 2's Allied Movement Phase A-AT (towed, in battery, morale 6) moves from
    B0302 with A-SLOW, a leg unit whose morale it may use, into B0303 (G-INF1's ZOC) after a morale check."""
    units = setup or {"A-SLOW": "B0302", "A-AT": ("B0302", {"Mode": "Defilade"}), "G-INF1": "B0403"}
    log = before(Log({**FIRE_PAIR, **units})).phase(2, "allied_movement").roll("Morale Check", *dice)
    return log.move("A-AT", "B0303")


def test_ferocity_in_the_towed_units_ezoc_check():  # MOV-10, OPT-6: SR 9.5.2.2 (L510), ScR 15.5.1 (L1500)
    assert rules_broken(last(into_ezoc(4, 4).check())) == ["HTTR SR 9.5.2.2"]  # off: 8 > 7
    assert all_legal(last(into_ezoc(4, 4).check(**ON)))  # on: A-SLOW's 10
    assert rules_broken(last(into_ezoc(5, 6).check(**ON))) == ["HTTR SR 9.5.2.2"]  # 11 > 10


def ca_first(log: Log) -> Log:
    """GT 1: A-INF3 closes with G-IBN1 before any IG fire loss: whether it lost a SP is not logged (ScR 15.5.1)."""
    return log.phase(1, "allied_movement").say("ca B0109 from B0108").roll("Close Action", 6).phase(1, "german_fire")


def test_an_unknown_ferocity_leaves_only_the_rolls_it_decides():  # MOV-10, OPT-6: ScR 15.5.1 (L1500), SR 16.2 (L828)
    """A-SLOW's morale is 7 without Ferocity, 10 with it: a 7 passes and an 11 fails either way; an 8 is not known."""
    assert all_legal(last(into_ezoc(3, 4, before=ca_first).check(**ON)))
    assert rules_broken(last(into_ezoc(5, 6, before=ca_first).check(**ON))) == ["HTTR SR 9.5.2.2"]
    doubt = unsure(last(into_ezoc(4, 4, before=ca_first).check(**ON)))
    assert doubt and "lost a SP in its close action" in doubt[0].needs and not illegal(doubt)


def recovery(*dice: int) -> list:
    """DIS-2 (SR 10.6.4, L638): A-SLOW, disrupted, recovers in GT 2's Allied Command Phase on a morale check."""
    log = ig_loss(Log({**FIRE_PAIR, "A-SLOW": ("B0303", DIS)})).phase(2, "allied_command")
    return last(log.roll("Morale Check", *dice).layer("A-SLOW", "Disrupted", "Disrupted", "Normal").check(**ON))


def test_ferocity_in_recovery():  # DIS-2, OPT-6: SR 10.6.4 (L638) "printed morale value adjusted for losses"
    assert all_legal(recovery(4, 6))  # 10 <= 10: Ferocity's 10 is the morale 'regardless of losses'
    assert rules_broken(recovery(5, 6)) == ["HTTR SR 10.6.4"]  # 11 > 10


def disrupted_fire(*dice: int) -> list[str]:
    """MOR-1 (SR 6.7.7, L393): after the IG loss, G-IBN2 takes 1 SP from A-SLOW, disrupted and Concentrated; it stays
    Concentrated only after a passed check (2d6 ``dice``)."""
    setup = {**FIRE_PAIR, "G-IBN2": "B0304", "A-SLOW": ("B0303", {"Mode": "Concentrated", **DIS})}
    log = Log(setup).phase(1, "german_fire").say("df B0108 from G-IBN1 target A-INF3").roll("Direct Fire", 6, 6)
    log.roll("Morale Check", 3, 4).say("df B0303 from G-IBN2 target A-SLOW").roll("Direct Fire", 6, 6)
    return broken(log.roll("Morale Check", *dice).phase(1, "german_movement"), **ON)


def test_a_disrupted_ig_unit_checks_at_ten_less_four():  # MOR-1, OPT-6: SR 10.6.2 (L632), ScR 15.5.1 (L1500)
    """Reading (morale.py): Ferocity's 10 is the current morale; 10.6.2's 'current morale less four' applies to it."""
    assert not disrupted_fire(3, 3)  # 6 <= 10 - 4
    assert disrupted_fire(3, 4) == ["HTTR SR 6.7.7"]  # 7 > 6: the disrupted unit's morale is not 10


def position(setup: dict, **readings: str) -> HttrReferee:
    """The referee after GT 1's IG loss (its state, settings and logs), for morale.for_check itself."""
    r = HttrReferee(rules_for(Log(setup).game), ig_loss(Log({**FIRE_PAIR, **setup})).timeline(), readings)
    r.run()
    return r


def test_for_check_applies_ferocity_to_every_kind():  # OPT-6, MOR-1, CA-16, CA-27, DIS-2: ScR 15.5.1 (L1500)
    r = position({"A-LDR": "B0303", "A-SLOW": ("B0303", DIS)}, **ON)
    assert morale.for_check(r, "A-SLOW", morale.CHECK) == 7  # 10 - 4 + 1 (SR 10.6.2, 16.5)
    assert morale.for_check(r, "A-SLOW", morale.CA) == 8  # 10 - 4 + 2 (16.3)
    assert morale.for_check(r, "A-SLOW", morale.RETREAT) == 10  # no -4 (10.5.6); 16.3's 9 lowers no 10
    assert morale.for_check(r, "A-SLOW", morale.RECOVERY) == 10
    assert "Ferocity" in morale.for_check(r, "A-SLOW", morale.CHECK).note
    assert morale.for_check(r, "A-LDR", morale.CHECK) != 10  # A-LDR is no IG unit
    off = position({"A-LDR": "B0303", "A-SLOW": ("B0303", DIS)})
    assert morale.for_check(off, "A-SLOW", morale.RETREAT) == 9  # 7 + 2


def test_ferocity_and_fatigue():  # OPT-6, OPT-3: ScR 15.5.1 (L1500), SR 21.5.4 (L1031) "a reduction in morale of 1"
    r = position({"A-SLOW": ("B0303", {"Fatigue": "Fatigued"})}, optional_fatigue="on", **ON)
    assert morale.for_check(r, "A-SLOW", morale.CHECK) == 9


def test_fatigue_in_the_towed_units_ezoc_check():  # MOV-10, OPT-3: SR 9.5.2.2 (L510), 21.5.4 (L1031)
    """A-AT alone, fatigued: its morale 6 is 5 with optional Fatigue on; a 6 passes only with the rule off."""
    tired = {"A-AT": ("B0302", {"Mode": "Defilade", "Fatigue": "Fatigued"}), "G-INF1": "B0403"}
    assert all_legal(last(into_ezoc(3, 3, setup=tired).check()))  # off: 6 <= 6
    assert rules_broken(last(into_ezoc(3, 3, setup=tired).check(optional_fatigue="on"))) == ["HTTR SR 9.5.2.2"]
    assert all_legal(last(into_ezoc(3, 2, setup=tired).check(optional_fatigue="on")))  # 5 <= 5


def move(setup: dict, uid: str, to: str) -> list:
    return last(Log(setup).phase(1, "allied_movement").move(uid, to).check())


def test_an_untyped_mover_into_an_enemy_leaders_hex():  # MOR-4: SR 19.3.2 (L977)
    """A-NOTYPE's units.csv type is empty: it may be a leader, which may not share G-LDR's hex."""
    assert rules_broken(move({"A-LDR": "B0303", "G-LDR": "B0304"}, "A-LDR", "B0304")) == ["HTTR SR 19.3.2"]
    assert not illegal(move({"A-INF1": "B0303", "G-LDR": "B0304"}, "A-INF1", "B0304"))  # a company may (19.3.1)
    got = move({"A-NOTYPE": "B0303", "G-LDR": "B0304"}, "A-NOTYPE", "B0304")
    assert not illegal(got) and any("units.csv type" in v.needs and "19.3.2" in v.needs for v in unsure(got)), got
    assert not any(isinstance(v, NotCheckable) and "19.3.2" in v.needs
                   for v in move({"A-NOTYPE": "B0303", "A-INF1": "B0304"}, "A-NOTYPE", "B0304"))  # no enemy leader
