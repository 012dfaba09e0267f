"""Any sequence of PtR events, in any order, gets a verdict for every event and never an exception (house rule:
errors are for people): random phases, declarations, rolls, moves, flips and marker drops on the synthetic game."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexforge.games import load_game
from tests.rules.ptr.helpers import SYNTHETIC, PtrLog

GAME = load_game(SYNTHETIC)
UNITS = sorted(GAME.units)
HEXES = sorted(GAME.map.index)[:40] + ["9999"]
WORDS = ["act 1inf", "act 116pz", "act 9pz", "react 3arm", "react 116pz", "pass", "transfer", "done",
         "refit 1-a", "id 1214", "relocate 1infhq", "attack 1214 from 1314 regular", "attack 1311 from 1312 hasty",
         "attack 1513 from 1414 1415 prepared", "chits 1 2", "chits 3 1", "emergency supply 1infhq", "hello"]
BUTTONS = ["1d10", "Initiative US", "Initiative German", "Action Points", "Reaction Check", "Combat",
           "Air Support", "Interdiction", "Effectiveness Check"]
PHASES = [p.id for p in GAME.info.sequence]

step = st.one_of(
    st.tuples(st.just("phase"), st.integers(1, 3), st.sampled_from(PHASES)),
    st.tuples(st.just("say"), st.sampled_from(["us", "german"]), st.sampled_from(WORDS)),
    st.tuples(st.just("roll"), st.sampled_from(["us", "german"]), st.integers(0, 10), st.sampled_from(BUTTONS)),
    st.tuples(st.just("move"), st.sampled_from(UNITS), st.lists(st.sampled_from(HEXES), min_size=1, max_size=4)),
    st.tuples(st.just("flip"), st.sampled_from(UNITS), st.booleans()),
    st.tuples(st.just("marker"), st.sampled_from(["1st Infantry FAM", "US AP", "Initiative +DRM"]),
              st.sampled_from(["Formation Activation Track", "US AP-Track", "Initiative Track"]), st.integers(0, 12)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, max_size=30))
def test_every_event_gets_a_verdict(steps):
    log = PtrLog(GAME)
    for s in steps:
        kind = s[0]
        if kind == "phase":
            log.phase(s[1], s[2])
        elif kind == "say":
            log.say(s[1], s[2])
        elif kind == "roll":
            log.roll(s[1], s[2], s[3])
        elif kind == "move":
            start = GAME.map.label(log_position(log, s[1])) if log_position(log, s[1]) else s[2][0]
            log.move(s[1], start, *s[2])
        elif kind == "flip":
            (log.disrupt if s[2] else log.front)(s[1], "1311")
        else:
            log.marker(s[1], s[2], s[3])
    r = log.check()
    assert len(r.judged) == len(steps) and all(j.verdicts for j in r.judged)


def log_position(log: PtrLog, uid: str):
    for p in log.setup:
        if p.piece.unit == uid:
            return GAME.map.index.get(p.hex)
    return None
