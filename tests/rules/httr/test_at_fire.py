"""HTTR AT fire (SR 6.4) on the synthetic game: A-AT (2 SP, 2 medium dots), A-REC (light), A-TANK (medium dots, a
medium target), G-AFV (2 SP, 2 heavy dots, a heavy target). AT Fire Table cells: medium vs heavy 5 and x0.75,
heavy vs medium 8 and x1.5 (SR 6.4.5 example 1, L274)."""
from __future__ import annotations

from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.httr.helpers import Log, all_legal, last, rules_broken

BATTERY = {"Mode": "Defilade"}
SHOT = {"G-AFV": "B0304", "A-AT": ("B0303", BATTERY)}


def at(setup: dict, *lines: str) -> list:
    log = Log(setup).phase(1, "allied_fire")
    for line in lines:
        log.say(line)
    return last(log.check())


def shot(setup: dict, line: str, dice: tuple[int, int], *steps) -> tuple[list, list]:
    """(the roll's verdicts after the phase ended, the phase change's)."""
    log = Log(setup).phase(1, "allied_fire").say(line).roll("AT Fire", *dice)
    for s in steps:
        s(log)
    r = log.phase(1, "allied_movement").check()
    return r.judged[2].verdicts, r.judged[-1].verdicts


def test_one_class_per_packet_and_once_per_class():  # AT-5, SR 6.4.1.7 (L237), 6.4.2.1 (L251)
    setup = {**SHOT, "A-TANK": "B0305", "A-REC": "B0403"}
    assert all_legal(at(setup, "at B0304 from A-AT A-TANK target G-AFV"))  # both medium
    assert rules_broken(at(setup, "at B0304 from A-AT A-REC target G-AFV")) == ["HTTR SR 6.4.2.1"]
    assert all_legal(at(setup, "at B0304 from A-AT target G-AFV", "at B0304 from A-REC target G-AFV"))
    assert rules_broken(at(setup, "at B0304 from A-AT target G-AFV", "at B0304 from A-TANK target G-AFV")) == \
        ["HTTR SR 6.4.1.7"]


def test_the_atfv_and_its_result():  # AT-7, SR 6.4.2.1 (L258), 6.4.5: 5 + floor((4 - 1) x 0.75) = 7
    miss, _ = shot(SHOT, "at B0304 from A-AT target G-AFV", (4, 4))
    assert "ATFV 7" in miss[0].detail and "a miss" in miss[0].detail
    one, _ = shot(SHOT, "at B0304 from A-AT target G-AFV", (3, 2))
    assert "1 SP lost" in one[0].detail  # 5 <= 7, above half (4)
    two, _ = shot(SHOT, "at B0304 from A-AT target G-AFV", (2, 2), lambda l: l.kill("G-AFV", "B0304"))
    assert "2 SP lost" in two[0].detail and all_legal(two)  # 4 <= 4: G-AFV's two SP, eliminated
    kept, _ = shot(SHOT, "at B0304 from A-AT target G-AFV", (2, 2))
    assert rules_broken(kept) == ["HTTR SR 6.7.7", "HTTR SR 6.4.2.1"]  # two SP lost of two, still on the map
    # (and, Concentrated, neither in Defilade nor a morale check made: SR 6.7.7)
    wrong, _ = shot(SHOT, "at B0304 from A-AT target G-AFV", (4, 4), lambda l: l.kill("G-AFV", "B0304"))
    assert rules_broken(wrong) == ["HTTR SR 6.4.2.1"]  # a miss, yet eliminated


def test_mode_modifiers():  # AT-7, SR 6.4.4.2-6.4.4.3 (L267-L268)
    column = {**SHOT, "G-AFV": ("B0304", {"Mode": "Travel"})}
    v, _ = shot(column, "at B0304 from A-AT target G-AFV", (4, 5))
    assert "ATFV 9" in v[0].detail and "1 SP lost" in v[0].detail
    hull_down = {**SHOT, "G-AFV": ("B0304", BATTERY)}
    v, _ = shot(hull_down, "at B0304 from A-AT target G-AFV", (3, 3))
    assert "ATFV 6" in v[0].detail


def test_a_roll_of_12_always_misses():  # AT-8, SR 6.4.2.1 (L258); H5's Panthers at a Sherman: ATFV 12 (+2 in Travel)
    setup = {"G-AFV": "B0304", "A-TANK": ("B0303", {"Mode": "Travel"})}
    log = Log(setup).phase(1, "german_fire").say("at B0303 from G-AFV target A-TANK").roll("AT Fire", 6, 6)
    v = log.check().judged[2].verdicts
    assert "a roll of 12 always misses" in v[0].detail  # though the ATFV is 14 (12, +2 in Travel)
    eleven = Log(setup).phase(1, "german_fire").say("at B0303 from G-AFV target A-TANK").roll("AT Fire", 5, 6).check()
    assert "ATFV 14" in eleven.judged[2].verdicts[0].detail
    killed = Log(setup).phase(1, "german_fire").say("at B0303 from G-AFV target A-TANK").roll("AT Fire", 6, 6) \
        .kill("A-TANK", "B0303").phase(1, "german_movement").check()
    assert rules_broken(killed.judged[2].verdicts) == ["HTTR SR 6.4.2.1"]
    hit = Log(setup).phase(1, "german_fire").say("at B0303 from G-AFV target A-TANK").roll("AT Fire", 5, 6) \
        .kill("A-TANK", "B0303").phase(1, "german_movement").check()
    assert all(isinstance(x, Legal) for x in hit.judged[2].verdicts)  # 11 <= 14: one SP... and A-TANK had two


def test_the_bundled_game_lacks_the_classes():  # AT-5, AT-7: units.csv has no at_class / afv_class
    from hexforge.games import load_game
    g = load_game("highway-to-the-reich")
    at_unit, company = "81/101 2-2-8AT no.1", "II/159/59"
    r = Log({at_unit: ("C2807", BATTERY), company: "C2808"}, g).phase(1, "allied_fire") \
        .say(f'at C2808 from "{at_unit}"').roll("AT Fire", 3, 3).check()
    got = [v for v in r.judged[1].verdicts + r.judged[2].verdicts if isinstance(v, NotCheckable)]
    assert got and not rules_broken(r.judged[1].verdicts + r.judged[2].verdicts)
    assert any("at_class" in v.needs for v in got)


def test_a_12_misses_on_the_bundled_game_too():  # AT-8: no AT classes needed to know a 12 misses
    from hexforge.games import load_game
    g = load_game("highway-to-the-reich")
    at_unit, company = "81/101 2-2-8AT no.1", "II/159/59"
    r = Log({at_unit: ("C2807", BATTERY), company: "C2808"}, g).phase(1, "allied_fire") \
        .say(f'at C2808 from "{at_unit}" target "{company}"').roll("AT Fire", 6, 6).check()
    assert "a roll of 12 always misses" in r.judged[2].verdicts[0].detail


def test_an_at_loss_has_the_effects_of_fire():  # EFF-3, EFF-5, EFF-6: SR 6.7.3, 6.7.7, 6.7.8 after AT fire (L390-L394)
    # G-AFV (Concentrated, 2 SP, morale 7) loses 1 SP to A-AT's ATFV 7 on 2d6 5: it adopts Defilade, or stays
    # Concentrated after a passed morale check; in Travel (ATFV 9, 2d6 6: 1 SP) it is disrupted at the end of the phase
    line, hit = "at B0304 from A-AT target G-AFV", (3, 2)
    hull_down = lambda log: log.mode("G-AFV", "Defilade", "Concentrated")  # noqa: E731
    assert all_legal(shot(SHOT, line, hit, hull_down)[0])
    assert all_legal(shot(SHOT, line, hit, lambda log: log.roll("Morale Check", 3, 3))[0])  # 6 <= 7: stays
    assert rules_broken(shot(SHOT, line, hit)[0]) == ["HTTR SR 6.7.7"]  # Concentrated, no morale check
    assert all_legal(shot(SHOT, line, (4, 4))[0])  # a miss calls for nothing
    column = {**SHOT, "G-AFV": ("B0304", {"Mode": "Travel"})}
    assert rules_broken(shot(column, line, (3, 3), lambda log: log.mode("G-AFV", "Defilade", "Travel"))[0]) == \
        ["HTTR SR 6.7.8"]  # not disrupted
    disrupt = lambda log: log.layer("G-AFV", "Disrupted", "Normal", "Disrupted")  # noqa: E731
    assert all_legal(shot(column, line, (3, 3), disrupt, lambda log: log.mode("G-AFV", "Defilade", "Travel"))[0])


def test_entrenchments_in_at_fire():  # ENT-1, AT-7: SR 6.4.3.2 (L262), 18.3.1 (L906) through entrench.benefits
    # A-AT entrenched in battery fires 8 AT points, not 4: ATFV 5 + floor(7 x 0.75) = 10, where 2d6 8 takes a point
    # (unentrenched, ATFV 7, a miss), so G-AFV left Concentrated without a morale check breaks SR 6.7.7
    line = "at B0304 from A-AT target G-AFV"
    v, _ = shot(SHOT, line, (4, 4))
    assert "ATFV 7" in v[0].detail and all_legal(v)
    log = Log(SHOT).marker("e1", "Entrenchment", "B0303").phase(1, "allied_fire").say(line).roll("AT Fire", 4, 4)
    v = log.phase(1, "allied_movement").check().judged[2].verdicts
    assert "ATFV 10" in v[0].detail and rules_broken(v) == ["HTTR SR 6.7.7"]
    # an entrenched leg target in a town is a heavy target (medium when not): G-AFV at A-INF1 in Defilade in B0307
    town = {"G-AFV": "B0306", "A-INF1": ("B0307", BATTERY)}
    open_ = Log(town).phase(1, "german_fire").say("at B0307 from G-AFV target A-INF1").roll("AT Fire", 4, 5)
    assert "(medium target)" in open_.check().judged[2].verdicts[0].detail
    dug_in = Log(town).marker("e1", "Entrenchment", "B0307").phase(1, "german_fire")
    dug_in.say("at B0307 from G-AFV target A-INF1").roll("AT Fire", 4, 5)
    assert "(heavy target)" in dug_in.check().judged[2].verdicts[0].detail
