"""ARN 10.7.1 (L433-L440, SFM-9): priests bombard up to two hexes from a non-airborne British unit, airpower
anywhere; British markers support only British and Polish units, US markers only US units. On the Arnhem data
with a TEST SURVEY of one British unit's type (tests/rules/survey.py); the German 2/406 stands in 2025."""
from __future__ import annotations

import pytest

from hexforge.games import load_game
from hexforge.rules.fm.arnhem.system import Arnhem
from hexforge.rules.verdict import Illegal, NotCheckable
from tests.rules.helpers import Log, illegal_rules
from tests.rules.survey import surveyed_copy


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return load_game(surveyed_copy("arnhem", tmp_path_factory.mktemp("arn"), {},
                                   {"231/50": {"type": "infantry"}}))


def bombard(game, text: str, british_at: str = "2023"):
    setup = {"2/406": "2025", "101st_para_1": "2024", "231/50": british_at}
    return Log(game, setup).phase(1, "p1_bombardment").say(text).roll(3).check(Arnhem(game, "s1"))


def said(rep, index: int = 1) -> list:
    return rep.judged[index].verdicts


def test_a_priest_bombards_up_to_two_hexes_from_a_non_airborne_british_unit(game) -> None:
    assert not [v for v in said(bombard(game, "bombard 2025 sfm 6 priest")) if isinstance(v, Illegal)]
    far = bombard(game, "bombard 2025 sfm 6 priest", british_at="2022")  # three hexes away
    assert illegal_rules(far) == [(1, "ARN 10.7.1")]
    assert "more than two hexes from any non-airborne British unit" in said(far)[0].reason


def test_airpower_bombards_anywhere_and_an_untold_six_is_not_checkable(game) -> None:
    assert illegal_rules(bombard(game, "bombard 2025 sfm 6 air", british_at="0101")) == []
    vague = said(bombard(game, "bombard 2025 sfm 6", british_at="0101"))
    assert any(isinstance(v, NotCheckable) and "sfm 6 priest" in v.needs for v in vague)


def test_whether_the_british_unit_is_airborne_must_be_known() -> None:
    real = load_game("arnhem")  # 231/50's type is not transcribed
    rep = Log(real, {"2/406": "2025", "231/50": "2023"}).phase(1, "p1_bombardment") \
        .say("bombard 2025 sfm 6 priest").roll(3).check(Arnhem(real, "s1"))
    assert any(isinstance(v, NotCheckable) and "231/50" in v.needs for v in said(rep))


def attack(game, marks: str):
    return Log(game, {"2/406": "2025", "101st_para_1": "2024"}).phase(1, "p1_combat") \
        .say(f"attack 2025 from 2024 sfm {marks}").roll(3).check(Arnhem(game, "s1"))


def test_marker_nationality(game) -> None:
    assert not [v for v in said(attack(game, "3 us")) if isinstance(v, Illegal)]
    wrong = attack(game, "3 british")
    assert illegal_rules(wrong) == [(1, "ARN 10.7.1")]
    assert "british +3 support fire marker supported 101st_para_1 (US)" in said(wrong)[0].reason
    untold = said(attack(game, "3"))
    assert any(isinstance(v, NotCheckable) and "British or US" in v.needs for v in untold)
