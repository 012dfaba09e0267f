"""The hexforge command line: a thin front end over functions the tests call directly."""
from __future__ import annotations

import os
import sys
import traceback
import warnings
from pathlib import Path

import click

from hexforge.cli_check import check, rules
from hexforge.cli_log import log
from hexforge.cli_overlay import overlay
from hexforge.cli_survey import survey
from hexforge.games import Game, GameDataError, NoSuchGame, bundled_games, check_game, load_game, resolve_game
from hexforge.games.status import report, status
from hexforge.output import check_target, note_replacements, progress, tolerant_terminal, write_atomic

EPILOG_EXAMPLES = """
\b
Examples:
  hexforge build arnhem                write arnhem.vmod: the whole game as a VASSAL module
  hexforge build aachen -o out/a.vmod --scenario historical
  hexforge preview arnhem -o preview/  the map and a counter sheet as PNGs
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


def game_arg(ref: str) -> Game:
    """A GAME argument (bundled id or folder) loaded; a misspelled id is a clear error with suggestions."""
    try:
        return load_game(ref)
    except NoSuchGame as e:
        raise click.ClickException(str(e)) from None


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
@click.argument("games", nargs=-1, metavar="[GAME]...")
def data_check(games: tuple[str, ...]) -> None:
    """Validate game folders (all bundled games when none is named).

    Every problem is listed with its file, the place in it and what would be valid.
    """
    failed = 0
    for ref in games or tuple(bundled_games()):
        try:
            problems = check_game(resolve_game(ref))
        except NoSuchGame as e:
            failed += 1
            click.echo(f"{ref}: {e}", err=True)
            continue
        if problems:
            failed += 1
            click.echo(f"{ref}: {len(problems)} problem{'s' if len(problems) != 1 else ''}", err=True)
            for p in problems:
                click.echo(f"  {p}", err=True)
        else:
            click.echo(f"{ref}: ok")
    if failed:
        sys.exit(1)


@data_cmd.command("copy")
@click.argument("game")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
def data_copy(game: str, folder: Path) -> None:
    """Copy GAME's data into FOLDER/<game id> (a game folder is named by its id), to edit it or survey your
    own map into it."""
    import shutil
    g = game_arg(game)
    target = folder / g.id
    if target.exists():
        raise click.ClickException(f"{target} exists; name another FOLDER (nothing was written)")
    shutil.copytree(g.path, target, ignore=shutil.ignore_patterns("__pycache__"))
    click.echo(f"{target}: a copy of {g.id}; use it as GAME (e.g. hexforge survey grid {target} --image scan.png)")


@data_cmd.command("status")
@click.argument("game")
@click.option("--verbose", "-v", is_flag=True, help="List every unknown value.")
def data_status(game: str, verbose: bool) -> None:
    """What GAME's data knows and lacks, by category, which tables are missing, and (for a system with a
    log checker) which missing data would unlock the most checks."""
    from hexforge.rules import rules_for
    g = game_arg(game)
    try:
        catalogue = rules_for(g).catalogue or None
    except ValueError:  # a system with no rules code (e.g. a test system): the data alone
        catalogue = None
    click.echo(report(status(g, catalogue), verbose))


@cli.command("build")
@click.argument("game")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Module file to write (default: GAME.vmod in the current folder).")
@click.option("--scenario", "scenarios", multiple=True, help="Only this scenario's setup (repeatable).")
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
@click.option("--map-image", "map_images", multiple=True, metavar="[SHEET=]PATH",
              help="Your own map image instead of the drawn one; for a game on several sheets SHEET=PATH, "
                   "once per sheet you have a scan of (the others keep the drawn map).")
@click.option("--grid", "grid_spec", metavar="DX,DY,X,Y",
              help="With one --map-image: column spacing, hex height, and the centre pixel of the top-left hex "
                   "(default: the grid `hexforge survey grid` fitted to this very image).")
def build_cmd(game: str, output: Path | None, scenarios: tuple[str, ...], force: bool,
              map_images: tuple[str, ...], grid_spec: str | None) -> None:
    """Build GAME into a VASSAL module with every scenario set up."""
    from hexforge.builder.build import SetupWarning, build_entries
    from hexforge.builder.vmod import zip_bytes

    g = game_arg(game)
    unknown = [s for s in scenarios if s not in g.scenarios]
    if unknown:
        raise click.BadParameter(f"no scenario {', '.join(unknown)} (valid: {', '.join(sorted(g.scenarios))})",
                                 param_hint="--scenario")
    if grid_spec is not None and len(map_images) != 1:
        raise click.UsageError("--grid goes with one --map-image")
    images, inputs = _map_image(g, map_images, grid_spec) if map_images else ({}, [])
    output = check_target(output or Path(f"{g.id}.vmod"), force, inputs, parents=True)
    steps = 5 + (len(scenarios) if scenarios else len(g.scenarios))
    with progress(steps, f"building {g.title}") as bar, warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always", SetupWarning)
        entries = build_entries(g, list(scenarios) or None, lambda _msg: bar.update(1), images or None)
        bar.update(steps)
    for w in said:  # what a set-up cannot place, one line each, after the progress bar
        click.echo(f"warning: {w.message}", err=True)
    write_atomic(output, zip_bytes(entries), force, inputs, parents=True)
    click.echo(f"wrote {output} ({output.stat().st_size // 1024} KB, {len(g.units)} counters, "
               f"{len(scenarios) or len(g.scenarios)} scenario setups)")


def _map_image(game, specs: tuple[str, ...], spec: str | None):
    """The map images' bytes and grids by sheet letter, and their files: each image's typed ``--grid``
    checked against the hexes printed on it, or else the grid its sheet was fitted to on this very
    file (survey.toml's checksum must match)."""
    from hexforge.maps.convention import ImageGrid
    from hexforge.survey.buildgrid import GridMismatch, MapImageError, fitted_for_build, image_specs, typed_for_build
    from hexforge.survey.gridfile import GridFileError
    from hexforge.survey.image import ImageError, image_size

    try:
        paths = image_specs(game, specs)
    except MapImageError as e:
        raise click.BadParameter(str(e), param_hint="--map-image") from None
    sheets = {s.prefix: s for s in game.map.sheets}
    out = {}
    for sheet, path in paths.items():
        of = f"sheet {sheet}: " if sheet else ""
        try:
            if spec is None:
                chosen = fitted_for_build(game.path, path, sheet)
            else:
                try:
                    dx, dy, x, y = (float(v) for v in spec.split(","))
                except ValueError:
                    raise click.BadParameter(f"{spec!r} is not DX,DY,X,Y (e.g. 55.4,64,37,32)",
                                             param_hint="--grid") from None
                width, height = image_size(path)
                typed = ImageGrid(dx, dy, int(x), int(y), width, height)
                chosen = typed_for_build(path, sheets[sheet or game.map.sheets[0].prefix].convention, typed,
                                         str(game.path))
        except ImageError as e:
            raise click.BadParameter(of + str(e), param_hint="--map-image") from None
        except (GridMismatch, GridFileError) as e:
            raise click.ClickException(of + str(e)) from None
        for note in chosen.notes:
            click.echo(f"map image{f' of sheet {sheet}' if sheet else ''}: {note}", err=True)
        out[sheet or game.map.sheets[0].prefix] = (chosen.data, chosen.grid)
    return out, list(paths.values())


@cli.command("preview")
@click.argument("game")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Folder for the PNGs (made if missing).")
@click.option("--force", is_flag=True, help="Overwrite PNGs that exist.")
def preview_cmd(game: str, output: Path, force: bool) -> None:
    """Write GAME's map (one PNG per sheet) and a counter sheet, for a quick look."""
    from hexforge.builder.module import assemble, counter_sheet
    from hexforge.maps.draw import draw_board
    from hexforge.maps.png import png_bytes

    g = game_arg(game)
    boards = list(g.map.sheet_boards())
    maps = [output / f"{g.id}-map{('-' + sb.sheet.prefix) if sb.sheet.prefix else ''}.png" for sb in boards]
    sheet = output / f"{g.id}-counters.png"
    for path in (*maps, sheet):
        check_target(path, force, parents=True)
    images: list[bytes] = []
    with progress(len(boards) + 1, f"drawing {g.title}") as bar:
        for sb in boards:
            images.append(png_bytes(draw_board(g.map, sb)))
            bar.update(1)
        images.append(png_bytes(counter_sheet(assemble(g))))
        bar.update(1)
    for path, data in zip((*maps, sheet), images):
        write_atomic(path, data, force, parents=True)
        click.echo(f"wrote {path}")


cli.add_command(log)
cli.add_command(overlay)
cli.add_command(check)
cli.add_command(rules)
cli.add_command(survey)


def main() -> None:
    """Entry point: user errors print as messages, never as tracebacks; output never fails on encoding."""
    tolerant_terminal()
    try:
        _run()
    finally:
        note_replacements()


def _run() -> None:
    """The CLI with every user error turned into a message and an exit status."""
    try:
        code = cli(standalone_mode=False)  # click returns ctx.exit's status instead of raising it
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
    if isinstance(code, int) and code:
        sys.exit(code)
