"""Draw the README's "bring your own map" pictures from a synthetic scan (tools/scans).

Run from the repository root, in the project's virtualenv, with Chromium and chromium-driver:

    python docs/images/survey-pictures.py

It plays the walk-through on a synthetic scan with the real commands (``hexforge survey grid``,
``survey terrain``) and the review page in headless Chromium, and writes
``docs/images/survey-scan.png``, ``survey-grid.png`` and ``survey-review.png``, each cut to one
corner of the map and checked to stay under 200 KB.
"""
from __future__ import annotations

import io
import json
import shutil
import sys
import tempfile
import threading
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from hexforge.cli import cli  # noqa: E402
from hexforge.games import load_game  # noqa: E402
from hexforge.survey.review import ReviewServer, session  # noqa: E402
from tools.scans import make_scan  # noqa: E402

OUT = ROOT / "docs" / "images"
MAX_BYTES = 200_000
CORNER = (0, 0, 640, 440)  # the part of the scan shown (pixels)
STYLE, SEED = "atlas", 4


def run(*args: object) -> str:
    r = CliRunner().invoke(cli, [str(a) for a in args])
    if r.exit_code:
        sys.exit(f"hexforge {' '.join(map(str, args))} failed ({r.exit_code}):\n{r.output}")
    return r.output


def save(image: Image.Image, name: str, colours: int = 48) -> None:
    """``image`` as a palette PNG (small, and plenty for a map picture), refused above MAX_BYTES."""
    out = io.BytesIO()
    image.convert("RGB").quantize(colors=colours, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    if out.tell() > MAX_BYTES:
        sys.exit(f"{name} would be {out.tell():,} bytes; at most {MAX_BYTES:,}")
    (OUT / name).write_bytes(out.getvalue())
    print(f"wrote docs/images/{name} ({out.tell() // 1024} KB)")


def samples_toml(scan, game_dir: Path) -> str:
    """Three hexes per terrain type and three hex pairs per hexside feature and road kind, as a person
    would name them after a look at the map ([] for a kind the map does not show)."""
    named: dict[str, list] = {t.id: [] for t in load_game(game_dir).map.terrain.types.values() if t.kind != "hex"}
    for label in sorted(scan.terrain):
        named.setdefault(scan.terrain[label], []).append(label)
    for truth in (scan.hexsides, scan.lines):
        for p in sorted(truth, key=sorted):
            named.setdefault(truth[p], []).append(sorted(p))
    return "".join(f"{t} = {json.dumps(v[len(v) // 2:][:3])}\n" for t, v in sorted(named.items()))


def screenshot(game_dir: Path, image: Path, target: Path) -> None:
    """The review page over the scan, with the lowest-confidence hex selected, as Chromium draws it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    server = ReviewServer(session(game_dir, image))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,600", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"), options=options)
    try:
        driver.get(server.url)
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        first = driver.find_element(By.CSS_SELECTOR, "#hexes tr.pick td").text  # the least confident hex
        driver.execute_script("document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('click'))",
                              f"polygon[data-label='{first}']")  # selected where it is, nothing scrolled
        driver.save_screenshot(str(target))
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()


def main() -> None:
    scan = make_scan(STYLE, SEED)
    with tempfile.TemporaryDirectory() as tmp:
        game_dir = Path(tmp) / scan.game_dir.name
        shutil.copytree(scan.game_dir, game_dir)
        image = Path(tmp) / "scan.png"
        scan.image.save(image)
        save(scan.image.crop(CORNER), "survey-scan.png")
        print(run("survey", "grid", game_dir, "--image", image), end="")
        drawn = sorted(p for p in game_dir.glob("*.png") if p.name != image.name)
        if not drawn:
            sys.exit("survey grid drew no picture of the fitted grid")
        save(Image.open(drawn[0]).crop(CORNER), "survey-grid.png")
        samples = Path(tmp) / "samples.toml"
        samples.write_text(samples_toml(scan, game_dir), encoding="utf-8")
        print(run("survey", "terrain", game_dir, "--image", image, "--samples", samples), end="")
        shot = Path(tmp) / "review.png"
        screenshot(game_dir, image, shot)
        save(Image.open(shot), "survey-review.png", 96)  # more colours: the legend's swatches must stay true


if __name__ == "__main__":
    main()
