"""Formation names and unit types (issue #15, F4) on the synthetic game: Pathfinder markers naming a formation by
name (ScR 6.2.1, game.toml [special.formation_hqs]); a type of two kinds, the armored car (SR 18.9.7), and SR
6.3.3.1's doubling of German armored reconnaissance; bridge engineers' companions of unknown type (ScR 9.1, 9.6).

The named-formation and untyped-unit cases are copies of the synthetic game (``copy_game``): the shared
game.toml cannot hold a [special.formation_hqs] of its own (test_formation_hqs.py and test_formation_callers.py
append one to their copies), and an untyped unit there would change every check that meets it."""
from __future__ import annotations

import shutil
from pathlib import Path

from hexforge.games import load_game
from hexforge.games.game import Game
from hexforge.rules.httr.drop_rows import PATHFINDER_DATA, drop_formations, marker_owner, pathfinder_needs, pathfinders
from hexforge.rules.httr.ferries import FerryLog
from hexforge.rules.httr.units import KINDS, TWO_KINDS, is_kind, kind_of, kinds_of, silhouetted
from hexforge.rules.state import GameState
from hexforge.rules.verdict import Illegal, Legal, NotCheckable
from tests.rules.httr.helpers import SYNTHETIC, Log, all_legal, game, illegal, last, rules_broken, unsure

HEADER_COLUMNS = 17  # tests/games/httr-synthetic/units.csv's columns


def para(formation: str) -> list[str]:
    """The 5th Parachute regiment (of A-DIV2, airborne by [special.airborne]) and its company of ``formation``."""
    return ["A-REG5,Allied 5th parachute regiment HQ,allied,A-DIV2,HQ,regiment,vehicular,1,5,7,,,12,test",
            f"A-PARA1,Allied parachute company,allied,{formation},infantry,company,leg,4,5,8,,,12,test"]


NAMED_MARKER = '''
[[markers]]
id = "pathfinder-5"
name = "Pathfinder 5th Parachute"
count = 1
formation = "5th Parachute"
source = "HTTR ScR 6.2.1 (L1177): marked with its subordination"
'''
HQS = '\n[special.formation_hqs]\nsource = "test"\nhqs = [{ formation = "5th Parachute", hq = "A-REG5" }]\n'
MAYBE = "A-MAYBE,Allied company of unknown type,allied,A-DIV,unknown,company,leg,2,5,8,,,12,test"


def copy_game(tmp_path: Path, rows: list[str], toml: str = "") -> Game:
    """The synthetic game with ``rows`` added to units.csv and ``toml`` to game.toml."""
    copy = tmp_path / "httr-synthetic"
    shutil.copytree(SYNTHETIC, copy)
    with open(copy / "units.csv", "a", newline="") as f:
        f.writelines(r + "," * (HEADER_COLUMNS - 1 - r.count(",")) + "\n" for r in rows)
    (copy / "game.toml").write_text((copy / "game.toml").read_text() + toml)
    return load_game(copy)


def dropped(g: Game, unit: str, h: str, *markers: tuple[str, str]) -> list:
    """The verdicts on ``unit`` dropped on ``h`` in GT 8's Allied Movement Phase after the markers are placed."""
    log = Log({unit: (None, {"Mode": "Concentrated"})}, g).phase(8, "allied_movement")
    for i, (name, at) in enumerate(markers):
        log.place(f"pf{i}", name, at)
    return last(log.enter(unit, h).check())


def test_a_pathfinder_marker_naming_its_formation_by_name_is_its_hqs(tmp_path: Path) -> None:  # AIR-1
    """ScR 6.2.3 (L1179): a serial lands within three hexes of its regiment's Pathfinder marker. The marker names
    '5th Parachute', as A-PARA1's units.csv formation does (the bundled units.csv names formations so);
    [special.formation_hqs] makes it A-REG5's."""
    g = copy_game(tmp_path, para("5th Parachute"), NAMED_MARKER + HQS)
    assert marker_owner(g, "5th Parachute") == "A-REG5" and drop_formations(g, "A-PARA1") == {"A-REG5"}
    near = dropped(g, "A-PARA1", "B0306", ("Pathfinder 5th Parachute", "B0305"))
    assert not illegal(near)  # legal: 1 hex from its marker
    assert any("from its Pathfinder marker" in (getattr(v, "detail", "") or "") for v in near)
    far = dropped(g, "A-PARA1", "B0309", ("Pathfinder 5th Parachute", "B0305"))
    assert rules_broken(far) == ["HTTR ScR 6.2.3"]  # illegal: 4 hexes
    other = dropped(g, "A-PARA1", "B0306", ("Pathfinder A-REG1", "B0305"))
    assert rules_broken(other) == ["HTTR ScR 6.2.3"]  # another regiment's marker is none of its own
    assert not illegal(dropped(g, "A-INF1", "B0306", ("Pathfinder A-REG1", "B0305"),
                               ("Pathfinder 5th Parachute", "B0309")))  # A-REG1's units by their own marker


def test_a_formation_name_no_hq_is_known_for_is_not_checkable(tmp_path: Path) -> None:  # AIR-1
    """Without the [special.formation_hqs] entry the marker's '5th Parachute' names no HQ: the drop of A-PARA1 (of
    A-REG5 by its id here) is not checkable, naming the formation; A-REG1's own marker is known, so A-INF1's drops
    are still judged."""
    g = copy_game(tmp_path, para("A-REG5"), NAMED_MARKER)
    assert drop_formations(g, "A-PARA1") is None and "'5th Parachute'" in pathfinder_needs(g)
    v = dropped(g, "A-PARA1", "B0309", ("Pathfinder 5th Parachute", "B0305"))
    assert not illegal(v) and any("'5th Parachute'" in n.needs and "formation_hqs" in n.needs for n in unsure(v))
    assert rules_broken(dropped(g, "A-INF1", "B0309", ("Pathfinder A-REG1", "B0305"))) == ["HTTR ScR 6.2.3"]


def test_the_bundled_pathfinder_marker_names_no_formation() -> None:  # AIR-1 on the bundled data
    """The bundled game's one Pathfinder marker ('marked with its subordination designation', game.toml note) gives
    no formation: whose it is stays unknown, and the drop of a unit of the 101st is not checkable, never legal."""
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    assert [m.formation for m in pathfinders(BUNDLED)] == [None]
    assert pathfinder_needs(BUNDLED) == PATHFINDER_DATA
    v = dropped(BUNDLED, "501/101", "C1010")
    assert any(n.needs == PATHFINDER_DATA for n in unsure(v))
    assert not any(isinstance(x, Legal) and "Pathfinder marker" in (x.detail or "") for x in v)


def test_an_armored_car_is_recon_and_an_afv() -> None:  # SR 18.9.7 (L956), DF-12, MOV-6
    g = game()
    assert kinds_of(g, "G-ACAR") == ("recon", "afv") and kind_of(g, "G-ACAR") == "recon"
    assert is_kind(g, "G-ACAR", "afv") and is_kind(g, "G-ACAR", "recon") and not is_kind(g, "G-ACAR", "infantry")
    assert silhouetted(g, "G-ACAR") is None and silhouetted(g, "A-TANK") and silhouetted(g, "A-REC") is False
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    assert is_kind(BUNDLED, "HCav Troop A", "afv") and kind_of(BUNDLED, "HCav Troop A") == "recon"
    # MOV-6, SR 9.3.1 (L464): no printed MA, a reconnaissance unit's 14 (kind_of's first kind)
    v = last(Log({"A-ACAR": "B0101"}).phase(1, "allied_movement").move("A-ACAR", "B0108").check())
    assert all_legal(v) and "14 of 14 MP" in v[0].detail
    v = last(Log({"A-ACAR": "B0101"}).phase(1, "allied_movement").move("A-ACAR", "B0109").check())
    assert rules_broken(v) == ["HTTR SR 9.2.3"]


def test_every_bundled_type_is_a_kind() -> None:  # SR 2.6-2.8, 18.9.7: units.csv types AT, HQ, armored car, ...
    """Each type the bundled units.csv writes (but 'unknown') is one of units.KINDS, none left silently unknown; the
    only one of two kinds is 'armored car'."""
    from tests.rules.httr.test_worked_examples_scenario import BUNDLED
    types = {u.type.strip().lower() for u in BUNDLED.units.values()} - {"unknown"}
    assert types and types <= set(KINDS), types - set(KINDS)
    assert {t for t in types if t in TWO_KINDS} == {"armored car"}


def fired(setup: dict, phase: str, line: str, *steps) -> list:
    """The DF roll's verdicts (2d6 3+2) after the phase ended."""
    log = Log(setup).phase(1, phase).say(line).roll("Direct Fire", 3, 2)
    for s in steps:
        s(log)
    return log.phase(1, phase.replace("fire", "movement")).check().judged[2].verdicts


def test_a_german_armored_car_is_doubled_in_df() -> None:  # DF-12, SR 6.3.3.1 (L208)
    """G-ACAR (German armored car, 2 SP, ER 5) fires DF at A-INF1: German armored reconnaissance, doubled to 4 SP,
    fire value 4, where 2d6 5 is DEF (as test_audit_fire's G-REC)."""
    target = {"A-INF1": ("B0303", {"Mode": "Concentrated"}), "G-ACAR": "B0302"}
    line = "df B0303 from G-ACAR target A-INF1"
    v = fired(target, "german_fire", line)
    assert any("of 4 SP" in (getattr(x, "detail", "") or "") for x in v)
    assert rules_broken(v) == ["HTTR SR 6.7.2"]  # illegal: DEF, and A-INF1 stays Concentrated
    assert all_legal(fired(target, "german_fire", line, lambda log: log.mode("A-INF1", "Defilade", "Concentrated")))


def test_an_allied_armored_cars_doubling_is_not_known() -> None:  # DF-12, SR 6.3.3.1 (L208), 18.9.7 (L956)
    """A-ACAR (Allied armored car): an AFV without a silhouette known; SR 6.3.3.1 doubles silhouetted AFVs (A-TANK)
    and German armored recon only: not checkable, naming the silhouette, never a guess."""
    v = fired({"G-INF1": ("B0303", {"Mode": "Concentrated"}), "A-ACAR": "B0302"}, "allied_fire",
              "df B0303 from A-ACAR target G-INF1")
    assert not illegal(v) and any("AFV silhouette" in n.needs for n in unsure(v))


def ferried(g: Game, setup: dict, *steps: tuple[str, str]) -> list:
    log = Log(setup, g).phase(1, "allied_movement")
    for u, to in steps:
        log.move(u, to)
    return log.check().judged


START = {"A-BENG": "A0601", "A-INF5": "A0601", "A-INF6": "A0601"}  # test_ferries.py's: A0501 is in canals


def test_a_companion_of_unknown_type_may_be_the_ferrying_engineer(tmp_path: Path) -> None:  # FRY-1, FRY-2
    """ScR 9.1.1-9.1.2 (L1354-L1355): A-BENG (2 SP) ferried A-INF5 (2 SP) and can carry no more; A-MAYBE, of
    unknown type, began the phase in the hex: it may be a bridge engineer of 2 SP, so A-INF6's crossing is not
    checkable (without it: 9.1.2, as test_ferries.py); a disrupted A-MAYBE ferries no one (SR 10.6.2)."""
    g = copy_game(tmp_path, [MAYBE])
    v = ferried(g, {**START, "A-MAYBE": "A0601"}, ("A-INF5", "A0501"), ("A-INF6", "A0501"))[-1].verdicts
    assert not illegal(v) and any("type of unit A-MAYBE" in n.needs for n in unsure(v))
    dis = {**START, "A-MAYBE": ("A0601", {"Disrupted": "Disrupted"})}
    assert rules_broken(ferried(g, dis, ("A-INF5", "A0501"), ("A-INF6", "A0501"))[-1].verdicts) == ["HTTR ScR 9.1.2"]
    late = {"A-BENG": "A0602", "A-INF5": "A0601", "A-MAYBE": "A0601"}  # A-BENG came after the phase's start
    v = ferried(g, late, ("A-BENG", "A0601"), ("A-INF5", "A0501"))[-1].verdicts
    assert not illegal(v) and any("type of unit A-MAYBE" in n.needs for n in unsure(v))
    alone = {"A-BENG": "A0602", "A-INF5": "A0601"}
    assert rules_broken(ferried(g, alone, ("A-BENG", "A0601"), ("A-INF5", "A0501"))[-1].verdicts) == [
        "HTTR ScR 9.1.1"]


def test_a_mover_of_unknown_type_is_not_checkable(tmp_path: Path) -> None:  # FRY-1, ScR 9.1 (L1353)
    """A-MAYBE crosses with A-BENG: it may be infantry (ferried) or an AFV (not): not checkable; A-INF5 is ferried,
    A-TANK is not (test_ferries.py)."""
    g = copy_game(tmp_path, [MAYBE])
    v = ferried(g, {"A-BENG": "A0601", "A-MAYBE": ("A0601", {"Mode": "Concentrated"})}, ("A-MAYBE", "A0501"))[-1] \
        .verdicts
    assert not illegal(v) and any("type of unit A-MAYBE" in n.needs for n in unsure(v))
    assert all_legal(ferried(g, {"A-BENG": "A0601", "A-INF5": "A0601"}, ("A-INF5", "A0501"))[-1].verdicts)
    assert rules_broken(ferried(g, {"A-BENG": "A0601", "A-TANK": "A0601"}, ("A-TANK", "A0501"))[-1].verdicts) == [
        "HTTR ScR 9.1"]


class Mover:
    def __init__(self, g: Game, state: GameState, uid: str) -> None:
        self.game, self.state, self.uid = g, state, uid


def test_no_typed_engineer_but_an_untyped_companion(tmp_path: Path) -> None:  # FRY-1, ScR 9.1.1 (L1354)
    """FerryLog.why_not itself, with no bridge engineer of known type in the hex (thoroughfares.cross_water asks it
    when a companion may be one: the test below): not checkable with A-MAYBE there, illegal without it."""
    g = copy_game(tmp_path, [MAYBE])
    for setup, expected in (({"A-INF5": "A0601", "A-MAYBE": "A0601"}, NotCheckable),
                            ({"A-INF5": "A0601"}, Illegal)):
        state = GameState.from_setup(g, Log(setup, g).timeline())
        v = FerryLog(state).why_not(Mover(g, state, "A-INF5"), g.map.hex("A0601"))
        assert isinstance(v, expected), v
        assert expected is NotCheckable and "type of unit A-MAYBE" in v.needs or v.rule == "HTTR ScR 9.1.1"


BLOWN = "Destroyed Bridge"
SUPPLIED = {"A-CORPS": "B0105", "A-DIV": ("B0105", {"Mode": "Defilade"})}  # test_bridge_repair.py's


def repaired(g: Game, setup: dict) -> list:
    """The bridge A0601/A0502 repaired after seven Allied Command Phases (test_bridge_repair.py)."""
    log = Log(setup, g).marker("b1", BLOWN, "A0601")
    for t in range(1, 8):
        log.phase(t, "allied_command")
    return last(log.remove("b1", BLOWN, "A0601").check())


def test_a_repair_short_of_sp_with_an_untyped_unit_there(tmp_path: Path) -> None:  # FRY-6, ScR 9.6.1 (L1397)
    """A-BENG's 2 SP alone repair nothing (4 SP needed); A-MAYBE (2 SP, type unknown) in the end hex may be the
    second engineer: not checkable, naming its type; A-INF1 there (infantry) is none: illegal."""
    g = copy_game(tmp_path, [MAYBE])
    v = repaired(g, {**SUPPLIED, "A-BENG": "A0601", "A-MAYBE": "A0601"})
    assert not illegal(v) and any("type of unit A-MAYBE" in n.needs for n in unsure(v))
    assert rules_broken(repaired(g, {**SUPPLIED, "A-BENG": "A0601", "A-INF1": "A0601"})) == ["HTTR ScR 9.6.1"]
    assert all_legal(repaired(g, {**SUPPLIED, "A-BENG": "A0601", "A-BENG2": "A0601", "A-MAYBE": "A0601"}))


def test_a_crossing_beside_an_untyped_companion_is_not_checkable(tmp_path: Path) -> None:  # FRY-1, ScR 9.1 (L1353)
    """The referee's own crossing: A-INF5 crosses the canal from A0601 to the island A0501 with A-MAYBE (of unknown
    type: it may be a bridge engineer) in A0601 since the phase began; alone, it breaks ScR 9.1."""
    g = copy_game(tmp_path, [MAYBE])
    def crossing(setup: dict) -> list:
        return last(Log(setup, g).phase(1, "allied_movement").move("A-INF5", "A0501").check())
    v = crossing({"A-INF5": "A0601", "A-MAYBE": "A0601"})
    assert not illegal(v) and any("type of unit A-MAYBE" in n.needs for n in v if isinstance(n, NotCheckable)), v
    assert rules_broken(crossing({"A-INF5": "A0601"})) == ["HTTR ScR 9.1"]
