"""``hexforge overlay supply|command|los|reach GAME``: overlays as PNG, SVG or JSON."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from types import MappingProxyType

import click

from hexforge.games.game import Game
from hexforge.games.loader import load_game
from hexforge.games.problems import GameDataError
from hexforge.maps.overlay import Overlay, render
from hexforge.rules.state import GameState

FORMATS = (".png", ".svg", ".json")


@click.group("overlay")
def overlay() -> None:
    """Supply, command range, line of sight and movement range over the map."""


def _state(game: Game, scenario: str | None, save: Path | None, module: Path | None, step: int | None) -> GameState:
    if save is not None:
        if module is None:
            raise click.UsageError("--save needs --module (the .vmod the save was made with)")
        from hexforge.builder.modulereader import read_module
        from hexforge.builder.savefile import read_save
        from hexforge.builder.timeline import build_timeline
        t = build_timeline(read_save(save), read_module(module), game)
        state = GameState.from_setup(game, t)
        for e in t.events:
            if step is not None and getattr(e, "step", 0) > step:
                break
            state = state.apply(e, game)
        return state
    pos: dict = {}
    if scenario is not None:
        if scenario not in game.scenarios:
            raise click.UsageError(f"no scenario {scenario!r} in {game.id} (valid: {', '.join(sorted(game.scenarios))})")
        for entry in game.scenarios[scenario].setup:
            label = entry.hex.resolved if entry.hex is not None and hasattr(entry.hex, "resolved") else entry.hex
            if isinstance(entry.units, list) and isinstance(label, str) and label in game.map.index:
                for u in entry.units:
                    if u in game.units:
                        pos[u] = game.map.hex(label)
    sides = {u: game.units[u].side for u in game.units}
    return GameState(MappingProxyType(pos), MappingProxyType(sides), turn=1)


def _write(game: Game, ov: Overlay, out: Path) -> None:
    if out.suffix not in FORMATS:
        raise click.UsageError(f"-o must end in one of {', '.join(FORMATS)}")
    data = render(game.map, ov, out.suffix)
    fd, tmp = tempfile.mkstemp(dir=out.parent or Path("."), prefix=out.name + ".")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, out)
    click.echo(f"wrote {out} ({ov.title})")


def _common(f):
    f = click.option("-o", "--out", required=True, type=click.Path(path_type=Path), help="out.png, .svg or .json")(f)
    f = click.option("--step", type=int, default=None, help="log step of --save to show (default: the end)")(f)
    f = click.option("--module", type=click.Path(exists=True, path_type=Path), default=None)(f)
    f = click.option("--save", type=click.Path(exists=True, path_type=Path), default=None, help=".vsav or .vlog")(f)
    f = click.option("--scenario", default=None, help="scenario id: its setup is the position")(f)
    f = click.argument("game_ref", metavar="GAME")(f)
    return f


def _load(ref: str) -> Game:
    try:
        return load_game(ref)
    except GameDataError as e:
        raise click.ClickException(f"game {ref}: {str(e).splitlines()[0]}") from None
    except FileNotFoundError as e:
        raise click.ClickException(str(e)) from None


def _need_system(game: Game, system: str, what: str) -> None:
    if game.info.system != system:
        raise click.ClickException(f"{what} overlays are written for the {system} system; {game.id} is {game.info.system}")


@overlay.command("supply")
@_common
@click.option("--side", required=True)
@click.option("--reading", type=click.Choice(["17.3", "13.5"]), default="17.3", help="which friendly units negate EZOCs (PtR)")
def supply_cmd(game_ref, scenario, save, module, step, out, side, reading) -> None:
    """Where an HQ of SIDE traces a supply path (Piercing the Reich 17)."""
    from hexforge.rules.ptr_supply import PtrPaths, supply_overlay
    game = _load(game_ref)
    _need_system(game, "ptr", "supply")
    if side not in game.sides:
        raise click.UsageError(f"--side must be one of {', '.join(game.sides)}")
    _write(game, supply_overlay(PtrPaths(game, _state(game, scenario, save, module, step), reading=reading), side), out)


@overlay.command("command")
@_common
@click.option("--unit", required=True, help="the HQ")
@click.option("--mobility", type=click.Choice(["leg", "motorized"]), default="leg")
@click.option("--reading", type=click.Choice(["17.3", "13.5"]), default="17.3")
def command_cmd(game_ref, scenario, save, module, step, out, unit, mobility, reading) -> None:
    """The command range of an HQ (Piercing the Reich 18)."""
    from hexforge.rules.ptr_supply import PtrPaths, command_overlay
    game = _load(game_ref)
    _need_system(game, "ptr", "command")
    state = _state(game, scenario, save, module, step)
    if state.where(unit) is None:
        raise click.UsageError(f"HQ {unit} is not on the map in this position")
    _write(game, command_overlay(PtrPaths(game, state, reading=reading), unit, mobility), out)


@overlay.command("los")
@_common
@click.option("--from", "from_hex", required=True, help="the observer's hex")
@click.option("--night", is_flag=True)
@click.option("--weather", type=click.Choice(["clear", "P"]), default="clear")
@click.option("--grazing", type=click.Choice(["touch", "both-sides", "ignore"]), default="touch")
def los_cmd(game_ref, scenario, save, module, step, out, from_hex, night, weather, grazing) -> None:
    """What a unit in --from can observe (Highway to the Reich 7.0)."""
    from hexforge.rules.httr_los import Observation, los_overlay
    game = _load(game_ref)
    _need_system(game, "httr", "observation")
    if from_hex not in game.map.index:
        raise click.UsageError(f"--from {from_hex!r} is not a hex of {game.id}")
    _write(game, los_overlay(Observation(game, night=night, weather=weather, grazing=grazing), game.map.hex(from_hex)), out)


@overlay.command("reach")
@_common
@click.option("--unit", required=True)
def reach_cmd(game_ref, scenario, save, module, step, out, unit) -> None:
    """Where a unit can move this phase, with the cost (the system's movement rules)."""
    from hexforge.rules.reach import reach_overlay
    from hexforge.rules.system import rules_for
    game = _load(game_ref)
    state = _state(game, scenario, save, module, step)
    if state.where(unit) is None:
        raise click.UsageError(f"unit {unit} is not on the map in this position")
    _write(game, reach_overlay(rules_for(game), state, unit), out)
