"""`hexforge survey`: bring your own map. A thin front end over :mod:`hexforge.survey`."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click


@click.group("survey")
def survey() -> None:
    """Bring your own map: fit the game's grid to a scan, digitize its terrain, review it."""


def own_game(ref: str):
    """A GAME the survey may write into: a game folder of the user's, never a bundled game's (whose folder is
    part of the installed package): a bundled id is refused, saying how to copy it."""
    from hexforge.cli import game_arg
    from hexforge.games import bundled_games
    if not Path(ref).is_dir() and ref in bundled_games():
        raise click.ClickException(
            f"{ref} is a bundled game, and the survey writes into the game's folder: survey a copy of your own "
            f"(hexforge data copy {ref} my-games, then hexforge survey ... my-games/{ref})")
    return game_arg(ref)


def _at_point(text: str):
    from hexforge.survey.gridfile import AtPoint
    try:
        label, xy = text.split("=", 1)
        x, y = (float(v) for v in xy.split(","))
    except ValueError:
        raise click.BadParameter(f"{text!r} is not HEX=X,Y (e.g. 0101=37,32)", param_hint="--at") from None
    return AtPoint(label.strip(), x, y)


def _sheet(g, letter: str | None, command: str):
    """The game's sheet a command works on (``--sheet``; needed when the game has several)."""
    from hexforge.survey.sheets import SheetError, sheet_of
    try:
        return sheet_of(g, letter, command)
    except SheetError as e:
        raise click.UsageError(str(e)) from None


@survey.command("grid")
@click.argument("game")
@click.option("--image", "image_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The map image (a scan or photo of the printed map, or of one sheet of it).")
@click.option("--sheet", "letter", metavar="SHEET",
              help="The sheet the image shows (its letter, e.g. A), for a game printed on several sheets.")
@click.option("--module", "module_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Instead of --image: a community module (theirs.vmod) whose board images and grids are taken.")
@click.option("--board", help="With --module: the board to take (default: the one holding the game's sheet).")
@click.option("--at", "at", multiple=True, metavar="HEX=X,Y",
              help="The centre pixel of a hex you can read on the image (repeatable); says which hex is which.")
@click.option("--picture", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the image with the fitted grid over it (default: GAME/survey-grid.png, "
                   "GAME/survey-grid-SHEET.png for one sheet of several).")
@click.option("--force", is_flag=True, help="Overwrite an existing --picture file.")
def grid_cmd(game: str, image_path: Path | None, letter: str | None, module_path: Path | None, board: str | None,
             at: tuple[str, ...], picture: Path | None, force: bool) -> None:
    """Fit GAME's hex grid to a map image: spacing, origin, rotation, and which hex is which.

    Writes [grid] into GAME/survey.toml (with the image's checksum, so `hexforge build GAME
    --map-image IMAGE` uses it) and a picture of the image with the fitted grid drawn over it.
    A game printed on several sheets is fitted one scan per sheet (--sheet A --image a.png),
    each into its own [grid.sheets.A]; fitting one sheet leaves the others' grids as they are.
    With --module, the board images of someone else's module are copied into GAME and their
    VASSAL grids taken as they are (no fitting), one per sheet.
    """
    from hexforge.output import check_target, write_atomic
    from hexforge.survey.grid import FitError, fit
    from hexforge.survey.gridfile import GridFileError, write_grid
    from hexforge.survey.gridpicture import grid_picture
    from hexforge.survey.image import ImageError, load
    from hexforge.survey.sheets import SheetError, key, local, several

    g = own_game(game)
    if (image_path is None) == (module_path is None):
        raise click.UsageError("give either --image (a scan to fit) or --module (a module's board to take)")
    if module_path is not None:
        if letter is not None:
            raise click.UsageError("--sheet goes with --image; --module takes every sheet's board it holds")
        return _grid_from_module(g, module_path, board, picture, force)
    sheet = _sheet(g, letter, "survey grid")
    default_picture = picture is None
    picture = picture or g.path / (f"survey-grid-{sheet.prefix}.png" if several(g) else "survey-grid.png")
    try:
        points = tuple(replace(p, hex=local(g, sheet, p.hex)) for p in (_at_point(t) for t in at))
    except SheetError as e:
        raise click.BadParameter(str(e), param_hint="--at") from None
    check_target(picture, force or default_picture, [image_path])
    try:
        image = load(image_path)
        result = fit(image, sheet.convention, points)
        png = grid_picture(image.pixels, result.grid, sheet.convention)
        path = write_grid(g.path, result.grid, key(g, sheet))
    except (ImageError, FitError, GridFileError) as e:
        raise click.ClickException(str(e)) from None
    write_atomic(picture, png, force or default_picture, [image_path])
    gr = result.grid
    of = f"sheet {sheet.prefix} of {g.id}" if several(g) else g.id
    click.echo(f"fitted {len(result.centres)} hexes of {of} on {image.describe()}: dx {gr.dx:.2f}, dy {gr.dy:.2f}, "
               f"rotation {gr.rotation:.2f} deg, residual mean {gr.residual_mean:.2f} px (max {gr.residual_max:.2f})")
    click.echo(gr.labelling)
    click.echo(f"wrote {path} and {picture} (look at it: every hex outline should sit on the printed one)")


def _grid_from_module(g, module_path: Path, board: str | None, picture: Path | None, force: bool) -> None:
    """`survey grid --module`: each board's image into the game folder, its HexGrid into survey.toml."""
    from hexforge.builder.errors import FormatError
    from hexforge.builder.modulereader import read_module
    from hexforge.cli_log import BadInput
    from hexforge.output import check_target, write_atomic
    from hexforge.survey.gridfile import GridFileError
    from hexforge.survey.gridpicture import grid_picture
    from hexforge.survey.image import ImageError, load
    from hexforge.survey.module import ModuleGridError, import_grids
    from hexforge.survey.sheets import several

    if picture is not None and several(g):
        raise click.UsageError(f"{g.id} is printed on several sheets: --module writes one picture per sheet "
                               "(GAME/survey-grid-SHEET.png), give no --picture")
    if picture is not None:
        check_target(picture, force, [module_path])  # before anything is written
    try:
        imported = import_grids(g.path, read_module(module_path), g, board, force)
        for sheet, (image_path, grid) in imported.items():
            target = picture or g.path / (f"survey-grid-{sheet.prefix}.png" if several(g) else "survey-grid.png")
            png = grid_picture(load(image_path).pixels, grid, sheet.convention)
            write_atomic(target, png, force or picture is None, [module_path])
            click.echo(f"took the grid of {grid.source}" + (f" for sheet {sheet.prefix}" if several(g) else ""))
            click.echo(f"wrote {image_path} and {target}")
    except (FormatError, ModuleGridError) as e:
        raise BadInput(str(e)) from None
    except (ImageError, GridFileError) as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"wrote {g.path / 'survey.toml'}")


@survey.command("bind")
@click.argument("game")
@click.option("--module", "module_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="their .vmod: the community module whose pieces and boards are bound")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="the binding TOML to write (for `hexforge check --binding`)")
@click.option("--force", is_flag=True, help="overwrite the output file if it exists")
def bind_cmd(game: str, module_path: Path, output: Path, force: bool) -> None:
    """Propose which of their pieces is which unit of GAME, and which game hex each board hex is.

    Every line says why (id, name, printed values, side); check it, then pass the file to
    `hexforge check LOG --module THEIRS.vmod --game GAME --binding FILE`.
    """
    from hexforge.builder.errors import FormatError
    from hexforge.builder.modulereader import read_module
    from hexforge.cli import game_arg
    from hexforge.cli_log import BadInput
    from hexforge.output import check_target, write_atomic
    from hexforge.survey.binding import binding_toml
    from hexforge.survey.module import ModuleGridError

    g = game_arg(game)
    check_target(output, force, [module_path])
    try:
        text = binding_toml(read_module(module_path), g, f"hexforge survey bind {game} --module {module_path.name}")
    except (FormatError, ModuleGridError) as e:
        raise BadInput(str(e)) from None
    write_atomic(output, text, force, [module_path])
    bound = sum(1 for line in text.splitlines() if line.startswith('"') and " = " in line)
    click.echo(f"wrote {output}: {bound} pieces bound to units of {g.id}; check it before you use it")


@survey.command("review")
@click.argument("game")
@click.option("--image", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="the scan the grid was fitted on (default: the game's own drawn map)")
@click.option("--sheet", "letter", metavar="SHEET",
              help="the sheet to review (its letter, e.g. B), for a game printed on several sheets")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="the local port to serve on (0: any free one)")
@click.option("--no-browser", is_flag=True, help="print the page's address instead of opening a browser")
def review_cmd(game: str, image: Path | None, letter: str | None, port: int, no_browser: bool) -> None:
    """Review GAME's surveyed terrain on a local page over the scan; saving writes terrain.toml.

    Click a hex or a hexside, press a terrain type's key (the page lists them) or c to confirm;
    Save (Ctrl+S) writes what was reviewed (reviewed = true). Ctrl+C here stops the page.
    A game on several sheets is reviewed one sheet per page (--sheet B, over that sheet's scan).
    """
    import webbrowser

    from hexforge.games import NoSuchGame, resolve_game
    from hexforge.survey.review import ReviewError, ReviewServer, session

    try:
        server = ReviewServer(session(resolve_game(own_game(game).path), image, letter), port)
    except (NoSuchGame, ReviewError) as e:
        raise click.ClickException(str(e)) from None
    except OSError as e:
        raise click.ClickException(f"cannot serve on 127.0.0.1:{port}: {e.strerror or e}") from None
    click.echo(f"reviewing {game} at {server.url} (Ctrl+C stops)")
    if not no_browser:
        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        server.server_close()


@survey.command("terrain")
@click.argument("game")
@click.option("--image", "image_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The map image the grid was fitted on (`hexforge survey grid`).")
@click.option("--sheet", "letter", metavar="SHEET",
              help="The sheet the image shows (its letter, e.g. A), for a game printed on several sheets.")
@click.option("--samples", "samples_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help='A few hexes per terrain type (woods = ["0507", "1203"]; A0507 on sheet A) and hex pairs per '
                   'hexside feature and road kind (river = [["0507", "0508"]]; canal = [] for none on this map).')
@click.option("--key", "key_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Hex terrain types by the map key instead: woods = [x0, y0, x1, y1], a pixel box inside "
                   "its swatch.")
@click.option("--force", is_flag=True, help="Replace the unreviewed values of an earlier survey (of this sheet).")
def terrain_cmd(game: str, image_path: Path, letter: str | None, samples_path: Path | None, key_path: Path | None,
                force: bool) -> None:
    """Digitize GAME's terrain from a map image: every hex, hexside and road, with a confidence.

    Writes [[surveyed]], [[surveyed_hexsides]] and [[surveyed_lines]] into GAME/terrain.toml with
    reviewed = false; what a person entered or reviewed there is never changed. A game on several
    sheets is surveyed one sheet at a time (--sheet A); a hex on an overlap row keeps the value of
    the first sheet surveyed. Then review the least confident first: `hexforge survey review GAME`.
    """
    from PIL import Image

    from hexforge.survey import store
    from hexforge.survey.gridfile import GridFileError, read_grid
    from hexforge.survey.image import ImageError, load
    from hexforge.survey.sheets import canonical, key, several
    from hexforge.survey.terrain import (Samples, SamplesError, adjacent_pairs, check_samples, read_key,
                                         read_samples, survey_terrain)

    g = own_game(game)
    if samples_path is None and key_path is None:
        raise click.UsageError("give --samples (a few hexes per terrain type) and/or --key (the map key's swatches)")
    sheet = _sheet(g, letter, "survey terrain")
    on = f" --sheet {sheet.prefix}" if several(g) else ""
    try:
        grid = read_grid(g.path, key(g, sheet))
        image = load(image_path)
        if grid is None:
            raise click.ClickException(f"{g.path} has no fitted grid{f' for sheet {sheet.prefix}' if on else ''}; "
                                       f"run `hexforge survey grid {game}{on} --image {image_path}` first")
        if grid.sha256 != image.sha256:
            of = f" for sheet {sheet.prefix}" if on else ""
            raise click.ClickException(f"the grid in {g.path / 'survey.toml'}{of} was fitted on {grid.image}, not on "
                                       f"{image_path} (its checksum differs); fit the grid on this image first")
        samples = read_samples(samples_path, g) if samples_path else Samples()
        if key_path:
            read_key(key_path, g, samples)
        centres = canonical(g, sheet, grid.centres_inside(sheet.convention))
        unsampled = check_samples(samples, g, centres, (image.width, image.height))
        source = store.sheet_source(sheet.prefix, image.describe()) if on else f"survey of {image.describe()}"
        result = survey_terrain(Image.fromarray(image.pixels, "RGB"), centres, adjacent_pairs(g, centres), samples,
                                source)
        written = store.write(g.path, result, force=force, sheet=sheet.prefix if on else None)
    except (GridFileError, ImageError, SamplesError, store.StoreError) as e:
        raise click.ClickException(str(e)) from None
    _report_terrain(g, written, unsampled)


def _report_terrain(g, written, unsampled: list[str]) -> None:
    features = sum(1 for c in written.hexsides.values() if c.value != "none")
    roads = sum(1 for c in written.lines.values() if c.value != "none")
    click.echo(f"surveyed {len(written.hexes)} hexes, {features} hexside features and {roads} road/trail/railway "
               f"links of {g.id}; wrote {g.path / 'terrain.toml'} (reviewed = false)")
    low = sorted(written.hexes.items(), key=lambda kv: (kv[1].confidence, kv[0]))[:10]
    if low:
        click.echo("least confident hexes: " + ", ".join(f"{h} {c.value} ({c.confidence:.2f})" for h, c in low))
    if unsampled:
        click.echo(f"note: no samples for hex types {', '.join(unsampled)}: no hex was read as one of them")
