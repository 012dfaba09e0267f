"""``hexforge log``: read VASSAL saves and logs into a timeline in hexes (registered by cli.py)."""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import click

from hexforge.builder.binding import Binding, load_binding
from hexforge.builder.errors import FormatError
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import Timeline, build_timeline, describe, where, who
from hexforge.games import GameDataError, load_game


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


@log.command("show")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(path_type=Path),
              help="the .vmod the save or log was played with")
@click.option("--game", default=None, help="a game id or folder: report units and game hexes")
@click.option("--binding", "binding_path", default=None, type=click.Path(path_type=Path),
              help="TOML binding of piece names and boards to the game's units and map")
@click.option("--json", "as_json", is_flag=True, help="print the timeline as JSON")
def show(file: Path, module_path: Path, game: str | None, binding_path: Path | None, as_json: bool) -> None:
    """Print the timeline of FILE (.vsav or .vlog) in hexes."""
    try:
        g = load_game(game) if game else None
        binding = load_binding(binding_path, g) if binding_path else Binding()
        module = read_module(module_path)
        t = build_timeline(read_save(file), module, g, binding)
    except FormatError as e:
        raise click.ClickException(str(e)) from None
    except GameDataError as e:
        raise click.ClickException(f"game {game}: {str(e).splitlines()[0]}") from None
    except FileNotFoundError as e:
        raise click.ClickException(f"{game}: {e}") from None
    click.echo(json.dumps(to_json(t), ensure_ascii=False, indent=1) if as_json else render(t))
