"""`hexforge survey`: bring your own map. A thin front end over :mod:`hexforge.survey`."""
from __future__ import annotations

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


@survey.command("grid")
@click.argument("game")
@click.option("--image", "image_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The map image (a scan or photo of the printed map).")
@click.option("--module", "module_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Instead of --image: a community module (theirs.vmod) whose board image and grid are taken.")
@click.option("--board", help="With --module: the board to take (default: the one holding the game's sheet).")
@click.option("--at", "at", multiple=True, metavar="HEX=X,Y",
              help="The centre pixel of a hex you can read on the image (repeatable); says which hex is which.")
@click.option("--picture", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the image with the fitted grid over it (default: GAME/survey-grid.png).")
@click.option("--force", is_flag=True, help="Overwrite an existing --picture file.")
def grid_cmd(game: str, image_path: Path | None, module_path: Path | None, board: str | None, at: tuple[str, ...],
             picture: Path | None, force: bool) -> None:
    """Fit GAME's hex grid to a map image: spacing, origin, rotation, and which hex is which.

    Writes [grid] into GAME/survey.toml (with the image's checksum, so `hexforge build GAME
    --map-image IMAGE` uses it) and a picture of the image with the fitted grid drawn over it.
    With --module, the board image of someone else's module is copied into GAME and its
    VASSAL grid taken as it is (no fitting).
    """
    from hexforge.output import check_target, write_atomic
    from hexforge.survey.grid import FitError, fit
    from hexforge.survey.gridfile import GridFileError, write_grid
    from hexforge.survey.gridpicture import grid_picture
    from hexforge.survey.image import ImageError, load

    g = own_game(game)
    if len(g.map.sheets) != 1:
        raise click.UsageError(f"{g.id} is printed on {len(g.map.sheets)} sheets; survey grid fits one sheet's image")
    if (image_path is None) == (module_path is None):
        raise click.UsageError("give either --image (a scan to fit) or --module (a module's board to take)")
    default_picture = picture is None
    picture = picture or g.path / "survey-grid.png"
    if module_path is not None:
        return _grid_from_module(g, module_path, board, picture, force, default_picture)
    points = tuple(_at_point(t) for t in at)
    check_target(picture, force or default_picture, [image_path])
    try:
        image = load(image_path)
        result = fit(image, g.map.sheets[0].convention, points)
        png = grid_picture(image.pixels, result.grid, g.map.sheets[0].convention)
        path = write_grid(g.path, result.grid)
    except (ImageError, FitError, GridFileError) as e:
        raise click.ClickException(str(e)) from None
    write_atomic(picture, png, force or default_picture, [image_path])
    gr = result.grid
    click.echo(f"fitted {len(result.centres)} hexes of {g.id} on {image.describe()}: dx {gr.dx:.2f}, dy {gr.dy:.2f}, "
               f"rotation {gr.rotation:.2f} deg, residual mean {gr.residual_mean:.2f} px (max {gr.residual_max:.2f})")
    click.echo(gr.labelling)
    click.echo(f"wrote {path} and {picture} (look at it: every hex outline should sit on the printed one)")


def _grid_from_module(g, module_path: Path, board: str | None, picture: Path, force: bool, default_picture: bool) -> None:
    """`survey grid --module`: the board's image into the game folder, its HexGrid into survey.toml."""
    from hexforge.builder.errors import FormatError
    from hexforge.builder.modulereader import read_module
    from hexforge.cli_log import BadInput
    from hexforge.output import check_target, write_atomic
    from hexforge.survey.gridfile import GridFileError, read_grid
    from hexforge.survey.gridpicture import grid_picture
    from hexforge.survey.image import ImageError, load
    from hexforge.survey.module import ModuleGridError, import_grid

    check_target(picture, force or default_picture, [module_path])
    try:
        image_path, path = import_grid(g.path, read_module(module_path), g, board, force)
        grid = read_grid(g.path)
        png = grid_picture(load(image_path).pixels, grid, g.map.sheets[0].convention)
    except (FormatError, ModuleGridError) as e:
        raise BadInput(str(e)) from None
    except (ImageError, GridFileError) as e:
        raise click.ClickException(str(e)) from None
    write_atomic(picture, png, force or default_picture, [module_path])
    click.echo(f"took the grid of {grid.source}")
    click.echo(f"wrote {image_path}, {path} and {picture}")


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
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="the local port to serve on (0: any free one)")
@click.option("--no-browser", is_flag=True, help="print the page's address instead of opening a browser")
def review_cmd(game: str, image: Path | None, port: int, no_browser: bool) -> None:
    """Review GAME's surveyed terrain on a local page over the scan; saving writes terrain.toml.

    Click a hex or a hexside, press a terrain type's key (the page lists them) or c to confirm;
    Save (Ctrl+S) writes what was reviewed (reviewed = true). Ctrl+C here stops the page.
    """
    import webbrowser

    from hexforge.games import NoSuchGame, resolve_game
    from hexforge.survey.review import ReviewError, ReviewServer, session

    try:
        server = ReviewServer(session(resolve_game(own_game(game).path), image), port)
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
@click.option("--samples", "samples_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help='A few hexes per terrain type (woods = ["0507", "1203"]) and hex pairs per hexside feature '
                   'and road kind (river = [["0507", "0508"]]; canal = [] for none on this map).')
@click.option("--key", "key_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Hex terrain types by the map key instead: woods = [x0, y0, x1, y1], a pixel box inside "
                   "its swatch.")
@click.option("--force", is_flag=True, help="Replace the unreviewed values of an earlier survey.")
def terrain_cmd(game: str, image_path: Path, samples_path: Path | None, key_path: Path | None, force: bool) -> None:
    """Digitize GAME's terrain from a map image: every hex, hexside and road, with a confidence.

    Writes [[surveyed]], [[surveyed_hexsides]] and [[surveyed_lines]] into GAME/terrain.toml with
    reviewed = false; what a person entered or reviewed there is never changed. Then review the
    least confident first: `hexforge survey review GAME --image IMAGE`.
    """
    from PIL import Image

    from hexforge.survey import store
    from hexforge.survey.gridfile import GridFileError, read_grid
    from hexforge.survey.image import ImageError, load
    from hexforge.survey.terrain import (Samples, SamplesError, adjacent_pairs, check_samples, read_key,
                                         read_samples, survey_terrain)

    g = own_game(game)
    if samples_path is None and key_path is None:
        raise click.UsageError("give --samples (a few hexes per terrain type) and/or --key (the map key's swatches)")
    if len(g.map.sheets) != 1:
        raise click.UsageError(f"{g.id} is printed on {len(g.map.sheets)} sheets; survey terrain reads one sheet's image")
    try:
        grid = read_grid(g.path)
        image = load(image_path)
        if grid is None:
            raise click.ClickException(f"{g.path} has no fitted grid; run `hexforge survey grid {game} --image "
                                       f"{image_path}` first")
        if grid.sha256 != image.sha256:
            raise click.ClickException(f"the grid in {g.path / 'survey.toml'} was fitted on {grid.image}, not on "
                                       f"{image_path} (its checksum differs); fit the grid on this image first")
        samples = read_samples(samples_path, g) if samples_path else Samples()
        if key_path:
            read_key(key_path, g, samples)
        centres = grid.centres_inside(g.map.sheets[0].convention)
        unsampled = check_samples(samples, g, centres, (image.width, image.height))
        result = survey_terrain(Image.fromarray(image.pixels, "RGB"), centres, adjacent_pairs(g, centres), samples, f"survey of {image.describe()}")
        written = store.write(g.path, result, force=force)
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
