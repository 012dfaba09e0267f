"""``hexforge log``: read VASSAL saves and logs into a timeline in hexes (registered by cli.py),
and the reading of a log, its module and its game that ``log show`` and ``check`` share."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import click

from hexforge.builder.binding import Binding, load_binding
from hexforge.builder.errors import FormatError
from hexforge.builder.modulereader import read_module
from hexforge.builder.provenance import GameLookupError, find_game, from_metadata, mismatches, module_metadata
from hexforge.builder.savefile import read_save, stream_save
from hexforge.builder.timeline import EventStream, Timeline, build_timeline, describe, where, who
from hexforge.games import Game, GameDataError, NoSuchGame

MODULE_HELP = "the .vmod the save or log was played with"
GAME_HELP = ("game id or game folder (default: the game the hexforge module records; a module not built by "
             "hexforge needs it)")
BINDING_HELP = "TOML binding of piece names and boards to the game's units and map"
MISMATCH_HELP = "go on when the log, the module and the game do not belong together (say why on stderr)"


class BadInput(click.ClickException):
    """An input that cannot be read or that does not fit the others (exit status 2)."""

    exit_code = 2


@dataclass(frozen=True, slots=True)
class Inputs:
    """A log read through its module and (when known) its game."""

    game: Game | None
    timeline: Timeline | EventStream  # a stream when asked for: read once, step by step
    inputs: tuple[Path, ...]  # every file read, which no output may overwrite


def read_inputs(log_file: Path, module_path: Path, game_ref: str | None, binding_path: Path | None,
                allow_mismatch: bool, game_required: bool, stream: bool = False) -> Inputs:
    """Read the log, its module and game, refusing files that do not belong together; with ``stream``, its
    events are read as they are judged (:class:`EventStream`)."""
    try:
        module = read_module(module_path)
        meta = module_metadata(module_path)
        game = _game(game_ref, meta, module.name, module_path, game_required)
        save = stream_save(log_file) if stream else read_save(log_file)  # a stream is never held whole
        _refuse_mismatch(mismatches(save.module, log_file, meta, module.name, module.version, module_path, game),
                         allow_mismatch)
        binding = load_binding(binding_path, game) if binding_path else Binding()
        timeline = EventStream(save, module, game, binding) if stream else build_timeline(save, module, game, binding)
    except (FormatError, GameLookupError, NoSuchGame) as e:
        raise BadInput(str(e)) from None
    except GameDataError as e:
        raise BadInput(f"game {game_ref}: {str(e).splitlines()[0]}") from None
    except OSError as e:
        raise BadInput(f"{e.filename or log_file}: {e.strerror or e}") from None
    files = [log_file, module_path] + ([binding_path] if binding_path else [])
    if game is not None:
        files += [p for p in Path(game.path).rglob("*") if p.is_file()]
    return Inputs(game, timeline, tuple(files))


def _game(ref: str | None, meta: dict[str, str], name: str, path: Path, required: bool) -> Game | None:
    try:
        return find_game(ref, meta, name, path)
    except GameLookupError as e:
        if required or ref is not None:
            raise
        if from_metadata(meta) is not None:  # a hexforge module of a game that is not bundled
            click.echo(f"warning: {e}; pieces are shown by their names", err=True)
        return None


def _refuse_mismatch(problems: list[str], allow: bool) -> None:
    if problems and not allow:
        raise BadInput("the log, the module and the game do not belong together:\n"
                       + "\n".join(f"  {p}" for p in problems)
                       + "\n(pass --allow-mismatch to read them together anyway)")
    for p in problems:
        click.echo(f"warning: {p}", err=True)


@click.group("log")
def log() -> None:
    """Read VASSAL saved games (.vsav) and logs (.vlog)."""


def render(t: Timeline) -> str:
    lines = [f"players: {', '.join(f'{n} ({s})' for n, s in t.players)}"] if t.players else []
    lines.append(f"setup: {len(t.setup)} pieces")
    for p in sorted(t.setup, key=lambda p: (where(p.hex, p.location), who(p.piece))):
        lines.append(f"  {who(p.piece)} at {where(p.hex, p.location)}")
    for e in t.events:
        lines.append(f"step {e.step}: {describe(e)}")
    lines += [f"warning: {w}" for w in t.warnings]
    return "\n".join(lines)


def to_json(t: Timeline) -> dict:
    return {"players": [list(p) for p in t.players], "steps": t.steps, "setup": [asdict(p) for p in t.setup],
            "events": [asdict(e) for e in t.events], "final": [asdict(p) for p in t.final],
            "warnings": list(t.warnings)}


@log.command("show", epilog="Exit status: 0 printed, 2 bad input (unreadable, missing or mismatched files).")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(path_type=Path), help=MODULE_HELP)
@click.option("--game", default=None, help=GAME_HELP + "; with a game, units and game hexes are reported")
@click.option("--binding", "binding_path", default=None, type=click.Path(path_type=Path), help=BINDING_HELP)
@click.option("--allow-mismatch", is_flag=True, help=MISMATCH_HELP)
@click.option("--json", "as_json", is_flag=True, help="print the timeline as JSON")
def show(file: Path, module_path: Path, game: str | None, binding_path: Path | None, allow_mismatch: bool,
         as_json: bool) -> None:
    """Print the timeline of FILE (.vsav or .vlog) in hexes."""
    t = read_inputs(file, module_path, game, binding_path, allow_mismatch, game_required=False).timeline
    click.echo(json.dumps(to_json(t), ensure_ascii=False, indent=1) if as_json else render(t))
