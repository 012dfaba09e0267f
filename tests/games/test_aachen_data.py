"""Spot checks of games/aachen against the rulebook text (aachen-first-to-fall.txt).

Each case names the rulebook line it checks and asserts both the data value and that the
cited line carries the expected text, so a wrong datum or a wrong line reference fails.
"""
from __future__ import annotations

import pytest

from tests.games import rawdata

GAME = "aachen"
AAC = "aachen-first-to-fall.txt"
ARN = "arnhem-farthest-bridge.txt"
MINUS = "\u2212"


def line(n: int, book: str = AAC) -> str:
    return rawdata.rulebook_line(book, n)


def scenario() -> dict:
    return rawdata.toml(GAME, "scenarios/historical.toml")


def setup_for(hex_: str) -> dict:
    return rawdata.find(scenario()["setup"], hex=hex_)


def values(unit_id: str) -> str:
    u = rawdata.units(GAME)[unit_id]
    return f"{u['attack']}-{u['defense']}-{u['movement']}"


def readings(v):
    return [rawdata.plain(r) for r in v["readings"]]


# ---------------------------------------------------------------- set-up hexes and unit values
SETUP = [
    # (line, hex, unit id, values, type)
    (653, "0409", "ger-0409", "0-1-6", "infantry"),
    (654, "1420", "ger-1420", "0-1-6", "infantry"),
    (655, "0317", "ger-0317", "1-1-6", "infantry"),
    (656, "0518", "ger-0518", "1-1-6", "infantry"),
    (657, "0415", "ger-0415", "1-1-7", "infantry"),
    (658, "2124", "ger-2124", "1-1-7", "infantry"),
    (659, "1823", "ger-1823", "1-1-7", "infantry"),
    (660, "1330", "ger-1330", "1-1-7", "infantry"),
    (661, "1226", "ger-1226", "1-1-7", "infantry"),
    (662, "1527", "ger-1527", "1-1-7", "infantry"),
    (677, "0205", "us-0205", "2-3-7", "infantry"),
    (685, "0117", "us-0117", "2-3-7", "infantry"),
    (686, "0107", "us-0107", "2-2-12", "tank destroyer"),
    (691, "0932", "us-0932", "3-3-7", "infantry"),
    (698, "1926", "us-1926", "2-3-7", "infantry"),
    (699, "2025", "us-2025", "3-3-7", "infantry"),
    (700, "1333", "us-1333", "2-2-12", "tank destroyer"),
    (705, "0301", "us-0301", "2-2-7", "infantry"),
    (706, "0332", "us-0332", "3-3-8", "engineer"),
    (707, "0630", "us-0630", "5-4-8", "engineer"),
]


@pytest.mark.parametrize("ln,hex_,uid,vals,typ", SETUP, ids=[f"L{s[0]}-{s[1]}" for s in SETUP])
def test_setup_hex_and_unit_values(ln, hex_, uid, vals, typ):
    text = line(ln)
    assert text.startswith(f"{hex_}\t{vals} {typ}"), text
    entry = setup_for(hex_)
    assert rawdata.plain(entry["units"]) == [uid]
    assert f"L{ln}" in entry["source"]
    assert values(uid) == vals
    assert rawdata.units(GAME)[uid]["type"] == typ


def test_german_setup_row_without_unit_L664():
    # Fixed: a placeholder counter 'ger-0411' stood for the empty row; the row names no unit.
    assert line(664).strip() == "0411"
    e = setup_for("0411")
    assert e["units"] == "unknown" and "0411" in e["what"] and "L664" in e["source"]
    assert "ger-0411" not in rawdata.units(GAME)


def test_deleted_german_row_L663():
    # Both readings of the errata annotation are recorded (digest 6.3 item 8).
    assert "1-2-6 infantry (deleted by Errata" in line(663)
    assert "1522" not in line(648)
    e = [x for x in scenario()["setup"] if x["units"] == ["ger-1522"]][0]
    assert readings(e["hexes"]) == [[], ["1522"]] and e["hexes"]["chosen"] == 0
    assert values("ger-1522") == "1-2-6"


def test_german_setup_has_twelve_rows_L652_664():
    rows = [line(n) for n in range(653, 665)]
    hexes = [r.split("\t")[0].strip() for r in rows]
    ger = [e for e in scenario()["setup"] if any(f"L{n}" in e["source"] for n in range(653, 665))]
    placed = [e.get("hex") or readings(e["hexes"])[1][0] for e in ger]
    assert sorted(placed) == sorted(hexes)
    assert len(ger) == 12


@pytest.mark.parametrize("ln,rng,n,vals", [
    (671, "2630\u20133028", 4, "4\u00d7 2-2-12 mechanized infantry"),
    (672, "1934 to 2431", 5, "4\u00d7 2-2-12 mechanized infantry, 1\u00d7 2-2-12 tank destroyer"),
], ids=["L671-3AD-2630-3028", "L672-3AD-1934-2431"])
def test_third_armored_setup_ranges(ln, rng, n, vals):
    text = line(ln)
    assert text.startswith(f"{rng}\t{vals}")
    ends = rng.replace("\u2013", " to ").split(" to ")
    entry = [e for e in scenario()["setup"] if f"L{ln}" in e["source"]][0]
    assert len(entry["units"]) == n
    assert all(x in entry["area"] for x in ends)
    place = [p for p in rawdata.toml(GAME, "terrain.toml")["places"] if p.get("endpoints") == ends]
    assert place and place[0]["hexes"] == "unknown"


# ---------------------------------------------------------------- reinforcements
REINF = [
    # (line, turn, entry hexes, unit id, values)
    (731, 4, ["2204"], "ger-gt04-1", "2-3-7"),
    (732, 4, ["2105", "2205"], "ger-gt04-2", "4-5-7"),
    (733, 6, ["2204"], "ger-gt06-1", "3-5-8"),
    (734, 6, ["2105", "2205"], "ger-gt06-2", "4-5-8"),
    (735, 7, ["2204"], "ger-gt07-1", "6-5-12"),
    (736, 8, ["2813"], "ger-gt08-1", "2-1-12"),
    (737, 10, ["3014", "3016"], "ger-gt10-1", "5-6-12"),
    (738, 13, ["3014", "3016"], "ger-gt13-1", "3-5-12"),
    (743, 4, ["0301"], "us-gt04", "2-2-7"),
    (744, 7, ["0301"], "us-gt07", "2-2-7"),
    (745, 11, ["0301"], "us-gt11", "2-4-7"),
]


@pytest.mark.parametrize("ln,turn,entry,uid,vals", REINF, ids=[f"L{r[0]}-GT{r[1]}-{r[3]}" for r in REINF])
def test_reinforcement(ln, turn, entry, uid, vals):
    text = line(ln)
    cells = text.split("\t")
    assert cells[0] == str(turn)
    assert cells[1] == " or ".join(entry)
    assert vals in cells[2]
    r = [x for x in scenario()["reinforcements"] if uid in rawdata.plain(x["units"])]
    assert len(r) == 1
    assert r[0]["turn"] == turn and r[0]["entry"] == entry and f"L{ln}" in r[0]["source"]
    assert values(uid) == vals


def test_second_armored_division_L749_L756():
    # Fixed: nine stand-in counters 'us-2ad-1'..'us-2ad-9' replaced by units = "unknown";
    # the rules give no unit list (L758).
    assert "(all nine units)" in line(749) and "beginning GT 4" in line(749)
    assert "0102 through 0109 (inclusive)" in line(756)
    assert "no unit list for the nine 2nd Armored Division units" in line(758)
    r = [x for x in scenario()["reinforcements"] if "L749" in x["source"]]
    assert len(r) == 1 and r[0]["units"] == "unknown" and "(all nine units)" in r[0]["what"]
    assert r[0]["entry"] == ["0102..0109"] and rawdata.plain(r[0]["turn"]) == "unknown"
    assert "6. The occupied fortified hexes must be within two hexes of the Wurm River; and," in line(751)
    assert line(751)[3:] in r[0]["condition"] and line(753)[3:] in r[0]["condition"]
    assert not [u for u in rawdata.units(GAME) if u.startswith("us-2ad")]
    sr = scenario()["special_rules"]["second_armored_division"]
    assert rawdata.plain(sr["earliest_turn"]) == 4 and sr["units"] == 9
    assert "adjacent to one of the other two" in line(753) and sr["adjacency"]["chosen"] == 0


def test_third_armored_battalion_size_L760():
    # Added: the errata makes the armored divisions' combat-command units battalion-sized.
    assert "two combat commands consisting of four battalion-sized units" in line(760)
    u = rawdata.units(GAME)
    mech = [k for k in u if k.startswith("us-3ad-") and u[k]["type"] == "mechanized infantry"]
    assert len(mech) == 8 and all(u[k]["size"] == "battalion" and "L760" in u[k]["source"] for k in mech)
    assert u["us-3ad-b5"]["size"] == "unknown"


def test_no_placeholder_units():
    for uid, u in rawdata.units(GAME).items():
        assert "placeholder" not in u["note"] and "not given" not in u["name"], uid


def test_errata_annotation_readings_L686_L700_L760():
    assert line(686).endswith("(added by Errata 11-13-23)") and line(700).endswith("(added by Errata 11-13-23)")
    assert "A tank destroyer unit was also added to their order of battle." in line(760)
    v = scenario()["special_rules"]["errata_annotations"]
    assert len(v["readings"]) == 2 and v["chosen"] == 0


# ---------------------------------------------------------------- CRT
def crt_row(key: str) -> list:
    return rawdata.find(rawdata.toml(GAME, "tables/crt.toml")["rows"], key=key)["cells"]


@pytest.mark.parametrize("col", range(12), ids=[f"L536-col{c + 1}" for c in range(12)])
def test_crt_die_roll_1(col):
    printed = line(536).split("\t")
    assert printed[0] == "1"
    assert crt_row("1")[col] == printed[col + 1].strip()


def test_crt_mountain_aac_and_arn_readings_L532_ARN295():
    aac = line(532).split("\t")[1:]
    arn = [c.strip() for c in line(295, ARN).split("|")[2:9]]
    cells = crt_row("mountain")
    assert [readings(c)[0] for c in cells][:8] == aac
    assert [readings(c)[1] for c in cells][5:] == arn
    assert all(c["chosen"] == 0 for c in cells)
    assert "Mountain row begins at column 6" in line(292, ARN)


def test_crt_city_rough_river_L533():
    aac = line(533).split("\t")[1:]
    assert aac == [MINUS + "2", MINUS + "1", "0", "+1"]
    assert crt_row("city-rough-river")[:4] == aac


def test_crt_unknown_die_rolls_and_clamp_L538_539():
    assert "less than the lowest differential" in line(538)
    assert "greater than +10" in line(539)
    for k in "23456":
        assert crt_row(k) == ["unknown"] * 12


def test_crt_results_key_ae_bombardment_L375_L549():
    assert line(549).startswith("\u2022 Ae: All attacking units eliminated.")
    assert "Ae, A1, A2, A3 & Ex: Treat as no result." in line(375)
    row = rawdata.find(rawdata.toml(GAME, "tables/crt_results.toml")["rows"], key="Ae")
    assert row["cells"] == ["All attacking units eliminated.**", "no result"]


# ---------------------------------------------------------------- TEC, SFM range
def tec_row(key: str) -> list:
    return [rawdata.plain(c) for c in rawdata.find(rawdata.toml(GAME, "tables/tec.toml")["rows"], key=key)["cells"]]


def test_tec_system_movement_costs_L232_L253_L257():
    # Fixed: the cells the system rules state were all "unknown".
    assert line(232) == "A unit must expend one MP to enter a clear terrain hex."
    assert tec_row("clear")[:2] == [1, 1]
    assert "road hex through a road hexside normally expends one-half (\u00bd) of a MP" in line(253)
    assert tec_row("road")[:2] == [0.5, 0.5]
    assert "through a trail hexside expends only one MP" in line(257)
    assert tec_row("trail")[:2] == [1, 1]


def test_tec_combat_lines_from_crt_L532_L533():
    # Fixed: the CRT names the line for mountain and for city, rough and river defenders.
    assert line(532).startswith("Mountain\t") and line(533).startswith("City, Rough, River\t")
    assert tec_row("mountain")[2] == "mountain"
    for key in ("city", "rough", "river"):
        assert tec_row(key)[2] == "city-rough-river"
    assert "Double the printed defense strength" in line(442)
    assert "double the printed defense strength" in tec_row("fortified")[2]
    for key in ("mountain", "city", "rough", "fortified"):
        assert tec_row(key)[:2] == ["unknown", "unknown"]
    assert tec_row("clear")[2] == "unknown"


def test_tec_river_crossing_readings_L605():
    assert line(605).strip() == "5. Retreat across the river hexside."
    cell = rawdata.find(rawdata.toml(GAME, "tables/tec.toml")["rows"], key="river")["cells"][0]
    assert readings(cell) == ["unknown", "prohibited"] and "chosen" not in cell


@pytest.mark.parametrize("key,ln,needle", [
    ("aircraft", 623, "anywhere on the map"),
    ("4", 624, "up to four hexes"),
    ("3", 625, "adjacent to friendly ground unit"),
], ids=["L623-aircraft", "L624-strength4", "L625-strength3"])
def test_sfm_range(key, ln, needle):
    assert needle in line(ln)
    row = rawdata.find(rawdata.toml(GAME, "tables/sfm_range.toml")["rows"], key=key)
    assert needle.replace("friendly ground unit", "a friendly ground unit") in row["cells"][0]


# ---------------------------------------------------------------- scenario, victory
def test_game_length_from_example_L713():
    assert "end of GT 15 (instead of GT 20)" in line(713)
    lt = scenario()["last_turn"]
    assert lt["value"] == 20 and "L713" in lt["source"] and "example" in lt["note"]
    assert rawdata.plain(scenario()["first_turn"]) == 1 and "GT 1 box" in line(642)


def test_first_player_L568():
    assert line(568) == "The Allied player is the first player (3.0)."
    assert rawdata.plain(scenario()["first_player"]) == "us"


def test_excessive_casualties_L711():
    assert "decreased by one complete GT for each US unit that is eliminated" in line(711)
    assert rawdata.plain(scenario()["special_rules"]["excessive_casualties"]) is True


def test_us_victory_six_red_stars_L770():
    assert "at least six of the east map edge hexes containing red stars" in line(770)
    v = rawdata.find(scenario()["victory"], side="us")
    assert "at least six of the east map edge hexes containing red stars" in v["text"]
    place = [p for p in rawdata.toml(GAME, "terrain.toml")["places"] if p["kind"] == "victory"][0]
    assert place["hexes"] == "unknown"


def test_draw_L774():
    # Fixed: the draw is a victory entry (side = "draw"), not a special rule.
    assert line(774).startswith("Draw: If the US player has met condition 1)")
    v = rawdata.find(scenario()["victory"], side="draw")
    assert v["text"] == line(774) and "L774" in v["source"]


# ---------------------------------------------------------------- grid and sequence
def _adjacent(a: str, b: str, shifted: str) -> bool:
    ca, ra, cb, rb = int(a[:2]), int(a[2:]), int(b[:2]), int(b[2:])
    if ca == cb:
        return abs(ra - rb) == 1
    if abs(ca - cb) != 1:
        return False
    down = (ca % 2 == 0) == (shifted == "even")   # column a sits half a hex lower
    return rb - ra in ((0, 1) if down else (-1, 0))


def test_grid_parity_readings_ARN367_L658_L699():
    g = rawdata.toml(GAME, "game.toml")["grid"]
    assert readings(g["shifted"]) == ["even", "odd"] and g["shifted"]["chosen"] == 0
    assert "0507/0606" in line(367, ARN)
    assert _adjacent("0507", "0606", "even") and not _adjacent("0507", "0606", "odd")
    # the evidence recorded for "odd": German 2124 next to US 2025
    assert line(658).startswith("2124") and line(699).startswith("2025")
    assert _adjacent("2124", "2025", "odd") and not _adjacent("2124", "2025", "even")
    assert rawdata.plain(g["label"]) == "CCRR" and rawdata.plain(g["orientation"]) == "columns"


def test_grid_extent_from_highest_hexes_L672_L737():
    g = rawdata.toml(GAME, "game.toml")["grid"]
    assert line(672).startswith("1934") and line(737).split("\t")[1] == "3014 or 3016"
    assert rawdata.plain(g["columns"]["last"]) == 30 and rawdata.plain(g["rows"]["last"]) == 34
    assert "3014/3016" in g["columns"]["inferred"] and "1934" in g["rows"]["inferred"]


SEQ = [(162, "Support Fire Marker Phase"), (166, "Movement Phase"), (170, "Bombardment Phase"),
       (172, "Combat Phase"), (176, "Mobile Movement Phase"), (178, "Mobile Combat Phase")]


def test_sequence_of_play_L162_L186():
    seq = rawdata.toml(GAME, "game.toml")["sequence"]
    names = [s["name"] for s in seq]
    assert len(seq) == 12 and names[-1] == "Game Turn End Phase" and line(184) == "Game Turn End Phase"
    for i, (ln, phase) in enumerate(SEQ):
        assert line(ln).startswith(phase + ":")
        assert names[i].endswith(phase)
        assert f"L{ln}" in seq[i]["source"]
    assert [s["player"] for s in seq[1:6]] == ["first"] * 5
    assert [s["player"] for s in seq[6:11]] == ["second"] * 5


def test_errata_183_fus_L648():
    assert "183/Fus. unit is incorrectly printed as a 2-7" in line(648)
    assert values("ger-183-fus") == "2-2-7"


def test_gt13_panzer_count_missing_L738():
    assert line(738).endswith(", 6-5-12 panzer")
    r = [x for x in scenario()["reinforcements"] if x["turn"] == 13][0]
    assert r["units"][-1] == "ger-gt13-3" and "Inferred" in r["note"] and values("ger-gt13-3") == "6-5-12"


def test_sfm_allotment_not_transcribed_L304():
    assert "support fire allotment number printed on each turn box of the GTRT" in line(304)
    tr = scenario()["turn_record"]
    assert [t["turn"] for t in tr] == list(range(1, 21))
    assert all(t["sfm"] == {"us": "unknown", "german": "unknown"} for t in tr)
