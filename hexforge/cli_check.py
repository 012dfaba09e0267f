"""``hexforge check`` (judge a VASSAL log against the rules) and ``hexforge rules coverage``."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import click

from hexforge.builder.errors import FormatError
from hexforge.builder.modulereader import read_module
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import build_timeline
from hexforge.games import GameDataError, load_game


def _write(path: Path, data: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".hexforge-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(data)
    os.replace(tmp, path)


@click.command("check")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="the .vmod the log was played with")
@click.option("--game", "game_ref", default=None, help="game id or folder (default: the module's name)")
@click.option("--scenario", default=None, help="the scenario played (default: recognised from the setup, else "
              "every check that depends on it says which scenarios disagree)")
@click.option("--json", "as_json", is_flag=True, help="print the verdicts as JSON")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also write an HTML report with the map")
def check(log_file: Path, module_path: Path, game_ref: str | None, scenario: str | None, as_json: bool,
          html_path: Path | None) -> None:
    """Judge every event of a VASSAL log (.vlog/.vsav): legal, illegal (rule), or not checkable (needs)."""
    from hexforge.rules import check as judge, report
    try:
        module = read_module(module_path)
        game = load_game(game_ref or module.name)
        timeline = build_timeline(read_save(log_file), module, game)
    except (FormatError, GameDataError, OSError) as e:
        raise click.ClickException(str(e)) from None
    try:
        result = judge(game, timeline, scenario)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(report.as_json(result) if as_json else report.text(result), nl=False)
    if html_path is not None:
        _write(html_path, report.as_html(game, result))


@click.group("rules")
def rules() -> None:
    """What the rules code covers."""


@rules.command("coverage")
@click.argument("system", default="fm")
@click.option("--write", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also write the matrix (markdown) to this file")
def coverage(system: str, out: Path | None) -> None:
    """Each rule section and predicate of SYSTEM: implemented / needs data / not yet."""
    from hexforge.rules import coverage as matrix
    try:
        text = matrix(system)
    except (KeyError, ValueError) as e:
        raise click.ClickException(str(e)) from None
    click.echo(text, nl=False)
    if out is not None:
        _write(out, text)
