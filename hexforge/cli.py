"""The hexforge command line: a thin front end over functions the tests call directly."""
from __future__ import annotations

import os
import sys
import traceback

import click

from hexforge.games import GameDataError, bundled_games, check_game, load_game
from hexforge.games.status import report, status

EPILOG_EXAMPLES = """
\b
Examples:
  hexforge games                       list the bundled games
  hexforge data check arnhem           validate a bundled game's data
  hexforge data check path/to/mygame   validate a game folder of your own
  hexforge data status aachen          what is known and what is still unknown
"""


@click.group(epilog=EPILOG_EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hexforge")
def cli() -> None:
    """Hex-and-counter wargames as data: VASSAL modules, log checks, overlays.

    A GAME is a bundled game id (see `hexforge games`) or the path of a game folder.
    """


@cli.command("games")
def games_cmd() -> None:
    """List the bundled games."""
    for gid in bundled_games():
        try:
            g = load_game(gid)
            click.echo(f"{gid:<24}{g.title}  [{g.info.system}; {len(g.scenarios)} scenarios, {len(g.units)} units]")
        except GameDataError as e:
            click.echo(f"{gid:<24}(data has {len(e.problems)} problems: run `hexforge data check {gid}`)")


@cli.group("data")
def data_cmd() -> None:
    """Validate game data and see what it lacks."""


@data_cmd.command("check")
@click.argument("games", nargs=-1)
def data_check(games: tuple[str, ...]) -> None:
    """Validate game folders (all bundled games when none is named).

    Every problem is listed with its file, the place in it and what would be valid.
    """
    failed = 0
    for ref in games or tuple(bundled_games()):
        problems = check_game(ref)
        if problems:
            failed += 1
            click.echo(f"{ref}: {len(problems)} problem{'s' if len(problems) != 1 else ''}", err=True)
            for p in problems:
                click.echo(f"  {p}", err=True)
        else:
            click.echo(f"{ref}: ok")
    if failed:
        sys.exit(1)


@data_cmd.command("status")
@click.argument("game")
@click.option("--verbose", "-v", is_flag=True, help="List every unknown value.")
def data_status(game: str, verbose: bool) -> None:
    """What GAME's data knows and lacks, by category, and which tables are missing."""
    click.echo(report(status(load_game(game)), verbose))


def main() -> None:
    """Entry point: user errors print as messages, never as tracebacks."""
    try:
        cli(standalone_mode=False)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except GameDataError as e:
        click.echo(f"error: the game data has {len(e.problems)} problem(s):", err=True)
        for p in e.problems:
            click.echo(f"  {p}", err=True)
        sys.exit(1)
    except OSError as e:
        click.echo(f"error: {e.strerror or e}: {e.filename or ''}".rstrip(": "), err=True)
        sys.exit(1)
    except Exception as e:  # a bug: say so plainly, traceback only on request
        if os.environ.get("HEXFORGE_DEBUG"):
            traceback.print_exc()
        click.echo(f"internal error: {type(e).__name__}: {e} (set HEXFORGE_DEBUG=1 for details; please report)",
                   err=True)
        sys.exit(70)
