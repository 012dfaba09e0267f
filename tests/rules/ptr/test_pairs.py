"""Issue #14's "Done means": every PtR predicate the coverage matrix calls implemented (or needing data) has, on the
synthetic game, a legal case (a test asserting no Illegal) and an illegal case (a test asserting an Illegal that
cites the predicate's own rule), each naming the predicate's id. :data:`PAIRS` maps each id to those two tests and
the rule the illegal one asserts; :data:`GAPS` lists, openly, the ids still without a pair and why. The guard reads
each named test's source: it must exist, name the id, and hold the assertion its side of the pair needs."""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from hexforge.rules.ptr.catalogue import PTR_CATALOGUE
from tests.rules.test_predicates_tested import implemented_ids

HERE = Path(__file__).resolve().parent
#: A legal case's assertion: the log holds no Illegal (`illegal(r) == []`), the event judged is Legal, or the log
#: holds no Illegal of the rule (`all(rule != ...)`, `... not in rules_of(r)`, `not [x for x in illegal(r) ...]`).
NO_ILLEGAL = re.compile(r'== \[\]|isinstance\([^()]*(\([^()]*\))?[^()]*, Legal\)|== \["Legal"\]|all\(rule != '
                        r'|" not in rules_of\(|not \[x for x in illegal\(')
SECTION = re.compile(r"(\d+(?:\.\d+)+)([A-Z]?)\d*((?:\s*[–/,-]\s*[A-Z](?![a-z]))*)")  # 15.2.1B–C, E; 10.2.1B4–C

#: id -> (legal test, illegal test, the rule the illegal test asserts[, why that rule, when it is not one of the
#: catalogue's numbers for the id]); tests as "file.py::function".
PAIRS: dict[str, tuple[str, ...]] = {
    "PTR3-1": ("test_predicate_cases.py::test_a_zero_on_the_die_counts_ten",
            "test_predicate_cases.py::test_a_zero_on_the_die_counts_ten", "PTR 9.4",
            "a 0 read as 0 shows as the side that lost the Initiative acting (9.4)"),
    "PTR3-2": ("test_rounding.py::test_movement_fractions_are_never_rounded",
            "test_rounding.py::test_movement_fractions_are_never_rounded", "PTR 12.0B",
            "an MP fraction kept shows as MP exceeding the MA (12.0B)"),
    "PTR3-4": ("test_control.py::test_isolated_formation_enters_a_us_controlled_edge_hex",
            "test_control.py::test_control_switches_when_an_enemy_combat_unit_enters", "PTR 21.5.6",
            "hex control shows where it decides play: an isolated formation's entry hex (21.5.6)"),
    "PTR5-1": ("test_oc.py::test_phase_order",
            "test_oc.py::test_phase_order", "PTR 5.1"),
    "PTR5-2": ("test_predicate_cases.py::test_the_drm_marker_starts_each_oc_in_the_zero_box",
            "test_predicate_cases.py::test_the_drm_marker_starts_each_oc_in_the_zero_box", "PTR 9.2.2",
            "a +DRM marker not reset to the 0-box shows in its next move (9.2.2)"),
    "PTR5-3": ("test_channel.py::test_a_second_interdiction_roll_in_a_turn_says_the_turns_roll_is_made",
            "test_channel.py::test_a_second_interdiction_roll_in_a_turn_says_the_turns_roll_is_made", "PTR 5.2.1D"),
    "PTR5-4": ("test_predicate_cases.py::test_no_fam_advance_on_the_first_turn",
            "test_predicate_cases.py::test_no_fam_advance_on_the_first_turn", "PTR 10.1.1B",
            "a FAM advanced on the first turn shows when its formation activates from box 0 (10.1.1B)"),
    "PTR5-5": ("test_plans.py::test_plan_chits_only_where_from_when_and_one_a_turn",
            "test_plans.py::test_plan_chits_only_where_from_when_and_one_a_turn", "PTR 5.2.3A"),
    "PTR5-6": ("test_replacements.py::test_no_replacements_on_the_first_turn",
            "test_replacements.py::test_no_replacements_on_the_first_turn", "PTR 7.0A"),
    "PTR5-7": ("test_arrival.py::test_reinforcements_from_turn_2_in_their_phase",
            "test_arrival.py::test_reinforcements_from_turn_2_in_their_phase", "PTR 8.0A"),
    "PTR9-1": ("test_initiative_reroll.py::test_legal_rolls_then_the_winner_acts",
            "test_initiative_reroll.py::test_a_reroll_after_both_rolled_is_flagged_and_ignored", "PTR 9.2.1A"),
    "PTR9-2": ("test_pair_cases.py::test_the_us_adds_the_interdiction_level",
            "test_pair_cases.py::test_the_us_adds_the_interdiction_level", "PTR 9.2.1B"),
    "PTR9-3": ("test_channel.py::test_initiative_marker_and_symbol",
            "test_channel.py::test_initiative_marker_and_symbol", "PTR 9.2.2"),
    "PTR9-4": ("test_drm_cap.py::test_the_marker_stays_in_the_last_box",
            "test_drm_cap.py::test_the_marker_stays_in_the_last_box", "PTR 9.2.2"),
    "PTR9-5": ("test_oc.py::test_sudden_end_in_the_referee",
            "test_oc.py::test_sudden_end_in_the_referee", "PTR 9.5",
            "play after a Sudden End is play after the OC ended (9.5)"),
    "PTR9-6": ("test_pair_cases.py::test_a_second_initiative_roll_after_a_winner_declared",
            "test_initiative_reroll.py::test_both_sides_rolling_again_begin_the_next_segment", "PTR 9.4"),
    "PTR9-7": ("test_oc.py::test_transfer_rules",
            "test_oc.py::test_transfer_rules", "PTR 9.4.2B"),
    "PTR9-8": ("test_predicate_cases.py::test_a_transfer_leaves_the_drm_marker",
            "test_predicate_cases.py::test_a_transfer_leaves_the_drm_marker", "PTR 9.2.2",
            "moving the +DRM marker on a transfer is judged by the marker's rule (9.2.2)"),
    "PTR9-9": ("test_actions.py::test_reaction_example_10_4",
            "test_predicate_cases.py::test_a_side_that_passed_activates_no_more", "PTR 9.4"),
    "PTR9-10": ("test_initiative_reroll.py::test_a_passer_winning_leaves_the_next_roll_due",
            "test_oc.py::test_passed_side_wins_and_nothing_happens", "PTR 9.4"),
    "PTR9-11": ("test_oc.py::test_initiative_rolls_and_the_winner_acts",
            "test_oc.py::test_initiative_rolls_and_the_winner_acts", "PTR 9.4"),
    "PTR9-12": ("test_oc.py::test_oc_ends_when_no_formation_can_activate",
            "test_pair_cases.py::test_no_activation_after_the_last_fam_reaches_zero", "PTR 9.5"),
    "PTR9-13": ("test_oc.py::test_first_segment_of_the_first_turn_needs_no_roll",
            "test_initiative_reroll.py::test_a_roll_in_the_first_segment_of_the_first_turn", "PTR 9.2.1A",
            "a roll in the first segment, which the US holds without one, is an Initiative roll too many (9.2.1A)"),
    "PTR10-1": ("test_predicate_cases.py::test_one_formation_activation_per_act",
            "test_predicate_cases.py::test_one_formation_activation_per_act", "PTR 9.4",
            "a second activation on one Act shows where the Act/Transfer/Pass option is judged (9.4)"),
    "PTR10-2": ("test_channel.py::test_fam_and_ap_markers",
            "test_channel.py::test_fam_and_ap_markers", "PTR 10.1.1B"),
    "PTR10-3": ("test_channel.py::test_fam_and_ap_markers",
            "test_channel.py::test_fam_and_ap_markers", "PTR 10.1.2B"),
    "PTR10-4": ("test_supply.py::test_oos_hq_must_flip_before_the_ap_roll",
            "test_supply.py::test_oos_hq_must_flip_before_the_ap_roll", "PTR 10.1.3C",
            "supply judged at the instant of activation shows as the flip an OOS HQ owes before the AP roll "
            "(10.1.3C)"),
    "PTR10-5": ("test_channel.py::test_emergency_supply_layer",
            "test_supply.py::test_oos_hq_must_flip_before_the_ap_roll", "PTR 10.1.3C"),
    "PTR10-6": ("test_pair_cases.py::test_an_oos_hq_already_flipped_sends_its_fam_to_zero",
            "test_pair_cases.py::test_an_oos_hq_already_flipped_sends_its_fam_to_zero", "PTR 10.1.1B",
            "the FAM sent to the 0-box shows when the formation activates again (10.1.1B)"),
    "PTR10-7": ("test_channel.py::test_fam_and_ap_markers",
            "test_channel.py::test_fam_and_ap_markers", "PTR 10.1.4A"),
    "PTR10-8": ("test_actions.py::test_reaction_example_10_4",
            "test_actions.py::test_no_reaction_without_an_enemy_movement_action", "PTR 10.2.1A"),
    "PTR10-9": ("test_actions.py::test_reaction_example_10_4",
            "test_actions.py::test_reaction_needs_an_adjacent_undisrupted_unit", "PTR 10.2.1B"),
    "PTR10-10": ("test_actions.py::test_reaction_unit_in_command",
            "test_actions.py::test_reaction_needs_an_adjacent_undisrupted_unit", "PTR 10.2.1B"),
    "PTR10-11": ("test_actions.py::test_reaction_example_10_4",
            "test_actions.py::test_failed_reaction_leaves_the_fam_and_the_mover_goes_on", "PTR 10.2.1C"),
    "PTR10-12": ("test_actions.py::test_reaction_unit_in_command",
            "test_actions.py::test_reaction_unit_in_command", "PTR 10.2.2A"),
    "PTR10-13": ("test_actions.py::test_another_formation_reacts_only_after_the_displacement",
            "test_actions.py::test_another_formation_reacts_only_after_the_displacement", "PTR 10.2.2B"),
    "PTR10-14": ("test_pair_cases.py::test_a_failed_reaction_check_leaves_the_mover_acting",
            "test_pair_cases.py::test_a_failed_reaction_check_leaves_the_mover_acting", "PTR 11.2.1",
            "a failed Reaction Check shows as the reacting formation's units acting anyway (11.2.1)"),
    "PTR10-15": ("test_actions.py::test_reaction_example_10_4",
            "test_pair_cases.py::test_a_reaction_spends_the_non_bold_aps", "PTR 10.2.3B"),
    "PTR10-16": ("test_pair_cases.py::test_a_failed_reaction_check_leaves_the_mover_acting",
            "test_pair_cases.py::test_a_failed_reaction_check_leaves_the_mover_acting", "PTR 10.1.1B",
            "a FAM marker moved on a failed check is judged against the box the reactions put it in (10.1.1B)"),
    "PTR10-17": ("test_pair_cases.py::test_a_reacting_hq_out_of_supply_flips_first",
            "test_pair_cases.py::test_a_reacting_hq_out_of_supply_flips_first", "PTR 10.2.3D / 10.1.3C"),
    "PTR10-18": ("test_actions.py::test_after_a_reaction_the_mover_needs_a_new_action",
            "test_predicate_cases.py::test_after_a_reaction_the_mover_goes_on_by_a_new_action", "PTR 10.1.4A",
            "the mover going on after a reaction needs a new Action and its AP (10.1.4A)"),
    "PTR10-19": ("test_displacement.py::test_an_interrupted_mover_goes_to_the_nearest_vacant_hex",
            "test_displacement.py::test_an_interrupted_mover_goes_to_the_nearest_vacant_hex", "PTR 10.2.4B"),
    "PTR10-20": ("test_actions.py::test_after_a_reaction_the_mover_needs_a_new_action",
            "test_predicate_cases.py::test_the_next_movement_action_may_be_reacted_to_again", "PTR 10.2.1A",
            "a reaction needs an enemy Movement Action under way (10.2.1A)"),
    "PTR10-21": ("test_actions.py::test_reaction_example_10_4",
            "test_actions.py::test_no_counter_reaction", "PTR 10.2.5"),
    "PTR10-22": ("test_supply.py::test_flipping_back_only_in_a_recovery_phase_in_supply",
            "test_supply.py::test_flipping_back_only_in_a_recovery_phase_in_supply", "PTR 10.3D"),
    "PTR10-23": ("test_oc.py::test_recovery_phase",
            "test_pair_cases.py::test_fam_markers_after_recovery", "PTR 10.3C"),
    "PTR10-24": ("test_oc.py::test_recovery_phase",
            "test_pair_cases.py::test_fam_markers_after_recovery", "PTR 10.3.1"),
    "PTR10-25": ("test_oc.py::test_recovery_phase",
            "test_pair_cases.py::test_fam_markers_after_recovery", "PTR 10.3.2B"),
    "PTR11-1": ("test_actions.py::test_attack_declarations",
            "test_actions.py::test_each_movement_action_costs_an_ap_and_aps_run_out", "PTR 11.1B"),
    "PTR11-2": ("test_oc.py::test_unused_aps_are_lost",
            "test_oc.py::test_unused_aps_are_lost", "PTR 11.1D"),
    "PTR11-3": ("test_actions.py::test_displaced_hq_and_retreats_are_not_called_illegal",
            "test_actions.py::test_only_the_activated_formation_moves", "PTR 11.2.1"),
    "PTR11-4": ("test_actions.py::test_refit_and_improved_defense",
            "test_actions.py::test_disrupted_unit_does_not_move", "PTR 16.3B1"),
    "PTR11-5": ("test_predicate_cases.py::test_an_action_no_unit_performs_still_costs_its_ap",
            "test_predicate_cases.py::test_an_action_no_unit_performs_still_costs_its_ap", "PTR 10.1.4A",
            "the AP a canceled Action spent shows when the next Action finds none left (10.1.4A)"),
    "PTR11-6": ("test_actions.py::test_out_of_command_units_pay_double_and_only_move_or_hasty",
            "test_actions.py::test_out_of_command_units_pay_double_and_only_move_or_hasty", "PTR 11.4.3A",
            "an out-of-command unit's Refit (not Move or Hasty, 11.3) is refused by 11.4.3A"),
    "PTR11-7": ("test_isolation.py::test_an_isolated_unit_acts_after_passing_an_effectiveness_check",
            "test_isolation.py::test_an_isolated_unit_acts_after_passing_an_effectiveness_check", "PTR 18.5.2A"),
    "PTR11-8": ("test_actions.py::test_attack_declarations",
            "test_actions.py::test_attack_declarations", "PTR 11.4.5A"),
    "PTR11-9": ("test_actions.py::test_hq_relocation_costs_its_relocation_points",
            "test_actions.py::test_hq_relocation_costs_its_relocation_points", "PTR 11.4.2A"),
    "PTR11-10": ("test_predicate_cases.py::test_a_movement_action_moves_one_hexs_stack",
            "test_predicate_cases.py::test_a_movement_action_moves_one_hexs_stack", "PTR 10.1.4A",
            "two Movement Actions counted as one show in the AP marker's box (10.1.4A)"),
    "PTR11-11": ("test_actions.py::test_hq_relocation_costs_its_relocation_points",
            "test_actions.py::test_hq_never_in_a_movement_action", "PTR 11.4.1B"),
    "PTR11-12": ("test_actions.py::test_hq_relocation_costs_its_relocation_points",
            "test_actions.py::test_hq_relocation_costs_its_relocation_points", "PTR 20.0C5"),
    "PTR11-13": ("test_actions.py::test_hq_relocation_costs_its_relocation_points",
            "test_actions.py::test_hq_relocation_costs_its_relocation_points", "PTR 11.4.2B-C"),
    "PTR11-14": ("test_pair_cases.py::test_a_legal_relocation_costs_no_displacement",
            "test_displacement.py::test_an_illegal_relocation_pays_the_displacement_penalty", "PTR 20.2B2",
            "an illegal Relocation pays the displacement's FAM penalty (20.2B2), as 11.4.2D says"),
    "PTR11-15": ("test_actions.py::test_refit_and_improved_defense",
            "test_actions.py::test_refit_and_improved_defense", "PTR 11.4.3A"),
    "PTR11-16": ("test_isolation.py::test_refit_only_in_command_range",
            "test_isolation.py::test_refit_only_in_command_range", "PTR 11.4.3A"),
    "PTR11-17": ("test_actions.py::test_refit_roll_decides_the_flip_back",
            "test_actions.py::test_refit_roll_decides_the_flip_back", "PTR 11.4.3C"),
    "PTR11-18": ("test_actions.py::test_refit_and_improved_defense",
            "test_actions.py::test_refit_and_improved_defense", "PTR 16.3B4",
            "Improved Defense on a disrupted unit is refused by 16.3B4"),
    "PTR11-19": ("test_pair_cases.py::test_improved_defense_ends_when_a_unit_leaves",
            "test_pair_cases.py::test_improved_defense_ends_when_a_unit_leaves", "PTR 15.2.1D",
            "a removed Improved Defense marker still used shows in the chit column the defenders read (15.2.1D)"),
    "PTR11-20": ("test_setup_data.py::test_no_unit_starts_in_improved_defense",
            "test_setup_data.py::test_no_unit_starts_in_improved_defense", "PTR 21.0H"),
    "PTR11-21": ("test_actions.py::test_attack_declarations",
            "test_actions.py::test_attack_declarations", "PTR 15.1.1"),
    "PTR12-1": ("test_predicate_cases.py::test_a_move_goes_from_hex_to_hex_of_the_map",
            "test_predicate_cases.py::test_a_move_goes_from_hex_to_hex_of_the_map", "PTR 12.0E"),
    "PTR12-2": ("test_actions.py::test_ma_bounds_the_route",
            "test_actions.py::test_ma_bounds_the_route", "PTR 12.0B"),
    "PTR12-3": ("test_pair_cases.py::test_a_one_hex_move_beyond_the_ma",
            "test_actions.py::test_prohibited_terrain", "PTR 12.2A"),
    "PTR12-4": ("test_pair_cases.py::test_movement_actions_while_aps_last",
            "test_actions.py::test_each_movement_action_costs_an_ap_and_aps_run_out", "PTR 11.1B",
            "a Movement Action beyond the APs is an Action without enough APs (11.1B)"),
    "PTR12-5": ("test_pair_cases.py::test_a_step_next_to_an_enemy_combat_unit",
            "test_actions.py::test_no_step_into_an_enemy_combat_unit", "PTR 12.2E"),
    "PTR12-6": ("test_costs.py::test_road_rate_only_along_the_road",
            "test_costs.py::test_road_rate_only_along_the_road", "PTR 12.0B",
            "a road rate taken off the road shows as MP exceeding the MA (12.0B)"),
    "PTR12-7": ("test_costs.py::test_no_road_rate_into_an_ezoc",
            "test_costs.py::test_no_road_rate_into_an_ezoc", "PTR 12.0B",
            "a road rate into an EZOC shows as MP exceeding the MA (12.0B)"),
    "PTR12-8": ("test_costs.py::test_us_leg_units_pay_half_on_roads",
            "test_costs.py::test_us_leg_units_pay_half_on_roads", "PTR 12.0B",
            "a leg road rate misread shows as MP exceeding the MA (12.0B)"),
    "PTR12-9": ("test_costs.py::test_leg_units_gain_two_ma_away_from_the_enemy",
            "test_costs.py::test_leg_units_gain_two_ma_away_from_the_enemy", "PTR 12.0B",
            "a +2 MA taken next to the enemy shows as MP exceeding the MA (12.0B)"),
    "PTR12-10": ("test_costs.py::test_german_restriction_in_the_first_turns",
            "test_costs.py::test_german_restriction_in_the_first_turns", "PTR 12.5"),
    "PTR12-11": ("test_costs.py::test_leg_units_pay_one_more_across_a_stream",
            "test_costs.py::test_motorized_units_cross_a_stream_only_as_a_whole_movement_action", "PTR 12.6B"),
    "PTR13-1": ("test_actions.py::test_disrupted_unit_exerts_no_zoc",
            "test_actions.py::test_disrupted_unit_exerts_no_zoc", "PTR 13.4.1",
            "the ZOC an undisrupted unit exerts shows in the infiltration rule the move then breaks (13.4.1)"),
    "PTR13-2": ("test_actions.py::test_movement_through_forest_pillbox_stops_in_the_town_ezoc",
            "test_actions.py::test_movement_through_forest_pillbox_stops_in_the_town_ezoc", "PTR 13.3A",
            "a ZOC reaching a hex shows as the move that had to stop there (13.3A)"),
    "PTR13-3": ("test_actions.py::test_movement_through_forest_pillbox_stops_in_the_town_ezoc",
            "test_actions.py::test_movement_through_forest_pillbox_stops_in_the_town_ezoc", "PTR 13.3A"),
    "PTR13-4": ("test_actions.py::test_ezoc_to_ezoc_only_as_infiltration",
            "test_actions.py::test_ezoc_to_ezoc_only_as_infiltration", "PTR 13.4.1",
            "an EZOC-to-EZOC step shows as the infiltration rule it breaks (13.4.1)"),
    "PTR13-5": ("test_actions.py::test_ezoc_to_ezoc_only_as_infiltration",
            "test_actions.py::test_ezoc_to_ezoc_only_as_infiltration", "PTR 13.4.1B"),
    "PTR14-1": ("test_pair_cases.py::test_markers_never_count_for_stacking",
            "test_actions.py::test_stacking_at_the_end_of_a_movement_action", "PTR 14.1D",
            "what 14.1A counts (combat units and HQs by class; markers never) shows in the limits' verdict, 14.1D"),
    "PTR14-2": ("test_predicate_cases.py::test_only_one_formations_units_attack_together",
            "test_predicate_cases.py::test_only_one_formations_units_attack_together", "PTR 14.1B"),
    "PTR14-3": ("test_predicate_cases.py::test_stacking_binds_where_a_move_ends_not_where_it_passes",
            "test_predicate_cases.py::test_stacking_binds_where_a_move_ends_not_where_it_passes", "PTR 14.1D",
            "the limits bind where the Action ends: that overstack is 14.1D's verdict"),
    "PTR14-4": ("test_actions.py::test_stacking_at_the_end_of_a_movement_action",
            "test_actions.py::test_stacking_at_the_end_of_a_movement_action", "PTR 14.1D"),
    "PTR14-5": ("test_hits_retreats.py::test_an_overstack_after_a_retreat_disrupts_without_a_check",
            "test_pair_cases.py::test_an_overstack_owes_its_disruptions_at_once", "PTR 14.2A"),
    "PTR14-6": ("test_displacement.py::test_two_hqs_in_a_hex_one_is_displaced_at_once",
            "test_displacement.py::test_two_hqs_in_a_hex_one_is_displaced_at_once", "PTR 14.2A"),
    "PTR14-7": ("test_support_points.py::test_a_displaced_hq_supports_with_what_it_has_left",
            "test_support_points.py::test_a_displaced_hq_supports_with_what_it_has_left", "PTR 15.5.1",
            "the ASPs an HQ lost show in its next attack's support, whose result 15.5.1 judges (the synthetic CRT"
            " reads the same cell for another step, so the step is not named)"),
    "PTR14-8": ("test_pair_cases.py::test_an_overstack_displaced_next_door_is_legal",
            "test_displacement.py::test_overstacked_units_go_to_adjacent_hexes", "PTR 14.2B"),
    "PTR15-1": ("test_actions.py::test_attack_declarations",
            "test_actions.py::test_attack_declarations", "PTR 15.1.1"),
    "PTR15-2": ("test_battle.py::test_regular_attack_reads_the_crt",
            "test_battle.py::test_chits_once_per_combat_and_before_the_roll", "PTR 15.2.1B"),
    "PTR15-3": ("test_battle.py::test_regular_attack_reads_the_crt",
            "test_combat_steps.py::test_chit_column", "PTR 15.2.1D"),
    "PTR15-4": ("test_battle.py::test_regular_attack_reads_the_crt",
            "test_combat_steps.py::test_battle_strength_from_the_current_cs", "PTR 15.2.1B"),
    "PTR15-5": ("test_battle.py::test_regular_attack_reads_the_crt",
            "test_combat_steps.py::test_ratio_rounding", "PTR 15.1.4A"),
    "PTR15-6": ("test_combat_steps.py::test_below_the_far_left_column",
            "test_combat_steps.py::test_below_the_far_left_column", "PTR 15.1.4D"),
    "PTR15-7": ("test_pair_cases.py::test_air_support_in_a_prepared_attack",
            "test_channel.py::test_rolls_out_of_turn", "PTR 15.3B"),
    "PTR15-8": ("test_combat_steps.py::test_a_shift_past_the_edge_stops_there",
            "test_combat_steps.py::test_a_shift_past_the_edge_stops_there", "PTR 15.1.4E"),
    "PTR15-9": ("test_combat_steps.py::test_the_modified_roll_is_clamped_once",
            "test_combat_steps.py::test_the_modified_roll_is_clamped_once", "PTR 15.4B-D / 15.1.4F"),
    "PTR15-10": ("test_hits.py::test_the_result_is_applied_as_the_crt_says",
            "test_hits.py::test_the_result_is_applied_as_the_crt_says", "PTR 15.5.1",
            "the result read (15.1.4F) is matched to what is applied by the hits' rule, 15.5.1"),
    "PTR15-11": ("test_combat_steps.py::test_declared_numbers_name_the_step",
            "test_combat_steps.py::test_declared_numbers_name_the_step", "PTR 15.4.1"),
    "PTR15-12": ("test_actions.py::test_attack_declarations",
            "test_actions.py::test_attack_declarations", "PTR 15.4.2.1A"),
    "PTR15-13": ("test_predicate_cases.py::test_attacker_support_from_a_hex_of_the_same_formation",
            "test_predicate_cases.py::test_attacker_support_from_a_hex_of_the_same_formation", "PTR 15.5.1",
            "a support DRM left out shows in the result applied (15.5.1); the synthetic CRT reads the same cell "
            "with the HQ support left out, so the step is not named"),
    "PTR15-14": ("test_predicate_cases.py::test_a_disrupted_defender_gets_no_combat_support",
            "test_predicate_cases.py::test_a_disrupted_defender_gets_no_combat_support", "PTR 15.5.1",
            "a defender support counted with a disrupted defender shows in the result applied (15.5.1); another "
            "misreading reads the same cell, so the step is not named"),
    "PTR15-15": ("test_combat_steps.py::test_the_defenders_combat_support",
            "test_combat_steps.py::test_the_defenders_combat_support", "PTR 15.4.2.2"),
    "PTR15-16": ("test_hits.py::test_supporting_units_take_no_hits",
            "test_hits.py::test_supporting_units_take_no_hits", "PTR 15.5.2A"),
    "PTR15-17": ("test_combat_steps.py::test_no_hq_support_for_a_hasty_attack",
            "test_combat_steps.py::test_no_hq_support_for_a_hasty_attack", "PTR 15.4.3A"),
    "PTR15-18": ("test_battle.py::test_regular_attack_reads_the_crt",
            "test_combat_steps.py::test_hq_support_by_the_attack_kind", "PTR 15.4.3C"),
    "PTR15-19": ("test_combat_steps.py::test_armor_superiority",
            "test_combat_steps.py::test_armor_superiority", "PTR 15.4.4"),
    "PTR15-20": ("test_pair_cases.py::test_defender_first_then_the_attacker",
            "test_hits.py::test_defender_first", "PTR 15.5C"),
    "PTR15-21": ("test_hits.py::test_boldface_hits_check_every_unit_first",
            "test_hits.py::test_boldface_hits_check_every_unit_first", "PTR 15.5.3A"),
    "PTR15-22": ("test_battle.py::test_retreats_after_the_roll",
            "test_pair_cases.py::test_a_retreat_waits_for_the_first_sp_loss", "PTR 15.5.2B"),
    "PTR15-23": ("test_hits.py::test_first_loss_from_a_unit_with_tps",
            "test_hits.py::test_first_loss_from_a_unit_with_tps", "PTR 15.5.2C"),
    "PTR15-24": ("test_hits.py::test_the_result_is_applied_as_the_crt_says",
            "test_hits.py::test_second_loss_waits_for_every_unit", "PTR 15.5.2D"),
    "PTR15-25": ("test_battle.py::test_retreats_after_the_roll",
            "test_pair_cases.py::test_at_most_one_retreat_hex_of_one_hex", "PTR 15.5.5B"),
    "PTR15-26": ("test_hits.py::test_a_unit_at_one_is_eliminated",
            "test_hits.py::test_a_unit_at_one_is_eliminated", "PTR 15.5.4A2"),
    "PTR15-28": ("test_hits.py::test_hqs_take_no_hits_and_go_with_their_formation",
            "test_hits_retreats.py::test_hqs_never_retreat_and_go_when_left_alone", "PTR 15.5.4C"),
    "PTR15-29": ("test_hits.py::test_hqs_take_no_hits_and_go_with_their_formation",
            "test_hits.py::test_hqs_take_no_hits_and_go_with_their_formation", "PTR 15.5.4D"),
    "PTR15-30": ("test_battle.py::test_retreats_after_the_roll",
            "test_battle.py::test_retreats_after_the_roll", "PTR 15.5.5C"),
    "PTR15-31": ("test_hits_retreats.py::test_retreat_toward_the_friendly_edge",
            "test_hits_retreats.py::test_retreat_toward_the_friendly_edge", "PTR 15.5.5D"),
    "PTR15-32": ("test_battle.py::test_retreats_after_the_roll",
            "test_battle.py::test_retreats_after_the_roll", "PTR 15.5.5E1"),
    "PTR15-33": ("test_hits_retreats.py::test_retreat_never_across_the_roer",
            "test_hits_retreats.py::test_retreat_never_into_an_ezoc", "PTR 15.5.5E2"),
    "PTR15-34": ("test_hits_retreats.py::test_withdrawal_with_no_hex_costs_two_sps_more",
            "test_hits_retreats.py::test_withdrawal_into_an_ezoc_only_when_nothing_else_is_open", "PTR 15.5.5F"),
    "PTR15-35": ("test_hits.py::test_a_failed_check_disrupts",
            "test_hits.py::test_a_failed_check_disrupts", "PTR 15.5.6A"),
    "PTR15-36": ("test_hits_victory.py::test_the_winners_spend_the_bonus_ap",
            "test_hits_victory.py::test_the_loser_gets_none", "PTR 15.6A"),
    "PTR15-37": ("test_pair_cases.py::test_one_formation_wins_the_bonus",
            "test_hits_victory.py::test_mixed_formations_earn_no_bonus", "PTR 15.6A"),
    "PTR15-38": ("test_hits_victory.py::test_the_winners_spend_the_bonus_ap",
            "test_hits_victory.py::test_no_one_else_spends_it", "PTR 15.6B"),
    "PTR16-1": ("test_actions.py::test_ezoc_to_ezoc_only_as_infiltration",
            "test_actions.py::test_ezoc_to_ezoc_only_as_infiltration", "PTR 13.4.1B",
            "an infiltration's failed Effectiveness Check (16.1) shows as the move 13.4.1B forbids"),
    "PTR16-2": ("test_hits.py::test_a_failed_check_disrupts",
            "test_hits.py::test_a_failed_check_disrupts", "PTR 16.2"),
    "PTR16-3": ("test_hits.py::test_a_disrupted_unit_failing_again_loses_one_more",
            "test_hits.py::test_a_disrupted_unit_failing_again_loses_one_more", "PTR 15.5.1",
            "the extra SP loss of 16.2A counts in the losses 15.5.1 judges"),
    "PTR16-4": ("test_hits.py::test_a_failed_refit_costs_no_sp",
            "test_hits.py::test_a_failed_refit_costs_no_sp", "PTR 16.2"),
    "PTR16-5": ("test_channel.py::test_disrupted_layer_is_the_back_side",
            "test_actions.py::test_disrupted_unit_does_not_move", "PTR 16.3B1"),
    "PTR16-6": ("test_actions.py::test_refit_and_improved_defense",
            "test_actions.py::test_refit_and_improved_defense", "PTR 16.3B4"),
    "PTR16-7": ("test_actions.py::test_recovery_from_disruption_needs_cr_or_a_refit",
            "test_actions.py::test_recovery_from_disruption_needs_cr_or_a_refit", "PTR 16.4A"),
    "PTR17-1": ("test_supply.py::test_oos_hq_must_flip_before_the_ap_roll",
            "test_supply.py::test_oos_hq_must_flip_before_the_ap_roll", "PTR 10.1.3C",
            "a cut supply path shows at activation: the HQ must flip first (10.1.3C)"),
    "PTR17-2": ("test_pair_cases.py::test_the_us_east_edge_feeds_from_turn_two",
            "test_pair_cases.py::test_the_us_east_edge_feeds_from_turn_two", "PTR 10.1.3C",
            "a source the edge does not give yet shows at activation: the HQ must flip first (10.1.3C)"),
    "PTR17-3": ("test_pair_cases.py::test_the_german_north_edge",
            "test_pair_cases.py::test_the_german_north_edge", "PTR 10.1.3C",
            "a German HQ with no edge to trace to shows at activation: it must flip first (10.1.3C)"),
    "PTR17-4": ("test_sources.py::test_an_edge_hex_an_enemy_stands_in_is_no_source",
            "test_sources.py::test_an_edge_hex_an_enemy_stands_in_is_no_source", "PTR 10.1.3C",
            "a source an enemy blocks shows at activation: the HQ must flip first (10.1.3C)"),
    "PTR17-5": ("test_supply.py::test_flipping_back_only_in_a_recovery_phase_in_supply",
            "test_supply.py::test_flipping_back_only_in_a_recovery_phase_in_supply", "PTR 17.6C"),
    "PTR18-1": ("test_pair_cases.py::test_a_refit_needs_a_command_range_path",
            "test_pair_cases.py::test_a_refit_needs_a_command_range_path", "PTR 11.4.3A",
            "a CR path that does not reach shows as the out-of-command unit's refused Refit (11.4.3A)"),
    "PTR18-2": ("test_isolation.py::test_an_isolated_unit_acts_after_passing_an_effectiveness_check",
            "test_isolation.py::test_an_isolated_unit_acts_after_passing_an_effectiveness_check", "PTR 18.5.2A",
            "isolation (18.4) shows in what an isolated unit may do (18.5.2)"),
    "PTR18-3": ("test_isolation.py::test_attrition_check_of_an_isolated_disrupted_unit",
            "test_isolation.py::test_attrition_check_of_an_isolated_disrupted_unit", "PTR 18.6A"),
    "PTR18-4": ("test_isolation.py::test_an_isolated_german_unit_returns_once_it_can",
            "test_isolation.py::test_an_isolated_german_unit_returns_once_it_can", "PTR 6.1D"),
    "PTR19-1": ("test_pair_cases.py::test_fam_markers_after_recovery",
            "test_pair_cases.py::test_fam_markers_after_recovery", "PTR 10.3.2B",
            "the level read from the Interdiction roll shows in the German FAMs' recovery at it (10.3.2B)"),
    "PTR19-2": ("test_pair_cases.py::test_an_hq_moves_only_in_its_own_action",
            "test_pair_cases.py::test_an_hq_moves_only_in_its_own_action", "PTR 11.4.1B",
            "an HQ in an Action with combat units shows as an HQ moving in their Movement Action (11.4.1B)"),
    "PTR19-3": ("test_displacement.py::test_an_hq_enters_an_ezoc_only_with_a_friendly_combat_unit",
            "test_displacement.py::test_an_hq_enters_an_ezoc_only_with_a_friendly_combat_unit", "PTR 20.0C6"),
    "PTR19-4": ("test_combat_steps.py::test_a_lone_hq_draws_no_chit",
            "test_combat_steps.py::test_a_lone_hq_draws_no_chit", "PTR 20.1B1"),
    "PTR19-5": ("test_displacement.py::test_a_displaced_hq_goes_to_a_town",
            "test_displacement.py::test_a_displaced_hq_goes_to_a_town", "PTR 20.2A",
            "where a displaced HQ may go (20.2B-D's destination) is 20.2A's friendly town, city or industrial hex"),
    "PTR19-6": ("test_displacement.py::test_the_fam_pays_the_displacement",
            "test_displacement.py::test_the_fam_pays_the_displacement", "PTR 20.2B2"),
    "PTR6-1": ("test_organization.py::test_formation_holds_at_most_its_limit",
            "test_organization.py::test_formation_holds_at_most_its_limit", "PTR 6.1B"),
    "PTR6-2": ("test_organization.py::test_us_detachments_as_listed",
            "test_organization.py::test_us_detachments_as_listed", "PTR 6.1C"),
    "PTR6-3": ("test_organization.py::test_german_division_units_stay_unless_isolated",
            "test_organization.py::test_german_division_units_stay_unless_isolated", "PTR 6.1D"),
    "PTR6-4": ("test_organization.py::test_no_phase_shown_yet_is_not_checkable",
            "test_organization.py::test_only_in_the_organization_phase_and_undisrupted", "PTR 6.2.1A"),
    "PTR6-5": ("test_organization.py::test_in_command_range_of_the_current_hq_to_leave_it",
            "test_organization.py::test_in_command_range_of_the_gaining_hq", "PTR 6.2.1A"),
    "PTR6-7": ("test_organization.py::test_independents_by_corps",
            "test_organization.py::test_independents_by_corps", "PTR 6.2.3"),
    "PTR6-8": ("test_organization.py::test_independents_are_always_assigned",
            "test_organization.py::test_independents_are_always_assigned", "PTR 6.2B"),
    "PTR6-9": ("test_replacements.py::test_us_replacement_points_per_kind",
            "test_replacements.py::test_us_replacement_points_per_kind", "PTR 7.1B"),
    "PTR6-10": ("test_replacements.py::test_recipients_undisrupted_and_of_the_three_kinds",
            "test_replacements.py::test_recipients_undisrupted_and_of_the_three_kinds", "PTR 7.0B1"),
    "PTR6-11": ("test_replacements.py::test_recipients_in_command_range",
            "test_replacements.py::test_recipients_in_command_range", "PTR 7.0B2"),
    "PTR6-12": ("test_replacements.py::test_the_losses_layer_shows_the_rebuild",
            "test_replacements.py::test_never_above_printed_cs_nor_eliminated", "PTR 7.0C3"),
    "PTR6-13": ("test_replacements.py::test_cannibalization_feeds_the_same_formation",
            "test_replacements.py::test_cannibalization_feeds_the_same_formation", "PTR 7.2C"),
    "PTR6-14": ("test_arrival.py::test_reinforcements_from_turn_2_in_their_phase",
            "test_arrival.py::test_germans_place_first", "PTR 8.0D"),
    "PTR6-15": ("test_arrival.py::test_reinforcements_from_turn_2_in_their_phase",
            "test_arrival.py::test_entry_hex_not_next_to_the_enemy_nor_overstacked", "PTR 8.1A1"),
    "PTR6-16": ("test_arrival.py::test_entry_in_command_range_and_in_supply",
            "test_arrival.py::test_entry_in_command_range_and_in_supply", "PTR 8.1A2"),
    "PTR6-17": ("test_arrival.py::test_entry_on_or_next_to_the_named_hexes",
            "test_arrival.py::test_entry_on_or_next_to_the_named_hexes", "PTR 21.5.6"),
    "PTR6-18": ("test_arrival.py::test_entry_next_to_its_formation",
            "test_arrival.py::test_entry_next_to_its_formation", "PTR 21.5.6"),
    "PTR6-19": ("test_arrival.py::test_arriving_formation_places_its_fam",
            "test_arrival.py::test_arriving_formation_places_its_fam", "PTR 21.0G"),
    "PTR6-20": ("test_withdrawal.py::test_scheduled_withdrawals_leave_in_their_phase",
            "test_withdrawal.py::test_scheduled_withdrawals_leave_in_their_phase", "PTR 8.2.1"),
    "PTR6-21": ("test_withdrawal.py::test_a_withdrawn_unit_returns_only_when_scheduled",
            "test_withdrawal.py::test_a_withdrawn_unit_returns_only_when_scheduled", "PTR 8.2.1D"),
    "PTR21-1": ("test_pair_cases.py::test_scenario_one_allows_five_activations",
            "test_oc.py::test_scenario_one_limits_on_the_bundled_data", "PTR 21.1.1A"),
    "PTR21-2": ("test_scenario.py::test_play_area",
            "test_scenario.py::test_play_area", "PTR 21.1.4"),
    "PTR21-3": ("test_scenario.py::test_german_automatic_victory",
            "test_scenario.py::test_german_automatic_victory", "PTR 21.2.4.3"),
    "PTR21-4": ("test_scenario.py::test_us_sudden_death",
            "test_scenario.py::test_us_sudden_death", "PTR 21.3.4.2"),
    "PTR21-5": ("test_plans.py::test_one_refusal_a_game_and_no_redraw",
            "test_plans.py::test_one_refusal_a_game_and_no_redraw", "PTR 21.4.4.3A"),
    "PTR21-6": ("test_plans.py::test_one_german_intelligence_roll_after_the_draw",
            "test_plans.py::test_one_german_intelligence_roll_after_the_draw", "PTR 21.4.4.3B"),
    "PTR21-8": ("test_pair_cases.py::test_set_up_on_the_right_sides_of_the_line",
            "test_scenario.py::test_set_up_sides_of_the_line", "PTR 21.5.3A / 21.5.4A"),
    "PTR21-9": ("test_scenario.py::test_set_up_within_its_radius",
            "test_scenario.py::test_set_up_within_its_radius", "PTR 21.0D",
            "the set-up radius is judged by the scenario set-up rule (21.0D)"),
    "PTR21-10": ("test_scenario.py::test_reserve_mode_on_the_first_turn",
            "test_scenario.py::test_reserve_mode_on_the_first_turn", "PTR 22.8.4"),
    "PTR22-1": ("test_optional.py::test_infiltration_attack_by_german_infantry_only",
            "test_optional.py::test_infiltration_attack_by_german_infantry_only", "PTR 22.1.1A"),
    "PTR22-2": ("test_infiltration.py::test_the_result_is_read_from_the_chart",
            "test_infiltration.py::test_a_result_not_applied_or_exceeded_is_illegal", "PTR 22.1.2C"),
    "PTR22-3": ("test_optional_combat.py::test_the_tiger_shifts_the_column",
            "test_optional_combat.py::test_declared_columns_and_drms_name_the_optional_rule", "PTR 22.2A"),
    "PTR22-4": ("test_optional_combat.py::test_the_tiger_tank_scare",
            "test_optional_combat.py::test_the_tiger_tank_scare", "PTR 15.5.1",
            "the scare's shift left out shows in the result applied (15.5.1)"),
    "PTR22-5": ("test_optional.py::test_railroad_gun_supports_one_prepared_attack_a_turn",
            "test_optional.py::test_railroad_gun_supports_one_prepared_attack_a_turn", "PTR 22.3C"),
    "PTR22-6": ("test_optional.py::test_sharpshooters_once_on_their_turn",
            "test_optional.py::test_sharpshooters_once_on_their_turn", "PTR 22.4C"),
    "PTR22-7": ("test_pair_cases.py::test_sharpshooters_after_a_move_into_their_zoc",
            "test_optional.py::test_sharpshooters_after_an_enemy_move_into_a_zoc", "PTR 22.4A"),
    "PTR22-8": ("test_optional.py::test_oss_used_only_in_its_turns",
            "test_optional.py::test_oss_used_only_in_its_turns", "PTR 22.5C"),
    "PTR22-9": ("test_optional.py::test_oss_placed_with_its_host_on_its_turn",
            "test_optional.py::test_oss_placed_with_its_host_on_its_turn", "PTR 22.5A"),
    "PTR22-10": ("test_optional_combat.py::test_the_brummbar_adds_two_against_a_town",
            "test_optional_combat.py::test_declared_columns_and_drms_name_the_optional_rule", "PTR 22.6"),
    "PTR22-11": ("test_optional.py::test_funkpanzer_once_in_its_turns",
            "test_optional.py::test_funkpanzer_once_in_its_turns", "PTR 22.7C"),
    "PTR22-12": ("test_oc.py::test_reserve_mode_only_in_the_organization_phase",
            "test_oc.py::test_reserve_mode_only_in_the_organization_phase", "PTR 22.8.1A"),
    "PTR22-13": ("test_reserve.py::test_a_successful_reaction_ends_reserve",
            "test_reserve.py::test_a_formation_whose_reserve_ended_acts_out_of_it", "PTR 22.8.1B"),
    "PTR22-14": ("test_reserve.py::test_entering_reserve_needs_undisrupted_units",
            "test_reserve.py::test_entering_reserve_needs_undisrupted_units", "PTR 22.8.2B"),
    "PTR22-15": ("test_pair_cases.py::test_entering_reserve_with_every_unit_in_command",
            "test_reserve.py::test_entering_reserve_needs_every_unit_in_command", "PTR 22.8.2B"),
    "PTR22-16": ("test_reserve.py::test_reserve_reaction_reads_the_bold_number",
            "test_reserve.py::test_reserve_reaction_reads_the_bold_number", "PTR 10.1.4A",
            "the AP number a Reserve reaction reads shows when its Actions run out of APs (10.1.4A)"),
}

#: id -> why it has no pair yet (issue #14 stays open while this is not empty).
GAPS: dict[str, str] = {}


@cache
def source(test: str) -> str | None:
    """The source of ``file.py::function`` under tests/rules/ptr, or None when there is no such test."""
    name, _, func = test.partition("::")
    path = HERE / name
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef) and node.name == func and func.startswith("test"):
            return ast.get_source_segment(text, node)
    return None


def names(text: str, pid: str) -> bool:
    return re.search(re.escape(pid) + r"(?![0-9])", text) is not None


def sections(text: str) -> list[tuple[tuple[str, ...], frozenset[str]]]:
    """The rule sections a rule text names, each as its numbers and its letters: "PTR 15.1.2 / 15.2.1B–C, E" gives
    ((15, 1, 2), {}) and ((15, 2, 1), {B, C, E})."""
    out = []
    for m in SECTION.finditer(text):
        letters = set(m.group(2) or "")
        for a, b in re.findall(r"([A-Z])(?:\s*[–-]\s*([A-Z]))?", m.group(3) or ""):
            letters |= {chr(c) for c in range(ord(a), ord(b or a) + 1)}
        if m.group(2) and m.group(3) and re.match(r"\s*[–-]", m.group(3)):  # "B–C": the range from the first letter
            letters |= {chr(c) for c in range(ord(m.group(2)), ord(re.findall(r"[A-Z]", m.group(3))[0]) + 1)}
        out.append((tuple(m.group(1).split(".")), frozenset(letters)))
    return out


def same_section(a: tuple[tuple[str, ...], frozenset[str]], c: tuple[tuple[str, ...], frozenset[str]]) -> bool:
    """Whether section ``a`` is section ``c``, within it, or holds it: equal numbers with shared (or no) letters, or
    one's numbers a prefix of the other's when the shorter names no letter (15.4.4 holds 15.4.4.2B; 10.3C is not
    10.3.2B)."""
    (na, la), (nc, lc) = a, c
    if na == nc:
        return not la or not lc or bool(la & lc)
    if na == nc[:len(na)]:
        return not la
    if nc == na[:len(nc)]:
        return not lc
    return False


def rule_numbers(pid: str) -> str:
    """The rule text the catalogue gives the predicate."""
    return next(rule for p, rule, *_ in PTR_CATALOGUE if p == pid)


def own_rule(pid: str, rule: str) -> bool:
    """Whether ``rule`` (e.g. "PTR 15.2.1D") is one of the predicate's catalogue sections, within one, or holds one."""
    return any(same_section(a, c) for a in sections(rule) for c in sections(rule_numbers(pid)))


def pair_problems(pid: str, legal: str, bad: str, rule: str, why: str = "") -> list[str]:
    out = []
    for test, side in ((legal, "legal"), (bad, "illegal")):
        text = source(test)
        if text is None:
            out.append(f"{pid}: no {side} test {test}")
        elif not names(text, pid):
            out.append(f"{pid}: the {side} test {test} does not name {pid}")
    if source(legal) is not None and not NO_ILLEGAL.search(source(legal)):
        out.append(f"{pid}: the legal test {legal} asserts no log free of Illegal verdicts (NO_ILLEGAL)")
    if source(bad) is not None and f'"{rule}"' not in source(bad):
        out.append(f"{pid}: the illegal test {bad} does not assert an Illegal citing {rule!r}")
    if not own_rule(pid, rule) and not why:
        out.append(f"{pid}: {rule!r} is none of its catalogue rules ({rule_numbers(pid)}) and the pair does not say "
                   "why it shows there")
    return out


def test_every_implemented_predicate_has_a_pair_or_a_stated_gap():
    ids = implemented_ids("ptr")
    assert len(ids) > 100
    missing = [i for i in ids if i not in PAIRS and i not in GAPS]
    both = sorted(set(PAIRS) & set(GAPS))
    stale = sorted((set(PAIRS) | set(GAPS)) - set(ids))
    assert not missing and not both and not stale, (f"no pair or gap: {missing}; both: {both}; not implemented "
                                                     f"or needing data: {stale}")


@pytest.mark.parametrize("pid", sorted(PAIRS))
def test_the_pair_exists_and_asserts_its_side(pid):
    assert pair_problems(pid, *PAIRS[pid]) == []


def test_the_guard_can_fail():
    """A pair naming a missing test, a test that does not name the id, a legal test asserting no clean log, an
    illegal test not asserting the rule, or another predicate's rule without a reason is refused."""
    legal, bad, rule = PAIRS["PTR15-3"]
    assert pair_problems("PTR15-3", legal, bad, rule) == []
    assert pair_problems("PTR15-3", legal + "_gone", bad, rule)
    assert pair_problems("PTR15-3", "test_hits.py::test_defender_first", bad, rule)  # names PTR15-20, not 15-3
    assert pair_problems("PTR15-20", "test_hits.py::test_defender_first", "test_hits.py::test_defender_first",
                         "PTR 15.5C")  # it asserts an Illegal, never a clean log
    assert pair_problems("PTR15-3", legal, bad, "PTR 15.2.1B")  # a 15.2.1 rule its illegal test does not assert
    assert pair_problems("PTR15-3", legal, "test_combat_steps.py::test_battle_strength_from_the_current_cs",
                         "PTR 15.1.3")  # not PTR15-3's test, nor its rule
    assert own_rule("PTR10-25", "PTR 10.3.2B") and own_rule("PTR10-25", "PTR 10.3")
    assert not own_rule("PTR10-25", "PTR 10.3C")  # a sibling of 10.3.2B, not it
    assert own_rule("PTR10-11", "PTR 10.2.1C") and own_rule("PTR15-2", "PTR 15.2.1E")  # "10.2.1B4–C", "B–C, E"
