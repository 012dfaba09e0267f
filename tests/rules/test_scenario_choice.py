"""The scenario played narrows what the rules read from the scenarios (``rules_for(game, scenario)``)."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.arnhem.actions import drop_zone
from hexforge.rules import rules_for


@pytest.fixture(scope="module")
def arnhem():
    return load_game("arnhem")


def test_a_datum_the_scenarios_disagree_on_is_known_once_the_scenario_is(arnhem) -> None:
    # ARN 11.0 (L469): in Scenario 1 the 1st British AB drop zone marker is at 3717; in Scenario 2 the
    # Allied player places it freely (12.0 L563), so without knowing the scenario it is unknown.
    either = drop_zone(rules_for(arnhem), "1/Pol")
    assert isinstance(either, Unknown) and "drop zone marker" in either.needs
    assert arnhem.map.label(drop_zone(rules_for(arnhem, "s1"), "1/Pol")) == "3717"
    assert isinstance(drop_zone(rules_for(arnhem, "s2"), "1/Pol"), Unknown)


def test_an_unknown_scenario_is_refused_with_the_valid_ones(arnhem) -> None:
    with pytest.raises(ValueError, match=r"no scenario 's3' \(its scenarios: s1, s2\)"):
        rules_for(arnhem, "s3")
