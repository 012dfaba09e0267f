"""The review page in a real headless Chromium (Selenium and Debian's chromium-driver): a person
clicks hexes and hexsides over a synthetic scan, presses the keys the page's legend shows, saves,
and terrain.toml changes exactly as clicked (reviewed = true), and in nothing else."""
from __future__ import annotations

import io
import os
import shutil
import threading
import tomllib
from pathlib import Path

import pytest

from hexforge.survey import store
from hexforge.survey.review import Review, ReviewServer, affine_through, web_image
from tools.scans import make_scan

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the test extras install it
    webdriver = None


def _browser():
    """A headless Chromium driven by chromedriver, or a skip (a failure when CHROMIUM_REQUIRED is set)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    missing = [what for what, ok in (("selenium (pip install selenium)", webdriver is not None),
                                     ("chromium (apt-get install chromium)", chromium),
                                     ("chromedriver (apt-get install chromium-driver)", driver)) if not ok]
    if missing:
        if os.environ.get("CHROMIUM_REQUIRED"):
            pytest.fail(f"CHROMIUM_REQUIRED is set but {', '.join(missing)} is missing")
        pytest.skip(f"{', '.join(missing)} is not installed")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1500,1000",
                "--disable-background-networking", "--disable-component-update", "--no-first-run"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver), options=options)


@pytest.fixture
def session(tmp_path):
    scan = make_scan("vintage", 3)
    game_dir = tmp_path / scan.game_dir.name
    shutil.copytree(scan.game_dir, game_dir)
    (game_dir / "scan.png").write_bytes(_png(scan.image))
    hexes = sorted(scan.centres)
    # a survey with one wrong hex (lowest confidence) and a missed river
    wrong, confirm, untouched = hexes[40], hexes[41], hexes[42:60]
    calls = {h: store.Call(scan.terrain[h], 0.9 + i / 1000, False, "survey of scan.png") for i, h in enumerate(untouched)}
    other = next(t for t in sorted(set(scan.terrain.values())) if t != scan.terrain[wrong])
    calls[wrong] = store.Call(other, 0.31, False, "survey of scan.png")
    calls[confirm] = store.Call(scan.terrain[confirm], 0.55, False, "survey of scan.png")
    side = sorted(tuple(sorted(p)) for p in scan.hexsides if scan.hexsides[p] == "river")[0]
    road = sorted(tuple(sorted(p)) for p in scan.lines if scan.lines[p] == "road")[0]
    store.write(game_dir, store.Survey(calls))
    review = Review(game_dir, web_image(game_dir / "scan.png"), lambda g: affine_through(g, scan.centres))
    server = ReviewServer(review)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server, game_dir, scan, (wrong, confirm, side, road)
    finally:
        server.shutdown()
        server.server_close()


def _png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _key_for(driver, name: str, kind: str) -> str:
    """The shortcut the page's legend shows for a terrain type (by its name and kind)."""
    for row in driver.find_elements(By.CSS_SELECTOR, "#legend tr"):
        cells = [c.text for c in row.find_elements(By.TAG_NAME, "td")]
        if cells[2] == name and cells[3] == kind:
            return cells[0]
    raise AssertionError(f"no legend row for {name} ({kind})")


def _tables(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_clicks_and_keys_are_saved_exactly_as_made(session) -> None:
    server, game_dir, scan, (wrong, confirm, side, road) = session
    before_text = (game_dir / "terrain.toml").read_text(encoding="utf-8")
    before = _tables(game_dir / "terrain.toml")
    types = {t["id"]: t["name"] for t in before["types"]}
    driver = _browser()
    try:
        driver.get(server.url)
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        first = driver.find_element(By.CSS_SELECTOR, "#hexes tr.pick td").text
        assert first == wrong  # the lowest confidence comes first
        body = driver.find_element(By.TAG_NAME, "body")
        driver.find_element(By.CSS_SELECTOR, f"polygon[data-label='{wrong}']").click()
        body.send_keys(_key_for(driver, types[scan.terrain[wrong]], "hex"))       # set it right
        driver.find_element(By.CSS_SELECTOR, f"polygon[data-label='{confirm}']").click()
        body.send_keys("c")                                                       # confirm what is there
        driver.find_element(By.CSS_SELECTOR, f"line[data-hexes='{side[0]}|{side[1]}']").click()
        body.send_keys(_key_for(driver, types["river"], "hexside"))               # add the missed river
        driver.find_element(By.CSS_SELECTOR, f"line[data-hexes='{road[0]}|{road[1]}']").click()
        body.send_keys(_key_for(driver, types["road"], "thoroughfare"))           # and a road crossing a hexside
        assert "4 changes to save" in driver.find_element(By.ID, "pending").text
        driver.find_element(By.ID, "save").click()
        WebDriverWait(driver, 30).until(lambda d: "saved 4 changes" in d.find_element(By.ID, "status").text)
        row = driver.find_element(By.CSS_SELECTOR, "#hexes tr.pick td").text
        assert row not in (wrong, confirm)  # reviewed hexes go to the end of the list
    finally:
        driver.quit()
    after = _tables(game_dir / "terrain.toml")
    old = {e["hex"]: e for e in before["surveyed"]}
    new = {e["hex"]: e for e in after["surveyed"]}
    assert new[wrong]["terrain"] == scan.terrain[wrong] and new[wrong]["reviewed"] is True
    assert new[confirm]["terrain"] == scan.terrain[confirm] and new[confirm]["reviewed"] is True
    assert {k: v for k, v in new.items() if k not in (wrong, confirm)} == {k: v for k, v in old.items()
                                                                           if k not in (wrong, confirm)}
    (river,) = after["surveyed_hexsides"]
    assert sorted(river["hexes"]) == list(side) and river["feature"] == "river" and river["reviewed"] is True
    (crossing,) = after["surveyed_lines"]
    assert sorted(crossing["hexes"]) == list(road) and crossing["kind"] == "road" and crossing["reviewed"] is True
    assert "surveyed_hexsides" not in before and "surveyed_lines" not in before
    assert {k: v for k, v in after.items() if not k.startswith("surveyed")} == \
           {k: v for k, v in before.items() if not k.startswith("surveyed")}
    head = before_text.split("[[surveyed")[0]
    assert (game_dir / "terrain.toml").read_text(encoding="utf-8").startswith(head)  # the person's part, byte for byte


def test_a_save_without_the_pages_token_is_refused(session) -> None:
    import json
    import urllib.error
    import urllib.request
    server, game_dir, _, (wrong, _, _, _) = session
    before = (game_dir / "terrain.toml").read_bytes()
    body = json.dumps({"token": "guess", "changes": [{"kind": "hex", "hexes": [wrong], "value": "clear"}]}).encode()
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(urllib.request.Request(server.url + "save", body, {"Content-Type": "application/json"}))
    assert e.value.code == 403 and b"token" in e.value.read()
    assert (game_dir / "terrain.toml").read_bytes() == before


def _fitted_folder(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the synthetic F&M game with a plain image and a grid written as `survey grid` writes it."""
    from PIL import Image

    from hexforge.survey.gridfile import FittedGrid, write_grid
    from hexforge.survey.image import sha256_of
    game_dir = tmp_path / "synthetic-fm"
    shutil.copytree(Path(__file__).resolve().parents[1] / "data" / "synthetic-fm", game_dir)
    image = game_dir / "map.png"
    Image.new("RGB", (700, 600), "white").save(image)
    write_grid(game_dir, FittedGrid("map.png", sha256_of(image), 700, 600, "columns", 45.0, 52.0, 0.0, (50.0, 40.0),
                                    "0101", (45.0, 26.0), (0.0, 52.0), 0.2, 0.5, (), "test", "test"))
    return game_dir, image


def test_the_page_puts_each_hex_where_the_fitted_grid_says(tmp_path) -> None:
    from hexforge.survey.review import session
    game_dir, image = _fitted_folder(tmp_path)
    for review in (session(game_dir, image), session(game_dir)):  # the grid's image is found in the folder
        data = review.data()
        centres = {h["label"]: tuple(h["centre"]) for h in data["hexes"]}
        # origin + a * column_step + b * row_step; 0201 is one line on (column 02 sits half a hex lower)
        assert centres["0101"] == (50.0, 40.0) and centres["0201"] == (95.0, 66.0) and centres["0102"] == (50.0, 92.0)
        assert (data["width"], data["height"]) == (700, 600) and review.image[0] == image.read_bytes()


def test_a_review_without_the_grids_image_or_grid_says_what_to_run(tmp_path) -> None:
    from PIL import Image

    from hexforge.survey.review import ReviewError, session
    game_dir, image = _fitted_folder(tmp_path)
    other = tmp_path / "other.png"
    Image.new("RGB", (700, 600), "black").save(other)
    with pytest.raises(ReviewError, match="not the image the grid .* was fitted on"):
        session(game_dir, other)
    (game_dir / "survey.toml").unlink()
    with pytest.raises(ReviewError, match=r"no fitted grid .*hexforge survey grid"):
        session(game_dir, image)
    review = session(game_dir)  # no grid, no image: the game's own drawn map
    assert review.image[1] == "image/png" and len(review.data()["hexes"]) == 120


def test_a_request_naming_another_host_is_refused(tmp_path) -> None:
    """Another site whose name is pointed at 127.0.0.1 (DNS rebinding) cannot read the page's token."""
    import http.client

    from hexforge.survey.review import session
    game_dir, _ = _fitted_folder(tmp_path)
    server = ReviewServer(session(game_dir))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        for host, status in ((f"evil.example:{port}", 403), (f"127.0.0.1:{port}", 200)):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            c.request("GET", "/data.json", headers={"Host": host})
            r = c.getresponse()
            assert r.status == status and (b"token" in r.read()) == (status == 200)
            c.close()
    finally:
        server.shutdown()
        server.server_close()


def test_survey_review_serves_the_page_and_says_what_is_missing(tmp_path) -> None:
    import json
    import subprocess
    import sys
    import urllib.request

    from click.testing import CliRunner
    from PIL import Image

    from hexforge.cli import cli
    game_dir, image = _fitted_folder(tmp_path)
    other = tmp_path / "other.png"
    Image.new("RGB", (70, 60), "black").save(other)
    r = CliRunner().invoke(cli, ["survey", "review", str(game_dir), "--image", str(other), "--no-browser"])
    assert r.exit_code == 1 and "is not the image the grid" in r.output and "Traceback" not in r.output
    p = subprocess.Popen([sys.executable, "-m", "hexforge", "survey", "review", str(game_dir), "--image", str(image),
                          "--no-browser"], stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        url = line.split(" at ", 1)[1].split(" ", 1)[0]
        assert url.startswith("http://127.0.0.1:")
        data = json.load(urllib.request.urlopen(url + "data.json", timeout=60))
        assert data["game"] == "synthetic-fm" and len(data["hexes"]) == 120
        assert urllib.request.urlopen(url + "image", timeout=60).read() == image.read_bytes()
    finally:
        p.terminate()
        p.wait(timeout=30)


def test_clicks_on_sheet_b_of_two_are_saved_under_the_games_labels(tmp_path) -> None:
    """One page per sheet: the review of sheet B, over B's own scan and fitted grid, shows B's hexes
    only; clicking two of them (one on the overlap row with A) saves exactly those two."""
    from click.testing import CliRunner

    from hexforge.cli import cli
    from hexforge.survey.review import session as review_session
    from tests.survey.sheets import two_sheet_game
    game_dir, images, scans = two_sheet_game(tmp_path)
    for k in ("A", "B"):
        r = CliRunner().invoke(cli, ["survey", "grid", str(game_dir), "--sheet", k, "--image", str(images[k])])
        assert r.exit_code == 0, r.output
    b = scans["B"]
    inner, overlap = "B0305", "B0704"  # B0704 is A0104 too
    other = {h: next(t for t in ("clear", "woods", "town") if t != b.terrain[h]) for h in (inner, overlap)}
    calls = {h: store.Call(other[h], 0.4, False, "survey of sheet B: scan-b.png") for h in (inner, overlap)}
    calls["B0306"] = store.Call(b.terrain["B0306"], 0.95, False, "survey of sheet B: scan-b.png")
    store.write(game_dir, store.Survey(calls), sheet="B")
    before = _tables(game_dir / "terrain.toml")
    types = {t["id"]: t["name"] for t in before["types"]}
    server = ReviewServer(review_session(game_dir, images["B"], "B"))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    driver = _browser()
    try:
        driver.get(server.url)
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        assert "sheet B" in driver.find_element(By.ID, "title").text
        labels = {e.get_attribute("data-label") for e in driver.find_elements(By.CSS_SELECTOR, "polygon[data-label]")}
        assert len(labels) == 70 and all(x.startswith("B") for x in labels)
        body = driver.find_element(By.TAG_NAME, "body")
        for h in (inner, overlap):
            driver.find_element(By.CSS_SELECTOR, f"polygon[data-label='{h}']").click()
            body.send_keys(_key_for(driver, types[b.terrain[h]], "hex"))
        driver.find_element(By.ID, "save").click()
        WebDriverWait(driver, 30).until(lambda d: "saved 2 changes" in d.find_element(By.ID, "status").text)
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    after = {e["hex"]: e for e in _tables(game_dir / "terrain.toml")["surveyed"]}
    assert sorted(after) == ["B0305", "B0306", "B0704"]
    for h in (inner, overlap):
        assert (after[h]["terrain"], after[h]["reviewed"]) == (b.terrain[h], True)
    assert after["B0306"] == next(e for e in before["surveyed"] if e["hex"] == "B0306")
