"""Spot checks of games/piercing-the-reich against the Piercing the Reich rulebook.

Each case names the rulebook line (Lnnn of ../shared/rulebooks/piercing-the-reich.txt) and
asserts both the datum in the game files and the text of that line, so a case fails when either
the data or the cited line is wrong.
"""
from __future__ import annotations

import pytest

from tests.games import rawdata

GAME = "piercing-the-reich"
PTR = "piercing-the-reich.txt"


def line(n: int) -> str:
    return rawdata.rulebook_line(PTR, n)


def scenario(sid: str) -> dict:
    return rawdata.toml(GAME, f"scenarios/{sid}.toml")


def table(tid: str) -> dict:
    return rawdata.toml(GAME, f"tables/{tid}.toml")


def cell(tid: str, key, column: str):
    return rawdata.cell(GAME, tid, key, column)


def setup_hex(sid: str, unit: str) -> str:
    hits = [s for s in scenario(sid)["setup"] if unit in s["units"]]
    assert len(hits) == 1, f"{unit} set up {len(hits)} times in {sid}"
    return rawdata.plain(hits[0]["hex"])


def reinforcement_turn(sid: str, unit: str):
    hits = [r for r in scenario(sid)["reinforcements"] if unit in r["units"]]
    assert len(hits) == 1, f"{unit} arrives {len(hits)} times in {sid}"
    return rawdata.plain(hits[0]["turn"])


# ---------------------------------------------------------------- setup hexes
@pytest.mark.parametrize(
    "sid, unit, hexid, n, text",
    [
        ("s1", "1-I/16", "1105", 1932, "1105\t1-I/16 Inf"),
        ("s1", "1-745", "1110", 1935, "1110\t1-I/26 Inf, 1-745 Tk"),
        ("s1", "526-77", "1809", 1949, "1809\t526-77 Inf"),
        ("s1", "LXXXI-394", "1813", 1950, "1813\t526-473 Inf, LXXXI-394 AG*"),
        ("s2", "3A-703", "1012", 2020, "1012\t3A-703 Tk Dest"),
        ("s2", "9-I/47", "1322", 2025, "1322\t9-I/47 Inf"),
        ("s2", "VII-3 Arm", "1111", 2028, "1111\tVII-3 Arm 3rd Arm Div HQ"),
        ("s2", "LXXXI-116 Pz", "2514", 2053, "2514\tLXXXI-116 Pz 116th Pz Div HQ**"),
        ("s2", "353-313", "2824", 2056, "2824\t353-313 Inf"),
        ("s3", "XIX-2 Arm", "3401", 2134, "3401\tXIX-2 Arm 2nd Arm Div HQ, 2A-702 Tk Dest"),
        ("s3", "30-743", "5201", 2138, "5201\t30-III/119 Inf, 30-743 Tk"),
        ("s3", "49-MG 78", "3009", 2156, "3009\t49-MG 78 MG"),
        ("s3", "183-219", "4706", 2161, "4706\t183-219 Eng"),
        ("s4", "1-III/18", "1107", 2023, "1107\tVH-1 Inf 1st Inf Div HQ, 1-III/18 Inf"),
        ("s4", "9-9", "2318", 2052, "2318\t9-9 Reece, 9-50 Tk Dest"),
    ],
    ids=lambda v: str(v),
)
def test_setup_hex(sid, unit, hexid, n, text):
    assert text in line(n), f"L{n}"
    assert setup_hex(sid, unit) == hexid


# ---------------------------------------------------------------- reinforcement turns
@pytest.mark.parametrize(
    "sid, unit, turn, n, text",
    [
        ("s2", "1-238", 2, 2041, "2\t1st Inf Div: 1-238 Eng, 1-257 Eng"),
        ("s2", "1-634", 3, 2042, "3\t1st Inf Div: 1-745 Tk, 1-634 Tk Dest, 1-4 Eng"),
        ("s2", "LXXXI-1012", 2, 2074, "2\tEntire 12th Inf Div, LXXXI-1012 AG"),
        ("s3", "XIX-1128", 7, 2151, "7\tXIX-1128 Eng, XIX-1129 Eng, XIX-99 Inf"),
        ("s3", "29-II/116", 6, 2150, "6\tEntire 29th Inf Div"),
        ("s5", "XIX-2 Arm", 4, 2316, "4\tB\tXIX-2 Arm: 2nd Arm Div HQ 3*"),
        ("s5", "30-602", 5, 2319, "5\tE\t30th Inf Div: 30-I/120 Inf, 30-II/120 Inf, 30-III/120 Inf, 30-105 Eng, 30-602 Eng"),
        ("s5", "LXXXI-506 Tk", 4, 2347, "4\tE\tIndependent LXXXI: 275 Inf, 506 Tk, 519 Tk Dest"),
        ("s5", "LXXXI-506 Bcl", 3, 2346, "3\tE\tIndependent LXXXI: 503 Bcl Inf, 504 Bcl Inf, 506 Bcl Inf, 902 AG"),
        ("s4", "LXXXI-108 Tk", 5, 2348, "108 Arm Inf, 108 Tk"),
    ],
    ids=lambda v: str(v),
)
def test_reinforcement_turn(sid, unit, turn, n, text):
    assert text in line(n), f"L{n}"
    assert reinforcement_turn(sid, unit) == turn


def test_s5_code_b_entry_hex_L2329():
    assert "B\tOn or adjacent to Spekholzerheide (3401)." in line(2329)
    r = [r for r in scenario("s5")["reinforcements"] if "XIX-2 Arm" in r["units"]][0]
    assert rawdata.plain(r["entry"]) == ["3401"]


@pytest.mark.parametrize(
    "sid, units, turn, n, text",
    [
        ("s2", ["353-XX", "353-12", "353-313"], 3, 2079, "3\tEntire 353 Inf Div"),
        ("s5", ["LXXXI-9 Pz", "9-9", "9-50"], 4, 2370, "4\tEntire 9th Pz Div, 16th Pz Div*"),
    ],
    ids=["s2-353rd-L2079", "s5-9thPz-L2370"],
)
def test_withdrawal(sid, units, turn, n, text):
    assert text in line(n)
    w = [w for w in scenario(sid)["withdrawals"] if w["units"] == units]
    assert len(w) == 1 and rawdata.plain(w[0]["turn"]) == turn


# ---------------------------------------------------------------- victory hexes and points
@pytest.mark.parametrize(
    "sid, hexid, points, n, text",
    [
        ("s2", "2514", 15, 1991, "1905\t5\t2514\t15\t3520\t15"),
        ("s2", "2418", 10, 1989, "1812\t5\t2418\t10\t3422\t15"),
        ("s2", "3421", 15, 1988, "1808\t5\t2321\t5\t3421\t15"),
        ("s3", "3010", 10, 2106, "3010\t10\t3807\t5\t4210\t5"),
        ("s3", "5205", 5, 2109, "3410\t5\t4110\t5\t5205\t5"),
    ],
    ids=lambda v: str(v),
)
def test_victory_points(sid, hexid, points, n, text):
    assert text in line(n)
    v = [v for v in scenario(sid)["victory"] if v["kind"] == "points" and rawdata.plain(v["hexes"]) == [hexid]]
    assert len(v) == 1 and rawdata.plain(v[0]["points"]) == points


def test_s1_victory_hexes_L1927():
    assert "The US must clear hexes 1807, 1808, and 1809." in line(1927)
    v = scenario("s1")["victory"][0]
    assert v["hexes"] == ["1807", "1808", "1809"] and v["side"] == "us"


def test_s2_vp_blank_cell_is_unknown_L1992():
    assert line(1992).strip() == "1922"
    v = [v for v in scenario("s2")["victory"] if rawdata.plain(v.get("hexes")) == ["1922"]][0]
    assert rawdata.plain(v["points"]) == "unknown"


# ---------------------------------------------------------------- scenario length
@pytest.mark.parametrize(
    "sid, first, last, n, text",
    [("s2", 1, 3, 1973, "Turns 1-3"), ("s3", 5, 8, 2091, "Turns 5-8"), ("s4", 1, 8, 2190, "Turns 1-8")],
    ids=["s2-L1973", "s3-L2091", "s4-L2190"],
)
def test_scenario_length(sid, first, last, n, text):
    assert line(n).strip() == text
    sc = scenario(sid)
    assert rawdata.plain(sc["first_turn"]) == first and rawdata.plain(sc["last_turn"]) == last


def test_s1_five_activations_L1919():
    assert line(1919).strip() == "Five Formation Activation Segments"
    assert rawdata.plain(scenario("s1")["special_rules"]["max_activations"]) == 5


# ---------------------------------------------------------------- tables
@pytest.mark.parametrize(
    "tid, key, column, expected, n, text",
    [
        ("air-support", "2", "us", "2R", 1332, "2\tNE\t2R"),
        ("air-support", "1", "german", "1R", 1331, "1\t1R\t1R"),
        ("air-support", "10", "us", "1L", 1330, "0\tNE\t1L"),
        ("funkpanzer", "9", "shift", "2R", 2464, "9\t2R"),
        ("ap", "8", "4 bold", 5, 816, "rolls an 8 on the AP Table, the AP marker would be placed in the 5-space (Bold DR)"),
        ("ap", "5", "6 non-bold", 3, 872, "gets a DR of 5 on the AP Table, the AP marker would be placed in the 3-space (non-bold DR)"),
        ("attacker-combat-support", "prepared / same formation", "drm", "+2", 1370, "Prepared\tY\tY\tY\t+2"),
        ("defender-combat-support", "improved / same formation", "drm", "-2", 1391, "Improved\tY\tY\tY\t-2"),
        ("chit-columns", "defender: Improved Defense", "chit column", "right (green)", 1279, "Defender\tImproved Defense\tRight"),
        ("combat-chits", "German chit of the 15.2.2 example, ER 7", "center (yellow)", 3, 1290, "German\t7\t*3 Regular Attack"),
        ("combat-chits", "US chit of the 15.2.2 example, ER 3", "left (red)", 1, 1292, "US\t3\t*1 Disrupted"),
        ("action-costs", "prepared_attack", "ap_cost", 3, 985, "Refit\t1\tCombat: Prepared\t3"),
        ("oss-infiltration-drm", "first", "drm", "-3", 2445, "-3\tFirst"),
    ],
    ids=lambda v: str(v)[:40],
)
def test_table_cell(tid, key, column, expected, n, text):
    assert text in line(n), f"L{n}"
    assert cell(tid, key, column) == expected


@pytest.mark.parametrize(
    "key, column, expected, n, text",
    [
        ("stream", "movement_leg", "+1", 1120, "Leg units pay +1 MP to cross a stream hexside."),
        ("stream", "movement_motorized", "entire MA", 1122, "Motorized units must expend their entire MA to cross a stream."),
        ("stream", "attacker_tp_modifier", "1/4", 1490, "attacking across stream hexside = ¼"),
        ("town", "defender_atp_bonus", "+1", 1492, "defending in a town hex = +1"),
    ],
    ids=["stream-leg-L1120", "stream-motorized-L1122", "stream-tp-L1490", "town-atp-L1492"],
)
def test_tec_cell(key, column, expected, n, text):
    assert text in line(n)
    assert cell("tec", key, column) == expected


def test_crt_not_transcribed_L1253():
    assert "the attack is treated as a 5/0 result" in line(1253)
    t = table("crt")
    assert all(rawdata.plain(c) == "unknown" for r in t["rows"] for c in r["cells"])
    assert [r["key"] for r in t["rows"]] == [str(i) for i in range(1, 21)]
    assert "Treat results of less than 1 as 1, and results of more than 20 as 20." in line(1257)


# ---------------------------------------------------------------- unit values
@pytest.mark.parametrize(
    "unit, column, expected, n, text",
    [
        ("LXXXI-506 Tk", "er", "7", 1174, "ER of LXXXI-506 Panzer (ER = 7)"),
        ("LXXXI-506 Tk", "tp", "12", 1488, "the attached LXXXI-506 (12 TPs)"),
        ("116-228", "er", "6", 1174, "Effectiveness Rating of 116-228 Panzerjäger (ER = 6)"),
        ("30-823", "reduced_er", "3", 1296, "30-823 (disrupted; 4/3)"),
        ("3A-23", "reduced_atp", "1", 1488, "3-23 is disrupted and has 1 ATP"),
        ("183-219", "cs", "2", 1800, "(full strength, 2 SPs) with an ER of 3"),
        ("VII-3 Arm", "reaction_rating", "5", 928, "its Reaction Rating is a 5"),
        ("116-II/156", "er", "7", 1294, "116-II/156 (current CS: 8/ER: 7)"),
    ],
    ids=lambda v: str(v),
)
def test_unit_value(unit, column, expected, n, text):
    assert text in line(n), f"L{n}"
    assert rawdata.units(GAME)[unit][column] == expected


def test_unit_types_L2157():
    assert "4205\tLXXXI-506 Bcl Inf*, LXXXI-217 AG*" in line(2157)
    u = rawdata.units(GAME)
    assert u["LXXXI-506 Bcl"]["type"] == "bicycle infantry" and u["LXXXI-506 Bcl"]["mobility"] == "leg"
    assert u["LXXXI-217"]["type"] == "assault gun" and u["LXXXI-217"]["mobility"] == "motorized"


def test_errata_3_3_motorized_engineer_L284():
    assert "The German 3-3 is a motorized engineer" in line(284)
    assert rawdata.units(GAME)["3-3"]["type"] == "motorized engineer"


@pytest.mark.parametrize(
    "fid, key, expected, n, text",
    [
        ("1inf", "fam_max", 7, 900, "the FAM may not be raised above the 7-box"),
        ("1inf", "recovery", 5, 900, "Formation Activation Recovery Rating of 1st Infantry Division is +5"),
        ("9pz", "fam_max", 7, 908, "the Maximum Activation Level of 9th Panzer Division is 7"),
        ("9pz", "recovery", 4, 908, "Formation Activation Recovery Rating of 9th Panzer Division is 4"),
    ],
    ids=lambda v: str(v)[:30],
)
def test_formation_values(fid, key, expected, n, text):
    assert text in line(n)
    f = rawdata.toml(GAME, "game.toml")["special"]["formations"][fid]
    assert rawdata.plain(f[key]) == expected


def test_s2_fam_placement_L2065():
    assert line(2065) == "353rd Inf Div\t4\t116th Pz Div\t3"
    fam = scenario("s2")["special_rules"]["fam_placement"]
    assert fam["353inf"] == 4 and fam["116pz"] == 3


# ---------------------------------------------------------------- grid convention
def _adjacent(a: str, b: str, shifted: str) -> bool:
    ra, ca, rb, cb = int(a[:2]), int(a[2:]), int(b[:2]), int(b[2:])
    if ra == rb:
        return abs(ca - cb) == 1
    if abs(ra - rb) != 1:
        return False
    shifted_row = (ra % 2 == 1) == (shifted == "odd")
    return cb - ca in ((0, 1) if shifted_row else (-1, 0))


@pytest.mark.parametrize(
    "a, b, n",
    [("2013", "2113", 918), ("2114", "2015", 922), ("2114", "2215", 922), ("2922", "3022", 1174),
     ("2223", "2122", 1423), ("3806", "3705", 1488), ("5321", "5421", 1124), ("5420", "5520", 1124)],
    ids=lambda v: str(v),
)
def test_grid_adjacency(a, b, n):
    assert a in line(n) and b in line(n)
    g = rawdata.toml(GAME, "game.toml")["grid"]
    assert rawdata.plain(g["label"]) == "RRCC" and rawdata.plain(g["orientation"]) == "rows"
    assert _adjacent(a, b, rawdata.plain(g["shifted"]))


def test_grid_extent_L1685_L1689():
    assert "The southern map edge hexes 1000-1015 are friendly to the US." in line(1685)
    assert "The northern map edge hexes 5511-5527" in line(1689)
    g = rawdata.toml(GAME, "game.toml")["grid"]
    assert rawdata.plain(g["rows"]["first"]) == 10 and rawdata.plain(g["rows"]["last"]) == 55
    assert rawdata.plain(g["rows"]["increase"]) == "up" and rawdata.plain(g["columns"]["first"]) == 0
    assert "4000-4028" in line(1977) and rawdata.plain(g["columns"]["last"]) == 28


def test_dice_L428():
    assert "A zero (0) is always treated as ten (10), not zero." in line(428)
    d = rawdata.toml(GAME, "game.toml")["dice"]
    assert d["kind"] == "d10" and d["zero_is_ten"] is True


# ---------------------------------------------------------------- sequence of play
def test_sequence_of_play_L464_L476():
    printed = [line(n).split(". ", 1)[1] for n in range(464, 477, 2)]
    assert printed[0] == "Recovery Phase" and printed[-1] == "End Turn Phase"
    names = [p["name"] for p in rawdata.toml(GAME, "game.toml")["sequence"]]
    assert names == printed


# ---------------------------------------------------------------- terrain, places and edges
def test_supply_edge_L1685():
    e = rawdata.find(rawdata.toml(GAME, "terrain.toml")["edges"], id="us-south")
    assert e["hexes"] == ["1000..1015"] and "1000-1015" in line(1685)


def test_stolberg_hexes_L2360():
    assert "Stolberg (3421, 3422, 3423, 3424, 3520, 3521, 3522, 3620)" in line(2360)
    p = rawdata.find(rawdata.toml(GAME, "terrain.toml")["places"], name="Stolberg")
    assert p["hexes"] == ["3421", "3422", "3423", "3424", "3520", "3521", "3522", "3620"]


def test_pillbox_line_endpoints_L1112():
    assert "from hex 1806 to hex 5503" in line(1112)
    p = rawdata.find(rawdata.toml(GAME, "terrain.toml")["places"], name="Pillbox line (12.5 German movement restriction)")
    assert p["endpoints"] == ["1806", "5503"] and p["hexes"] == "unknown"


def test_roer_crossings_L1124():
    assert "only between the hexes 5321-5421, 5420-5421, and 5420-5520" in line(1124)
    h = [h for h in rawdata.toml(GAME, "terrain.toml")["hexsides"] if h["feature"] == "roer"][0]
    assert h["pairs"] == [["5321", "5421"], ["5420", "5421"], ["5420", "5520"]]


def test_forest_pillbox_hex_L918():
    assert "forest/pillbox hex 2014" in line(918)
    assert "2014" in rawdata.plain(rawdata.toml(GAME, "terrain.toml")["hexes"]["forest_pillbox"])


def test_s4_german_setup_reading_L2253():
    assert line(2253) == "Same as 21.3.9."
    r = scenario("s4")["special_rules"]["german_setup"]
    assert r["readings"][0]["value"] == "21.3.9" and r["chosen"] == 1


# ---------------------------------------------------------------- review corrections
def test_unit_source_line_30_I_120_L2136():
    # 30-I/120 is in the row of L2136 (5001), not L2135 (4801 is 30-II/120)
    assert "5001\t30-I/120 Inf" in line(2136) and "30-I/120" not in line(2135)
    assert "(L2136)" in rawdata.units(GAME)["30-I/120"]["source"]


def test_no_placeholder_counters():
    assert not [u for u in rawdata.units(GAME) if u.lower().startswith("unidentified")]
    for sid in ("s1", "s2", "s3", "s4", "s5"):
        sc = scenario(sid)
        for e in sc.get("setup", []) + sc.get("reinforcements", []) + sc.get("withdrawals", []):
            if e["units"] == "unknown":
                assert e.get("what"), f"{sid}: unknown units without 'what'"
            else:
                assert all(u in rawdata.units(GAME) for u in e["units"]), e["units"]


@pytest.mark.parametrize("sid, hexid, n", [("s1", "1808", 1955), ("s3", "3706", 2162)], ids=["s1-L1955", "s3-L2162"])
def test_blank_setup_rows_are_unknown(sid, hexid, n):
    assert line(n).strip() == hexid  # the unit cell is blank in the rulebook
    hits = [s for s in scenario(sid)["setup"] if rawdata.plain(s.get("hex")) == hexid]
    assert len(hits) == 1 and hits[0]["units"] == "unknown" and hits[0]["what"]


def test_blank_us_turn6_row_is_unknown_L2321():
    assert line(2321).strip() == "6"
    for sid in ("s4", "s5"):
        hits = [r for r in scenario(sid)["reinforcements"] if "(L2321)" in r["source"]]
        assert len(hits) == 1 and hits[0]["units"] == "unknown" and rawdata.plain(hits[0]["turn"]) == 6


@pytest.mark.parametrize("sid", ["s4", "s5"])
def test_246th_is_unknown_L2345(sid):
    assert line(2345) == "3\tA\tEntire 246th VG Div 5*"
    hits = [r for r in scenario(sid)["reinforcements"] if "(L2345)" in r["source"]]
    assert len(hits) == 1 and hits[0]["units"] == "unknown" and rawdata.plain(hits[0]["turn"]) == 3


@pytest.mark.parametrize("sid", ["s4", "s5"])
def test_116th_return_is_unknown_L683(sid):
    assert "116th Panzer Division enters play again as reinforcement on Turns 6 and 7" in line(683)
    hits = [r for r in scenario(sid)["reinforcements"] if "(L683)" in r["source"]]
    assert sorted(rawdata.plain(r["turn"]) for r in hits) == [6, 7]
    assert all(r["units"] == "unknown" for r in hits)


@pytest.mark.parametrize(
    "sid, turn, n, text",
    [("s2", 2, 2074, "Entire 12th Inf Div"), ("s5", 2, 2341, "Entire 12th Inf Div 6*"),
     ("s3", 7, 2178, "Entire 3 PZG Div"), ("s4", 7, 2178, "Entire 3 PZG Div")],
    ids=lambda v: str(v),
)
def test_entire_division_rest_is_unknown(sid, turn, n, text):
    # only one counter of the division is named; the rest (HQ included) must not be dropped
    assert text in line(n)
    hits = [r for r in scenario(sid)["reinforcements"]
            if r["units"] == "unknown" and f"(L{n})" in r["source"] and rawdata.plain(r["turn"]) == turn]
    assert len(hits) == 1


@pytest.mark.parametrize("sid", ["s4", "s5"])
def test_49th_hq_to_kohlscheid_L2361(sid):
    assert "Placee the formation's HQ in any hex of Kohlscheid (3206, 3207, 3306)" in line(2361)
    hits = [r for r in scenario(sid)["reinforcements"] if r["units"] == "unknown" and "L2361" in r["source"]]
    assert len(hits) == 1 and rawdata.plain(hits[0]["entry"]) == ["3206", "3207", "3306"]
    assert rawdata.plain(hits[0]["turn"]) == 2


def test_s5_entire_formation_hqs_L1876():
    assert "this includes the parent formation HQ and all its subordinate combat units" in line(1876)
    areas = [s["area"] for s in scenario("s5")["setup"] if s["units"] == "unknown"]
    assert any(a.startswith("3122") for a in areas) and any(a.startswith("1319") for a in areas)


@pytest.mark.parametrize(
    "fid, expected, n, text",
    [("12inf", 6, 2341, "Entire 12th Inf Div 6*"), ("49inf", 4, 2342, "Entire 49th Inf Div 4*"),
     ("183vg", 5, 2344, "Entire 183rd VG Div 5*"), ("246vg", 5, 2345, "Entire 246th VG Div 5*"),
     ("3pzg", 6, 2173, "3rd PZG Div\t6 (when it arrives)"), ("29inf", 4, 2145, "29th Inf Div\t4 (when it arrives)")],
    ids=lambda v: str(v),
)
def test_fam_max_of_entire_arriving_formations_L1882(fid, expected, n, text):
    assert "be sure to also place its HQ Activation marker at its maximum level" in line(1882)
    assert text in line(n)
    f = rawdata.toml(GAME, "game.toml")["special"]["formations"][fid]
    assert rawdata.plain(f["fam_max"]) == expected and "21.0G" in f["fam_max"]["inferred"]


def test_zoc_into_town_L922_L1414():
    assert "exerted by the 3A-B/36 Armored Infantry Regiment in hex 2215" in line(922)
    assert "Upon entering the town of Oberforstbach in hex 2114" in line(922)
    assert "116-228 because it belongs to same formation and exerts a ZOC into hex 2022" in line(1414)
    assert "defending the town of Rott (hex 2022)" in line(1404)
    assert cell("zoc", "town", "infantry-type") == "yes" and cell("zoc", "town", "support-type") == "yes"
