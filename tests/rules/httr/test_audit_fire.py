"""Audit fixes (issue #15) of HTTR fire on the synthetic game (DEF on a disrupted gun: test_audit_fire_def.py): the
Fire Results Table's Defilade lines (SR 6.1.11, 6.3.2.2), German Armored Reconnaissance doubled in DF (SR
6.3.3.1), ER +1 for OF at a unit using a ferry (SR 6.3.4.2, 6.5.5.1), IF at an AFV by its class (SR 6.5.6.2) and the
AT units' DF ER (reading ``at_df_er``: SR 6.3.3.2 v 6.3.1.8 note). H22's IF packet: GB-HW (6 SP, ER 7) fires
through spotter GB-6GH-D at B0303 (clear): fire value 7, where 2d6 8 is DEF."""
from __future__ import annotations

import shutil

from hexforge.games import load_game
from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, illegal, rules_broken

SPOT = {"GB-6GH-D": "B0202", "GB-HW": "B0201"}
DEF = (5, 3)


def after_if(target: dict, roll: tuple[int, int], *steps, unit: str) -> list:
    """The IF roll's verdicts once the phase ended, after ``steps`` (each a function of the log)."""
    log = Log({**target, **SPOT}).phase(1, "allied_fire").say(f"if B0303 from GB-HW spotter GB-6GH-D target {unit}")
    log.roll("Indirect Fire", *roll)
    for s in steps:
        s(log)
    return log.phase(1, "allied_movement").check().judged[2].verdicts


def rolled(setup: dict, phase: str, line: str, dice: tuple[int, int], *steps, kind: str = "Indirect Fire") -> list:
    """The roll's verdicts after the phase ended (``steps``: functions of the log)."""
    log = Log(setup).phase(1, phase).say(line).roll(kind, *dice)
    for s in steps:
        s(log)
    return log.phase(1, phase.replace("fire", "movement")).check().judged[2].verdicts


def details(vs: list) -> str:
    return " ".join(getattr(v, "detail", None) or "" for v in vs)


G_GUNS = {"G-ART": ("B0101", {"Mode": "Defilade"}), "G-DIV": ("B0102", {"Mode": "Defilade"}), "G-INF1": "B0303"}
AT_TANK = "if B0304 from G-ART spotter G-INF1 hq G-DIV target A-TANK"


def test_if_at_an_afv_loses_fire_value_by_its_class():  # IF-12, SR 6.5.6.2 (L334)
    """G-ART (3 SP, ER 6, not doubled at an AFV, 6.5.4.1) at A-TANK (afv_class 3, medium) in clear B0304: IF matrix
    4, two less (6.5.6.2): fire value 2, where 2d6 9 is DEF (at 4 it would be a loss of 1)."""
    tank = {**G_GUNS, "A-TANK": ("B0304", {"Mode": "Concentrated"})}
    v = rolled(tank, "german_fire", AT_TANK, (5, 4))
    assert "fire value 2" in details(v) and "SR 6.5.6.2" in details(v)
    assert rules_broken(v) == ["HTTR SR 6.7.2"]  # illegal: DEF, but A-TANK stays Concentrated with no check
    ok = rolled(tank, "german_fire", AT_TANK, (5, 4), lambda log: log.mode("A-TANK", "Defilade", "Concentrated"))
    assert all_legal(ok)  # legal: DEF, and A-TANK adopts Defilade


def test_if_at_an_afv_without_a_class_is_not_checkable():  # IF-12, SR 6.5.6.2: A-TANK2 has no afv_class
    v = rolled({**G_GUNS, "A-TANK2": "B0304"}, "german_fire", AT_TANK.replace("A-TANK", "A-TANK2"), (5, 4))
    assert any("afv_class of unit A-TANK2" in (getattr(x, "needs", "") or "") for x in v)
    assert not illegal(v)


AT_DF = {"A-AT": ("B0302", {"Mode": "Defilade"}), "G-INF1": ("B0303", {"Mode": "Concentrated"})}


def test_an_at_units_df_uses_its_printed_er():  # DF-12: reading at_df_er (SR 6.3.1.8 note L192, 6.3.4.3, 6.3.3.2)
    """A-AT (2 SP, printed ER 5, in battery: not halved, 6.3.3.3 note) fires DF at G-INF1: at its printed ER the fire
    value is 3, where 2d6 7 is DEF; at ER 2 (reading 'two', 6.3.3.2) it is 2, where 7 is no effect."""
    line = "df B0303 from A-AT target G-INF1"
    v = rolled(AT_DF, "allied_fire", line, (4, 3), kind="Direct Fire")
    assert "ER 5" in details(v)
    assert rules_broken(v) == ["HTTR SR 6.7.2"]  # illegal: DEF, and G-INF1 stays Concentrated
    assert all_legal(rolled(AT_DF, "allied_fire", line, (4, 3), lambda log: log.mode("G-INF1", "Defilade",
                                                                                    "Concentrated"),
                            kind="Direct Fire"))  # legal: it adopts Defilade
    log = Log(AT_DF).phase(1, "allied_fire").say(line).roll("Direct Fire", 4, 3).phase(1, "allied_movement")
    two = log.check(at_df_er="two").judged[2].verdicts
    assert "ER 2" in details(two) and not illegal(two)  # the other reading: no effect


def test_german_armored_recon_is_doubled_in_df():  # DF-12: SR 6.3.3.1 (L208)
    """G-REC (German recon, 2 SP, ER 5) fires DF at A-INF1: doubled to 4 SP, fire value 4, where 2d6 5 is DEF; the
    Allied A-REC (the same values) is not doubled: fire value 3, where 5 is no effect."""
    target = {"A-INF1": ("B0303", {"Mode": "Concentrated"})}
    line = "df B0303 from G-REC target A-INF1"
    v = rolled({**target, "G-REC": "B0302"}, "german_fire", line, (3, 2), kind="Direct Fire")
    assert "of 4 SP" in details(v)
    assert rules_broken(v) == ["HTTR SR 6.7.2"]  # illegal: DEF, and A-INF1 stays Concentrated
    ok = rolled({**target, "G-REC": "B0302"}, "german_fire", line, (3, 2),
                lambda log: log.mode("A-INF1", "Defilade", "Concentrated"), kind="Direct Fire")
    assert all_legal(ok)  # legal: A-INF1 adopts Defilade
    allied = {"G-INF1": ("B0303", {"Mode": "Concentrated"}), "A-REC": "B0302"}
    v = rolled(allied, "allied_fire", "df B0303 from A-REC target G-INF1", (3, 2), kind="Direct Fire")
    assert "of 2 SP" in details(v) and not illegal(v)  # not German: not doubled, no effect


LOSS_ON_PLAIN = (2, 1)  # H22's IF at fire value 7, 2d6 3: a loss of 1 on the lowermost line, DEF on its Defilade line


def test_a_defilade_target_reads_its_terrains_defilade_line():  # DF-12: SR 6.1.11 (L172), 6.3.2.2 (L202), EFF-4
    """G-ART in battery (Defilade) in clear B0303: the lowermost line's Defilade line gives DEF for 2d6 3, so the
    artillery checks morale (6.7.6); G-3SS Concentrated reads the lowermost line itself: a loss of 1."""
    guns = {"G-ART": ("B0303", {"Mode": "Defilade"})}
    v = after_if(guns, LOSS_ON_PLAIN, unit="G-ART")
    assert "lowermost line (defilade): DEF" in details(v)
    assert rules_broken(v) == ["HTTR SR 6.7.6"]  # illegal: DEF on artillery in Defilade, no morale check
    assert all_legal(after_if(guns, LOSS_ON_PLAIN, lambda log: log.roll("Morale Check", 1, 2), unit="G-ART"))
    open_ = {"G-3SS": ("B0303", {"Mode": "Concentrated"})}
    v = after_if(open_, LOSS_ON_PLAIN, unit="G-3SS")
    assert "on the lowermost line: 1" in details(v)
    assert rules_broken(v) == ["HTTR SR 6.7.7"]  # a loss: Defilade, or a passed check to stay Concentrated


def test_a_table_without_defilade_lines_is_not_checkable_for_a_defilade_target(tmp_path):  # DF-12: SR 6.1.11
    """A copy of the synthetic game whose Fire Results Table has no Defilade lines (as the bundled one, whose lines
    are not transcribed): a Defilade target's result is not known, never the terrain line's on a guess."""
    folder = tmp_path / SYNTHETIC.name
    shutil.copytree(SYNTHETIC, folder)
    table = folder / "tables" / "fire_results.toml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text[:text.index("# Defilade lines")], encoding="utf-8")
    log = Log({"G-3SS": ("B0303", {"Mode": "Defilade"}), **SPOT}, load_game(folder)).phase(1, "allied_fire")
    log.say("if B0303 from GB-HW spotter GB-6GH-D target G-3SS").roll("Indirect Fire", *DEF)
    v = log.phase(1, "allied_movement").check().judged[2].verdicts
    assert any("lowermost line (defilade)|7" in (getattr(x, "needs", "") or "") for x in v) and not illegal(v)


def of_at_gun(trigger: str, *after) -> list:
    """A-INF2 (4 SP, ER 5) fires OF at G-ART in Defilade in B0304 as it leaves for B0305, 2d6 3 on the lowermost
    line's Defilade line (SR 6.1.11): fire value 4 at ER 5 is '-', 5 at ER 6 is DEF."""
    log = Log({"A-INF2": "B0303", "G-ART": ("B0304", {"Mode": "Defilade"})}).phase(1, "german_movement")
    log.say(f"of B0304 from A-INF2 target G-ART trigger {trigger}").roll("Direct Fire", 1, 2)
    for step in after:
        step(log)
    log.move("G-ART", "B0305")
    return log.phase(1, "german_organization").check().judged[2].verdicts


def test_of_at_a_unit_using_a_ferry_is_at_one_more_er():  # DF-12: SR 6.3.4.2 (L218), 6.5.5.1 (L330)
    ferry = of_at_gun("ferry")
    assert "at ER 6: fire value 5" in details(ferry) and "DEF" in details(ferry)
    assert rules_broken(ferry) == ["HTTR SR 6.7.6"]  # illegal: DEF on artillery in Defilade, no morale check
    assert all_legal(of_at_gun("ferry", lambda log: log.roll("Morale Check", 1, 1)))  # legal: it passed its check
    leave = of_at_gun("leave")  # not using a ferry: ER 5, fire value 4, no effect
    assert "at ER 5: fire value 4" in details(leave) and not illegal(leave)


def test_of_without_a_trigger_word_at_a_unit_that_may_ferry_is_not_checkable():  # DF-12: SR 6.3.4.2, ScR 9.1
    """G-INF2 fires OF at A-INF1 in B0304 with no trigger word: with the Allied bridging engineer A-BENG in its hex,
    A-INF1 may be using a ferry (ER one more), so the result is not known; without it the OF is resolved."""
    def of(setup: dict) -> list:
        log = Log({"G-INF2": "B0303", **setup}).phase(1, "allied_movement")
        log.say("of B0304 from G-INF2 target A-INF1").roll("Direct Fire", 1, 2).move("A-INF1", "B0305")
        return log.phase(1, "allied_organization").check().judged[2].verdicts
    ferrying = of({"A-BENG": "B0304", "A-INF1": "B0304"})
    assert any("whether A-INF1 is using a ferry" in (getattr(x, "needs", "") or "") for x in ferrying)
    assert not illegal(ferrying)
    assert "opportunity fire as conventional DF" in details(of({"A-INF1": "B0304"}))
