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
@click.option("--image", "image_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The map image (a scan or photo of the printed map).")
@click.option("--at", "at", multiple=True, metavar="HEX=X,Y",
              help="The centre pixel of a hex you can read on the image (repeatable); says which hex is which.")
@click.option("--picture", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the image with the fitted grid over it (default: GAME/survey-grid.png).")
@click.option("--force", is_flag=True, help="Overwrite an existing --picture file.")
def grid_cmd(game: str, image_path: Path, at: tuple[str, ...], picture: Path | None, force: bool) -> None:
    """Fit GAME's hex grid to a map image: spacing, origin, rotation, and which hex is which.

    Writes [grid] into GAME/survey.toml (with the image's checksum, so `hexforge build GAME
    --map-image IMAGE` uses it) and a picture of the image with the fitted grid drawn over it.
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
    points = tuple(_at_point(t) for t in at)
    default_picture = picture is None
    picture = picture or g.path / "survey-grid.png"
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
