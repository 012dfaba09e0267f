"""Movement costs and barred crossings from the map (PtR 12.3-12.6) on the synthetic game: a road along row 10
(1016 a forest hex on it), a stream between rows 10 and 11, the Roer on 1216|1217 and 1316|1317 (the second a
crossing the Germans may use), and the German Turn 1 restriction (1510, 1610 barred; 1410 spared). Each rule has a
legal and an illegal case; MPs as the synthetic TEC gives them (clear 1, forest 2 leg, road 1 leg / 0.5
motorized)."""
from __future__ import annotations

from hexforge.rules.verdict import Legal, NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal

FAR = {"US1-HQ": "1311", "US3-HQ": "1313", "G116-HQ": "1614", "G9-HQ": "1710"}  # HQs; movers added per test
ROW10 = [f"10{c}" for c in range(10, 18)]


def us(syn, formation: str, units: dict[str, str]) -> PtrLog:
    """The US activates ``formation`` in segment 1 (level 4 or 6) and rolls its APs."""
    return PtrLog(syn, dict(FAR, **units)).phase(1, "operations").say("us", f"act {formation}").roll("us", 8)


def german(syn, units: dict[str, str]) -> PtrLog:
    """The US passes; the Germans win segment 2 and activate 116pz."""
    return (PtrLog(syn, dict(FAR, **units)).phase(1, "operations").say("us", "pass").initiative(2, 8)
            .say("german", "act 116pz").roll("german", 8))


def rules_of(r) -> list[str]:
    return [rule for _, rule in illegal(r)]


def test_road_rate_only_along_the_road(syn):
    """PTR12-6: 3-TK (motorized, MA 6) goes seven road hexes at 1/2 MP, the forest in 1016 ignored; seven clear
    hexes off the road cost 7 MP."""
    r = us(syn, "3arm", {"3-TK": "1010"}).move("3-TK", *ROW10).check()
    assert rules_of(r) == []
    r = us(syn, "3arm", {"3-TK": "1110"}).move("3-TK", *[f"11{c}" for c in range(10, 18)]).check()
    assert rules_of(r) == ["PTR 12.0B"]


def test_no_road_rate_into_an_ezoc(syn):
    """PTR12-7: 116-IN in 1116 puts 1016 in its ZOC: 1-A (US leg, MA 4: next to an enemy at the end) pays the forest's
    2 MP entering it, not the road's 1/2: four road hexes and the forest fit, five do not."""
    units = {"116-IN": "1116"}
    r = us(syn, "1inf", dict(units, **{"1-A": "1011"})).move("1-A", *ROW10[1:7]).check()
    assert rules_of(r) == []
    r = us(syn, "1inf", dict(units, **{"1-A": "1010"})).move("1-A", *ROW10[:7]).check()
    assert rules_of(r) == ["PTR 12.0B"]


def test_us_leg_units_pay_half_on_roads(syn):
    """PTR12-8: the US leg 1-A pays 1/2 MP a road hex (7 hexes: 3.5 MP); the German leg 116-IN pays the road's leg
    rate, 1 MP (7 MP, over its MA 4 + 2)."""
    r = us(syn, "1inf", {"1-A": "1010"}).move("1-A", *ROW10).check()
    assert rules_of(r) == []
    r = german(syn, {"116-IN": "1010"}).move("116-IN", *ROW10).check()
    assert rules_of(r) == ["PTR 12.0B"]


def test_leg_units_gain_two_ma_away_from_the_enemy(syn):
    """PTR12-9: 1-A (leg, MA 4) moves six clear hexes along row 12 when no enemy is next to its path; with the German
    HQ in 1313 next to 1213 and 1214 it has MA 4 only."""
    path = [f"12{c}" for c in range(10, 17)]
    r = us(syn, "1inf", {"1-A": "1210"}).move("1-A", *path).check()
    assert rules_of(r) == []
    r = us(syn, "1inf", {"1-A": "1210", "US3-HQ": "1010", "G116-HQ": "1313"}).move("1-A", *path).check()
    assert rules_of(r) == ["PTR 12.0B"]


def test_leg_units_pay_one_more_across_a_stream(syn):
    """PTR12-11 (12.6A): 1-A crosses the stream from 1110 to 1010 (1 + 1 MP) and goes on by road: six road hexes
    fit its MA 6, seven do not."""
    path = ["1210", "1110", "1010"] + ROW10[1:]
    r = us(syn, "1inf", {"1-A": "1210"}).move("1-A", *path[:-1]).check()
    assert rules_of(r) == []
    r = us(syn, "1inf", {"1-A": "1210"}).move("1-A", *path).check()
    assert rules_of(r) == ["PTR 12.0B"]


def test_motorized_units_cross_a_stream_only_as_a_whole_movement_action(syn):
    """PTR12-11 (12.6B): 3-TK next to the stream crosses it and stops; it may not go on, nor cross after its first
    step."""
    r = us(syn, "3arm", {"3-TK": "1111"}).move("3-TK", "1111", "1011").check()
    assert rules_of(r) == []
    r = us(syn, "3arm", {"3-TK": "1111"}).move("3-TK", "1111", "1011", "1012").check()
    assert rules_of(r) == ["PTR 12.6B"]
    r = us(syn, "3arm", {"3-TK": "1211"}).move("3-TK", "1211", "1111", "1011").check()
    assert rules_of(r) == ["PTR 12.6B"]


def test_the_roer(syn):
    """PTR12-12: the US never crosses the Roer; the Germans only at the crossing the data lists (1316|1317)."""
    r = us(syn, "3arm", {"3-TK": "1216"}).move("3-TK", "1216", "1217").check()
    assert rules_of(r) == ["PTR 12.6C"]
    r = german(syn, {"116-TK": "1316"}).move("116-TK", "1316", "1317").check()
    assert rules_of(r) == []
    r = german(syn, {"116-TK": "1216"}).move("116-TK", "1216", "1217").check()
    assert rules_of(r) == ["PTR 12.6C"]


def test_german_restriction_in_the_first_turns(syn):
    """PTR12-10: on Turn 1 the Germans may not enter 1510 or 1610 (the barred area), but may enter 1410 (spared)."""
    r = german(syn, {"116-TK": "1611"}).move("116-TK", "1611", "1511", "1410").check()
    assert rules_of(r) == []
    r = german(syn, {"116-TK": "1611"}).move("116-TK", "1611", "1610").check()
    assert rules_of(r) == ["PTR 12.5"]


def test_bundled_german_moves_need_the_barred_area(ptr):
    """PTR12-10 on the bundled data: on Turn 1 a German move needs the hexes west of the pillbox line, which the
    transcription lacks: not checkable, naming them, never legal."""
    setup = {"LXXXI-116 Pz": "2514", "116-II/16": "2013", "3A-B/36": "2215"}
    log = PtrLog(ptr, setup).phase(1, "operations").say("us", "pass").initiative(4, 6).say("german", "act 116pz") \
        .roll("german", 6).move("116-II/16", "2013", "2012")
    r = log.check("s2")
    assert rules_of(r) == []
    assert any("West of the pillbox line" in v.needs for v in r.judged[6].verdicts if isinstance(v, NotCheckable))
    assert not any(isinstance(v, Legal) for v in r.judged[6].verdicts)
