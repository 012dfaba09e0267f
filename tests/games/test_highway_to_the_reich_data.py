"""Spot checks of the Highway to the Reich data against the rulebook text.

Each case names the rulebook line it checks (``L<n>`` of highway-to-the-reich.txt) and asserts
both the datum in games/highway-to-the-reich/ and that the cited line says what the datum claims.
"""
from __future__ import annotations

import pytest

from tests.games import rawdata

GAME = "highway-to-the-reich"
BOOK = "highway-to-the-reich.txt"
P = rawdata.plain


def line(n: int) -> str:
    return rawdata.rulebook_line(BOOK, n)


def scenario(sid: str) -> dict:
    return rawdata.toml(GAME, f"scenarios/{sid}.toml")


def table(tid: str) -> dict:
    return rawdata.toml(GAME, f"tables/{tid}.toml")


def cell(tid: str, key, column: str):
    return rawdata.cell(GAME, tid, key, column)


def refs(entry: dict) -> str:
    """What a setup/reinforcement/withdrawal/deployment entry names: its unit ids and its text."""
    units = entry.get("units", [])
    ids = [] if units == "unknown" else list(units)
    return " | ".join(ids + [entry.get("what", ""), entry.get("text", "")])


def sheet(letter: str) -> dict:
    g = rawdata.toml(GAME, "game.toml")["grid"]
    return rawdata.find(g["sheets"], letter=letter)


# -- scenario lengths --------------------------------------------------------------------------
@pytest.mark.parametrize("sid, first, last, ln, text", [
    ("s17", 35, 45, 1548, "(GT 35)"),
    ("s18", 1, 10, 1580, "(Game Turn 10)"),
    ("s19", 1, 10, 1611, "(Game Turn 10)"),
    ("s20", 1, 10, 1647, "10 game turns long"),
    ("s21", 1, 30, 1673, "ends with the completion of Game Turn 30"),
], ids=["s17-L1548", "s18-L1580", "s19-L1611", "s20-L1647", "s21-L1673"])
def test_scenario_length(sid, first, last, ln, text):
    sc = scenario(sid)
    assert P(sc["first_turn"]) == first and P(sc["last_turn"]) == last
    assert text in line(ln)


def test_s22_length_readings_L1699():
    lt = scenario("s22")["last_turn"]
    values = [r["value"] for r in lt["readings"]]
    assert values == [10, 15] and lt["chosen"] == 0
    assert "(Game Turn 15)" in line(1699) and "nine game turns long" in line(1699)
    assert "(Game Turn 2)" in line(1699) and P(scenario("s22")["first_turn"]) == 2


def test_s23_last_turn_unknown_L1753():
    assert P(scenario("s23")["last_turn"]) == "unknown"
    assert "At the conclusion of the last turn of the Campaign Game" in line(1753)


# -- set-up hexes ------------------------------------------------------------------------------
@pytest.mark.parametrize("sid, unit, of, hexes, ln, text", [
    ("s17", "1/501 (all)", "C2809", 2, 1552, "within two hexes of 2809"),
    ("s17", "501/101", "C3213", 2, 1553, "501/101 within two hexes of 3213"),
    ("s17", "506/101", "C4418", 2, 1554, "506/101 within two hexes of 4418"),
    ("s17", "107PzB", "C3231", 2, 1556, "107PzB within two hexes of 3231"),
    ("s17", "85xx", "C3603", 2, 1557, "85xx within two hexes of 3603"),
    ("s22", "II Battalion 18th FJ", "D1810", 1, 1517, "within 1 hex of hex 1810 on Map D"),
], ids=["1/501-L1552", "501/101-L1553", "506/101-L1554", "107PzB-L1556", "85xx-L1557", "II/18FJ-L1517"])
def test_setup_within(sid, unit, of, hexes, ln, text):
    deps = [d for d in scenario(sid)["deployment"] if unit in refs(d)]
    assert len(deps) == 1
    assert deps[0]["within"] == {"of": [of], "hexes": hexes}
    assert text in line(ln)


# -- reinforcements ----------------------------------------------------------------------------
@pytest.mark.parametrize("sid, unit, turn, entry, ln, text", [
    ("s17", "3/506 (all)", 36, ["C2411"], 1560, "GT 36:"),
    ("s17", "3/327 (all)", 37, ["C2411"], 1561, "GT 37: 3/327 (all)"),
    ("s17", "32/GdA", 43, ["C4519"], 1563, "GT 43: 5CG/32 (all); 1WG/32 (all); 31G/32 (all); 32/GdA: hex 4519"),
    ("s17", "II/159/59", 36, ["C2801"], 1565, "II/159/59art; 1036/59: hex 2801"),
    ("s17", "PzJgr/7FJ", 37, ["C2633"], 1566, "PzJgr/7FJAT; 7/7FJxx: hex 2633"),
    ("s19", "Reconnaissance Battalion (Grabner)", 3, ["B3830"], 1620, "now enters Map B at hex B3830 on Turn 3"),
    ("s20", "Reconnaissance Battalion (Grabner)", 2, ["A3930"], 1620, "scheduled to enter Map A on Game Turn 2 at hex A3930"),
    ("s22", "506th Regiment", 6, ["D6117"], 1708, "Game Turn 6: 506th Regiment of the 101st Airborne Division enters on Hex D6117"),
], ids=["3/506-L1560", "3/327-L1561", "32/GdA-L1563", "II/159/59-L1565", "PzJgr-L1566", "Grabner-B-L1620",
        "Grabner-A-L1620", "506th-L1708"])
def test_reinforcement(sid, unit, turn, entry, ln, text):
    rs = [r for r in scenario(sid)["reinforcements"] if unit in refs(r)]
    assert len(rs) == 1
    assert P(rs[0]["turn"]) == turn and P(rs[0]["entry"]) == entry
    assert text in line(ln)


def test_s18_german_reinforcement_turns_L1588():
    turns = sorted(P(r["turn"]) for r in scenario("s18")["reinforcements"] if "formation display S-P" in refs(r))
    assert turns == [2, 3, 5, 9, 11]
    assert "Game Turns 2, 3, 5, 9, 11: formation display S-P. Game Turn 5: formation display S-R." in line(1588)


def test_s18_west_edge_entry_L1592():
    edge = rawdata.find(rawdata.toml(GAME, "terrain.toml")["edges"], id="C-west-south-of-40")
    assert P(edge["hexes"]) == ["C0101..C3901"]
    assert "any hex ending in 01 south of hex 4001" in line(1592)


def test_s20_german_codes_L1658():
    turns = sorted(P(r["turn"]) for r in scenario("s20")["reinforcements"] if "Northern formation display box C" in refs(r))
    assert turns == [4, 5, 6, 7, 8, 10]
    assert line(1658) == "- 4C, 5C, 6C, 7C, 8C, 10C"


def test_s18_withdrawal_506th_L1600():
    w = rawdata.find(scenario("s18")["withdrawals"], turn=6)
    assert w["units"] == "unknown" and "506th Regiment" in w["what"]
    assert "By the conclusion of Game Turn 6, all units of the 506th Regiment must have exited from Map C via hex 0117" in line(1600)


# -- units -------------------------------------------------------------------------------------
@pytest.mark.parametrize("uid, col, value, ln, text", [
    ("offmap battery no.1", "effectiveness", "8", 1568, "effectiveness rating 8, strength 4"),
    ("offmap battery no.6", "strength", "4", 1568, "six full-strength artillery batteries"),
    ("offmap battery no.3", "range", "12", 1568, "(12 hexes)"),
    ("HCav Troop A", "movement", "14", 464, "have an MA of 14 MP"),
    ("501/101", "movement", "12", 464, "has a MA of 12 MP"),
    ("Frost", "movement", "12", 982, "have 12 movement points"),
    ("52/GA no.2", "effectiveness", "unknown", 1087, "(2x 4-9-5s)"),
], ids=["bty-ER-L1568", "bty-SP-L1568", "bty-range-L1568", "HCav-MA-L464", "HQ-MA-L464", "Frost-MA-L982",
        "52GA-L1087"])
def test_unit_values(uid, col, value, ln, text):
    assert rawdata.units(GAME)[uid][col] == value
    assert text in line(ln)


def test_unit_counts_L1560_L1561():
    units = rawdata.units(GAME)
    assert sum(1 for u in units.values() if u["name"] == "ICG/5 2-5-8") == 8
    assert sum(1 for u in units.values() if u["name"] == "2/506 5-3") == 3
    assert "ICG/5 2-5-8 (x4)" in line(1560) and "ICG/5 2-5-8 (x4)" in line(1561)
    assert "2/506 5-3 (x2)" in line(1560) and "2/506 5-3 (one only)" in line(1554)


def test_unit_formation_hq_L1073():
    u = rawdata.units(GAME)["501/101"]
    assert u["type"] == "HQ" and u["formation"] == "101"
    assert "this unit is the HQ of the 501st Regiment of the 101st Division" in line(1073)


# -- victory -----------------------------------------------------------------------------------
def test_s20_allied_victory_hexes_L1669():
    v = rawdata.find(scenario("s20")["victory"], side="allied")
    assert v["kind"] == "occupy" and P(v["hexes"]) == ["A1927", "A2232", "A2728"]
    assert "A1927, A2232 and A2728" in line(1669)


@pytest.mark.parametrize("sid, ln, text", [
    ("s18", 1604, "Destroy 12 or more Allied strength points."),
    ("s19", 1633, "There is no Allied unit on or adjacent to hex B3336."),
    ("s21", 1685, "Destroy 45 or more Allied strength points."),
    ("s22", 1711, "Destroy 30 or more Allied strength points."),
], ids=["s18-L1604", "s19-L1633", "s21-L1685", "s22-L1711"])
def test_victory_text(sid, ln, text):
    texts = [v.get("text", "") for v in scenario(sid)["victory"]]
    assert text in texts
    assert text in line(ln)


def test_campaign_arnhem_bridge_vp_L1751():
    sr = scenario("s23")["special_rules"]
    assert P(sr["vp_bridges"]) == {"major_river": 50, "canal": 25, "arnhem": 75}
    assert "The Arnhem bridge is worth 75 VP" in line(1751) and "50 VP" in line(1751) and "25 VP" in line(1751)


# -- tables ------------------------------------------------------------------------------------
@pytest.mark.parametrize("tid, row, col, value, ln, text", [
    ("at_fire", "heavy", "medium", 8, 274, "primary ATFV of 8"),
    ("at_fire", "heavy multiplier", "medium", 1.5, 274, "x 1.5 (table modifier)"),
    ("at_fire", "medium", "heavy", 5, 274, "giving a primary ATFV of 5"),
    ("at_fire", "medium", "medium", 6, 565, "medium fire type v medium target type = 6"),
    ("at_fire", "medium multiplier", "heavy", 0.75, 561, "each medium strength point adds .75"),
    ("df_fire_value_matrix", "9 (Entrenched line)", "6", 5, 224, "That yields a fire value of five"),
    ("df_fire_value_matrix", "9", "6", 8, 224, "the initial fire value would have been eight"),
    ("df_fire_value_matrix", "8", "4", 6, 623, "fire value on the Direct Fire Value Matrix table is 6"),
    ("if_fire_value_matrix", "6", "7", 7, 623, "by the IF Fire Value Matrix table, the fire value is 7"),
    ("fire_results", "lowermost line (open), roll 8", "7", "DEF", 623, 'the result is "DEF"'),
    ("close_action_value", "effectiveness +3, morale +6, open terrain", "CA value", 8, 623,
     "this yields a Close Action Value of 8"),
    ("close_action_results", "odds 4:1, CA value 9, roll 4", "result", "defender loses 3 SP", 623,
     "a single 1D6 roll of 4 is 3 strength point losses"),
    ("weather", "9", "north", "P", 1189, "for the northern route is P"),
    ("weather", "9", "south", 6, 1189, "the weather rating for the southern route is six"),
    ("offmap_deactivation", "6E", "deactivated on GT", 64, 1441, "6E: GT 64"),
    ("bridge_demolition", "road", "river", "not possible", 1402, "| Road | Not possible | Y | N |"),
    ("scatter_distance", "5", "S1 hexes", 3, 1207, "on a five or six, it scatters three hexes"),
    ("depletion", "ER 5-6", "depletes on 1d6", "1-3", 741, "it depletes on a roll of one through three"),
], ids=["AT-heavy-L274", "AT-mult-L274", "AT-med-heavy-L274", "AT-med-med-L565", "AT-mult-L561",
        "DF-entrenched-L224", "DF-9-6-L224", "DF-8-4-L623", "IF-6-7-L623", "FRT-L623", "CAV-L623", "CAR-L623",
        "wx-north-L1189", "wx-south-L1189", "offmap-L1441", "bridge-L1402", "scatter-L1207", "depletion-L741"])
def test_table_cell(tid, row, col, value, ln, text):
    assert cell(tid, row, col) == value
    assert text in line(ln)


@pytest.mark.parametrize("terrain, col, value, ln, text", [
    ("dike", "los_blocking", 9, 414, "The LOS number 9 appearing next to the Stream/Dike terrain type"),
    ("stream", "los_blocking", "none", 414, "Streams have no effect on a LOS"),
    ("clear", "stacking_limit", 28, 1233, "a stack of 28 is the maximum allowable"),
    ("mixed", "move_concentrated_leg", 3, 541, "via mixed terrain in hex 3609 it also requires 12 MP to CA this phase (3+3+3+3)"),
    ("river", "move_travel", "prohibited", 1353, "Normally no unit may cross a canal or a river except at a bridge"),
], ids=["dike-L414", "stream-L414", "clear-L1233", "mixed-L541", "river-L1353"])
def test_tec(terrain, col, value, ln, text):
    assert cell("tec", terrain, col) == value
    assert text in line(ln)


def test_stream_los_printed_9_L414():
    row = rawdata.find(table("tec")["rows"], key="stream")
    c = row["cells"][table("tec")["columns"].index("los_blocking")]
    assert c["printed"] == 9
    assert "Stream/Dike" in line(414)


# -- grid --------------------------------------------------------------------------------------
def test_grid_convention_L1060_L1200():
    g = rawdata.toml(GAME, "game.toml")["grid"]
    assert P(g["orientation"]) == "rows" and "inferred" in g["orientation"]
    assert P(g["label"]) == "RRCC"
    assert [r["value"] for r in g["shifted"]["readings"]] == ["odd", "even"] and g["shifted"]["chosen"] == 1
    assert "one hex right, one hex left, one hex right" in line(1200)
    assert "the river is considered to run between 0750/0850 and 0751/0850 hex sides" in line(496)


@pytest.mark.parametrize("letter, other, pair, ln, text", [
    ("B", "C", ["B0101", "C6101"], 1060, "hex 0101 on B should overlap hex 6101 on C"),
    ("B", "C", ["B0134", "C6134"], 1060, "hex 0134 on B should overlap hex 6134 on C"),
], ids=["B0101-L1060", "B0134-L1060"])
def test_sheet_overlap(letter, other, pair, ln, text):
    pairs = [P(o["hexes"]) for o in sheet(letter)["overlaps"] if o["sheet"] == other]
    assert pair in pairs
    assert text in line(ln)


def test_sheet_overlap_c_d_inferred_L1600_L1708():
    o = rawdata.find(sheet("C")["overlaps"], sheet="D")
    assert P(o["hexes"]) == ["C0117", "D6117"] and "inferred" in o["hexes"]
    assert "exited from Map C via hex 0117" in line(1600) and "enters on Hex D6117" in line(1708)


def test_sheet_rows_B_L1060():
    assert P(sheet("B")["rows"]["last"]) == 39 and P(sheet("C")["rows"]["last"]) == 61
    assert "northernmost (3900) hex row of B" in line(1060)


def test_river_hexside_pairs_L496():
    hs = rawdata.find(rawdata.toml(GAME, "terrain.toml")["hexsides"], feature="river")
    assert hs["pairs"] == [["B0750", "B0850"], ["B0751", "B0850"]]
    assert "Map B hex 0850" in line(496)


# -- places ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, hexes, ln, text", [
    ("Zon", ["C0715", "C0814", "C0815"], 1061, "the town of Zon is in hexes C0715, C0814 and C0815"),
    ("30th Corps supply source", ["D0119"], 1096, "initially located exclusively at hex D0119"),
    ("Nijmegen bridge", ["B3235"], 1322, "north of the Nijmegen bridge (hex B3235)"),
    ("DZ L Supply (1st Airborne supply head)", ["A2420"], 1101, 'The "DZ L Supply" marker in A2420'),
], ids=["Zon-L1061", "D0119-L1096", "B3235-L1322", "A2420-L1101"])
def test_places(name, hexes, ln, text):
    p = rawdata.find(rawdata.toml(GAME, "terrain.toml")["places"], name=name)
    assert P(p["hexes"]) == hexes
    assert text in line(ln)


def test_lz_w_supply_readings_L1100_L1585():
    p = rawdata.find(rawdata.toml(GAME, "terrain.toml")["places"], name="LZ W Supply (101st Airborne supply head)")
    assert [r["value"] for r in p["hexes"]["readings"]] == [["C1111"], ["C1211"]]
    assert '"LZ W Supply" in C1111' in line(1100) and "Supply head: 101 C1211" in line(1585)


# -- sequence of play and calendar -------------------------------------------------------------
def test_sequence_L122_L1810():
    seq = [p["id"] for p in rawdata.toml(GAME, "game.toml")["sequence"]]
    assert seq[:7] == ["weather", "cp_logistic", "german_reaction", "allied_command", "allied_fire",
                       "allied_movement", "allied_organization"]
    assert seq[-1] == "allied_reaction" and len(seq) == 12
    assert line(122).startswith("- Weather Determination Phase")
    assert line(124).startswith("- German Reaction Phase")
    assert line(1810) == "[24.2.11] Allied Reaction Phase"
    assert "Phases 8 through 12 flip-flop phases 3 through 7" in line(129)


def test_movement_phase_is_sixth_L1521():
    seq = [p["id"] for p in rawdata.toml(GAME, "game.toml")["sequence"]]
    assert seq[5] == "allied_movement"
    assert "Phase 6 (the Allied Movement Phase)" in line(1521)


@pytest.mark.parametrize("turn, date, time, ln, text", [
    (1, "17 Sep", "1201-1501", 1580, "1201/1501 Game Turn of September 17 (Game Turn 1)"),
    (6, "18 Sep", "0601-0901", 1133, "0601 Game Turn on 18 September (Turn 6)"),
    (35, "22 Sep", "0901-1201", 1548, "0901/1201 Game Turn (GT 35) of September 22"),
    (45, "23 Sep", "1801-2101", 1548, "1801/2101 Game Turn (GT 45) of the 23rd"),
], ids=["GT1-L1580", "GT6-L1133", "GT35-L1548", "GT45-L1548"])
def test_turn_calendar(turn, date, time, ln, text):
    turns = rawdata.toml(GAME, "game.toml")["special"]["turn_calendar"]["turns"]
    t = rawdata.find(turns, turn=turn)
    assert (t["date"], t["time"]) == (date, time)
    assert text in line(ln)


def test_night_turns_L119():
    cal = rawdata.toml(GAME, "game.toml")["special"]["turn_calendar"]
    assert cal["night_turns"] == ["2101-0130", "0131-0600"]
    assert "(2101-0130 and 0131-0600)" in line(119)


def test_lift_points_L1723():
    sp = rawdata.toml(GAME, "game.toml")["special"]["lift_points"]
    assert (sp["sep_17"], sp["sep_18"]) == (32, 15)
    assert "lift point allowance is 32 on the first day" in line(1723)
    assert "The Allies receive 15 Lift points on September 18th" in line(1723)


# -- corrections made in review ----------------------------------------------------------------
GROUP_STAND_INS = ["1/501", "3/506", "3/327", "5CG/32", "2107P/107", "85 assets", "1036/59xx", "L/7FJ",
                   "9SS Recon Grabner", "I/18FJ", "S-P", "C-F", "N-C", "101 serials 1-10 D1",
                   "506th Regiment (all)", "Group Y", "German displays (all)", "German Corps HQ"]


def test_no_group_stand_ins_in_units_L1560_L1588():
    """'(all)' battalions, display boxes and serial groups are not one counter each: no rows for them."""
    units = rawdata.units(GAME)
    assert not [u for u in GROUP_STAND_INS if u in units]
    assert not [u["id"] for u in units.values() if "(all)" in u["name"] or u["type"] in ("group", "battalion-group")]
    assert "3/506 (all)" in line(1560) and "formation display S-P" in line(1588)
    r = [r for r in scenario("s17")["reinforcements"] if r.get("what") == "3/506 (all)"]
    assert len(r) == 1 and r[0]["units"] == "unknown" and P(r[0]["turn"]) == 36


def test_s17_mixed_entries_keep_real_hqs_L1553_L1563():
    setup = scenario("s17")["setup"]
    assert [s for s in setup if s["units"] == ["501/101"]] and [s for s in setup if s.get("what") == "2/501 (all)"]
    assert [r for r in scenario("s17")["reinforcements"] if r["units"] == ["32/GdA"] and P(r["turn"]) == 43]
    assert "2/501 (all); 501/101 within two hexes of 3213" in line(1553)
    assert "31G/32 (all); 32/GdA: hex 4519" in line(1563)


def test_artillery_unit_is_a_battery_L59():
    assert rawdata.units(GAME)["II/159/59"]["size"] == "battery"
    assert "each artillery unit represents a battery" in line(59)
    assert "II/159/59art" in line(1565)


def test_turn_record_gt22_date_L119_L1463():
    row = rawdata.find(table("turn_record")["rows"], key="22")
    cal = rawdata.find(rawdata.toml(GAME, "game.toml")["special"]["turn_calendar"]["turns"], turn=22)
    assert P(row["cells"][0]) == cal["date"] == "20 Sep"
    assert "five three-hour daylight game turns" in line(119) and "On Game Turn 22" in line(1463)


def test_grabner_exit_turn_readings_L1302_L1534():
    for sid in ("s20", "s21"):
        w = scenario(sid)["withdrawals"]
        assert len(w) == 1 and w[0]["units"] == "unknown" and "Grabner" in w[0]["what"]
        assert [r["value"] for r in w[0]["turn"]["readings"]] == [3, 2] and w[0]["turn"]["chosen"] == 0
    assert "exit on the south edge at hex A0130 by the end of Game Turn 3" in line(1302)
    assert "on the same turn it arrives as reinforcement" in line(1534)


def test_campaign_recon_crossing_is_not_a_withdrawal_L1302_L1060():
    sc = scenario("s23")
    assert not sc.get("withdrawals")
    assert "A0130" in P(sc["special_rules"]["recon_9ss_crossing"])
    assert "overlap the southernmost (0100) hex row of A on the northernmost (3900) hex row of B" in line(1060)


@pytest.mark.parametrize("sid, ln, text", [
    ("s19", 1642, "| 0 | Draw |"),
    ("s20", 1669, "zero = draw"),
    ("s23", 1761, "| 2.0 to 1 | Draw |"),
], ids=["s19-L1642", "s20-L1669", "s23-L1761"])
def test_draw_victory(sid, ln, text):
    v = rawdata.find(scenario(sid)["victory"], side="draw")
    assert v["kind"] == "points"
    assert text in line(ln)


def test_campaign_bridge_vp_for_either_player_L1751():
    v = [v for v in scenario("s23")["victory"] if "bridge along Club Route" in v.get("text", "")]
    assert len(v) == 1 and "side" not in v[0]
    assert "For each bridge along Club Route controlled by a player" in line(1751)


@pytest.mark.parametrize("terrain, col, value, ln, text", [
    ("forest", "move_travel", "prohibited", 474, "(forest, broken, etc.) except via road or trail"),
    ("broken", "move_travel", "prohibited", 474, "(forest, broken, etc.) except via road or trail"),
    ("marsh", "move_travel", "prohibited", 499, "may only enter and leave this type of terrain using a road"),
    ("marsh", "move_concentrated_vehicular", "prohibited for AFVs", 499, "the unit must remain in Travel Mode"),
    ("marsh", "fire_results_line", "forest, town, or broken", 499, "Marsh is a terrain type like broken terrain"),
], ids=["forest-L474", "broken-L474", "marsh-travel-L499", "marsh-afv-L499", "marsh-fire-L499"])
def test_tec_cells_from_rules(terrain, col, value, ln, text):
    assert cell("tec", terrain, col) == value
    assert text in line(ln)


def test_leg_unit_target_class_L89():
    for key in ("combat_engineer", "heavy_weapons"):
        assert cell("unit_types", key, "target_class") == "conventional"
    assert "Leg units are classed as conventional targets" in line(89)


def test_weather_timing_readings_L122_L1477():
    wt = rawdata.toml(GAME, "game.toml")["special"]["weather_timing"]
    assert [r["value"][0] for r in wt["readings"]] == ["0601-0901", "0901-1201"] and wt["chosen"] == 0
    assert "During the 0601/0901 and 1501/1801 GTs" in line(122)
    assert "beginning of each 0900-1200 and 1800-2100 turn" in line(1477)
