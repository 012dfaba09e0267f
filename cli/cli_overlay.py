"""``hexforge overlay supply|command|los|reach|lines GAME``: overlays as PNG, SVG, JSON, or a VASSAL .vsav."""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import click

from hexforge.games.game import Game
from hexforge.games.loader import load_game
from hexforge.games.problems import GameDataError
from hexforge.maps.overlay import Overlay, render
from hexforge.output import OutputError, check_target, progress, write_atomic
from hexforge.rules import rules_for
from hexforge.rules.state import GameState
from hexforge.rules.system import RulesSystem

FORMATS = (".png", ".svg", ".json", ".vsav")


def _bad(message: str) -> click.ClickException:
    """A one-line error for people (no usage block, no traceback)."""
    return click.ClickException(message)


class _Group(click.Group):
    """Turns unreadable inputs (saves, modules, game data) into one-line errors."""

    def invoke(self, ctx: click.Context):
        from hexforge.builder.errors import FormatError
        try:
            return super().invoke(ctx)
        except (FormatError, GameDataError) as e:
            raise _bad(str(e).splitlines()[0]) from None
        except OutputError as e:
            raise _bad(e.message) from None


@click.group("overlay", cls=_Group)
def overlay() -> None:
    """Supply, command range, line of sight and movement range over the map.

    \b
    What each system draws:
      Fire & Movement (Aachen, Arnhem): reach; Arnhem also lines
      Piercing the Reich: supply, command
      Highway to the Reich: supply, los"""


def _timeline(game: Game, save: Path, module: Path | None):
    if module is None:
        raise _bad("--save needs --module (the .vmod the save was made with)")
    from hexforge.builder.modulereader import read_module
    from hexforge.builder.savefile import read_save
    from hexforge.builder.timeline import build_timeline
    return build_timeline(read_save(save), read_module(module), game)


def _state(game: Game, scenario: str | None, save: Path | None, module: Path | None, step: int | None,
           timeline=None) -> GameState:
    if save is not None:
        t = timeline if timeline is not None else _timeline(game, save, module)
        state = GameState.from_setup(game, t)
        for e in t.events:
            if step is not None and getattr(e, "step", 0) > step:
                break
            state = state.apply(e, game)
        return state
    pos: dict = {}
    if scenario is not None:
        if scenario not in game.scenarios:
            raise _bad(f"no scenario {scenario!r} in {game.id} (valid: {', '.join(sorted(game.scenarios))})")
        for entry in game.scenarios[scenario].setup:
            label = entry.hex.resolved if entry.hex is not None and hasattr(entry.hex, "resolved") else entry.hex
            if isinstance(entry.units, list) and isinstance(label, str) and label in game.map.index:
                for u in entry.units:
                    if u in game.units:
                        pos[u] = game.map.hex(label)
    sides = {u: game.units[u].side for u in game.units}
    return GameState(MappingProxyType(pos), MappingProxyType(sides), turn=1)


def _write(game: Game, ov: Overlay, out: Path, module: Path | None = None, save: Path | None = None) -> None:
    """Write the overlay to ``out`` (already checked by :func:`_common`: a new file, or ``--force``, never an
    input)."""
    if out.suffix == ".vsav":
        _write_vsav(game, ov, out, module, save)
    else:
        write_atomic(out, render(game.map, ov, out.suffix), force=True, inputs=(save, module))
    click.echo(f"wrote {out} ({ov.title})")


def _write_vsav(game: Game, ov: Overlay, out: Path, module: Path | None, save: Path | None) -> None:
    """A saved game with one overlay marker per hex on the module's main map (over the
    position of ``save`` when it is a .vsav)."""
    from hexforge.builder.commands import BoardSpec
    from hexforge.builder.module import MAIN_MAP, main_layout
    from hexforge.builder.modulereader import read_module
    from hexforge.builder.overlays import PALETTE, marker_pieces, overlay_save_text
    from hexforge.builder.safezip import SafeZip
    from hexforge.builder.errors import ModuleFormatError
    from hexforge.builder.savefile import read_save, write_save
    from hexforge.maps.layout import MapLayout, PlacedBoard
    if module is None:
        raise _bad("-o .vsav needs --module M.vmod (the hexforge module the overlay is for)")
    mod = read_module(module)
    with SafeZip(module, ModuleFormatError) as sz:
        if f"images/{next(iter(PALETTE.values()))}" not in sz:
            raise _bad(f"{module} has no overlay marker images: rebuild it with this version of hexforge")
    main = mod.map(MAIN_MAP)
    if main is None:
        raise _bad(f"{module} has no map {MAIN_MAP!r}: not a hexforge module")
    placed = []
    for b in main_layout(game)[0].boards:
        mb = main.board(b.name)
        if mb is None or mb.grid is None:
            raise _bad(f"{module}: the main map has no gridded board {b.name!r}; is it a module of {game.id}?")
        placed.append(PlacedBoard(b.name, mb.grid, b.column, b.row))
    layout = MapLayout(tuple(placed), main.edge_width, main.edge_height)
    by_prefix = {b.name.removeprefix("Sheet "): b.name for b in placed}

    def board_of(label: str) -> str:
        return by_prefix[label[:1]] if len(placed) > 1 else placed[0].name

    markers = marker_pieces(ov, layout, board_of, game.map.label, MAIN_MAP)
    base = read_save(save).text if save is not None and save.suffix == ".vsav" else None
    text = overlay_save_text(markers, MAIN_MAP, [BoardSpec(b.name, b.column, b.row) for b in placed], base)
    write_save(out, text, 0x5A, mod.name, mod.version, ov.title, force=True)


def _common(f):
    """The options every overlay takes; the output is checked before any work is done."""
    command = f

    def checked(*args, out: Path, force: bool, save: Path | None, module: Path | None, **kwargs):
        if out.suffix not in FORMATS:
            raise _bad(f"-o must end in one of {', '.join(FORMATS)}, not {out.name!r}")
        check_target(out, force, (save, module))
        return command(*args, out=out, save=save, module=module, **kwargs)

    checked.__name__, checked.__doc__ = f.__name__, f.__doc__
    checked.__click_params__ = list(getattr(f, "__click_params__", []))  # the command's own options
    f = checked
    f = click.option("--force", is_flag=True, help="overwrite -o if it exists (never an input file)")(f)
    f = click.option("-o", "--out", required=True, type=click.Path(path_type=Path),
                     help="out.png, .svg, .json, or .vsav (a saved game for --module)")(f)
    f = click.option("--step", type=int, default=None, help="log step of --save to show (default: the end)")(f)
    f = click.option("--module", type=click.Path(exists=True, path_type=Path), default=None,
                     help="the hexforge .vmod of the game: needed with --save and for -o .vsav")(f)
    f = click.option("--save", type=click.Path(exists=True, path_type=Path), default=None,
                     help=".vsav or .vlog whose position is shown")(f)
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


def _offering(game: Game, scenario: str | None, kind: str) -> RulesSystem:
    """The game's rules, when they draw ``kind`` overlays; else a one-line error naming those they draw."""
    try:
        rules = rules_for(game, scenario)
    except ValueError as e:
        raise _bad(str(e)) from None
    if kind not in rules.overlays:
        offered = ", ".join(rules.overlays) or "none"
        raise _bad(f"{kind} overlays are not drawn for {game.id} (the {rules.system_id} system); "
                   f"its overlays: {offered}")
    return rules


@overlay.command("supply")
@_common
@click.option("--side", required=True, help="the side whose supply is traced (a side id of the game)")
@click.option("--reading", type=click.Choice(["17.3", "13.5"]), default="17.3", help="which friendly units negate EZOCs (PtR)")
@click.option("--travel", multiple=True, help="a unit in Travel Mode (HTTR; repeatable)")
@click.option("--disrupted", multiple=True, help="a disrupted unit (HTTR; repeatable)")
@click.option("--turn", type=int, default=None,
              help="game turn, for off-map areas captured (HTTR ScR 5.1.1.2; default: the save's turn)")
def supply_cmd(game_ref, scenario, save, module, step, out, side, reading, travel, disrupted, turn) -> None:
    """Supply: where an HQ of SIDE traces a path (Piercing the Reich 17), or each unit's
    supply chain (Highway to the Reich 13.2). With --save, Travel Mode and disrupted units are
    read from the saved game's pieces; --travel/--disrupted add to them."""
    game = _load(game_ref)
    if side not in game.sides:
        raise _bad(f"--side must be one of {', '.join(game.sides)}")
    unknown = [u for u in (*travel, *disrupted) if u not in game.units]
    if unknown:
        raise _bad(f"no unit {unknown[0]!r} in {game.id}")
    rules = _offering(game, scenario, "supply")
    timeline = _timeline(game, save, module) if save is not None else None
    state = _state(game, scenario, save, module, step, timeline)
    units = sum(1 for u in state.positions if state.side(u) == side)
    with progress(units, "tracing supply") as bar:  # a bar only on a terminal
        ov = rules.supply_overlay(state, side, reading=reading, travel=travel, disrupted=disrupted, turn=turn,
                                  timeline=timeline, step=step, progress=bar.update)
    _write(game, ov, out, module, save)


@overlay.command("command")
@_common
@click.option("--unit", required=True, help="the HQ whose command range is drawn")
@click.option("--mobility", type=click.Choice(["leg", "motorized"]), default="leg",
              help="how the command range is traced (PtR 18)")
@click.option("--reading", type=click.Choice(["17.3", "13.5"]), default="17.3",
              help="which friendly units negate EZOCs (PtR)")
def command_cmd(game_ref, scenario, save, module, step, out, unit, mobility, reading) -> None:
    """The command range of an HQ (Piercing the Reich 18)."""
    game = _load(game_ref)
    rules = _offering(game, scenario, "command")
    state = _state(game, scenario, save, module, step)
    if state.where(unit) is None:
        raise _bad(f"HQ {unit} is not on the map in this position")
    _write(game, rules.command_overlay(state, unit, mobility=mobility, reading=reading), out, module, save)


@overlay.command("los")
@_common
@click.option("--from", "from_hex", required=True, help="the observer's hex")
@click.option("--night", is_flag=True, help="observation at night (SR 20)")
@click.option("--weather", type=click.Choice(["clear", "P"]), default="clear", help="the weather (P: poor visibility)")
@click.option("--grazing", type=click.Choice(["touch", "both-sides", "ignore"]), default="touch",
              help="how a line along a hexside is judged (the rules are silent)")
def los_cmd(game_ref, scenario, save, module, step, out, from_hex, night, weather, grazing) -> None:
    """What a unit in --from can observe (Highway to the Reich 7.0)."""
    game = _load(game_ref)
    rules = _offering(game, scenario, "los")
    if from_hex not in game.map.index:
        raise _bad(f"--from {from_hex!r} is not a hex of {game.id}")
    state = _state(game, scenario, save, module, step)
    _write(game, rules.los_overlay(state, game.map.hex(from_hex), night=night, weather=weather, grazing=grazing),
           out, module, save)


@overlay.command("reach")
@_common
@click.option("--unit", required=True, help="the unit whose movement range is drawn")
def reach_cmd(game_ref, scenario, save, module, step, out, unit) -> None:
    """Where a unit can move this phase, with the cost (the system's movement rules)."""
    game = _load(game_ref)
    rules = _offering(game, scenario, "reach")
    state = _state(game, scenario, save, module, step)
    if state.where(unit) is None:
        raise _bad(f"unit {unit} is not on the map in this position")
    _write(game, rules.reach_overlay(state, unit), out, module, save)


@overlay.command("lines")
@_common
@click.option("--blocked-by", type=click.Choice(["enemy-units", "enemy-zoc"]), default="enemy-units",
              help="what breaks a line of hexes (the rule is silent)")
@click.option("--road", "roads", multiple=True, help="a south map edge road hex (default: the game's map data)")
def lines_cmd(game_ref, scenario, save, module, step, out, blocked_by, roads) -> None:
    """British non-airborne units' lines of hexes to the south edge road hex (Arnhem 10.7.2 c)."""
    game = _load(game_ref)
    rules = _offering(game, scenario, "lines")
    bad = [r for r in roads if r not in game.map.index]
    if bad:
        raise _bad(f"--road {bad[0]!r} is not a hex of {game.id}")
    targets = frozenset(game.map.hex(r) for r in roads) if roads else None
    state = _state(game, scenario, save, module, step)
    _write(game, rules.lines_overlay(state, blocked_by=blocked_by, targets=targets), out, module, save)
