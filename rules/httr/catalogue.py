"""The HTTR predicates the referee covers: the 282 lines of section 1B of
``predicates-ptr-httr.md`` (ids by section: SOP, MOD, FIR, DF, AT, IF, OF, EFF, OBS, ZOC, MOV, CA, DIS,
STK, ENT, SUP, CP, MOR, SPC, AIR, AS, RES, FRY, OFF, SCN, OPT, numbered in the note's order), each with
its rule and lines, its meaning, and what the bundled data lacks for it ("" when nothing;
"not observable: ..." when no log can show it). The rulebook's own conflicts are :data:`READINGS`.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reading:
    """A place where the rulebook contradicts itself: the setting's name, the rules in conflict, the
    values it may take (each with its source), the default and why."""

    name: str
    rules: str
    options: tuple[tuple[str, str], ...]
    default: str
    why: str


#: The rulebook's conflicts as named settings (``HttrReferee(..., readings={name: value})``).
READINGS: tuple[Reading, ...] = (
    Reading("ca_engineer", "HTTR SR 10.4.2.4 (L590) vs SR 18.4.2.1-18.4.2.2 (L918-919)",
            (("ca_section", "10.4.2.4: the morale bonus needs a strength of two, positive morale, another combat "
                            "unit stacked and Concentrated Mode; it 'can still negate the benefit of entrenchment "
                            "when acting alone' (mode not asked)"),
             ("engineer_section", "18.4.2.1: 'does not have to be in Concentrated Mode and a single strength point "
                                  "will suffice'; 18.4.2.2: to negate it 'must be concentrated with strength of two "
                                  "or more and a morale greater than zero'")),
            "ca_section", "10.4.2.4 is the CA rule the factors are applied by, with its conditions stated for them; "
            "18.4.2's is the other setting (rules/httr/ca_value.py engineer_factors, defilade_bonus)"),
    Reading("ca_lead", "HTTR SR 10.3 (L571) vs SR 10.3 (L574), Fig 17 (L623)",
            (("declared", "L571: lead units 'chosen from one of the top two units in the attacking and defending "
                          "stacks', 'nominated at the time a CA is declared'"),
             ("top", "L574: 'the top defending unit from that of the top attacking unit'; Fig 17: 'The assault "
                     "factors derive from the uppermost unit'")),
            "declared", "L571 says how the lead is chosen; L574 and Fig 17 name the usual case (no other lead "
            "nominated): a declared lead is used, else the uppermost unit; a leader, with no ER, is never the lead "
            "(rules/httr/ca_value.py lead_first)"),
    Reading("return_fire", "HTTR SR 6.4.1.12 (L245) vs SR 6.6.7.6 (L375)",
            (("per_at_class", "6.4.1.12: return fire 'for each AT fire type attack (Light, Medium or Heavy)'"),
             ("once_per_phase", "6.6.7.6: 'cannot return fire more than once per phase including when "
                                "defending in CA'")),
            "per_at_class", "6.4.1.12 is the specific rule of AT fire; 6.6.7.6 then bars a second return fire "
            "against the same AT class and in CA (the reading that gives both sentences effect)"),
    Reading("of_combined", "HTTR SR 6.6.1.3 (L340) vs SR 21.1 example 1 (L1018)",
            (("single", "6.6.1.3: 'OF is performed by single units only'"),
             ("combined", "21.1 example 1: 'all the German units attack as each American unit moves out of the "
                          "hex; ER is 2'")),
            "single", "the system rule is explicit; the example belongs to an optional rule"),
    Reading("artillery_control", "HTTR SR 6.5.2.1 (L302) vs its example (L304)",
            (("within_two", "6.5.2.1: 'stacked with, or within two hexes of, a controlling HQ'"),
             ("adjacent", "L304 example: 'stacked with or adjacent to'")),
            "within_two", "the rule's text governs its example, and 17.5.1 (L857) gives a division's artillery the same "
            "two hexes; 17.5.3-17.5.4 (L859-860) set other distances for a regiment's artillery (adjacent to its "
            "regimental HQ) and a battalion's (within three hexes of its battalion), which this reading does not "
            "change (rules/httr/if_control.py)"),
    Reading("airstrike_armor_retreat", "HTTR ScR 7.2.13 (L1281) vs ScR 7.4 (L1288-1289)",
            (("no_retreat", "7.2.13: armored and HQ units 'are disrupted only'"),
             ("retreat", "7.4: '1*: if the target is an armored unit or a HQ, treat as a D' (D retreats one hex)")),
            "retreat", "7.4 is the results key the strike is resolved with; 7.2.13 speaks of SP loss only"),
    Reading("landing_ma_roll", "HTTR ScR 6.6.5.1 (L1243) vs ScR 6.6.5.2 (L1244)",
            (("serial", "6.6.5.1: 'a single 2d6 die roll being used to determine the MA for each unit in the serial'"),
             ("unit", "6.6.5.2: 'Additionally, roll once for all units of Frost's battalion': one roll for many "
                      "units is Frost's exception, so other units roll each")),
            "serial", "6.6.5.1 states the roll of every landing; 6.6.5.2's 'additionally' adds Frost's three dice "
            "and +1 (rules/httr/landing_ma.py)"),
    Reading("display_serial_sp", "HTTR ScR 6.1 (L1174) vs ScR 6.7.10 (L1256)",
            (("display", "6.1: display serials that 'violate the 28-point stacking limitation ... This is allowed as "
                         "there is a procedure to resolve the violation' (6.6.3's example lands 29 SP)"),
             ("all", "6.7.10: 'No serials can be created with more than 28 strength points'")),
            "display", "6.7.10 follows 6.7.9's rearranging of the display's serials: it bars the serials a player "
            "creates, 6.1 allows those the display gives (rules/httr/drop_zones.py)"),
    Reading("airstrike_range", "HTTR ScR 7.2.8 (L1276) vs ScR 15.8.3-15.8.4 (L1509-1510), 9.2.7 (L1368)",
            (("all", "7.2.8: 'No Airstrike can be called down against a hex that is more than 30 hexes from the "
                     "Spearhead units of 30 Corps'"),
             ("allied", "15.8.3-15.8.4: the Allied player 'may not use airstrikes farther than 30 hexes away from the "
                        "30th Corps spearhead' ... 'the range of Allied airstrikes becomes unlimited'; 9.2.7's "
                        "exception is an Allied strike")),
            "allied", "every other mention of the range is the Allied player's; a German strike measured from the "
            "Allied spearhead has no stated purpose (rules/httr/airstrike_range.py)"),
    Reading("engineer_ferry_ca", "HTTR ScR 9.1.6 (L1359) vs ScR 9.3.4 (L1383)",
            (("bridge", "9.1.6: CA by units ferried by bridge engineers 'exactly as if across a bridge' (x1/2, "
                        "SR 10.4.4.3 L606)"),
             ("quarter", "9.3.4: 'Units may CA from a ferry ... strength is quartered'")),
            "bridge", "9.1.6 names engineer ferries; 9.3.4 is in the section on map (permanent) ferries"),
    Reading("lz_w_hex", "HTTR ScR 5.1.3.2 (L1100) vs ScR 18.2 (L1585)",
            (("C1111", "5.1.3.2: 'LZ W Supply in C1111'"), ("C1211", "18.2 set-up: 'Supply head: 101 C1211'")),
            "C1211", "the scenario set-up places the marker; the data's supply-head place follows it"),
    Reading("first_day_guns", "HTTR ScR 8.1.2 / 8.1.4 (L1295, L1297) vs ScR 24.1.5 (L1783)",
            (("turn_two", "8.1.2 and 8.1.4: every German unit that starts on the map stays in Defilade 'until the "
                          "Organization phase of Turn 2'; HQs and artillery change mode 'in the first two turns' "
                          "only if assaulted and forced to retreat"),
             ("day_one", "24.1.5: 'HQs and artillery that start in defilade must remain in that mode on day one "
                         "unless they are assaulted and forced to retreat' (day one: the date of GT 1)")),
            "turn_two", "the rule of the section governs; 24.0's sequence of play 'complements/highlights' it, and "
            "8.1.4's 'in the first two turns' bounds the HQs' and artillery's wait as 8.1.2 bounds every unit's"),
    Reading("campaign_leg_landing", "HTTR ScR 24.1.1.3 (L1773) vs ScR 6.8 (L1258)",
            (("concentrated", "24.1.1.3: in the campaign's GT 1 'All leg units land in concentrated mode'"),
             ("either", "6.8: 'Infantry units may land in concentrated or Defilade Mode, at the owning player's "
                        "discretion'; 24.0 only 'highlights' the sequence of play")),
            "concentrated", "a scenario's own rule governs its scenario (the GTs its [special_rules] "
            "leg_landing_mode names); 6.8 elsewhere"),
    Reading("travel_fire", "HTTR SR 6.3.1.11 (L195)",
            (("armored", "'armored units' read as AFVs and armored recon"),
             ("afv_only", "only units with an AFV silhouette")),
            "armored", "the rule names AFV silhouettes and armored reconnaissance together"),
    Reading("at_df_er", "HTTR SR 6.3.3.2 (L209) vs SR 6.3.1.8 note (L192), 6.3.4.3 (L219)",
            (("printed", "6.3.1.8 note: 'the ER used by artillery is 2 and not the printed value. AT and Flak units "
                         "use their printed value'; 6.3.4.3: 'Artillery ER is reduced to 2 in DF'"),
             ("two", "6.3.3.2: 'All unlimbered artillery and AT units use their printed fire strength when using "
                     "conventional DF. In such circumstances they have an ER of 2'")),
            "printed", "the ER modifications (6.3.4) name artillery only and the note sets AT apart in so many "
            "words; 6.3.3.2 is the strength rule, whose point is the printed strength"),
    Reading("fired_close_action", "HTTR SR 10.1.9 (L538), 9.1.1 (L451), 6.1.9 (L170) vs SR 10.5 Fig 17 (L623)",
            (("barred", "10.1.9: 'a unit that fired in the immediately preceding friendly Fire Phase may not "
                        "execute a CA attack' (9.1.1 and 6.1.9 agree)"),
             ("allowed", "Fig 17: 'Both 6GH companies follow up with Direct fire ... Finally, in the movement "
                         "phase, the two infantry companies ... assault'")),
            "barred", "three rules say it in so many words; the example's point is the CA arithmetic"),
    Reading("depletion_modifier", "HTTR SR 13.2.7.6-13.2.7.7 (L735-736) vs SR 13.3.1 (L741)",
            (("worse", "13.2.7.6-7: with no CP or no supply path the check is made 'with a +2 modifier': worse "
                       "supply makes depletion likelier, so two more results deplete"),
             ("literal", "13.3.1: depletion comes on low rolls, so +2 added to the roll makes a unit with no CP "
                         "deplete less often than one with 1 CP")),
            "worse", "the modifier is the penalty of the worst supply states; read literally it would reward them"),
    Reading("amp_check", "HTTR SR 15.2.1 (L808), 13.3.1 exception (L742) vs SR 13.2.7.3-13.2.7.4 (L731-732)",
            (("every_fire", "15.2.1: 'each time an artillery unit with an ER of seven or more ... fires, it checks for "
                            "depletion'"),
             ("unsupplied_only", "13.2.7.4: only units whose supply path is invalid or whose HQ has one or no CP are "
                                 "'vulnerable to depletion of ammunition'")),
            "every_fire", "13.3.1's exception sends artillery of ER 7+ to the AmP rules, and 15.2.1 is their own rule"),
    Reading("sequence_order", "HTTR SR 4.1 (L129) vs ScR 24.1-24.2 (L1769-1810)",
            (("reaction_last", "ScR 24: the worked turns end with the Allied Reaction Phase"),
             ("flip_flop", "SR 4.1: 'phases 8 through 12 flip-flop phases 3 through 7'")),
            "reaction_last", "the data's [special.sequence_order] chosen reading; the worked turns are explicit"),
    Reading("optional_cap", "HTTR ScR 15.0 (L1486), 15.7 (L1506-1511)",
            (("off", "15.0: optional rules are used 'at their discretion'"), ("on", "the players use 15.7 Combat Air "
                                                                           "Patrol")),
            "off", "an optional rule applies only when the players choose it"),
    Reading("optional_ferocity", "HTTR ScR 15.0 (L1486), 15.5 (L1499-1500)",
            (("off", "15.0: optional rules are used 'at their discretion'"), ("on", "the players use 15.5 Allied "
                                                                           "Ferocity")),
            "off", "an optional rule applies only when the players choose it"),
    Reading("optional_rubble", "HTTR ScR 15.0 (L1486), 15.6 (L1502-1504)",
            (("off", "15.0: optional rules are used 'at their discretion'"), ("on", "the players use 15.6 Rubble")),
            "off", "an optional rule applies only when the players choose it"),
    Reading("optional_gliders", "HTTR ScR 15.0 (L1486), 15.2 (L1491-1494)",
            (("off", "15.0: optional rules are used 'at their discretion'"), ("on", "the players use 15.2 Glider "
                                                                           "Drops")),
            "off", "an optional rule applies only when the players choose it"),
    Reading("optional_adhoc", "HTTR ScR 15.0 (L1486), 15.1.1 (L1488)",
            (("off", "15.0: optional rules are used 'at their discretion'"), ("on", "the players use 15.1 German "
                                                                           "Ad-Hoc Formations")),
            "off", "an optional rule applies only when the players choose it"),
    Reading("optional_fatigue", "HTTR SR 21.0 (L994), 21.5 (L1027-1032)",
            (("off", "21.0 'Optional Rules': used when the players choose them"), ("on", "the players use 21.5 "
                                                                                   "Fatigue")),
            "off", "an optional rule applies only when the players choose it"),
    Reading("optional_multiformation", "HTTR SR 21.0 (L994), 21.1 (L995-1020)",
            (("off", "21.0 'Optional Rules': used when the players choose them"), ("on", "the players use 21.1 "
                                                                                   "Multi-formation fire attacks")),
            "off", "an optional rule applies only when the players choose it"),
    Reading("weather_rolls", "HTTR ScR 6.4.1 example (L1189) vs ScR 6.4.1 text (L1188), ScR 13.1 (L1477)",
            (("one", "6.4.1 example: 'rolls a nine ... the weather rating for the southern route is six, and for the "
                     "northern route is P'"),
             ("two", "6.4.1, 13.1: 'rolls first for the Northern Weather Condition and then for the Southern'")),
            "one", "the Weather Conditions Table gives both routes' ratings on one row, as the example reads it"),
    Reading("ca_leader_bonus", "HTTR SR 10.3 bullet 2 (L574), 10.4.2.5 (L591), 19.1.1 (L967) vs SR 16.3 (L830)",
            (("subordinate", "10.3: current morale 'plus the leader bonus (see [19.1.1])'; 10.4.2.5, 19.1.1: +2 for "
                             "the subordinate unit(s) stacked under a leader"),
             ("any_leader_hq", "16.3: 'A leader or HQ stacked with or adjacent to a unit adds 2 to the unit's morale "
                               "level (maximum value 9) during CA whether the unit is subordinated or not'")),
            "subordinate", "the CA procedure and its list of factors name 19.1.1 (three rules agree); 16.3 stands "
            "among the morale-check rules (16.2-16.5) and governs the checks made during a CA under either reading "
            "(10.2.13, the DIS override: morale.py's CA kind); the setting is the CA value's morale"),
    Reading("offmap_wait_reinforcements", "HTTR ScR 10.2.11 (L1431) vs ScR 12.2.1 (L1460), 10.1.2 (L1416), 12.3.3 "
            "(L1464)",
            (("held", "12.2.1: reinforcements enter 'during either of its Movement Phases of that game turn'; one the "
                      "German player holds instead (12.3.3) is in 'an appropriate Off-Map Movement Area' from its GT, "
                      "and 10.2.11 binds 'German units in Area 6E'"),
             ("called", "10.1.2: units 'called for as reinforcements ... are placed in the appropriate area of the "
                        "display', so even one entering on its GT waits two full turns in 6E"),
             ("exempt", "10.2.11's note: the wait offsets the corner's advantage to units 'attempting to re-enter via "
                        "that sector'; a reinforcement is not re-entering")),
            "held", "12.2.1 is the reinforcements' own rule for the GT they are due; a unit held past it sits in the "
            "area like any unit there, and 10.2.11 names no exception (its warning then binds it too)"),
    Reading("if_control_er", "HTTR SR 6.5.5.2 (L331) vs SR 6.5.2.2 (L303), its example (L304), 17.5.1 (L857)",
            (("original_command", "6.5.2.2, L304, 17.5.1: an HQ above the artillery or a brigade of its own division "
                                  "controls it as a matter of course; -2 only under an HQ it was attached to later"),
             ("above_only", "6.5.5.2's letter: 'controlled by a HQ to which it was not originally attached', so a "
                            "brigade of its division too")),
            "original_command", "6.5.2.2 and 17.5.1 list a division's brigades among its artillery's controllers "
            "without a penalty; 'attached' is the word of SR 13.4 and ScR 4.4.1-4.4.3 for a changed subordination"),
    Reading("ezoc_join_disrupted", "HTTR SR 11.3.4 (L664), 9.6.3 (L516) vs SR 11.4.2 (L671)",
            (("under_undisrupted", "11.4.2: 'Place the disrupted unit underneath any undisrupted units in the hex': "
                                   "the joiner goes under the undisrupted units, above the disrupted ones"),
             ("bottom", "11.3.4: 'A unit must be placed at the bottom of a stack when it enters a hex ... in an "
                        "EZOC', under a disrupted unit too")),
            "under_undisrupted", "both hold at once only so: 11.4.2's involuntary rearrangement (no OF) keeps the "
            "disrupted under every undisrupted unit, and the joiner is at the bottom of those (stacking.check_join)"),
    Reading("recovery_supply", "HTTR SR 10.6.4 (L641) vs SR 13.5 (L759), 15.4.3 (L820)",
            (("summary", "13.5: 'lacking an intact supply path to their controlling HQ or whose controlling HQ has "
                         "less than 2 CP, are considered out of supply'"),
             ("zero_cp", "15.4.3: 'Once a formation goes to zero CP, it is considered out of supply'"),
             ("path", "10.6.4 alone: out of supply is a broken supply path (SR 13.2)")),
            "summary", "13.5 is the rulebook's definition of out of supply; 15.4.3 names one case of it"),
    Reading("amp_clear_cp", "HTTR SR 13.3.3.1-13.3.3.2 (L750-751) vs the SR 15.2 important note (L813)",
            (("full", "13.3.3.2: AmP 'in addition to the requirement to be in supply' - 13.3.3.1's 'valid supply path "
                      "and access to 2 CP'"),
             ("any_cp", "15.2 note: AmP cannot remove depletion 'if the artillery unit does not have a valid supply "
                        "path to its controlling HQ or if that HQ does not have any CP'")),
            "full", "13.3.3.2 states the requirement; the note says only when AmP can never be used"),
    Reading("cut_hq_cp", "HTTR SR 15.4.2 (L819) vs SR 14.3.8 (L784)",
            (("retained", "15.4.2: HQs below division level 'retain CP ... even if their supply path subsequently "
                          "becomes compromised ... CP is reduced by one at the start of the next joint Logistics "
                          "Phase'"),
             ("ends", "14.3.8: allocations 'remain in effect until the next 0601/0901 or 1501/1801 CP Phase'")),
            "retained", "15.4.2 is the specific rule for a cut HQ (its 'reduced by one' has effect only if the "
            "allocation outlasts the phase); 14.3.8 governs every HQ still in supply"),
)

#: The HTTR predicates (id, rule, meaning, what the bundled data lacks).
HTTR_CATALOGUE: tuple[tuple[str, str, str, str], ...] = (
    # SR 2.4 / 4 - Rounding and sequence of play (L54-130)
    ('SOP-1', 'HTTR SR 2.4.1-2.4.2 (L55-57)', 'round up by default; down for the CA ratio, extended range, weather and ATFV evaluation; halve unit by unit, minimum 1 where stated.', ''),
    ('SOP-2', 'HTTR SR 4.1 (L120-129)', 'the 12 phases in order each GT (reading: Allied Reaction last, ScR 24.1-24.2 L1769-1810, vs "8-12 flip-flop 3-7", L129).', ''),
    ('SOP-3', 'HTTR SR 4.1 / ScR 6.4.1 (L122-123, L1188)', 'Weather and CP/Logistic phases only in the 0601 and 1501 GTs (reading vs ScR 13.1, L1477).', ''),
    ('SOP-4', 'HTTR SR 4.1 / 9.1.4 (L124, L454)', 'a Reaction Phase allows DF or limited movement: leg ≤ 2 hexes, others ≤ 4 hexes (full MP).', 'units.csv mobility (leg or not)'),
    ('SOP-5', 'HTTR ScR 16.1 / 22.1 / 24 (L1521, L1699, L1766-1768)', 'scenarios start at their stated phase (mostly 6; S17 phase 1; S22 phase 5); Map D units inactive until phase 5 of GT2.', ''),
    # SR 5 - Organization modes (L131-148)
    ('MOD-1', 'HTTR SR 5.1 (L136)', 'disruption is never voluntary (only CA, airstrike, overstack or fire results disrupt).', ''),
    ('MOD-2', 'HTTR SR 5.2.1 (L142)', 'one voluntary mode change per turn, in the Organization Phase only.', ''),
    ('MOD-3', 'HTTR SR 5.2.1 exc. 1 / 6.7.1 / 10.5.7 (L143, L385, L622)', 'a unit fired at, or that completed a CA, may go to Defilade at once (no OF).', ''),
    ('MOD-4', 'HTTR SR 5.2.1 exc. 2 / 9.5.1.4 (L144, L506)', 'Travel → Concentrated at the end of a move for 2 MP.', 'TEC (MP accounting)'),
    ('MOD-5', 'HTTR SR 5.2.2-5.2.3 / 18.9.4 (L145-146, L953)', 'legal transitions: Def → Conc, Conc → Travel; Def ↔ Travel only for units without a concentrated side (HQ, towed) and SPA; infantry/AFV never Def ↔ Travel in one turn.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('MOD-6', 'HTTR SR 5.2.4 (L147)', 'a mode change never alters stacking order (needs the stack order, §4 timeline gap).', ''),
    ('MOD-7', 'HTTR SR 9.5.1.1 / 18.8.3 / ScR 8.1.12, 8.2.1.5, 8.2.1.7 (L503, L948, L1305, L1313, L1315)', 'only vehicular-capable units enter Travel; airborne infantry never unless allowed (≤ 4 companies per airborne division traced to a 30 Corps HQ).', 'units.csv mobility; for airborne infantry, its supply path to a 30 Corps HQ over the unsurveyed map, and which units are of the British 1st Airborne Division (units.csv names no division formation for them)'),
    ('MOD-8', 'HTTR SR 9.4.2.2 / 9.5.1.3 (L483, L505)', 'no voluntary exit from Travel on a raised road or railroad.', 'map raised roads/railroads'),
    ('MOD-9', 'HTTR ScR 8.1.1-8.1.2, 8.1.4 (L1294-1297)', 'German on-map start units set up in defilade and stay so until the Organization Phase of GT2 (HQ/artillery that are assaulted and retreat excepted).', ''),
    ('MOD-10', 'HTTR SR 10.6.6 / ScR 8.1.13 (L644, L1306)', 'after recovery a unit returns to its pre-disruption mode; HQs and German on-map start units to defilade.', ''),
    # SR 6.0-6.1 - Fire combat, general (L149-172)
    ('FIR-1', 'HTTR SR 6.0 / 6.2.1 (L156, L177)', 'one fire method per unit per phase; Reaction phase DF only; Fire Phase DF, AT or IF.', ''),
    ('FIR-2', 'HTTR SR 6.1.4 (L164)', 'all fire on one target hex is resolved before a new target hex is declared.', ''),
    ('FIR-3', 'HTTR SR 6.1.5 (L165)', 'fire on one target unit is finished before the next unit in that hex.', ''),
    ('FIR-4', 'HTTR SR 6.1.8 / 6.5.4.3 (L169, L326)', 'never beyond printed range (artillery +33 % round down).', 'units.csv range'),
    ('FIR-5', 'HTTR SR 6.1.9 / 9.1.1 / 10.1.9 (L170, L451, L538)', 'a unit that fired in the Fire Phase neither moves nor CAs in the next Movement Phase (SPA in Concentrated may move ½ MA, 18.9.2 L951).', ''),
    ('FIR-6', 'HTTR SR 6.1.10 / 6.5.1.14 / 13.3.2.1 (L171, L300, L744)', 'depleted units never fire.', ''),
    # SR 6.2-6.3 - Conventional direct fire (L174-227)
    ('DF-1', 'HTTR SR 6.2.2 / 7.0 (L178, L398)', 'DF only at observed targets.', 'map terrain, TEC LOS values and observation ranges'),
    ('DF-2', 'HTTR SR 6.2.3 (L179)', 'conventional DF only at adjacent hexes.', ''),
    ('DF-3', 'HTTR SR 6.2.3 (L179)', 'DF through a dike hexside has range 1.', 'dike hexsides'),
    ('DF-4', 'HTTR SR 6.3.1.2 (L184)', 'same-ER firers at one hex form one packet; a unit may join a lower-ER packet (packet ER = lowest).', 'units.csv effectiveness'),
    ('DF-5', 'HTTR SR 6.3.1.4 / 11.5.1 (L187, L675)', 'only the top two units of a stack fire conventional DF.', ''),
    ('DF-6', 'HTTR SR 6.3.1.5-6.3.1.6 (L188-189)', "only one of the target stack's top two is targeted; overflow goes to the new top two.", 'units.csv type (the Formation Displays are not transcribed) (leaders, AFVs); units.csv afv_class (a very light AFV target in Travel Mode takes conventional DF, SR 6.2); Fire Results Table, DF Fire Value Matrix, map terrain (a loss is needed for its overflow)'),
    ('DF-7', 'HTTR SR 6.3.1.7 / 6.7.9 (L190, L395)', "losses beyond the hex's SP are ignored (except IF spill-over).", ''),
    ('DF-8', 'HTTR SR 6.3.1.8 (L191)', 'artillery/AT/flak DF only from the top two, on the DF matrix.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('DF-9', 'HTTR SR 6.3.1.11 / 6.3.3.4 (L195, L212)', 'in Travel only AFV silhouettes or armored recon fire (reading: "armored units"), at most 1 SP into a hex.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('DF-10', 'HTTR SR 6.3.1.12 (L196)', 'of several Travel units in a hex only one fires into a given target hex.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('DF-11', 'HTTR SR 6.3.2.2 (L205)', 'excess hits on a leg unit never pass to an AFV target.', 'units.csv type; Fire Results Table, DF Fire Value Matrix (a result is needed)'),
    ('DF-12', 'HTTR SR 6.3.2.2 / 6.3.3 / 6.3.4 (L201, L208-220)', 'packet FV from strength (cap 9) × ER with the mode/type modifiers (AFV ×2, defilade ½ unless entrenched, disrupted ½; ER −1 dismounted/Travel, +1 ferry OF, artillery 2; max 9).', 'units.csv strength/ER, DF Fire Value Matrix (3 of 90 cells); the Fire Results Table lines of targets in Defilade (SR 6.1.11)'),
    ('DF-13', 'HTTR SR 6.3.5.1-6.3.5.2 (L222-223)', 'each further 9 SP shifts one column (max FV 9), then ±1 DRM per unused increment.', 'DF matrix, Fire Results Table'),
    ('DF-14', 'HTTR SR 6.3.5.3 (L225)', 'Minimal Fire Attack.', 'Fire Results Table, morale'),
    ('DF-15', 'HTTR SR 6.3.5.4 (L226)', 'towed targets in rough/city use the "forest, town or broken" line (entrenched AT excepted).', 'map terrain (rough/city); units.csv type; TEC fire_results_line'),
    # SR 6.4 / 18.3 - AT fire and return fire (L228-276, L905-908)
    ('AT-1', 'HTTR SR 6.4.1.2 (L231)', 'AT fire needs a LOS.', 'map terrain, TEC LOS values'),
    ('AT-2', 'HTTR SR 6.4.1.3-6.4.1.4 / 18.2.3 (L232-234, L900)', "target and firer in their stacks' top two, except one in-battery AT unit per infantry unit in the top two.", 'units.csv type (the Formation Displays are not transcribed)'),
    ('AT-3', 'HTTR SR 6.4.1.5 (L235)', 'AT range ≤ 2; AFVs without a printed range of 2 only adjacent.', 'units.csv range'),
    ('AT-4', 'HTTR SR 6.4.1.6 (L236)', 'a target two hexes away is spotted only outside covering terrain.', 'map terrain (covering)'),
    ('AT-5', 'HTTR SR 6.4.1.7 (L237)', 'an AFV target is shot at most once per Fire Phase by each AT class.', 'units.csv at_class (the class of the AT dots) and the AFV target (the Formation Displays are not transcribed)'),
    ('AT-6', 'HTTR SR 6.4.1.9 (L242)', 'engineers fire AT only in CA.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('AT-7', 'HTTR SR 6.4.2.1 / 6.4.3 / 6.4.4 / 6.4.5 (L249-272)', 'ATFV = primary + floor((SP×dots − 1) × mult) ± modifiers; the 1/2-SP thresholds.', 'AT Fire Table (6 of 30 cells), units.csv strength, at_dots, at_class and afv_class'),
    ('AT-8', 'HTTR SR 6.4.2.1 (L258)', 'a 2d6 roll of 12 never hits.', ''),
    ('AT-9', 'HTTR SR 6.6.7.1-6.6.7.2 / 6.4.1.10-11 (L370-371, L243-244)', "after AT fire in a Fire Phase only the target hex's top two may return fire (AT or conventional), resolved before the next target hex.", ''),
    ('AT-10', 'HTTR SR 6.6.7.3 (L372)', 'IF and OF never trigger return fire.', ''),
    ('AT-11', 'HTTR SR 6.6.7.6 (L375)', 'a unit returns fire at most once per phase (conflict with 6.4.1.12 L245, §1C).', ''),
    ('AT-12', 'HTTR SR 18.3.1-18.3.3 (L906-908)', 'AT fire at leg units only in town/city and in defilade; at most half of the defending infantry SP lost per attack.', 'units.csv type and mobility; map terrain (town/city)'),
    # SR 6.5 / 17.5 / 7.4 - Indirect fire (L277-334, L855-865, L420-428)
    ('IF-1', 'HTTR SR 6.5.1 (L279-283)', 'only artillery and HW (range ≥ 2) fire IF, within range.', 'units.csv range, type'),
    ('IF-2', 'HTTR SR 6.5.1.2 / 6.6.5.2 (L287, L364)', 'IF once in the Fire Phase and at most once per enemy Movement Phase as OF ("Used").', 'units.csv type (the Formation Displays are not transcribed)'),
    ('IF-3', 'HTTR SR 6.5.1.4 (L289)', 'at most two artillery units in an unobserved barrage.', 'units.csv type (the Formation Displays are not transcribed); map terrain and TEC LOS values (whether the firers observe)'),
    ('IF-4', 'HTTR SR 6.5.1.5 (L291)', 'no unobserved barrage at HQs or Travel units.', 'units.csv type (the Formation Displays are not transcribed); map terrain and TEC LOS values'),
    ('IF-5', 'HTTR SR 6.5.1.11-6.5.1.12 / 7.1.5 / 19.1.4 (L297-298, L404, L970)', 'disrupted units neither fire IF nor spot; Travel units neither spot nor act as controlling HQ; leaders never spot.', 'units.csv type (the Formation Displays are not transcribed) (leaders)'),
    ('IF-6', 'HTTR SR 6.5.1.10 (L296)', 'an IF packet has one ER.', 'units.csv effectiveness'),
    ('IF-7', 'HTTR SR 6.5.2.1 / 17.5.1-17.5.4 (L302, L857-860)', 'artillery fires observed IF only stacked with/within 2 hexes of a controlling HQ (regiment artillery: stacked or adjacent; battalion artillery: ≤ 3 hexes from its battalion) — conflict with the L304 example.', 'units.csv formation and the size of the HQ it names (the artillery\'s level, SR 17.5.1-17.5.4)'),
    ('IF-8', 'HTTR SR 6.5.2.2-6.5.2.3 / 17.5.2-17.5.4 (L303-305, L858-860)', "controlling HQ and spotter lie in the artillery's chain of subordination (HW: same-battalion spotter).", 'Formation Displays (subordination of most counters)'),
    ('IF-9', 'HTTR SR 6.5.2.5 (L308)', 'a controlling HQ used for IF does not move in the next Movement Phase.', ''),
    ('IF-10', 'HTTR SR 7.4.2 (L427)', 'spotter-HQ LOC ≤ 36 hexes.', ''),
    ('IF-11', 'HTTR SR 7.4.1 / 7.4.3 (L421-428)', 'LOC terrain counts.', 'map terrain (city/forest/town/woods/hilltop)'),
    ('IF-12', 'HTTR SR 6.5.3-6.5.6 (L310-334)', 'IF FV, the >18 SP and >16 strength DRMs (cap ±3), AFV FV penalties.', 'units.csv strength/ER/range, IF Fire Value Matrix (1 of 9 cells), Fire Results Table; AFV target classes (units.csv afv_class)'),
    ('IF-13', 'HTTR SR 6.5.3.2 (L320)', 'IF spill-over is random and no unit type takes a second hit before each other type took one.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('IF-14', 'HTTR ScR 4.4.2 / 4.4.5-4.4.6 (L1082, L1085-1086)', 'a German Corps HQ controls ≤ 9 artillery units; airborne units may spot for non-airborne artillery, never the reverse.', ''),
    # SR 6.6 / 8.2 - Opportunity, return and ambush fire (L335-382, L434)
    ('OF-1', 'HTTR SR 6.6.1.1 (L338)', 'OF only at the unit(s) that triggered it.', ''),
    ('OF-2', 'HTTR SR 6.6.1.2 (L339)', 'OF is resolved before the triggering activity, against the old position and mode.', ''),
    ('OF-3', 'HTTR SR 6.6.1.3 (L340)', 'OF by single units only (conflict with the 21.1 example, L1018, §1C).', ''),
    ('OF-4', 'HTTR SR 6.6.2.1 / 8.2 (L343, L434)', 'leaving an EZOC triggers one OF from each controlling unit; units moved one by one trigger each.', 'ZOC (ranges, LOS, map terrain)'),
    ('OF-5', 'HTTR SR 6.6.2.2 / 6.6.2.4 / 11.5.6 (L344, L346, L680)', 'voluntary mode change, stack reorder or mount/dismount in an EZOC triggers OF, each separately.', 'ZOC (as above)'),
    ('OF-6', 'HTTR SR 6.6.2.3 / 6.6.2.6 / 6.7.2.3 / 10.1.16 / 11.4.2 (L345, L348, L389, L547, L671)', 'involuntary changes (recovery, DEF, retreat/advance after CA, disrupted re-stacking) trigger no OF.', ''),
    ('OF-7', 'HTTR SR 6.6.2.5 (L347)', 'if a whole stack changes mode and order, only its top two may be OF targets.', ''),
    ('OF-8', 'HTTR SR 6.6.3.1-6.6.3.2 (L349-351)', 'disrupted units fire OF only when close-assaulted (then every defender may fire).', ''),
    ('OF-9', 'HTTR SR 6.6.3.3-6.6.3.4 (L352-353)', 'artillery OF against CA: DF, ER 2, printed strength, top two only.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('OF-10', 'HTTR SR 6.6.4.3 / 13.2.7.1 (L361, L730)', 'HQs fire only OF, and not while marked OOS.', "units.csv type (the Formation Displays are not transcribed); the HQ's supply path in its Command Phase (map terrain; units.csv formations naming no HQ unit)"),
    ('OF-11', 'HTTR SR 6.6.4.1-6.6.4.2 (L357-359)', 'DF OF by any unit exerting a ZOC into the trigger hex, each time it is triggered.', 'ZOC (as above)'),
    ('OF-12', 'HTTR SR 6.6.5.1 (L363)', "IF OF only after > 2 (leg) / > 4 (vehicle) contiguous hexes under one spotter's continuous observation.", 'LOS (map terrain, TEC)'),
    ('OF-13', 'HTTR SR 6.6.6.1-6.6.6.2 / 18.1.1.4 (L366-367, L882)', 'HW: IF OF once per Movement Phase (same-battalion spotter), DF OF each time triggered.', ''),
    ('OF-14', 'HTTR SR 6.6.8.1-6.6.8.3 (L377-379)', "ambush only on a non-defilade unit entering a non-covering hex in the ambusher's ZOC; ambusher in cover, no enemy already adjacent to it.", 'map terrain (covering), ZOC'),
    ('OF-15', 'HTTR SR 8.4.4 (L442)', 'no OF at units leaving forest or city, except a CA from there.', 'map terrain (forest/city)'),
    # SR 6.7 - Effects of fire (L383-396)
    ('EFF-1', 'HTTR SR 6.7.1 (L385)', 'after No Effect the owner may put the target (any unit after IF) into Defilade, without OF.', ''),
    ('EFF-2', 'HTTR SR 6.7.2 (L386-389)', 'DEF defilades the target at once; nothing more if already defiladed or disrupted.', ''),
    ('EFF-3', 'HTTR SR 6.7.3 (L390)', 'n → lose n SP and adopt Defilade.', 'Fire Results Table, DF/IF Fire Value Matrices (a result is needed)'),
    ('EFF-4', 'HTTR SR 6.7.6 (L392)', "HQ/in-battery artillery on DEF: morale check; failure → disruption or 1 SP (owner's choice).", 'units.csv morale; Fire Results Table, DF/IF Fire Value Matrices'),
    ('EFF-5', 'HTTR SR 6.7.7 (L393)', 'a concentrated target hit: Defilade, or stays Concentrated with +1 SP after a passed check (failed: both).', 'units.csv morale; Fire Results Table, DF/IF Fire Value Matrices'),
    ('EFF-6', 'HTTR SR 6.7.8 (L394)', 'a Travel unit losing SP is disrupted at the end of the Fire Phase; with two Travel units the top one takes the loss; a Travel unit without a concentrated side stays in Travel with +1 SP loss.', 'Fire Results Table, DF/IF Fire Value Matrices (a result is needed)'),
    ('EFF-7', 'HTTR SR 6.7.10 (L396)', 'after an IF D/loss, the other units in the hex may adopt Defilade.', ''),
    # SR 7 / 20 - Observation and night (L397-428, L988-993)
    ('OBS-1', 'HTTR SR 7.1.1 / 7.2.1 (L400, L408)', "LOS range ≤ the observer's terrain limit.", 'TEC observation ranges, map terrain'),
    ('OBS-2', 'HTTR SR 7.1.3 (L402)', 'a centre-to-centre line touching any part of a blocking hex is blocked.', 'map terrain, TEC blocking values'),
    ('OBS-3', 'HTTR SR 7.1.4 / 7.3.3 (L403, L415)', 'units in forest/city/rough are seen only from adjacent hexes; in woods/town from ≤ 2 hexes.', 'map terrain'),
    ('OBS-4', 'HTTR SR 7.1.6 (L405)', 'adjacent units are always observed.', ''),
    ('OBS-5', 'HTTR SR 7.2.2 / 20.1 (L409, L989)', 'at night every observation range is 2 hexes.', ''),
    ('OBS-6', 'HTTR SR 7.2.3 / ScR 13.3 (L410, L1479)', 'weather "P" halves day ranges (round down), 1 hex at night.', 'Weather Conditions Table (after 18 Sep)'),
    ('OBS-7', 'HTTR SR 7.3.1 (L413)', 'a dike/raised road/embankment blocks unless the observer is adjacent to it or on a hilltop/city hex.', 'map dikes, raised roads, embankments'),
    ('OBS-8', 'HTTR SR 7.3.4 (L416)', 'a unit that fires from cover is revealed from that phase until it moves into new cover or LOS is blocked.', ''),
    ('OBS-9', 'HTTR SR 7.3.5 (L417)', '+2 range through an adjacent slope hexside from the high side.', 'slope hexsides'),
    # SR 8 - Zones of control (L429-448)
    ('ZOC-1', 'HTTR SR 8.0 / 8.4.1 (L431, L439)', 'ZOC into the 6 neighbours; range ≥ 2 → 2 hexes into observed hexes; never into forest/city; woods/town only when adjacent.', 'units.csv range, LOS, map terrain'),
    ('ZOC-2', 'HTTR SR 8.1 (L433)', '+3 MP to leave an EZOC (any class).', 'TEC'),
    ('ZOC-3', 'HTTR SR 8.4.2 (L440)', 'ZOC crosses a dike hexside only from an adjacent unit.', 'dike hexsides'),
    ('ZOC-4', 'HTTR SR 8.6 (L447-448)', 'no ZOC from units without an ER (bridging engineers), disrupted, depleted or in Travel.', ''),
    # SR 9 / 11.3 - Movement and stacking in motion (L449-523, L660-668)
    ('MOV-1', 'HTTR SR 9.1.2 (L452)', 'one unit or stack moves at a time.', ''),
    ('MOV-2', 'HTTR SR 9.1.3 / 9.1.5 / 9.3.2 (L453, L455, L466)', 'MP per hex from the mode × movement-class column, plus EZOC costs.', 'TEC (29 of 270 cells), map terrain, units.csv mobility and type (a dismounted unit and an HQ in Defilade move as leg units, SR 9.3.3, 9.3.9)'),
    ('MOV-3', 'HTTR SR 9.2.1 / 9.6.4 (L457, L517)', 'continuous movement; units may be picked up/dropped off; dropped units stop for the phase.', ''),
    ('MOV-4', 'HTTR SR 9.2.2 (L458)', 'never into an enemy-occupied hex.', 'units.csv type (the Formation Displays are not transcribed) (a lone leader does not bar a hex)'),
    ('MOV-5', 'HTTR SR 9.2.3-9.2.4 (L459-460)', 'MP ≤ MA, or a single hex move except into prohibited terrain / across blocked hexsides.', 'TEC, map terrain'),
    ('MOV-6', 'HTTR SR 9.3.1 (L464)', 'MA 12, recon (incl. armored cars, M5) 14, King Tiger II 9, static 0 (by unit type).', 'units.csv movement and type (the Formation Displays are not transcribed)'),
    ('MOV-7', 'HTTR SR 9.3.5-9.3.7 / 9.5.1.5 / 18.9.6 (L469-471, L507, L955)', 'mount or dismount at most once per phase, in its side\'s Movement Phase for 2 MP within the MA; dismount free after fire at the unit.', ''),
    ('MOV-8', 'HTTR SR 9.3.8 (L472)', 'remount only with a supply line along roads/trails to the controlling HQ.', 'map roads/trails'),
    ('MOV-9', 'HTTR SR 9.3.10 / 9.5.2.1 / 18.6.1 (L474, L509, L933)', 'towed units move only in Travel (one hex in-battery) and fire only in-battery.', 'units.csv mobility and type (towed, AT)'),
    ('MOV-10', 'HTTR SR 9.5.2.2 (L510)', 'towed AT/flak in-battery moving one hex into an EZOC needs a passed morale check.', 'units.csv morale'),
    ('MOV-11', 'HTTR SR 9.5.3 / 10.6.2 (L511, L636)', 'a disrupted unit moves at most one hex.', ''),
    ('MOV-12', 'HTTR SR 9.4.1.1-9.4.1.2 (L479-480)', 'road/trail rates only in Concentrated or Travel along a connected road; none in Defilade.', 'map roads/trails and city hexes (a trail joins adjacent city hexes, SR 9.4.1.3)'),
    ('MOV-13', 'HTTR SR 9.4.2.1-9.4.2.3 (L483-484)', 'raised roads help vehicles only in Travel; Travel units enter/exit only at a terminus, intersection or clear hex.', 'map raised thoroughfares'),
    ('MOV-14', 'HTTR SR 9.4.2.4 (L485)', '+1 MP for non-Travel leg units on raised-road-only bridges.', 'map bridges'),
    ('MOV-15', 'HTTR ScR 9.0-9.1 (L1353)', 'no river/canal crossing except by bridge, engineer ferry or permanent ferry.', 'map rivers/canals/bridges'),
    ('MOV-16', 'HTTR SR 9.4.6 (L499)', 'AFV/Travel units enter and leave marsh only by road/trail/railroad and stay in Travel.', 'map marsh hexes'),
    ('MOV-17', 'HTTR SR 9.6.5 / 11.3.5 (L518, L665)', '≤ 2 Travel units in a moving stack on a thoroughfare.', 'map thoroughfares'),
    ('MOV-18', 'HTTR SR 9.6.5 / 11.3.6 (L518, L666)', '≤ 8 Travel SP in a hex at any time.', 'units.csv strength'),
    ('MOV-19', 'HTTR SR 9.6.6 (L519)', 'Travel units never pass through other Travel units on a thoroughfare; they stop on entering.', 'map thoroughfares'),
    ('MOV-20', 'HTTR SR 9.6.7 / 11.3.7 (L520, L667)', '≤ 2 leg units per stack at road rate; concentrated leg road-movers never pass or stop where > 2.', 'map roads'),
    ('MOV-21', 'HTTR SR 9.6.3 / 11.3.4 (L516, L664)', 'a unit joining a stack in an EZOC goes to the bottom.', 'ZOC'),
    ('MOV-22', 'HTTR SR 11.1.1 / 11.3.1-11.3.2 (L648, L661-662)', 'stack order changes only in Movement Phases (retreat/advance excepted).', 'units.csv type (the Formation Displays are not transcribed) (in-battery artillery/flak)'),
    ('MOV-23', 'HTTR SR 11.1.2-11.1.3 / 18.10 (L649-650, L958)', 'in-battery artillery/flak never reorder themselves; static units always at the bottom and never move or retreat.', 'units.csv type (the Formation Displays are not transcribed) (static units)'),
    ('MOV-24', 'HTTR SR 13.2.7.5-13.2.7.7 (L734-736)', 'MA rolled on 2d6 (1 CP) or 1d6 (0 CP or no path), once for all subordinates.', 'CP state / supply chain'),
    ('MOV-25', 'HTTR SR 14.6.2 (L795)', 'in a Reaction Phase with a CP-rolled MA below half normal: leg 1 hex, vehicle 2 hexes.', 'CP state (as MOV-24)'),
    ('MOV-26', 'HTTR SR 19.2.3 / 19.6.2 (L974, L985)', "a leader stacked with his HQ adds +1 MP to all that HQ's units (cumulative).", "units.csv type and formation (each leader's HQ and the HQs above each unit: the Formation Displays are not transcribed) (leaders)"),
    ('MOV-27', 'HTTR SR 20.3 (L991)', 'night: +1 MP per hex off road, road rate doubled.', 'TEC'),
    # SR 10 / 17.7 / 18 - Close Action (L524-644, L868-871)
    ('CA-1', 'HTTR SR 10.1.1-10.1.2 (L526-527)', "CA at the end of a unit's move, resolved before the next move.", ''),
    ('CA-2', 'HTTR SR 10.1.3 (L528)', 'one CA per unit per Movement Phase as attacker.', ''),
    ('CA-3', 'HTTR SR 10.1.4-10.1.5 (L529-530)', 'only against an adjacent hex; attackers from one hex; CAs from different hexes resolved separately.', ''),
    ('CA-4', 'HTTR SR 10.1.6 / 17.7.1-17.7.3 / 19.1.3 (L531-535, L869-871, L969)', 'no mixing of divisions or independent regiments against one hex in a phase; infantry/HW of different regiments never combine; assets only with affiliated units; engineers, HQs, leaders only with their organisation (a stacked leader waives).', "units.csv type and formation (the Formation Displays are not transcribed: which HQ, division or corps each unit is subordinated to)"),
    ('CA-5', 'HTTR SR 10.1.8 (L537)', 'an announced CA is executed.', ''),
    ('CA-6', 'HTTR SR 10.1.10-10.1.11 (L539-540)', 'cost = defender-hex terrain (no road) + EZOC exit + 3 MP; a unit that has not moved may always CA an adjacent hex (its move then ends).', 'TEC'),
    ('CA-7', 'HTTR SR 10.1.12 (L543)', 'at most two units if they began the phase non-adjacent.', ''),
    ('CA-8', 'HTTR SR 10.1.13 (L544)', 'no CA into a hex the unit may not enter.', 'map rivers/bridges'),
    ('CA-9', 'HTTR SR 10.1.14 (L545)', 'every unit in the defender hex defends.', ''),
    ('CA-10', 'HTTR SR 10.1.17 / 18.2.6 (L548, L903)', "artillery and AT units never attack; artillery on top stops the stack's CA.", 'units.csv type (the Formation Displays are not transcribed)'),
    ('CA-11', 'HTTR SR 10.4.4.1-10.4.4.2 / 13.3.2.2 (L604-605, L744)', 'disrupted and depleted units never attack; a depleted top unit stops the CA.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('CA-12', 'HTTR SR 18.1.2.1-18.1.2.3, 18.1.2.5 (L891-895)', 'HW never CA alone or on top; each needs same-subordination line infantry and may have moved ≤ 1 hex.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('CA-13', 'HTTR SR 14.6.1 (L794)', 'no CA by a formation with no CP.', 'TEC (MP distance: what attenuation leaves each HQ, SR 14.3.4)'),
    ('CA-14', 'HTTR SR 20.4 (L992)', 'at night a CA only from an adjacent start (net one column left).', ''),
    ('CA-15', 'HTTR SR 10.2.12 (L568)', 'a CA continues despite a mode change from preliminary fire.', ''),
    ('CA-16', 'HTTR SR 10.2.13 (L569)', 'leg attackers whose accompanying AFV was eliminated/defiladed continue only after a passed morale check.', 'units.csv morale'),
    ('CA-17', 'HTTR SR 10.2.2-10.2.11 (L551-567)', 'special AT fire in CA: eligibility, one class per fire, engineer negation (10.2.8), its roll before the CA die, the ATFV with the excess-infantry/engineer secondary value and no defilade benefit for a defending AFV in cover (10.2.11), its loss having the effects of fire.', 'infantry/engineer strengths, morale, unit types, AT Fire Table'),
    ('CA-18', 'HTTR SR 10.3 (L571)', 'lead units come from the top two and are fixed at declaration.', ''),
    ('CA-19', 'HTTR SR 10.3 / 10.4.1-10.4.3 (L573-576, L580-602)', 'CA value from ER and morale differentials by defender terrain; DIS override only at ≥ 3:1 with a passed check.', 'units.csv ER/morale, type, mobility and at_class (SR 10.4 factors), the map terrain (defilade cover, hilltops), CA Value Table (1 cell; none of its DIS cells, SR 10.3)'),
    ('CA-20', 'HTTR SR 10.3 / 10.4.4 (L577, L603-613)', 'odds = floor(attack SP / defence SP) after halving/doubling.', 'units.csv strength and type (an AFV with infantry is doubled, SR 10.4.4.10), the map terrain and hexsides (cover, bridges and dikes: 10.4.4.3, 10.4.4.5, 10.4.4.10)'),
    ('CA-21', 'HTTR SR 10.3 (L577)', 'the 1d6 result.', 'CA Results Table (1 cell)'),
    ('CA-22', 'HTTR SR 10.5.1 (L616)', 'a disrupted defender retreats exactly one hex or is eliminated.', 'CA Results Table (1 cell), units.csv strength, mobility; map terrain'),
    ('CA-23', 'HTTR SR 10.5.1 (L616)', '… never into an EZOC unless a friendly unit is there.', 'ZOC'),
    ('CA-24', 'HTTR SR 10.5.2 (L617)', 'a second disruption halves current SP (0.5 → eliminated) and retreats.', 'the CA Results Table (the CA result); units.csv strength'),
    ('CA-25', 'HTTR SR 10.5.3-10.5.4 (L618-619)', 'a disrupted attacker stays; undisrupted attackers must advance into the vacated hex.', 'CA Results Table (the CA result)'),
    ('CA-26', 'HTTR SR 10.5.5 (L620)', 'in-battery artillery forced to retreat is eliminated.', 'units.csv type'),
    ('CA-27', 'HTTR SR 10.5.6 (L621)', 'in-battery AT/flak retreat only after a passed check.', 'units.csv morale, type; map hexsides'),
    ('CA-28', 'HTTR SR 11.4.4 (L673)', 'a disrupted unit retreating onto a bridge hex goes one hex further or is eliminated.', 'map bridges'),
    # SR 10.6 / 20.2 - Disruption (L624-644, L990)
    ('DIS-1', 'HTTR SR 10.6.2 (L628-636)', 'disrupted: no CA attack, no OF unless assaulted, no spotting/barrages, HQ no IF coordination, no ZOC, no engineer functions, ≤ 1 hex move.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('DIS-2', 'HTTR SR 10.6.4 (L638-642)', 'recovery: 2d6 ≤ morale with −2 (leader/HQ stacked or adjacent), +1 (adjacent enemy), +1 (OOS); one roll per stack.', 'units.csv morale; supply'),
    ('DIS-3', 'HTTR SR 10.6.5 / 20.2 (L643, L990)', 'automatic recovery after two consecutive night GTs without moving or being adjacent to an enemy.', ''),
    # SR 11.2 / 11.4 - Stacking limits (L651-673)
    ('STK-1', 'HTTR SR 11.2.1-11.2.5 / 11.2.8 / 9.2.5 (L652-659, L461)', 'current SP in a hex ≤ the terrain limit with the AFV/vehicle sub-limit, at every moment.', 'TEC stacking limits (only open = 28) and vehicular sub-limits (none given), units.csv strength and mobility'),
    ('STK-2', 'HTTR SR 11.2.6 / 18.5.2 / 18.10 (L657, L929, L958)', 'leaders, markers, static units and static flak never count.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('STK-3', 'HTTR SR 11.2.3 / 11.4.3 (L654, L672)', 'an overstack disrupts every unit in the hex; if it persists, the minimum number of units is displaced one hex; MA 1 hex in the next phase.', 'TEC stacking limits, map terrain, units.csv strength'),
    ('STK-4', 'HTTR SR 11.4.2 (L671)', 'a disrupted unit is put under the undisrupted units (no OF).', ''),
    # SR 12.1 / 18.4.3 - Entrenchments (L683-688, L924-926)
    ('ENT-1', 'HTTR SR 12.1.2 (L686)', 'AFV/armored/Travel units never benefit; others only in Defilade.', ''),
    ('ENT-2', 'HTTR SR 12.1.1 / 12.1.5 (L685, L688)', 'no benefit while moving or when attacking in CA.', ''),
    ('ENT-3', 'HTTR SR 12.1.3-12.1.4 (L687)', 'the owner removes them in his Command Phase; an enemy occupying the hex removes them.', ''),
    ('ENT-4', 'HTTR SR 18.4.3.1-18.4.3.2 (L925-926)', 'built by concentrated combat engineers of ≥ 2 SP over three consecutive undisturbed turns (Command Phase to Command Phase), no fire meanwhile.', 'units.csv type and strength'),
    # SR 13 / ScR 5.1 - Command and supply (L689-760, L1088-1131)
    ('SUP-1', 'HTTR SR 13.2.2-13.2.6 (L702-727)', 'the chain unit → HQ ≤ 12 hexes (vehicles: < 12 MP by road), regiment → division ≤ 12 MP, division → corps ≤ 18 MP, corps → source along primary/secondary roads; halved to a Travel or disrupted HQ; no enemy or unnegated EZOC hex.', 'TEC (Travel-Mode MP), map terrain and roads, ZOC; the HQ units of formations units.csv names (Formation Displays: 101, 59, 85, 7FJ); ScR 5.1.5.1-5.1.5.2: the TEC primary road Travel-Mode rate, the map edges\' roads and terrain, terrain.toml edge west-north-of-rhine (von Tettau), game.toml [special.supply_rules] corps_not_in_play / west_roads'),
    ('SUP-2', 'HTTR SR 13.2.6.5 / ScR 5.1.8.1 (L727, L1129)', 'a non-airborne unit on or adjacent to an on-map source is in supply.', ''),
    ('SUP-3', 'HTTR SR 13.2.7.1 (L730)', 'an OOS HQ is marked in the Command Phase and receives no CP/AmP.', 'supply chain; record-track markers naming their HQ unit (game.toml [[markers]] formation names divisions)'),
    ('SUP-4', 'HTTR SR 13.2.7.7 note (L737)', 'no depletion check after defensive fire in CA or after OF.', ''),
    ('SUP-5', 'HTTR SR 13.3.1 (L741)', 'depletion roll thresholds by ER (≤ 4: 1; 5-6: 1-3; > 6: 1-5; "+2" direction unclear).', 'units.csv effectiveness'),
    ('SUP-6', 'HTTR SR 13.3.2 (L744-748)', 'depleted: no fire, no CA attack, defends at ½ and ER 1, still moves, observes and stacks.', ''),
    ('SUP-7', 'HTTR SR 13.3.3.1 (L750)', 'depletion removed in the next Command Phase only when fully supplied.', 'supply chain'),
    ('SUP-8', 'HTTR SR 13.4.2 / ScR 4.0.2 (L754, L1068)', 'independent units reassigned in any Command Phase; independent formations (German divisions/KG) only in the 0601/1501 Command Phases.', 'units.csv formation (bundled formations that name no unit)'),
    ('SUP-9', 'HTTR SR 13.4.3-13.4.4 / 17.4.2 (L755-756, L849)', 'a regiment/brigade/KG HQ has ≤ 4 battalions and ≤ 8 independent companies.', 'units.csv formation (bundled formations that name no unit)'),
    ('SUP-10', 'HTTR ScR 4.0.1 (L1067)', 'Allied battalions never change regiment; no cross-division assignment.', 'units.csv formation (bundled formations that name no unit)'),
    ('SUP-11', 'HTTR SR 17.4.3-17.4.4 (L850-854)', 're-attachment only after an HQ is destroyed; a destroyed division/corps/intermediate HQ returns after 2d6 GTs next to a subordinate unit.', 'units.csv formation (bundled formations that name no unit)'),
    ('SUP-12', 'HTTR SR 17.5.7-17.5.10 (L862-865)', 'artillery changes HQ only when its HQ is destroyed (ER −1 / −2, not cumulative).', 'units.csv formation (bundled formations that name no unit)'),
    ('SUP-13', 'HTTR SR 18.5.3 / ScR 4.3 (L930, L1078-1079)', 'flak may join any HQ; switching costs one GT out of supply.', 'units.csv formation (bundled formations that name no unit)'),
    ('SUP-14', 'HTTR ScR 5.1.2 (L1096)', 'the 30 Corps source is only D0119 until major-city hexes are activated by 30 Corps units passing through them.', 'major-city hexes (terrain.toml places: only A2332 of Arnhem is given)'),
    ('SUP-15', 'HTTR ScR 5.1.1.1-5.1.1.2 (L1091-1092)', 'German supply along roads leaving the N/E/W edges, not into captured areas.', "map roads, captured off-map areas' edges"),
    ('SUP-16', 'HTTR ScR 5.1.3.2-5.1.3.3 (L1100-1101)', 'supply heads LZ N B2348, LZ W C1111 (reading: C1211, L1585), DZ L A2420.', 'the LZ W hex (C1111 or C1211: the data does not choose)'),
    ('SUP-17', 'HTTR ScR 5.1.3.6-5.1.3.7 / 5.2 (L1104-1105, L1133)', 'everyone in supply until GT6; airborne units for the 17 Sep turns and four GTs after dropping.', ''),
    ('SUP-18', 'HTTR ScR 5.1.3.9 / 12.02 (L1107, L1456)', 'arriving HQs hold 2 CP until the next allocation; arriving units are supplied on their arrival turn.', ''),
    ('SUP-19', 'HTTR ScR 5.1.4 (L1109-1112)', 'a supply head moves only after seven consecutive OOS turns of its division HQ, on 2d6 ≤ 8 (US) / ≤ 6 (British, Polish), once per day in a daylight Command Phase.', 'airborne division HQ counters (units.csv), map terrain'),
    # SR 14 / 15 / ScR 5.2 - Command points and ammunition (L762-820, L1132-1170)
    ('CP-1', 'HTTR SR 14.1.1 / 15.1 / ScR 5.2.1-5.2.3 (L769, L804-806, L1136-1151)', 'CP and AmP received per division.', 'German / Airborne / Club Route Logistic Tables (all missing)'),
    ('CP-2', 'HTTR ScR 5.2.1.1 (L1137-1141)', 'German delivery level allowed by date (low / normal / intense timetable).', 'HQ units of the 9th and 10th SS Panzer divisions (units.csv)'),
    ('CP-3', 'HTTR ScR 5.2.1.2 (L1142)', 'Swoboda +1 level until GT33; its attachment changes only in a CP phase before the roll.', ''),
    ('CP-4', 'HTTR ScR 5.2.2.1 / 5.2.3.1 (L1145, L1151)', 'airborne CP + AmP percentages total 100 %; Club Route CP + AmP + MA rates ≤ 100 % (or one column dropped for +2 DRM).', ''),
    ('CP-5', 'HTTR ScR 5.2.2.3-5.2.2.5 (L1147-1149)', '−1 CP per step loss inflicted on the supply DZ; P weather halves the delivery.', 'the weather of each GT (ScR 13); flak step losses on the supply DZ are not read from the log'),
    ('CP-6', 'HTTR SR 14.1.2 (L770)', 'corps and division HQs receive, spend or allocate CP only in Defilade.', ''),
    ('CP-7', 'HTTR SR 14.1.5 (L773)', 'a disrupted HQ neither receives nor gives CP/AmP.', ''),
    ('CP-8', 'HTTR SR 14.3.1 (L777)', '≤ 2 CP to each sub-divisional HQ per Command Phase.', ''),
    ('CP-9', 'HTTR SR 14.3.2 (L778)', 'the receiving HQ traces supply to its division HQ.', 'supply chain'),
    ('CP-10', 'HTTR SR 14.3.3-14.3.4 (L779-780)', 'attenuation: ≤ 4 MP full; otherwise 2d6 > 8 halves (round up), +1 per 2 MP beyond 8.', 'TEC (MP distance)'),
    ('CP-11', 'HTTR SR 14.3.6 / 14.3.8 (L782, L784)', 'the division track is debited the allocation; allocations last until the next CP phase.', 'record-track markers naming their HQ unit (game.toml [[markers]] formation names divisions)'),
    ('CP-12', 'HTTR SR 14.3.9 / 14.5.2-14.5.3 (L785, L791-792)', '≤ 4 CP carried over; ≤ 8 on a division track after allocation.', 'record-track markers naming their HQ unit (game.toml [[markers]] formation names divisions)'),
    ('CP-13', 'HTTR ScR 5.2.3.2-5.2.3.3 (L1152-1153)', '30 Corps HQ saves ≤ 8 CP and 8 AmP; it transfers CP only to division HQs, without attenuation.', 'record-track markers naming their HQ unit (game.toml [[markers]] formation names divisions)'),
    ('CP-14', 'HTTR ScR 5.2.5.2-5.2.5.4 (L1167-1169)', 'extra CP per 30 Corps HQ by location (+1 / +1.5 / +2) and +1 beyond 12 hexes of Club Route.', 'map (Maas/Waal bands), Club Route hexes'),
    ('CP-15', 'HTTR SR 15.2.1-15.2.2 (L808-809)', 'artillery ER ≥ 7 checks depletion each time it fires (reading amp_check); failing (7-8 on 1, 9 on 1-2) it spends 1 AmP or is depleted before the next check or the phase end; at 0 AmP it is depleted.', 'units.csv effectiveness'),
    ('CP-16', 'HTTR SR 15.2.3-15.2.5 / 15.3 (L810-812, L815)', '1 AmP clears two supplied artillery units in the Command Phase; −1 AmP every friendly Command Phase; ≤ 12 AmP.', 'record-track markers naming their HQ unit (game.toml [[markers]] formation names divisions); units.csv effectiveness'),
    # SR 16 / 19 - Morale and leaders (L821-837, L964-987)
    ('MOR-1', 'HTTR SR 16.1-16.2 (L824-828)', 'current morale (loss reductions by printed morale) and 2d6 > morale fails.', 'units.csv morale'),
    ('MOR-2', 'HTTR SR 16.4 (L831-836)', 'a morale roll precedes each of the listed outcomes (extra loss instead of defilade, AFV loss in CA, DIS override, HQ/artillery on D, rally).', 'units.csv morale; Fire Results Table (the results that call for a check)'),
    ('MOR-3', 'HTTR SR 19.3.1 (L976)', 'a leader alone in a hex entered by an enemy combat unit is eliminated.', 'units.csv type (the Formation Displays are not transcribed) (leaders)'),
    ('MOR-4', 'HTTR SR 19.3.2 (L977)', 'opposing leaders never share a hex.', 'units.csv type (the Formation Displays are not transcribed) (leaders)'),
    ('MOR-5', 'HTTR SR 19.3.3 (L978)', 'leaders are never fired at; one 2d6 per SP lost by their stack, a 2 kills the leader.', "units.csv type (the Formation Displays are not transcribed); Fire Results Table, DF Fire Value Matrix, map terrain (the loss of a leader's stack)"),
    ('MOR-6', 'HTTR ScR 8.3.5 / 6.6.5.2 (L1347, L1244)', "Frost's +1d6 MA (first two turns; his battalion + ≤ 4 units moving with him; landing 3d6 + 1).", "the units of 2/1P, Frost's battalion, and Frost's division (units.csv formation)"),
    # SR 18 - Special units (L872-963)
    ('SPC-1', 'HTTR SR 18.1.1.3 / 18.1.1.7 / 18.1.1.6 (L878-881, L889, L888)', "HW: one method per fire phase (Reaction DF does not bar main-phase IF); DF alone at ER 4 or at a same-battalion packet's ER; DF only at the top two, IF at any unit.", 'units.csv type (which units are HW) and formation (their battalions)'),
    ('SPC-2', 'HTTR SR 18.2.2 / 18.2.5 (L899, L902)', 'AT units fire only in-battery and fire OF only from the top two.', 'units.csv type (the Formation Displays are not transcribed)'),
    ('SPC-3', 'HTTR SR 18.4.1.3-18.4.1.4 (L914-915)', 'bridging engineers never fire; they only repair and ferry.', 'units.csv type (the Formation Displays are not transcribed)'),
    # ScR 6 - Air landings (L1171-1257)
    ('AIR-1', 'HTTR ScR 6.2.3-6.2.4 (L1179-1180)', "each serial's drop hex within 3 hexes of its regiment's pathfinder (division assets: the division's).", "Pathfinder markers' regiments (game.toml [[markers]] formation)"),
    ('AIR-2', 'HTTR ScR 6.3.1 (L1183)', 'pathfinders never move once placed.', ''),
    ('AIR-3', 'HTTR ScR 6.4.2-6.4.4 (L1190-1192)', 'route restrictions by map and day, lifted by the Maas / B3235 conditions.', 'map Maas hexes and the supply chain (the other route after 17 Sep), Weather Conditions Table (1 row known)'),
    ('AIR-4', 'HTTR ScR 6.5.2-6.5.4 (L1200-1204)', 'flight path and the flak count (undisrupted, undepleted, not in Travel).', 'Formation Displays (which German counters are flak), map geometry of the routes (game.toml [special.air_routes] paths, Figure 3)'),
    ('AIR-5', 'HTTR ScR 6.5.5-6.5.9 (L1210-1214)', 'landing result from 2d6 × flight conditions, weather-zone shifts.', 'Air Landing Table grid (tables/air_landing_grid.toml)'),
    ('AIR-6', 'HTTR ScR 6.5.4 (L1207-1209)', 'scatter distance by 1d6 (S1 1/2/3 hexes; S2 +1) and L1 outcomes.', 'Air Landing Table grid (which result the serial has), Figure 2 (where a scatter runs off the map)'),
    ('AIR-7', 'HTTR ScR 6.5.4 (L1207)', 'scatter direction by 1d6.', 'Figure 2 (scatter directions: game.toml [special.scatter])'),
    ('AIR-8', 'HTTR ScR 6.7.4-6.7.5 (L1249-1250)', 'no drop hex in forest/rough/city/town/river/canal; water kills; scatter there disrupts.', 'map terrain'),
    ('AIR-9', 'HTTR ScR 6.7.1 / 23.1.2 (L1247, L1723)', 'lift points: 32 on 17 Sep, 15 on 18 Sep; never saved (≤ 3 carried after two no-flight half-days).', ''),
    ('AIR-10', 'HTTR ScR 6.7.1 (L1247)', 'lift points from 19 Sep on.', 'Turn Record Chart'),
    ('AIR-11', 'HTTR ScR 6.7.3 (L1248)', 'drops only in a friendly Movement Phase, never in a Reaction Phase.', ''),
    ('AIR-12', 'HTTR ScR 6.7.8-6.7.9 (L1254-1255)', 'each partial serial costs a lift point; never fewer serials than the display.', 'Formation Displays (the battalion serials: game.toml [special.serials])'),
    ('AIR-13', 'HTTR ScR 6.7.10 / 6.6.3.1 (L1256, L1230)', 'serials ≤ 28 SP; an overstack is fixed by displacing the fewest units.', 'units.csv strength'),
    ('AIR-14', 'HTTR ScR 6.8 / 24.1.1.3 (L1257, L1773)', 'no unit lands in Travel; artillery, AT and motorized units land in Defilade.', 'units.csv type and mobility'),
    ('AIR-15', 'HTTR ScR 6.6.4.2-6.6.4.4 (L1238-1240)', 'landing on Germans forces a CA; artillery and AT landing on Germans are eliminated.', ''),
    ('AIR-16', 'HTTR ScR 6.6.4.5 (L1241)', 'landing on Germans in city/forest eliminates the airborne units.', 'map terrain'),
    ('AIR-17', 'HTTR ScR 6.6.5.1 / 8.3.1 (L1243, L1341)', 'landing-turn MA 2d6 (max 12), at most 2 hexes (leg) / 4 (vehicle).', 'units.csv mobility'),
    # ScR 7 - Airstrikes (L1258-1291)
    ('AS-1', 'HTTR ScR 7.1.1 (L1262)', 'daily allotments.', 'Turn Record Chart'),
    ('AS-2', 'HTTR ScR 7.1.2-7.1.3 (L1263-1264)', 'Allied strikes in one AM and one PM turn; German AM, PM only on 1d6 1-4.', ''),
    ('AS-3', 'HTTR ScR 7.1.5 / 7.2.9-7.2.10 (L1266, L1277-1278)', 'designated first in the Fire Phase, resolved at its end; a 1d6 of 6 voids a strike.', ''),
    ('AS-4', 'HTTR ScR 7.2.1b (L1269)', 'no strike at a leader alone.', ''),
    ('AS-5', 'HTTR ScR 7.2.1a (L1269)', 'no strike at defilade units in city/forest not adjacent to a friendly unit.', 'map terrain'),
    ('AS-6', 'HTTR ScR 7.2.2-7.2.4 (L1270-1272)', '≤ 3 per hex per turn; no AM/PM carry-over; pairs at night or in P, triples when both.', 'Weather Conditions Table (1 row known)'),
    ('AS-7', 'HTTR ScR 7.2.7 (L1275)', 'target observed by a non-airborne unit.', 'LOS'),
    ('AS-8', 'HTTR ScR 7.2.8 (L1276)', '≤ 30 hexes from the 30 Corps spearhead.', 'the 30 Corps formations ([special.spearhead]), Club Route hexes (spearhead)'),
    ('AS-9', 'HTTR ScR 7.2.12 (L1280)', 'no German airstrikes before GT6.', ''),
    ('AS-10', 'HTTR ScR 7.3.2 (L1284)', 'result by 2d6 × mode/terrain.', 'Airstrike Bombardment Table grid'),
    ('AS-11', 'HTTR ScR 7.4 / 7.2.13 (L1285-1290, L1281)', 'effects of -, D, 1*, 1 (conflict for armour/HQ retreat on 1*, §1C).', 'Airstrike Bombardment Table grid'),
    # ScR 8 - Movement restrictions (L1291-1350)
    ('RES-1', 'HTTR ScR 8.0 (L1292)', 'no Travel entry into mixed polder hexes east of the highway on Map A except by road/railroad.', 'map polder hexes'),
    ('RES-2', 'HTTR ScR 8.1.5 / 24.1.4 / 24.3.1 (L1298, L1779-1780, L1814)', 'German on-map start units roll MA unit by unit: 1d6 on GT1-2, 2d6 on GT3.', ''),
    ('RES-3', 'HTTR ScR 8.1.7 (L1300)', 'KG Walther active from phase 6 of GT2.', ''),
    ('RES-4', 'HTTR ScR 8.1.8 (L1301)', 'Germans on Map D never move south of the initial front line.', 'initial front line hexes'),
    ('RES-5', 'HTTR ScR 8.1.9 (L1302)', 'the 9th SS recon battalion exits at A0130 by the end of GT3.', "Formation Displays (the 9th SS reconnaissance battalion's units)"),
    ('RES-6', 'HTTR ScR 8.1.10 (L1303)', 'Germans ≥ 6 hexes east of Club Route on Map D exit by the end of 18 Sep.', 'Club Route hexes'),
    ('RES-7', 'HTTR ScR 8.1.11 (L1304)', 'an out-of-command start unit stays without HQ or attaches at ER −2.', 'map terrain (the set-up command path to the HQ)'),
    ('RES-8', 'HTTR ScR 8.2.1.1-8.2.1.2, 8.2.1.6 (L1309-1310, L1314)', '30 Corps sets up in Travel (artillery and 231st excepted; artillery in Defilade) and moves from phase 6 of GT2.', ''),
    ('RES-9', 'HTTR ScR 8.2.2.1-8.2.2.8 / 5.2.4 / 8.2.1.4 (L1318-1326, L1157-1164, L1312)', 'spearhead envelope bands; Travel lock until the formation is fired on or a German stands within 4 hexes of Club Route (spearhead exempt); leaving Travel on Club Route and moving south on it in Travel only with CP at the HQ; the 231st within 3 hexes of Club Route and south of Valkenswaard to GT 4, then halted until the 50th is released; outside the spearhead at most the Club Route MA (a Club Route delivery\'s MA roll) spent on Club Route per phase (5.2.4.1-5.2.4.3); 8.2.2.8\'s airborne support is SUP-10.', 'Club Route hexes, Club Route Log Table and Movement Table (tables/club_route_movement.toml), the 231st Brigade\'s units (units.csv), the front line\'s hexes'),
    ('RES-10', 'HTTR ScR 8.2.4 / 24.4 (L1338, L1816)', '30 Corps may move on night GT4, never on GT5; later night GTs after a 1d6 (1-2 unrestricted; reading: 3-6 bar its moves as on GT5); armour attached to an airborne division and stacked with it is exempt.', 'units.csv type (whether a 30 Corps unit stacked with an airborne division is armour); map terrain (the command radius in which a 30 Corps unit is attached to an airborne HQ, ScR 8.2.2.8)'),
    ('RES-11', 'HTTR ScR 8.3.2 (L1342-1343)', 'airborne ≤ 12 hexes from a DZ or Club Route bridge unless ≤ 4 from Club Route; division HQ ≤ 12 from its supply DZ.', 'drop zone hexes, the bridges on Club Route and Club Route hexes'),
    ('RES-12', 'HTTR ScR 8.3.3 (L1344)', 'Allied units never cross a ferry hexside (Pannerden per 9.2.16).', 'ferry hexsides other than Pannerden'),
    ('RES-13', 'HTTR ScR 8.3.4 (L1346)', 'a CA on 16th SS units on GT1-2 first needs 1d6 4-6.', 'Formation Displays (16th SS counters)'),
    # ScR 9 - Ferries and bridges (L1351-1411)
    ('FRY-1', 'HTTR ScR 9.1.1-9.1.5 (L1354-1358)', 'engineer ferry: both stacked adjacent to the hexside at the start of the phase; the engineer does not move; ferrying itself excludes ferrying others.', 'map rivers/canals, units.csv type'),
    ('FRY-2', 'HTTR ScR 9.1.1-9.1.2 (L1354-1355)', "≤ the engineer's SP ferried; +6 MP.", 'units.csv strength, TEC'),
    ('FRY-3', 'HTTR ScR 9.2.1-9.2.11, 9.2.16 (L1362-1372, L1377)', 'Pannerden ferry: a concentrated engineer (≥ 2 SP) in A1050 until it is done; from the next GT one 1d6 a GT in the Command Phase, ≥ 3 builds (Light), ≥ 4 upgrades (Medium, then the Vehicular-Capable marker); units cross only a built ferry of their class; ≤ 2 leg companies or 2 non-leg SP per turn; an engineer there (one step for leg units, 2 SP for others); a crossing costs 6 MP over the terrain (9.2.11); Allied use needs a leader and 2d6 < 6. not observable: the Allied airstrike spent to lower the roll by one (9.2.7) leaves no trace in the log.', 'units.csv strength of the engineers, mobility and afv_class of the crossing units (the Formation Displays are not transcribed)'),
    ('FRY-4', 'HTTR ScR 9.5.2-9.5.5 (L1390-1393)', 'a German demolition roll is offered when an Allied unit first comes adjacent; 2d6 ≤ 6 (−1 German-held end, +1 per bridge already destroyed; A1826 ≤ 8).', 'map bridges (type and obstacle)'),
    ('FRY-5', 'HTTR ScR 9.4-9.5 Table 1 (L1386-1404)', 'which bridges may be blown.', 'map bridges (type and obstacle)'),
    ('FRY-6', 'HTTR ScR 9.5.6-9.5.7 / 9.6 (L1394-1398)', 'engineer demolition (3 or 5 turns, ≥ 3 SP) and repair (≥ 4 SP, 6 turns, no enemy adjacent).', 'map bridges, units.csv strength'),
    # ScR 10 / 12 / 13 - Off-map movement, reinforcements, weather (L1413-1480)
    ('OFF-1', 'HTTR ScR 10.1-10.2 (L1414-1431)', 'areas, one full Movement Phase before entering, Travel 1 phase / Concentrated 1 GT per area, ≤ 30 SP, no moves in clear day turns, HQ needed by day, 6E two turns + warning.', 'Off-Map Movement Display (22 areas and their adjacency, game.toml [special.offmap_areas]; their map edges, terrain.toml [[edges]] offmap-<area>: only 5W known, not 6E of ScR 10.2.11)'),
    ('OFF-2', 'HTTR ScR 10.2.2 (L1422)', 'units that exit may not re-enter that turn; units that enter may not exit that turn.', ''),
    ('OFF-3', 'HTTR ScR 10.3 (L1433-1442)', 'off-map areas deactivate on their GT (table complete); units inside are removed.', 'Off-Map Movement Display (the map edges of 21 of the 22 areas; only 5W known)'),
    ('OFF-4', 'HTTR ScR 12.0-12.1 (L1453-1459)', 'arrivals by GT + map + hex/edge code.', 'Turn Record Track codes, Formation Displays'),
    ('OFF-5', 'HTTR ScR 12.01 / 12.2-12.3 (L1455, L1459-1466)', 'reinforcements enter in any of their modes, in either German Movement Phase, or wait in an off-map area; a blocked entry hex shifts to an adjacent one.', 'map terrain and TEC stacking limits of entry hexes (column entry, ScR 12.3.2)'),
    ('OFF-6', 'HTTR ScR 12.6 (L1472)', 'scenario airborne reinforcements are never delayed.', "the units of the scenarios' drop groups (Formation Displays, Turn Record Track)"),
    ('OFF-7', 'HTTR ScR 13.2 (L1478)', 'weather is 0 on 17-18 Sep; rolls start at 0600 on 19 Sep.', ''),
    ('OFF-8', 'HTTR ScR 6.4.1 / 13.1 (L1188, L1477)', 'weather ratings from 19 Sep.', 'Weather Conditions Table (1 row known)'),
    # ScR 16-24 - Scenarios (L1518-1818)
    ('SCN-1', 'HTTR ScR 17.1-22.1 (L1547, L1579, L1610, L1646, L1672, L1698)', 'first/last GT and start phase of each scenario; S17 play area rows 21-43.', ''),
    ('SCN-2', 'HTTR ScR 17.2-22.2 (L1549-1557, L1581-1586, L1612-1617, L1648-1653, L1700-1705)', 'set-ups "within two hexes of …" (the named units, when the log begins with the scenario\'s first GT), pathfinder hexes, and supply-head hexes (the scenarios\' are the supply-source places\' hexes SUP-16 places the markers on).', 'the units of the set-ups the transcription names only as "(all)" of a battalion or group (the Formation Displays)'),
    ('SCN-3', 'HTTR ScR 18.5.1 / 19.5.1 (L1595-1599, L1625-1628)', 'regimental HQs on fixed hexes by the stated GT (501st/502nd, and all of 19.5.1, never moving after).', ''),
    ('SCN-4', 'HTTR ScR 18.5.2 (L1600)', 'the whole 506th exits Map C via C0117 by the end of GT6 and never returns.', ''),
    ('SCN-5', 'HTTR ScR 19.5.2 (L1629)', 'unsupplied Allied units count as destroyed at the end.', 'supply chain'),
    ('SCN-6', 'HTTR ScR 23.1.3 / 24.2.4 (L1724, L1796)', 'GT2-3 British unobserved barrages count as observed within 3 hexes of Club Route.', 'Club Route hexes'),
    ('SCN-7', 'HTTR ScR 23.1.4 (L1726)', 'flak suppression roll per German flak before play (1-5 disrupted; no recovery before GT2).', 'Formation Displays (German flak counters)'),
    ('SCN-8', 'HTTR ScR 23.1.8 (L1737-1742)', 'conditional Allied releases.', 'map rivers (Maas, Neder Rijn), Deelen hexes; units.csv (the released groups: 43rd, 50th, 8th Armoured, 52nd); Map D south edge hexes and their roads (terrain.toml [[edges]] D-south)'),
    ('SCN-9', 'HTTR ScR 23.2 (L1744)', 'early German releases (1d6 ≤ 3, ≤ 2, 1) while a 30 Corps unit is > 12 hexes from Club Route.', 'Club Route hexes'),
    ('SCN-10', 'HTTR ScR 17.6-23.3 (L1572-1576, L1601-1607, L1630-1643, L1664-1669, L1683-1695, L1709-1714, L1746-1764)', 'victory conditions (most need Club Route, bridge or river hexes).', 'bridges along Club Route, Club Route hexes, the roads and towns (S19: the road from B0122 to Nijmegen); the Neder Rijn; scenario [special_rules] victory (S18-S21 have it: S17, S22, S23 are text)'),
    ('SCN-11', 'HTTR ScR 16.4 (L1532-1536) / 8.2.2.3 (L1320)', '"adhere as closely as possible to the spirit of the restriction", "make every effort to get them back" — judgement, not an observable rule.', 'not observable: "adhere as closely as possible to the spirit of the restriction", "make every effort to get them back" — judgement, not an observable rule.'),
    ('SCN-12', 'HTTR ScR 16.8 (L1543)', 'the German random set-up hex is chosen before seeing the Allied DZ — a timing of a decision the log cannot show.', 'not observable: the German random set-up hex is chosen before seeing the Allied DZ — a timing of a decision the log cannot show.'),
    # SR 21 / ScR 15 - Optional rules (L994-1032, L1485-1517)
    ('OPT-1', 'HTTR SR 21.1 (L995-1020)', 'multi-formation fire: ER −1 per distinct battalion subordination, with the exemptions.', 'units.csv effectiveness, Formation Displays (the battalions: game.toml [special.battalions])'),
    ('OPT-2', 'HTTR SR 21.4 (L1025-1026)', 'restricted inspection of enemy stacks — viewing is not logged.', 'not observable: restricted inspection of enemy stacks — viewing is not logged.'),
    ('OPT-3', 'HTTR SR 21.5 (L1027-1032)', 'fatigue triggers (night movement > ½ MA or in both night turns, night combat; not the first night) and removal after a rested turn.', 'units.csv movement (half the MA)'),
    ('OPT-4', 'HTTR ScR 15.1 (L1488)', 'ad-hoc battalions only in a German Command Phase, at ER −2.', 'units.csv formation and size (the Formation Displays: the German battalions and their HQs)'),
    ('OPT-5', 'HTTR ScR 15.2 (L1491-1494)', 'glider serials designated only to clear hexes; a glider unit landing elsewhere is disrupted and (HQs excepted, reading of 15.2.2) rolls 1d6 for losses before its landing phase ends. not observable: the strength point lost on a 4+ (strength is kept on the Formation Displays, not in the log).', 'map terrain, Formation Displays (which units are glider-borne)'),
    ('OPT-6', 'HTTR ScR 15.5 (L1499-1500)', 'Irish Guards / 82nd Waal ferocity morale 10 and its duration (IG: from the first IG loss to the end of the next GT; the 82nd: the units crossing the Waal unbridged in its first assault GT, for that GT).', 'the Waal\'s hexsides (terrain.toml hexsides named [special.ferocity] waal_river)'),
    ('OPT-7', 'HTTR ScR 15.6 (L1502-1504)', 'rubble after IF or medium/heavy AT losses in a city (15.7.1); where it lies, defenders in Defilade are entrenched and vehicles enter and stay only in Defilade (15.7.2).', 'map terrain (city hexes)'),
    ('OPT-8', 'HTTR ScR 15.7 (L1506-1511)', 'CAP radius 5 (+2 per airstrike, max 11); German CAP roll 2-9 / 10 / 11-12.', ''),
)

#: Where a predicate's state departs from the note's mark other than by naming a datum the bundled data lacks
#: (a [C] that needs such a datum says so in its fourth field): id -> why, from the rulebook.
HTTR_DEPARTURES: dict[str, str] = {}
