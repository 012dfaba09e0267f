"""``hexforge check`` (judge a VASSAL log against the rules) and ``hexforge rules coverage``."""
from __future__ import annotations

from itertools import chain, islice
from pathlib import Path

import click

from hexforge.builder.timeline import EventStream
from hexforge.cli_log import BINDING_HELP, GAME_HELP, MISMATCH_HELP, MODULE_HELP, BadInput, read_inputs
from hexforge.output import OutputError, check_target, progress, write_atomic

CHECK_EPILOG = """\b
Exit status:
  0  every event was judged and none is illegal (some may be not checkable)
  1  something is illegal
  2  bad input: a file that cannot be read, a log, module and game that do not
     belong together, an unknown game or scenario, or an output that may not be written"""


@click.command("check", epilog=CHECK_EPILOG)
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--module", "module_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help=MODULE_HELP)
@click.option("--game", "game_ref", default=None, help=GAME_HELP)
@click.option("--scenario", default=None, help="the scenario played (default: recognised from the setup, else "
              "every check that depends on it says which scenarios disagree)")
@click.option("--binding", "binding_path", default=None, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help=BINDING_HELP)
@click.option("--allow-mismatch", is_flag=True, help=MISMATCH_HELP)
@click.option("--json", "as_json", is_flag=True, help="print the verdicts as JSON")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also write an HTML report with the map to this file")
@click.option("--force", is_flag=True, help="overwrite the --html file if it exists")
@click.option("--setting", "settings", multiple=True, metavar="NAME=VALUE",
              help="a rulebook reading or optional rule, repeatable (Highway to the Reich: e.g. "
              "optional_fatigue=on; an unknown NAME lists them all)")
@click.pass_context
def check(ctx: click.Context, log_file: Path, module_path: Path, game_ref: str | None, scenario: str | None,
          binding_path: Path | None, allow_mismatch: bool, as_json: bool, html_path: Path | None, force: bool,
          settings: tuple[str, ...]) -> None:
    """Judge every event of a VASSAL log (.vlog/.vsav): legal, illegal (rule), or not checkable (needs)."""
    from hexforge.rules import check as judge, report
    from hexforge.rules.verdict import Illegal
    bad = [s for s in settings if s.count("=") != 1 or not all(s.split("="))]
    if bad:
        raise BadInput(f"--setting {bad[0]!r}: expected NAME=VALUE (e.g. optional_fatigue=on)")
    chosen = dict(s.split("=") for s in settings)
    try:
        if html_path is not None:
            check_target(html_path, force, [log_file, module_path, binding_path])
        read = read_inputs(log_file, module_path, game_ref, binding_path, allow_mismatch, game_required=True,
                           stream=True)
        if html_path is not None:
            check_target(html_path, force, read.inputs)
        game = read.game
        assert game is not None and isinstance(read.timeline, EventStream)  # game_required, stream
        log = read.timeline.timeline() if html_path is not None else read.timeline  # the page redraws positions
        with progress(read.timeline.size, "checking") as bar:  # a bar only on a terminal, over the log's commands
            result = judge(game, log, scenario, lambda _: bar.update(read.timeline.read - bar.pos), chosen)
        if html_path is not None:  # written before anything is printed, so a failure prints only the error
            write_atomic(html_path, report.as_html(game, result), force, read.inputs)
    except (ValueError, OutputError) as e:
        raise BadInput(str(e) if isinstance(e, ValueError) else e.message) from None
    chunks = report.json_chunks(result) if as_json else report.text_lines(result)
    for batch in iter(lambda: "".join(islice(chunks, 1000)), ""):  # printed as it is walked: memory stays flat
        click.echo(batch, nl=False)
    if any(isinstance(v, Illegal) for v in chain(result.setup, (v for j in result.judged for v in j.verdicts))):
        ctx.exit(1)


@click.group("rules")
def rules() -> None:
    """What the rules code covers."""


@rules.command("coverage")
@click.argument("system", default="fm")
@click.option("--write", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="also write the matrix (markdown) to this file")
@click.option("--force", is_flag=True, help="overwrite the --write file if it exists")
def coverage(system: str, out: Path | None, force: bool) -> None:
    """Each rule section and predicate of SYSTEM: implemented / needs data / not yet."""
    from hexforge.rules import coverage as matrix
    if out is not None:
        check_target(out, force)
    try:
        text = matrix(system)
    except (KeyError, ValueError) as e:
        raise click.ClickException(str(e)) from None
    if out is not None:
        write_atomic(out, text, force)
    click.echo(text, nl=False)
