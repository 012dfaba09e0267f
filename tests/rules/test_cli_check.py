"""``hexforge check``: text, --json and --html reports of a written log; the exit status says what
was found (0 clean, 1 illegal, 2 bad input); the game comes from the module when --game is not
given; a log, module and game that do not belong together are refused."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree
from lxml import html as lxml_html
from PIL import Image, ImageChops

from hexforge.builder.build import build
from hexforge.builder.provenance import GameLookupError, find_game
from hexforge.builder.savefile import read_save
from hexforge.builder.timeline import build_timeline
from hexforge.cli import cli
from hexforge.games import load_game
from hexforge.rules import report
from hexforge.rules import check
from tests.rules.test_end_to_end import SYN, planted_log
from tests.rules.vlog import Writer


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cli")
    w = planted_log(tmp)
    return w, w.write(), tmp


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("clean")
    w = Writer(load_game(SYN), tmp)
    w.phase(1, "first-movement")
    w.move("B1", "0205", "0305", "0405")  # the planted log's legal first move
    return w, w.write()


@pytest.fixture(scope="module")
def arnhem_log(tmp_path_factory):
    """A log on the bundled Arnhem module, and the bundled Aachen module beside it."""
    tmp = tmp_path_factory.mktemp("bundled")
    arnhem = load_game("arnhem")
    w = Writer(arnhem, tmp)
    w.phase(1, arnhem.info.sequence[0].id)
    return w.write(), w.vmod, build(load_game("aachen"), tmp / "aachen.vmod")


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_text_report_lists_each_verdict_and_a_summary_and_exits_1(written) -> None:
    w, log, _ = written
    r = run("check", log, "--module", w.vmod, "--game", SYN)
    assert r.exit_code == 1, r.output
    line = next(x for x in r.output.splitlines() if "B5 has no legal route from 0109 through 1009" in x)
    assert line.endswith(": F&M 5.2")  # F&M 5.1: any route is allowed; 5.2: none fits within the MA
    assert f"{len(set(w.marks))} illegal" in r.output.splitlines()[-1]


def test_json_is_the_report_as_the_library_writes_it(written) -> None:
    w, log, _ = written
    r = run("check", log, "--module", w.vmod, "--game", SYN, "--json")
    assert r.exit_code == 1, r.output
    game = load_game(SYN)
    expected = report.as_json(check(game, build_timeline(read_save(log), w.module, game)))
    assert r.stdout == expected
    for _, rule in w.marks:
        assert rule in r.stdout


def test_a_clean_log_exits_0(clean) -> None:
    w, log = clean
    r = run("check", log, "--module", w.vmod, "--game", SYN)
    assert r.exit_code == 0, r.output
    assert "0 illegal" in r.output.splitlines()[-1]


def test_the_game_comes_from_the_module_when_not_given(arnhem_log) -> None:
    log, arnhem_vmod, _ = arnhem_log
    r = run("check", log, "--module", arnhem_vmod)
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("check of a") and "0 illegal" in r.stdout


@pytest.mark.parametrize("game", [None, "aachen"])
def test_an_arnhem_log_against_the_aachen_module_is_refused(arnhem_log, game) -> None:
    log, _, aachen_vmod = arnhem_log
    r = run("check", log, "--module", aachen_vmod, *(["--game", game] if game else []))
    assert r.exit_code == 2 and r.stdout == "" and "ILLEGAL" not in r.output
    assert (f"{log} was made with module 'Arnhem: The Farthest Bridge' version 'hexforge-1', "
            f"but {aachen_vmod} is 'Aachen: First to Fall'") in r.stderr
    assert "--allow-mismatch" in r.stderr


def test_allow_mismatch_checks_anyway_and_says_why_on_stderr(arnhem_log) -> None:
    log, _, aachen_vmod = arnhem_log
    r = run("check", log, "--module", aachen_vmod, "--allow-mismatch", "--json")
    assert r.exit_code in (0, 1) and r.stdout.startswith("{")
    assert "warning: " in r.stderr and "was made with module 'Arnhem" in r.stderr


def test_a_module_of_another_game_is_refused(written) -> None:
    w, log, _ = written
    r = run("check", log, "--module", w.vmod, "--game", "aachen")
    assert r.exit_code == 2 and f"{w.vmod} was built from game 'synthetic-fm', not 'aachen'" in r.stderr


def test_a_module_built_from_other_data_is_refused(written, tmp_path) -> None:
    w, log, _ = written
    changed = tmp_path / "synthetic-fm"
    shutil.copytree(SYN, changed)
    assert run("check", log, "--module", w.vmod, "--game", changed).exit_code == 1  # a copy is the same data
    (changed / "game.toml").write_text((SYN / "game.toml").read_text(encoding="utf-8") + "\n# surveyed\n",
                                       encoding="utf-8")
    r = run("check", log, "--module", w.vmod, "--game", changed)
    assert r.exit_code == 2 and f"was built from other data of 'synthetic-fm' than {changed} holds now" in r.stderr
    assert run("check", log, "--module", w.vmod, "--game", changed, "--allow-mismatch").exit_code == 1


def _renamed(vmod: Path, out: Path, name: str, other1: str) -> Path:
    """A copy of ``vmod`` whose module name is ``name`` and whose ModuleOther1/extra1 is ``other1``."""
    with zipfile.ZipFile(vmod) as src, zipfile.ZipFile(out, "w") as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename in ("buildFile.xml", "moduledata"):
                root = etree.parse(io.BytesIO(data)).getroot()
                if item.filename == "buildFile.xml":
                    root.set("name", name)
                    root.set("ModuleOther1", other1)
                else:
                    root.find("name").text, root.find("extra1").text = name, other1
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
            dst.writestr(item, data)
    return out


@pytest.mark.parametrize("name, other1", [(str(SYN), ""), ("x", f"hexforge-game:{SYN}"),
                                          ("x", "hexforge-game:../tests/data/synthetic-fm")])
def test_a_name_in_a_module_is_never_a_path(written, tmp_path, name, other1) -> None:
    w, log, _ = written
    vmod = _renamed(w.vmod, tmp_path / "hostile.vmod", name, other1)
    r = run("check", log, "--module", vmod)
    assert r.exit_code == 2 and "does not record which game it is" in r.stderr and r.stdout == ""
    with pytest.raises(GameLookupError, match="name the game with --game"):
        find_game(None, {"name": name, "extra1": other1}, name, vmod)


def test_check_reads_a_binding(written, tmp_path) -> None:
    w, log, _ = written
    bad = tmp_path / "b.toml"
    bad.write_text('[pieces]\n"B1" = "nope"\n', encoding="utf-8")
    r = run("check", log, "--module", w.vmod, "--game", SYN, "--binding", bad)
    assert r.exit_code == 2 and "no unit 'nope'" in r.stderr
    empty = tmp_path / "empty.toml"
    empty.write_text("[pieces]\n", encoding="utf-8")
    r = run("check", log, "--module", w.vmod, "--game", SYN, "--binding", empty)
    assert r.exit_code == 1 and "B5 has no legal route" in r.stdout


def _screenshot(page: Path, shot: Path, height: int) -> Image.Image:
    """``page`` as headless Chromium draws it in a window 1200 pixels wide and ``height`` tall."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        if os.environ.get("CHROMIUM_REQUIRED"):
            pytest.fail("CHROMIUM_REQUIRED is set but chromium is not installed")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
                    f"--window-size=1200,{height}", f"--screenshot={shot}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    return Image.open(shot).convert("RGB")


def _pixels(im: Image.Image, colour: str) -> int:
    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return sum(n for n, c in im.getcolors(im.width * im.height) if c == rgb)


def test_html_report_and_its_look_in_chromium(written) -> None:
    from hexforge.maps.draw import TERRAIN_COLOURS
    from hexforge.rules.report import CROP_MAX
    w, log, tmp = written
    out = tmp / "report.html"
    r = run("check", log, "--module", w.vmod, "--game", SYN, "--html", out, "--force")
    assert r.exit_code == 1, r.output
    page = out.read_text(encoding="utf-8")
    assert "<img" in page and "F&amp;M 6.1" in page
    tree = lxml_html.fromstring(page)
    violations, events = len(tree.xpath("//article[@class='violation']")), len(tree.xpath("//tr[@data-index]"))
    assert violations == len({s for s, _ in w.marks})
    first = _screenshot(out, tmp / "first.png", 900)  # the first screen a referee sees
    summary = first.crop((0, 0, 1200, 420))
    assert _pixels(summary, "#b00020") > 10_000  # the red "illegal" count is in the summary at the top
    clear = TERRAIN_COLOURS["clear"]  # the map's commonest colour: none in the summary, plenty in the cut-out below
    assert _pixels(summary, clear) < 50 and _pixels(first, clear) > 20_000
    whole = _screenshot(out, tmp / "whole.png", 12_000)
    blank = Image.new("RGB", whole.size, whole.getpixel((5, whole.height - 5)))
    height = ImageChops.difference(whole, blank).getbbox()[3]  # the page's last drawn row: the whole map is collapsed
    assert 900 < height <= 800 + (CROP_MAX[1] + 80) * violations + 50 * events + 600, height


def test_html_never_overwrites_without_force_nor_an_input_at_all(written, tmp_path) -> None:
    w, log, _ = written
    out = tmp_path / "report.html"
    out.write_text("mine")
    r = run("check", log, "--module", w.vmod, "--game", SYN, "--html", out)
    assert r.exit_code == 2 and r.stdout == "" and f"{out} exists; use --force" in r.stderr
    assert out.read_text() == "mine"
    before = log.read_bytes()
    for target in (log, w.vmod, SYN / "units.csv"):
        r = run("check", log, "--module", w.vmod, "--game", SYN, "--html", target, "--force")
        assert r.exit_code == 2 and r.stdout == "" and "is also an input" in r.stderr, r.output
    assert log.read_bytes() == before and zipfile.ZipFile(w.vmod).testzip() is None


def test_html_into_a_missing_folder_names_it_and_prints_nothing(written, tmp_path) -> None:
    w, log, _ = written
    out = tmp_path / "no" / "report.html"
    r = run("check", log, "--module", w.vmod, "--game", SYN, "--html", out)
    assert r.exit_code == 2 and r.stdout == "" and f"cannot write {out}: folder" in r.stderr


@pytest.mark.parametrize("args, says", [
    (["--game", "no-such-game"], "no such game: 'no-such-game'"),
    (["--game", "synthetic-fn"], "no such game: 'synthetic-fn'"),
    (["--game", str(SYN), "--bad"], "No such option"),
    (["--game", str(SYN), "--scenario", "s9"], "has no scenario 's9' (its scenarios: meeting)"),
    (["--game", str(SYN), "--setting", "fatigue"], "--setting 'fatigue': expected NAME=VALUE"),
    (["--game", str(SYN), "--setting", "fatigue=on"], "referee takes no settings (given: fatigue)"),
])
def test_bad_input_gives_one_clear_error_and_exits_2(written, args, says) -> None:
    w, log, _ = written
    r = run("check", log, "--module", w.vmod, *args)
    assert r.exit_code == 2 and says in r.output and "Traceback" not in r.output


def test_a_misspelled_bundled_game_gets_a_suggestion(arnhem_log) -> None:
    log, arnhem_vmod, _ = arnhem_log
    r = run("check", log, "--module", arnhem_vmod, "--game", "arnhm")
    assert r.exit_code == 2 and "no such game: 'arnhm'; did you mean arnhem?" in r.stderr


def test_a_file_that_is_not_a_log_is_a_clear_error(written, tmp_path) -> None:
    w, _, _ = written
    bogus = tmp_path / "notes.vlog"
    bogus.write_text("this is not a VASSAL log", encoding="utf-8")
    r = run("check", bogus, "--module", w.vmod, "--game", SYN)
    assert r.exit_code == 2 and r.output.startswith("Error: ") and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1
