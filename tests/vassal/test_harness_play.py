"""Scripted play through the repository's harness: the engine itself writes the .vlog, and the
engine's own replay of that log shows every action (drag, drop onto a stack, deck draw, layer
change, delete, dice, chat, turn advance) as one log step."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.vassal.samples import SCRIPT, write_play_module

pytestmark = pytest.mark.vassal


@pytest.fixture(scope="module")
def played(vassal_check, tmp_path_factory) -> tuple[Path, Path, dict]:
    d = tmp_path_factory.mktemp("play")
    vmod = write_play_module(d / "play.vmod")
    (d / "script.json").write_text(json.dumps(SCRIPT))
    rc, res = vassal_check("play", vmod, d / "script.json", d / "game.vlog")
    assert rc == 0 and res["success"], res.get("errors") or res.get("error")
    return vmod, d / "game.vlog", res


def test_the_engine_writes_one_log_step_per_action(played, vassal_check) -> None:
    vmod, log, _ = played
    rc, res = vassal_check("replay", vmod, log, "--chat")
    assert rc == 0 and res["success"], res.get("errors")
    assert res["save"]["format"] == "VCSK" and res["save"]["metadata"]["module_name"] == "PlayTest"
    assert res["log_steps_replayed"] == len(SCRIPT["actions"])
    s = {st["step"]: {c["name"]: c for c in st["changes"]} for st in res["steps"]}
    assert s[1]["Blue Inf"]["from"][3] == "0203" and s[1]["Blue Inf"]["to"][3] == "0303"
    assert s[2]["Red Inf"]["from"][3] == "0506" and s[2]["Red Inf"]["to"][3] == "0504"
    (drawn,) = s[3].values()  # the deck's top card, whichever VASSAL put on top
    assert drawn["name"] in ("Card A", "Card B") and (drawn["from"][3], drawn["to"][3]) == ("Cards", "0205")
    assert s[4]["Blue Inf reduced"]["renamed"] == ["Blue Inf", "Blue Inf reduced"]
    assert s[5]["Red Arm"]["removed"] and s[6] == s[7] == s[8] == s[9] == {}
    final = {p["name"]: p for p in res["final"]["pieces"]}
    assert final["Blue Inf reduced"]["location"] == "0303" and "Red Arm" not in final
    left = ({"Card A", "Card B"} - {drawn["name"]}).pop()
    assert final[left]["deck"] == "Cards" and "deck" not in final[drawn["name"]]
    chat = res["chat"]
    assert sum("2d6" in line for line in chat) == 2 and any("hello referee" in line for line in chat)
    assert any("Turn 2" in line for line in chat), chat


def test_a_piece_dropped_onto_another_joins_its_stack(played, vassal_check) -> None:
    vmod, log, _ = played
    rc, res = vassal_check("replay", vmod, log, "--steps")
    assert rc == 0 and res["success"], res.get("errors")
    after_drop = {p["name"]: p for p in res["steps"][1]["pieces"]}
    red_inf, red_arm = after_drop["Red Inf"], after_drop["Red Arm"]
    assert red_inf["stack_id"] == red_arm["stack_id"] and (red_inf["x"], red_inf["y"]) == (red_arm["x"], red_arm["y"])
    assert {red_inf["stack_index"], red_arm["stack_index"]} == {0, 1}


def test_a_bad_script_is_refused_with_the_action_named(vassal_check, played, tmp_path: Path) -> None:
    vmod, _, _ = played
    (tmp_path / "bad.json").write_text(json.dumps({"actions": [{"do": "drag", "piece": "Nobody", "to": "0101"}]}))
    rc, res = vassal_check("play", vmod, tmp_path / "bad.json", tmp_path / "x.vlog")
    assert rc == 2 and "action 1" in res["error"] and "'Nobody'" in res["error"]
    assert not (tmp_path / "x.vlog").exists()
