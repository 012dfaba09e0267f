"""Each step of a combat's computation (PtR 15.1.3-15.4, 20.1B) with a legal and an illegal case on the synthetic
game: the legal case applies the correct result; the illegal one applies the result the players would read with
that one step done wrong, and the referee names that step's rule (``rules/ptr/misread.py``), not only the losses'
15.5.1. The synthetic tables' arithmetic is test_battle.py's: chit cells left = 1 + (ER + chit) % 2, centre = 1 +
(ER + chit) % 3 % 2 + (ER >= 6), right = min(3, 2 + (ER >= 5)); CRT cell at roll r, column c (0-3) = (4 - (r + c) //
5) / ((r + c) // 5). Each illegal case's result was chosen so that no misreading of another rule gives it."""
from __future__ import annotations

from hexforge.builder.timeline import Placement
from hexforge.rules.verdict import Illegal
from tests.rules.ptr.helpers import PtrLog, illegal, verdicts
from tests.rules.ptr.test_actions import SETUP, german
from tests.rules.ptr.test_battle import attack
from tests.rules.ptr.test_hits import eliminate, lose


def done(log: PtrLog) -> list[tuple[int, str]]:
    return illegal(log.say("german", "done").check())


def losses(log: PtrLog, *taken: tuple[str, str, int]) -> PtrLog:
    """Each (unit, hex, n): the unit's Losses layer from none to ``n`` SPs lost."""
    for u, h, n in taken:
        lose(log, u, h, 0, n)
    return log


def reason(log: PtrLog, rule: str) -> str:
    r = log.say("german", "done").check()
    return next(v.reason for j in r.judged for v in j.verdicts if isinstance(v, Illegal) and v.rule == rule)


def on_1214(syn, kind: str, chits: str, die: int, setup=None) -> PtrLog:
    """116-PG moves to 1314 and attacks 3-AI and 3-TK in 1214 (test_battle.attack); a Prepared attack's Air Support
    roll is 5 (German: no effect)."""
    log = attack(syn, kind, setup).say("german", f"chits {chits}")
    return (log.roll("german", 5, "Air Support") if kind == "prepared" else log).roll("german", die, "Combat")


def on_1512(syn, kind: str, chits: str, die: int, first: PtrLog | None = None) -> PtrLog:
    """116-PG in 1513 attacks the disrupted 1-B (CS 5, disrupted ER 2: left column) in 1512."""
    log = (first or german(syn)).say("german", f"attack 1512 from 1513 {kind}").say("german", f"chits {chits}")
    return (log.roll("german", 5, "Air Support") if kind == "prepared" else log).roll("german", die, "Combat")


def test_chit_column(syn):
    """PTR15-3 (15.2.1D): a Regular attack reads the centre column: 116-PG (ER 7) on chit 1: 2, CV 16 against 26:
    1:2; DRM -5; die 5 -> 1: '4/0'. Read in the left (Hasty) column, 1 + 8 % 2 = 1: CV 8, below the far-left column:
    '5/0', and 116-PG loses five SPs: the referee names 15.2.1D."""
    assert "roll 5 -> 1: 4/0" in verdicts(on_1214(syn, "regular", "1 2", 5).check(), 10)[0].detail
    assert done(losses(on_1214(syn, "regular", "1 2", 5), ("116-PG", "1314", 4))) == []
    bad = losses(on_1214(syn, "regular", "1 2", 5), ("116-PG", "1314", 5))
    assert done(bad) == [(12, "PTR 15.2.1D")]
    assert "left chit column" in reason(losses(on_1214(syn, "regular", "1 2", 5), ("116-PG", "1314", 5)),
                                        "PTR 15.2.1D")


def with_losses(log: PtrLog, uid: str, n: int) -> PtrLog:
    """The set-up shows ``uid`` with ``n`` SPs lost (its Losses layer, docs/log-channel.md)."""
    log.setup = tuple(Placement(p.piece, p.location, p.hex, layers={"Losses": f" {n} SP lost"})
                      if p.piece.unit == uid else p for p in log.setup)
    return log


def test_battle_strength_from_the_current_cs(syn):
    """PTR15-4 (15.2.1B / 15.1.3): 116-PG set up with 4 SPs lost (CS 4) attacks 1-B (CS 5, left column ER 2 on chit
    2: 1): centre chit 1 for ER 7: 2, CV 8 against 5: 1:1; DRM +1 (HQ); die 6 -> 7 + column 1: '3/1'. With the printed
    CS 8 (16:5, 3:1) it reads '2/2': applying that names 15.2.1B. The bare CSs (15.1.3): Hasty chits 2 1 on 1214:
    left ER 7 chit 2: 2, CV 16 against centre chit 1 (1 each): 13: 1:1; DRM -6; die 10 -> 4: '3/1'; 8:13 reads
    '4/0'."""
    first = with_losses(german(syn), "116-PG", 4)
    r = on_1512(syn, "regular", "1 2", 6, first).check()
    assert "CV 8:5, column 1:1" in verdicts(r, 9)[0].detail and r.judged[9].verdicts[0].detail.endswith("3/1")
    good = losses(on_1512(syn, "regular", "1 2", 6, with_losses(german(syn), "116-PG", 4)), ("1-B", "1512", 1))
    assert done(lose(good, "116-PG", "1513", 4, 7)) == []
    bad = losses(on_1512(syn, "regular", "1 2", 6, with_losses(german(syn), "116-PG", 4)), ("1-B", "1512", 2))
    assert done(lose(bad, "116-PG", "1513", 4, 6)) == [(12, "PTR 15.2.1B")]
    assert "CV 16:13, column 1:1" in verdicts(on_1214(syn, "hasty", "2 1", 10).check(), 10)[0].detail
    good = losses(on_1214(syn, "hasty", "2 1", 10), ("3-AI", "1214", 1), ("116-PG", "1314", 3))
    assert done(good) == []
    # the defender's due hit is never taken, so the attacker's losses also come too early (15.5C)
    assert done(losses(on_1214(syn, "hasty", "2 1", 10), ("116-PG", "1314", 4))) == [(11, "PTR 15.5C"),
                                                                                      (12, "PTR 15.1.3")]


def test_ratio_rounding(syn):
    """PTR15-5 (15.1.4A): a Prepared attack, right column ER 7: 3: CV 24 against 26: 1:ceil(26/24) = 1:2; DRM -4;
    die 8 -> 4: '4/0'. Rounding down (1:1) reads '3/1': applying that names 15.1.4A."""
    assert "CV 24:26, column 1:2" in verdicts(on_1214(syn, "prepared", "1 2", 8).check(), 11)[0].detail
    assert done(losses(on_1214(syn, "prepared", "1 2", 8), ("116-PG", "1314", 4))) == []
    bad = losses(on_1214(syn, "prepared", "1 2", 8), ("3-AI", "1214", 1), ("116-PG", "1314", 3))
    assert done(bad) == [(14, "PTR 15.1.4A")]


def test_below_the_far_left_column(syn):
    """PTR15-6 (15.1.4D): 116-IN (CS 5, ER 5; left chit 1: 1) alone attacks 3-AI, 3-TK and 3-TK2 (CV 14 + 12 + 5 = 31)
    Hasty: 5:31 is below the far-left 1:2: '5/0', 116-IN is eliminated. Read in the far-left column (die 9 - 6 = 3:
    '4/0') it loses four SPs: the referee names 15.1.4D (no other misreading reaches the table)."""
    setup = dict(SETUP, **{"116-IN": "1314", "116-PG": "1615", "3-TK2": "1214"})

    def hasty() -> PtrLog:
        return german(syn, setup).say("german", "attack 1214 from 1314 hasty").say("german", "chits 1 2") \
            .roll("german", 9, "Combat")
    assert "CV 5:31 is below the far-left column" in verdicts(hasty().check(), 9)[0].detail
    assert done(eliminate(hasty(), "116-IN", "1314")) == []
    assert done(losses(hasty(), ("116-IN", "1314", 4))) == [(11, "PTR 15.1.4D")]


def test_the_modified_roll_is_clamped_once(syn):
    """PTR15-9 (15.1.4F / 15.4B-D): a Prepared attack supported from 1215 by 116-TK (+2), HQ +2, against 1214
    supported by 3-TK2 from 1313 (-1), armour -6: DRM -3; die 1 -> -2, read as 1: '4/0'. Subtracting the negative
    DRMs first, raising the roll to 1, then adding +4 gives 5: '3/1': applying that names the clamp's rule."""
    setup = dict(SETUP, **{"116-TK": "1215", "3-TK2": "1313"})

    def prepared() -> PtrLog:
        return german(syn, setup).move("116-PG", "1513", "1414", "1314") \
            .say("german", "attack 1214 from 1314 1215 prepared").say("german", "chits 1 2") \
            .roll("german", 5, "Air Support").roll("german", 1, "Combat")
    assert "DRM -3 (support +2/-1, HQ +2, armour -6); roll 1 -> 1: 4/0" in verdicts(prepared().check(), 11)[0].detail
    assert done(losses(prepared(), ("116-PG", "1314", 4))) == []
    bad = losses(prepared(), ("3-AI", "1214", 1), ("116-PG", "1314", 3))
    assert done(bad) == [(14, "PTR 15.4B-D / 15.1.4F")]


def test_no_hq_support_for_a_hasty_attack(syn):
    """PTR15-17 (15.4.3A): a Hasty attack on 1-B, chits 2 2: left ER 7 chit 2: 2, CV 16 against 5 (left ER 2 chit 2:
    1): 3:1; no HQ support; die 5 + 3: '3/1'. With the HQ's +1 it reads '2/2': applying that names 15.4.3A."""
    assert "DRM +0 (support +0/+0, HQ +0, armour +0); roll 5 -> 5: 3/1" in \
        verdicts(on_1512(syn, "hasty", "2 2", 5).check(), 9)[0].detail
    assert done(losses(on_1512(syn, "hasty", "2 2", 5), ("1-B", "1512", 1), ("116-PG", "1513", 3))) == []
    bad = losses(on_1512(syn, "hasty", "2 2", 5), ("1-B", "1512", 2), ("116-PG", "1513", 2))
    assert done(bad) == [(12, "PTR 15.4.3A")]


def test_hq_support_by_the_attack_kind(syn):
    """PTR15-18 (15.4.3C-D): Regular, chits 1 2 on 1-B: 16:5, 3:1; HQ +1 (half of 2); die 5 -> 6: '3/1'; without the
    HQ's support '2/2' (15.4.3C). Prepared, chits 2 3, die 2: right ER 7: 3, CV 24 against 5 (left ER 2 chit 3: 2):
    3:1, HQ +2: roll 4: '3/1'; with half the ASPs (+1) '4/0' (15.4.3D)."""
    assert done(losses(on_1512(syn, "regular", "1 2", 5), ("1-B", "1512", 1), ("116-PG", "1513", 3))) == []
    bad = losses(on_1512(syn, "regular", "1 2", 5), ("1-B", "1512", 2), ("116-PG", "1513", 2))
    assert done(bad) == [(12, "PTR 15.4.3C")]
    assert "HQ +2" in verdicts(on_1512(syn, "prepared", "2 3", 2).check(), 10)[0].detail
    assert done(losses(on_1512(syn, "prepared", "2 3", 2), ("1-B", "1512", 1), ("116-PG", "1513", 3))) == []
    bad = losses(on_1512(syn, "prepared", "2 3", 2), ("116-PG", "1513", 4))
    assert done(bad) == [(11, "PTR 15.5C"), (12, "PTR 15.4.3D")]  # 1-B's due hit is never taken (15.5C)


def test_armor_superiority(syn):
    """PTR15-19 (15.4.4): the defender's 3-TK (6 TPs) against 116-PG (none): -6 (15.4.4.4A); die 5 -> 1: '4/0'.
    Leaving the armour out reads 5 + 1 = 6: '3/1': applying that names 15.4.4."""
    bad = losses(on_1214(syn, "regular", "1 2", 5), ("3-AI", "1214", 1), ("116-PG", "1314", 3))
    assert done(bad) == [(13, "PTR 15.4.4")]
    assert done(losses(on_1214(syn, "regular", "1 2", 5), ("116-PG", "1314", 4))) == []


def test_a_lone_hq_draws_no_chit(syn):
    """PTR19-4 (20.1B1): an HQ alone in the attacked hex defends at Battle Strength 1 and draws no Combat Chit: the
    attacker's one chit ('chits 1') is legal; a defender's chit beside it is not."""
    setup = dict(SETUP, **{"US3-HQ": "1214", "3-AI": "1011", "3-TK": "1012"})
    r = attack(syn, setup=setup).say("german", "chits 1").roll("german", 3).check()
    assert illegal(r) == [] and "CV 16:1, column 3:1" in verdicts(r, 10)[0].detail
    r = attack(syn, setup=setup).say("german", "chits 1 2").check()
    assert illegal(r) == [(9, "PTR 20.1B1")]
    r = attack(syn).say("german", "chits 1").check()
    assert illegal(r) == [(9, "PTR 15.2.1C")]


def us_prepared(syn, *said: str) -> PtrLog:
    """3arm's Prepared attack from 1214 (3-AI alone: 3-TK stands in 1212) on 116-PG in 1314: right column ER 5: 3,
    CV 21 against centre chit 1 for ER 7: 2, 16: 1:1; Air Support 3R (US die 3); then the declarations."""
    log = PtrLog(syn, dict(SETUP, **{"116-PG": "1314", "3-TK": "1212"})).phase(1, "operations").say("us", "act 3arm") \
        .roll("us", 5).say("us", "attack 1314 from 1214 prepared").say("us", "chits 1 1").roll("us", 3, "Air Support")
    for line in said:
        log.say("us", line)
    return log


def test_a_shift_past_the_edge_stops_there(syn):
    """PTR15-8 (15.1.4E / 15.3E): 1:1 shifted three columns right goes past the far-right 3:1 and stops there: the
    declared 'column 3:1' is legal; 'column 1:1' (the shift dropped whole) names 15.1.4E."""
    r = us_prepared(syn, "column 3:1", "cv 21 16").check()
    assert illegal(r) == [] and "CRT column 3:1" in verdicts(r, 6)[0].detail
    r = us_prepared(syn, "column 1:1").check()
    assert illegal(r) == [(6, "PTR 15.1.4E")]
    assert "dropped whole" in verdicts(r, 6)[0].reason


def test_declared_numbers_name_the_step(syn):
    """PTR15-3 / PTR15-11 / PTR15-17 / PTR19-4 (15.2.1D, 15.4.1, 15.4.3A, 20.1B1): the numbers the players declare
    are judged when declared. 116-PG's Regular attack on 1214, chits 1 2: 'cv 16 26' and 'drm -5' are legal; 'cv 8
    26' is the left column's (15.2.1D). A Hasty attack claiming the HQ's +1 ('drm -5' where the steps give -6) names
    15.4.3A. Against the lone US3-HQ 'cv 16 1' is legal. 1-A's Prepared attack across the stream (-1,
    test_hits_retreats) has DRM +1: '+2' (the stream left out) names 15.4.1, '0' (half the ASPs) 15.4.3D."""
    r = on_1214(syn, "regular", "1 2", 9).say("german", "cv 16 26").say("german", "drm -5").check()
    assert illegal(r) == []
    r = attack(syn).say("german", "chits 1 2").say("german", "cv 8 26").check()
    assert illegal(r) == [(10, "PTR 15.2.1D")]
    r = attack(syn, "hasty").say("german", "chits 1 2").say("german", "drm -5").check()
    assert illegal(r) == [(10, "PTR 15.4.3A")]
    setup = dict(SETUP, **{"US3-HQ": "1214", "3-AI": "1011", "3-TK": "1012"})
    assert illegal(attack(syn, setup=setup).say("german", "chits 1").say("german", "cv 16 1").check()) == []
    from tests.rules.ptr.test_hits_retreats import BASE

    def stream(said: str) -> PtrLog:
        return PtrLog(syn, dict(BASE, **{"1-A": "1014", "116-IN": "1114"})).phase(1, "operations") \
            .say("us", "act 1inf").roll("us", 5).say("us", "attack 1114 from 1014 prepared").say("us", "chits 1 2") \
            .roll("us", 5, "Air Support").say("us", said)
    assert illegal(stream("drm 1").check()) == []  # HQ +2 (Prepared), the stream -1
    assert illegal(stream("drm 2").check()) == [(6, "PTR 15.4.1")]
    assert illegal(stream("drm 0").check()) == [(6, "PTR 15.4.3D")]


def test_the_defenders_combat_support(syn):
    """PTR15-15 (15.4.2.2B): 3-TK2 in 1313 (3arm, ZOC into 1314, in CR) supports 1214 by -1 against 116-PG's Prepared
    attack: HQ +2, armour -6, support -1: 'drm -5' is legal; 'drm -4', the defender's support left out, names
    15.4.2.2 (in a Prepared attack no HQ misreading adds one)."""
    def said(drm: str) -> PtrLog:
        return attack(syn, "prepared", dict(SETUP, **{"3-TK2": "1313"})).say("german", "chits 1 2") \
            .roll("german", 5, "Air Support").say("german", f"drm {drm}")
    assert illegal(said("-5").check()) == []
    assert illegal(said("-4").check()) == [(11, "PTR 15.4.2.2")]


def test_bundled_declared_numbers_are_not_checkable(ptr):
    """PTR15-4 / PTR15-19 on the bundled data (no CS, ER or TPs in units.csv): a declared CV or DRM is not checkable
    and names what is missing, never legal."""
    from hexforge.rules.verdict import NotCheckable
    from tests.rules.ptr.test_bundled import S2
    log = PtrLog(ptr, dict(S2, **{"116-II/16": "2114"})).phase(1, "operations").say("us", "pass") \
        .initiative(1, 9).say("german", "act 116pz").roll("german", 6).say("german", "attack 2215 from 2114 hasty") \
        .say("german", "chits 3 4").say("german", "cv 8 10").say("german", "drm -2")
    r = log.check("s2")
    for index in (8, 9):
        v = verdicts(r, index)[0]
        assert isinstance(v, NotCheckable) and "units.csv" in v.needs
