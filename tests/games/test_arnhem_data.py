"""Spot checks of games/arnhem against the Arnhem rulebook (and the Aachen CRT reading).

Each case names the rulebook line (Lnnn of ../shared/rulebooks/arnhem-farthest-bridge.txt, or
AAC Lnnn of aachen-first-to-fall.txt) and asserts both the datum and the line's text.
"""
from __future__ import annotations

import pytest

from tests.games import rawdata

GAME = "arnhem"
ARN = "arnhem-farthest-bridge.txt"
AAC = "aachen-first-to-fall.txt"


def line(n: int, book: str = ARN) -> str:
    return rawdata.rulebook_line(book, n)


def first_reading(v):
    """The value of a cell, taking the first reading (the Arnhem book's) of a readings cell."""
    if isinstance(v, dict) and "readings" in v:
        return rawdata.plain(v["readings"][0])
    return rawdata.plain(v)


def table(tid: str) -> dict:
    return rawdata.toml(GAME, f"tables/{tid}.toml")


def row(tid: str, key: str) -> dict:
    return rawdata.find(table(tid)["rows"], key=key)


def scenario(sid: str) -> dict:
    return rawdata.toml(GAME, f"scenarios/{sid}.toml")


# ---------------------------------------------------------------- setup hexes (11.0)
@pytest.mark.parametrize(
    "unit,hex_,ln",
    [
        ("2/406", "2025", 461),
        ("1/406", "2325", 462),
        ("BrDf", "2621", 463),
        ("Krft", "3722", 464),
        ("2/9SS", "3724", 465),
        ("9/9SS", "3322", 466),
        ("Grsn", "0702", 467),
    ],
    ids=lambda v: str(v),
)
def test_s1_setup_hex(unit, hex_, ln):
    entry = rawdata.find(scenario("s1")["setup"], units=[unit])
    assert rawdata.plain(entry["hex"]) == hex_
    assert f"L{ln}" in entry["source"]
    text = line(ln)
    assert text.startswith(f"- {unit} (") and text.endswith(f": {hex_}")


# ---------------------------------------------------------------- unit values
@pytest.mark.parametrize(
    "unit,adm,ln",
    [
        ("Krft", "3-3-7", 464),
        ("2/9SS", "4-4-7", 465),
        ("9/9SS", "2-2-12", 466),
        ("1/9SS", "5-5-10", 488),
        ("2107/107_5-3-10", "5-3-10", 492),
        ("2107/107_4-4-10", "4-4-10", 493),
        ("3/Pol", "2-2-7", 501),
        ("Various/XXX", "3-3-10", 512),
        ("2WG/Gds", "4-3-10", 516),
        ("129/43", "5-5-7", 515),
    ],
    ids=lambda v: str(v),
)
def test_unit_values(unit, adm, ln):
    u = rawdata.units(GAME)[unit]
    assert "-".join([u["attack"], u["defense"], u["movement"]]) == adm
    assert f"L{ln}" in u["source"]
    text = line(ln)
    assert u["name"] in text
    assert f"({adm})" in text or f"× {adm})" in text


def test_unit_counts_ln503_504():
    units = rawdata.units(GAME)
    assert sum(1 for u in units.values() if u["name"] == "101st Div Parachute Infantry") == 9
    assert sum(1 for u in units.values() if u["name"] == "82nd Div Parachute Infantry") == 9
    assert "(9× 2-2-7)" in line(503) and "(9× 2-2-7)" in line(504)


# ---------------------------------------------------------------- reinforcements (11.2, 11.3)
@pytest.mark.parametrize(
    "unit,turn,entry,ln,text",
    [
        ("1/Vt", 1, ["3907..3916"], 486, "| 1 | 1/Vt, 2/Vt (2× 3-3-7) | 3907 to 3916 |"),
        ("1/59", 1, ["0701..0901"], 487, "0701 to 0901"),
        ("10/10SS", 1, ["3326"], 490, "| 10/10SS (2-2-12) | 3326 |"),
        ("3/Vt", 2, ["3907..3916"], 491, "| 2 | 3/Vt (3-3-7) | 3907 to 3916 |"),
        ("2107/107_4-4-10", 2, ["0726"], 493, "| 2107/107 (4-4-10) | 0726 |"),
        ("1/Pol", 5, ["3717"], 500, "| 5 | 1/Pol, 2/Pol"),
        ("3/Pol", 7, ["3717"], 501, "| 7 | 3/Pol"),
        ("1CG", 2, ["0103..0106"], 513, "| 2 | 1CG, 2 GG"),
        ("129/43", 4, ["0103..0106"], 515, "| 4 | 129/43, 214/43"),
        ("2WG/Gds", 8, ["0103..0106"], 516, "| 8 | 2WG/Gds"),
    ],
    ids=lambda v: str(v),
)
def test_s1_reinforcement(unit, turn, entry, ln, text):
    hits = [r for r in scenario("s1")["reinforcements"] if unit in r["units"]]
    assert len(hits) == 1
    r = hits[0]
    assert rawdata.plain(r["turn"]) == turn
    assert rawdata.plain(r["entry"]) == entry
    assert f"L{ln}" in r["source"]
    assert text in line(ln)


def test_xxx_corps_first_rows_turn_has_two_readings_l506_l510():
    r = rawdata.find(scenario("s1")["reinforcements"], units=["2IG/Gds"])
    values = [rawdata.plain(x) for x in r["turn"]["readings"]]
    assert values == [1, 3]
    assert line(510).startswith("| 2IG/Gds (4-3-10) |")  # no GT cell
    assert line(506) == "| 3 |"


def test_allied_entry_range_l507():
    assert "between 0103 and 0106" in line(507)
    place = rawdata.find(rawdata.toml(GAME, "terrain.toml")["places"], kind="entry", hexes=["0103..0106"])
    assert "L507" in place["source"]


# ---------------------------------------------------------------- scenario data
@pytest.mark.parametrize("sid", ["s1", "s2"])
def test_scenario_length_l457(sid):
    s = scenario(sid)
    assert rawdata.plain(s["first_turn"]) == 1
    assert rawdata.plain(s["last_turn"]) == 10
    assert "complete at the end of GT 10" in line(457)


@pytest.mark.parametrize("sid", ["s1", "s2"])
def test_first_player_l357(sid):
    assert rawdata.plain(scenario(sid)["first_player"]) == "allied"
    assert line(357) == "The Allied player is the first player in either scenario (3.0)."


@pytest.mark.parametrize("sid", ["s1", "s2"])
def test_victory_hexes_l547(sid):
    v = rawdata.find(scenario(sid)["victory"], side="allied")
    assert v["hexes"] == ["3423", "3523", "3524"]
    assert "(3423, 3523, or 3524)" in line(547)
    assert v["text"] == line(547)


@pytest.mark.parametrize(
    "marker,hex_,ln",
    [("dz_1st_british_ab", "3717", 469), ("dz_101st_us_ab", "1007", 470), ("dz_82nd_us_ab", "2323", 471)],
)
def test_s1_drop_zone_markers(marker, hex_, ln):
    dz = scenario("s1")["special_rules"]["drop_zone_markers"]["value"]
    assert dz[marker] == hex_
    assert line(ln).endswith(f": {hex_}")


@pytest.mark.parametrize(
    "units,area,ln",
    [
        (["2/406", "1/406"], "Any hex in Germany", 557),
        (["BrDf"], "Any hex in Nijmegen", 558),
        (["Krft", "2/9SS"], "Any hex north of Neder Rijn River", 559),
        (["9/9SS"], "Any hex north of the Waal River", 560),
        (["Grsn"], "Any hex south of the Maas River", 561),
    ],
    ids=lambda v: str(v),
)
def test_s2_setup_area(units, area, ln):
    e = rawdata.find(scenario("s2")["setup"], units=units)
    assert e["area"] == area
    assert line(ln).endswith(": " + area)


# ---------------------------------------------------------------- tables
@pytest.mark.parametrize(
    "tid,key,expected,ln,text",
    [
        ("bridge_demolition", "canal_bridge", [1, 2, 3], 387, "| Canal Bridge | 1–3 |"),
        ("bridge_demolition", "railroad_bridge", [1, 2], 388, "| Railroad Bridge | 1–2 |"),
        ("bridge_demolition", "highway_bridge", [1], 389, "| Highway Bridge | 1 |"),
        ("bridge_repair", "canal_or_railroad_bridge", [5, 6], 400, "| Canal or Railroad Bridge | 5–6 |"),
        ("bridge_repair", "highway_bridge", [4, 5, 6], 401, "| Highway Bridge | 4–6 |"),
    ],
    ids=lambda v: str(v),
)
def test_bridge_tables(tid, key, expected, ln, text):
    r = row(tid, key)
    assert rawdata.plain(r["cells"][0]) == expected
    assert f"L{ln}" in r["source"]
    assert line(ln) == text


@pytest.mark.parametrize(
    "roll,british,us,ln",
    [("1", 0, 0, 449), ("2", 0, 1, 450), ("3", 1, 0, 451), ("4", 1, 1, 452), ("5", 2, 0, 453), ("6", 2, 1, 454)],
)
def test_airpower_table(roll, british, us, ln):
    r = row("airpower", roll)
    assert r["cells"][:2] == [british, us]
    assert line(ln) == f"| {roll} | {r['cells'][2]} |"


@pytest.mark.parametrize(
    "key,printed,ln",
    [
        ("mixed", "| Mixed | 1–6 | 7–8 | N/A |", 538),
        ("broken", "| Broken | 1–5 | 6–7 | 8 |", 539),
        ("woods", "| Woods | 1–4 | 5–6 | 7–8 |", 540),
        ("rough", "| Town or Rough | 1–3 | 4–6 | 7–8 |", 541),
        ("city", "| City | 1–2 | 3–5 | 6–8 |", 542),
    ],
)
def test_drop_table(key, printed, ln):
    def show(v):
        v = rawdata.plain(v)
        if not v:
            return "N/A"
        return str(v[0]) if len(v) == 1 else f"{v[0]}–{v[-1]}"

    r = row("drop", key)
    cells = " | ".join(show(c) for c in r["cells"])
    assert printed.endswith(f"| {cells} |")
    assert line(ln) == printed


@pytest.mark.parametrize("key,ln,text", [("glider_unit", 544, "+1 Glider units"), ("german_unit_adjacent", 545, "+1 If German unit is adjacent")])
def test_drop_drm(key, ln, text):
    assert row("drop_drm", key)["cells"] == [1]
    assert text in line(ln)


@pytest.mark.parametrize(
    "key,leg,mobile,ln",
    [
        ("mixed", 2, 2, 578),
        ("woods", 2, 3, 579),
        ("broken", 3, 3, 580),
        ("rough", 4, 5, 581),
        ("marsh", 4, "(a)", 582),
        ("city", 1, 1, 583),
        ("town", 1, 1, 584),
    ],
)
def test_tec_cost(key, leg, mobile, ln):
    cells = row("tec", key)["cells"]
    assert first_reading(cells[0]) == leg
    assert first_reading(cells[1]) == mobile
    assert line(ln) == f"| {key.capitalize()} | {leg} | {mobile} |"


def test_tec_road_half_mp_l585():
    cells = row("tec", "road")["cells"]
    assert [rawdata.plain(c) for c in cells] == [0.5, 0.5]
    assert line(585) == "| Road (b) | 1/2 | 1/2 |"


def test_tec_trail_mobile_cell_filled_from_rules_l115_l368():
    # The printed row lacks the Mobile cell (L586); 5.4.2 states the cost for any unit (L115) and
    # 10.6.1 calls it "the trail MP expenditure (one MP)" (L368). Was stored as "unknown".
    cells = row("tec", "trail")["cells"]
    assert cells[0] == 1
    assert rawdata.plain(cells[1]) == 1
    assert "L115" in cells[1]["source"] and "L368" in cells[1]["source"]
    assert line(586) == "| Trail (b) | 1 |"
    assert "trail hex directly into an adjacent trail hex through a trail hexside expends only one MP" in line(115)
    assert "the trail MP expenditure (one MP)" in line(368)


@pytest.mark.parametrize(
    "col,arn_value",
    [(6, "0"), (7, "+1"), (8, "+2,+3"), (9, "+4,5"), (12, "+10")],
)
def test_crt_mountain_line_arn_reading_l295(col, arn_value):
    cell = row("crt", "mountain")["cells"][col - 1]
    assert first_reading(cell) == arn_value
    entries = [c.strip() for c in line(295).split("|")[2:9]]  # the 7 printed entries
    assert entries[col - 6] == arn_value
    assert "right-aligned to column 12 (the Mountain row begins at column 6" in line(292)


@pytest.mark.parametrize("col,aac_value", [(1, "−1"), (4, "+2, +3"), (8, "+10")])
def test_crt_mountain_line_aac_reading_aac_l532(col, aac_value):
    cell = row("crt", "mountain")["cells"][col - 1]
    assert rawdata.plain(cell["readings"][1]) == aac_value
    assert line(532, AAC).split("\t")[col] == aac_value


@pytest.mark.parametrize("col,result", [(1, "(A)"), (4, "•"), (10, "D3"), (12, "De")])
def test_crt_die_roll_1_aac_reading_aac_l536(col, result):
    cell = row("crt", "1")["cells"][col - 1]
    assert first_reading(cell) == "unknown"  # the ARN file has no die-roll rows
    assert rawdata.plain(cell["readings"][1]) == result
    assert line(536, AAC).split("\t")[col] == result


def test_crt_city_line_l296():
    cells = row("crt", "city_rough_river")["cells"]
    assert [rawdata.plain(c) for c in cells[:2]] == ["−2", "−1"]
    assert line(296) == "| City, Rough, River | −2 | −1 |"


@pytest.mark.parametrize(
    "key,pool,value,text",
    [
        ("a", "british", 3, "remove three +3 non-airpower SFM markers from the British pool"),
        ("b", "us", 3, "remove three +3 SFM markers from the US pool"),
        ("c", "british", 6, "remove three +6 FSM non-airpower markers from the British pool"),
    ],
)
def test_sfm_reductions_l443(key, pool, value, text):
    cells = row("sfm_reductions", key)["cells"]
    assert cells[1] == pool and cells[2] == 3 and rawdata.plain(cells[3]) == value
    assert text in line(443)


# ---------------------------------------------------------------- grid convention
def _neighbours(label: str, shifted: str) -> set[str]:
    c, r = int(label[:2]), int(label[2:])
    odd = c % 2 == 1
    shifted_col = (c % 2 == 0) if shifted == "even" else odd
    side_rows = (r, r + 1) if shifted_col else (r - 1, r)
    out = {f"{c:02d}{r - 1:02d}", f"{c:02d}{r + 1:02d}"}
    for dc in (-1, 1):
        for rr in side_rows:
            out.add(f"{c + dc:02d}{rr:02d}")
    return out


@pytest.mark.parametrize("a,b,ln", [("0507", "0606", 367), ("3325", "3424", 390)])
def test_grid_parity_from_hexside_pairs(a, b, ln):
    grid = rawdata.toml(GAME, "game.toml")["grid"]
    assert grid["label"] == "CCRR"
    assert rawdata.plain(grid["orientation"]) == "columns"
    assert b in _neighbours(a, grid["shifted"])
    other = "odd" if grid["shifted"] == "even" else "even"
    assert b not in _neighbours(a, other)
    assert f"{a}/{b}" in line(ln)


def test_grid_extent_from_highest_numbers():
    grid = rawdata.toml(GAME, "game.toml")["grid"]
    assert rawdata.plain(grid["columns"]["last"]) == 39 and "3907 to 3916" in line(486)
    assert rawdata.plain(grid["rows"]["last"]) == 26 and "| 0726 |" in line(492)


# ---------------------------------------------------------------- sequence of play
def test_sequence_of_play_l59_l71():
    seq = rawdata.toml(GAME, "game.toml")["sequence"]
    names = [s["name"].split(": ")[-1] for s in seq]
    first = names[1:6]
    assert names[0] == "Support Fire Marker Phase" and line(59).startswith("Support Fire Marker Phase:")
    assert [s["player"] for s in seq[1:6]] == ["first"] * 5
    assert [s["player"] for s in seq[6:11]] == ["second"] * 5
    for phase, ln in zip(first, (61, 63, 64, 66, 67)):
        assert line(ln).startswith(phase + ":")
    assert names[6:11] == first
    assert names[11] == "Game Turn End Phase" == line(70)


# ---------------------------------------------------------------- terrain
def test_canal_trail_crossings_l367():
    hs = rawdata.find(rawdata.toml(GAME, "terrain.toml")["hexsides"], feature="canal")
    assert hs["pairs"] == [["0507", "0606"], ["0508", "0608"], ["0710", "0711"]]
    assert "0507/0606, 0508/0608 and 0710/0711" in line(367)


def test_canal_errata_stream_l363():
    t = rawdata.find(rawdata.toml(GAME, "terrain.toml")["types"], id="canal")
    assert t["name"]["value"] == "Canal" and t["name"]["printed"] == "Stream"
    assert "the hex labeled Stream should read Canal" in line(363)


# ---------------------------------------------------------------- review corrections
@pytest.mark.parametrize("sid", ["s1", "s2"])
def test_draw_is_a_victory_entry_l548(sid):
    # The draw was kept only in special_rules; the format now has a "draw" victory side.
    v = rawdata.find(scenario(sid)["victory"], side="draw")
    assert v["kind"] == "occupy" and v["hexes"] == ["3423", "3523", "3524"]
    assert v["text"] == line(548)
    assert "L548" in v["source"]
    assert "draw" not in scenario(sid)["special_rules"]
    assert line(548).startswith("Draw: The game is a draw if at the end of GT 10")


@pytest.mark.parametrize(
    "prefix,nationality,ln,text",
    [
        ("101st_para_", "US", 502, "| United States | ||"),
        ("82nd_para_", "US", 502, "| United States | ||"),
        ("1/Pol", "Polish", 499, "| Polish | ||"),
        ("3/Pol", "Polish", 499, "| Polish | ||"),
        ("Krft", "German", 331, "German"),
        ("10/10SS", "German", 331, "German"),
    ],
)
def test_nationality_column(prefix, nationality, ln, text):
    # Nationality was only in the notes; it is now the `nationality` column.
    hits = [u for uid, u in rawdata.units(GAME).items() if uid.startswith(prefix)]
    assert hits and all(u["nationality"] == nationality for u in hits)
    assert line(ln) == text


def test_british_nationality_is_marked_inferred_l318():
    units = rawdata.units(GAME)
    british = [u for u in units.values() if u["nationality"] == "British"]
    assert {u["id"] for u in british} == {
        "2IG/Gds", "231/50", "1GG/Gds", "Various/XXX", "1CG", "2GG", "32/Gds", "130/43", "129/43", "214/43", "2WG/Gds"}
    assert all("inferred" in u["note"] and "L318" in u["note"] for u in british)
    assert "the British XXX Corps attacking" in line(318)


def test_nine_counters_each_follow_the_table_multiplier_notation():
    # "9×" is the same notation as "2×" before two named counters (L486), i.e. a counter count.
    assert line(486).startswith("| 1 | 1/Vt, 2/Vt (2× 3-3-7) |")
    for prefix, ln in (("101st_para_", 503), ("82nd_para_", 504)):
        ids = sorted(uid for uid in rawdata.units(GAME) if uid.startswith(prefix))
        assert ids == [f"{prefix}{k}" for k in range(1, 10)]
        assert all(f"L{ln}" in rawdata.units(GAME)[i]["source"] for i in ids)


@pytest.mark.parametrize("sid", ["s1", "s2"])
def test_german_gt3_row_is_an_unknown_reinforcement_l494(sid):
    hits = [r for r in scenario(sid)["reinforcements"] if r["units"] == "unknown" and rawdata.plain(r["turn"]) == 3]
    assert len(hits) == 1
    assert "L494" in hits[0]["source"] and hits[0]["what"]
    assert line(494) == "| 3 |"
    assert line(493) == "| 2107/107 (4-4-10) | 0726 | |"


@pytest.mark.parametrize("sid,entry", [("s1", ["3717"]), ("s2", "unknown")])
def test_1st_british_airborne_is_an_unknown_reinforcement_l318_l469(sid, entry):
    hits = [r for r in scenario(sid)["reinforcements"] if r["units"] == "unknown" and "1st British Airborne" in r["what"]]
    assert len(hits) == 1
    r = hits[0]
    assert rawdata.plain(r["turn"]) == "unknown"
    assert rawdata.plain(r["entry"]) == entry
    assert "L318" in r["source"] and "L469" in r["source"]
    assert "three Allied airborne divisions to be dropped" in line(318)
    assert line(469) == "- 1st British AB: 3717"


def test_crt_none_cells_are_blank_in_the_source():
    # 'none' stands for a blank cell: ARN Mountain 1-5 (row begins at column 6, L292), AAC Mountain 9-12
    # (the tab-separated line stops after +10 in column 8, AAC L532; blank = not used, AAC L529).
    cells = row("crt", "mountain")["cells"]
    assert [rawdata.plain(c["readings"][0]) for c in cells[:5]] == ["none"] * 5
    assert [rawdata.plain(c["readings"][1]) for c in cells[8:]] == ["none"] * 4
    assert "the Mountain row begins at column 6" in line(292)
    assert line(295).endswith("| +10 | |||||")
    assert line(532, AAC).split("\t")[1:] == ["−1", "0", "+1", "+2, +3", "+4, +5", "+6, +7", "+8, +9", "+10"]
    assert "blank cells are not used for that terrain" in line(529, AAC)
    # the City, Rough, River line is cut off short of +10, so its missing cells are unknown, not blank
    city = row("crt", "city_rough_river")["cells"]
    assert city[4:] == ["unknown"] * 8
