"""F&M combat on the synthetic F&M game: differential, CRT line and result, retreat, advance."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.combat import Attack
from hexforge.rules.core import crt as crtlib
from hexforge.rules.fm.combat import differential
from hexforge.rules.state import GameState
from hexforge.rules import rules_for
from hexforge.rules.verdict import Illegal, Legal
from tests.conftest import ROOT
from tests.rules.helpers import Log, illegal_rules, verdicts

SYN = ROOT / "tests" / "data" / "synthetic-fm"
SETUP = {"B1": "0604", "B3": "0605", "R2": "0705", "R4": "1201"}


@pytest.fixture(scope="module")
def game():
    return load_game(SYN)


def test_crt_cells_parse_as_printed() -> None:
    assert crtlib.differentials("+2, +3") == [2, 3]
    assert crtlib.differentials("\u22121") == [-1]
    assert crtlib.differentials("+4,5") == [4, 5]          # ARN's dropped sign
    assert crtlib.differentials("none") is None
    assert crtlib.ratio_column(["1:2", "1:1", "2:1", "3:1"], 5, 2) == 2


def test_e10_support_fire_totals(game) -> None:
    # F&M 7.2 example: two 4-4-10 attack one 2-3-8; attacker adds two +2, defender one +6: 12 vs 9 = +3
    r = rules_for(game)
    s = GameState({"B4": game.map.hex("0604"), "R3": game.map.hex("0705")}, {"B4": "blue", "R3": "red"})
    a = Attack("combat", game.map.hex("0705"), ["B4", "B4"], [2, 2], [6], None, defender="R3")
    assert differential(r, s, a) == 12 - 9


def test_t7_fortification_doubles_defense_and_halves_each_attacker_marker(game) -> None:
    r = rules_for(game)
    s = GameState({"B1": game.map.hex("0809"), "B5": game.map.hex("0810"), "R2": game.map.hex("0910")},
                  {"B1": "blue", "B5": "red", "R2": "red"})
    a = Attack("combat", game.map.hex("0910"), ["B1", "B5"], [5, 3], [4], None, defender="R2")
    # 3 + 3 + (5//2) + (3//2) = 9 vs 2*2 + 4 = 8
    assert differential(r, s, a) == 9 - 8


def test_column_limits(game) -> None:
    r = rules_for(game)
    assert crtlib.column_for(r.crt, "clear", 14) == 11       # above +10 is +10
    assert crtlib.column_for(r.crt, "woods", -7) == 0        # below the lowest is the lowest
    assert crtlib.column_for(r.crt, "clear", 5) == 8


def attack(game, die, *after):
    log = Log(game, SETUP).phase(1, "first-combat").say("attack 0705 from 0604 0605").roll(die)
    for f in after:
        f(log)
    return log.check()


def test_d2_retreat_and_advance_along_the_path(game) -> None:
    # 3 + 2 - 2 = +3 on the clear line (column 8); die 1 -> D2
    ok = attack(game, 1, lambda l: l.move("R2", "0705", "0805", "0905"), lambda l: l.move("B3", "0605", "0705", "0805"),
                lambda l: l.move("B1", "0604", "0705"))
    assert illegal_rules(ok) == []
    assert "D2" in verdicts(ok, 2)[0].detail and verdicts(ok, 2)[0].guess is None  # declared: no guess
    bad = attack(game, 1, lambda l: l.move("R2", "0705", "0706", "0707"))  # 0706 is in the blue ZOC
    assert illegal_rules(bad) == [(3, "F&M 8.3")]
    short = attack(game, 1, lambda l: l.move("R2", "0705", "0805"))
    assert illegal_rules(short) == [(3, "F&M 8.3")]
    stray = attack(game, 1, lambda l: l.move("R2", "0705", "0805", "0905"), lambda l: l.move("B1", "0604", "0704"))
    assert illegal_rules(stray) == [(4, "F&M 8.5")]
    stiff = attack(game, 1, lambda l: l.reduce("R2", "0705"))
    assert illegal_rules(stiff) == []


def test_results_must_be_applied(game) -> None:
    # die 6 at column 8 -> Ex: one attacker and the defender lose a step
    ok = attack(game, 6, lambda l: l.reduce("R2", "0705"), lambda l: l.reduce("B1", "0604"))
    assert illegal_rules(ok) == []
    bad = attack(game, 6, lambda l: l.reduce("R2", "0705"))
    assert illegal_rules(bad) == [(2, "F&M 8.2.4")]
    adv = attack(game, 6, lambda l: l.reduce("R2", "0705"), lambda l: l.reduce("B1", "0604"),
                 lambda l: l.move("B3", "0605", "0705"))
    assert (5, "F&M 8.5") in illegal_rules(adv)
    # die 3 at column 8 -> D2; the defender does nothing
    none = attack(game, 3)
    assert illegal_rules(none) == [(2, "F&M 8.3")]


def test_declarations(game) -> None:
    rep = Log(game, SETUP | {"B5": "0303"}).phase(1, "first-combat").say("attack 0705 from 0604 0303").roll(1).check()
    assert (1, "F&M 8.2") in illegal_rules(rep)
    rep = (Log(game, SETUP).phase(1, "first-combat").say("attack 0705 from 0604").roll(4)
           .say("attack 0705 from 0605").roll(4).check())
    assert (3, "F&M 8.0") in illegal_rules(rep)
    rep = Log(game, SETUP).phase(1, "first-combat").say("attack 0705 from 0604 sfm 1 1 1").roll(4).check()
    assert (1, "F&M 8.2.1") in illegal_rules(rep)
    rep = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 2 2").say("bombard 0705 sfm 1").check()
    assert (2, "F&M 8.1") in illegal_rules(rep)


def test_cmb2_one_attack_targets_one_hex(game) -> None:
    # F&M 8.0 (AAC L337): "each attack is against one hex"
    setup = SETUP | {"R1": "0704"}
    one = Log(game, setup).phase(1, "first-combat").say("attack 0705 from 0604 0605").roll(4).check()
    assert not any(r == "F&M 8.0" and i == 1 for i, r in illegal_rules(one))
    two = Log(game, setup).phase(1, "first-combat").say("attack 0705 and 0704 from 0604 0605").roll(4).check()
    assert (1, "F&M 8.0") in illegal_rules(two)
    assert any("names 2 (0705, 0704)" in v.reason for v in verdicts(two, 1))


def test_chat_that_only_sounds_like_a_declaration_is_chat(game) -> None:
    rep = Log(game, SETUP).phase(1, "first-combat").say("we attack at dawn").check()
    assert verdicts(rep, 1) == [Legal(detail="chat that declares nothing")]  # every event gets a verdict


def test_bom1_bombardment_is_by_markers_alone(game) -> None:
    # F&M 8.1 (AAC L344-L347): support fire markers bombard; no ground unit takes part
    ok = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 4").roll(4).check()
    assert illegal_rules(ok) == []
    rep = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705 from 0604 sfm 4").roll(4).check()
    assert illegal_rules(rep) == [(1, "F&M 8.1")] and "B1 took part in a bombardment" in verdicts(rep, 1)[0].reason
    rep = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705").roll(4).check()
    assert (1, "F&M 8.1") in illegal_rules(rep)
    assert any("no support fire marker" in v.reason for v in verdicts(rep, 1))


def test_bombardment_results_that_do_not_apply(game) -> None:
    # T8: sfm 4 vs defense 2: +2 on the clear line (column 7); die 4 -> Ex, which is no effect in bombardment
    rep = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 4").roll(4).check()
    assert illegal_rules(rep) == [] and isinstance(verdicts(rep, 2)[0], Legal)
    rep = Log(game, SETUP).phase(1, "first-bombardment").say("bombard 0705 sfm 4").roll(4).reduce("R2", "0705").check()
    assert illegal_rules(rep) == [(3, "F&M 8.2.4")]


def test_inferred_attack_says_it_guessed(game) -> None:
    rep = attack_inferred = Log(game, SETUP).phase(1, "first-combat").roll(6).reduce("R2", "0705").reduce("B1", "0604").check()
    assert illegal_rules(rep) == []
    assert "inferred" in verdicts(rep, 1)[0].guess


def test_stiff_resistance_by_elimination_only_for_depleted_or_one_step_units(game) -> None:
    # ARN L275 (F&M 8.4): "A player may opt to declare a depleted or one-step unit to offer stiff
    # resistance ... The player must eliminate the depleted or one-step unit". R2 is a full-strength
    # two-step unit (it has reduced values), so after a D2 it may retreat or deplete, not vanish.
    from tests.games.rawdata import rulebook_line
    assert "depleted or one-step unit to offer stiff resistance" in rulebook_line("arnhem-farthest-bridge.txt", 275)
    gone = attack(game, 1, lambda l: l.kill("R2", "0705"))
    assert illegal_rules(gone) == [(3, "F&M 8.4")]
    depleted = attack(game, 1, lambda l: l.reduce("R2", "0705"))
    assert illegal_rules(depleted) == []


def test_a_defender_dragged_off_the_map_after_the_roll_is_eliminated(game) -> None:
    """A player takes an eliminated unit off the map into a holding box: after a combat roll that is the
    elimination (F&M 8.2.4), judged against the result: D2 on a full-strength two-step unit that could
    retreat is no stiff resistance by elimination (F&M 8.4), not a retreat off the map (F&M 8.3)."""
    from hexforge.builder.locations import OFF_MAP
    from hexforge.builder.timeline import Move
    from tests.rules.helpers import ref
    log = Log(game, SETUP).phase(1, "first-combat").say("attack 0705 from 0604 0605").roll(1)  # D2
    log.events.append(Move(log._n(), ref("R2"), OFF_MAP, OFF_MAP, "0705", None, ()))
    rep = log.check()
    (v,) = verdicts(rep, 3)
    assert isinstance(v, Illegal) and v.rule == "F&M 8.4" and "off the map" not in v.reason


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_a_reduced_unit_flipped_round_to_its_front_after_the_roll_is_eliminated(game, die) -> None:
    """The module's step-loss layer loops: flipping a reduced unit once more shows its front again. After a
    combat roll that is the loss of its last step, an elimination (F&M 8.2.4), judged as the Eliminate
    command would be: the same verdicts, whatever the result."""
    from hexforge.builder.timeline import StepChange
    from tests.rules.helpers import ref

    def log():
        return Log(game, SETUP).phase(1, "first-combat").reduce("R2", "0705").say("attack 0705 from 0604 0605") \
            .roll(die)
    by_command, by_flip = log().kill("R2", "0705"), log()
    by_flip.events.append(StepChange(by_flip._n(), ref("R2"), "0705", "Step", "2", "1"))
    a, b = by_command.check(), by_flip.check()
    assert [j.verdicts for j in a.judged] == [j.verdicts for j in b.judged]
    assert not any(isinstance(v, Illegal) for j in b.judged[:3] for v in j.verdicts)
    # without a roll before it, the same flip is no elimination: it is judged as the change it is
    plain = Log(game, SETUP).phase(1, "first-combat").reduce("R2", "0705")
    plain.events.append(StepChange(plain._n(), ref("R2"), "0705", "Step", "2", "1"))
    assert not any(isinstance(v, Illegal) and "eliminat" in v.reason for j in plain.check().judged for v in j.verdicts)
