"""`hexforge survey`: bring your own map. A thin front end over :mod:`hexforge.survey`."""
from __future__ import annotations

from pathlib import Path

import click


@click.group("survey")
def survey() -> None:
    """Bring your own map: fit the game's grid to a scan, digitize its terrain, review it."""


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
    from hexforge.cli import game_arg
    from hexforge.output import check_target, write_atomic
    from hexforge.survey.grid import FitError, fit
    from hexforge.survey.gridfile import GridFileError, write_grid
    from hexforge.survey.gridpicture import grid_picture
    from hexforge.survey.image import ImageError, load

    g = game_arg(game)
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
        server = ReviewServer(session(resolve_game(game), image), port)
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
