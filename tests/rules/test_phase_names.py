"""The turn tracker names each phase once with its player (F&M 4.1 sequence of play), and a log made
with a module that named them the older way ("<name> (<player>)" always) is still read."""
from __future__ import annotations

from hexforge.builder.timeline import TurnChange
from hexforge.games import load_game
from hexforge.rules.state import phase_of


def tracker(phase: str) -> TurnChange:
    return TurnChange(1, "Turn", "", (("Turn", "3"), ("Phase", phase)))


def test_a_phase_name_that_says_its_player_is_not_followed_by_it_again() -> None:
    aachen = load_game("aachen")
    first = aachen.info.sequence[[p.player for p in aachen.info.sequence].index("first")]
    assert "first player" in first.name.resolved.lower()  # e.g. "First Player Turn: Movement Phase"
    assert first.name.resolved in aachen.phase_names()


def test_every_way_a_module_named_a_phase_reads_as_that_phase() -> None:
    aachen = load_game("aachen")
    for i, ph in enumerate(aachen.info.sequence):
        for name in (aachen.phase_names()[i], aachen.phase_names(repeat_player=True)[i], ph.id):
            assert phase_of(aachen, tracker(name)) == (3, i), name
    assert phase_of(aachen, tracker("Tea Break")) == (3, None)
