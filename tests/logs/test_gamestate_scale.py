"""Long logs as VASSAL writes them: each drag puts the piece in a new stack and leaves the old
one empty (PieceMover.movePieces / Map.placeAt); reading them stays linear and exact."""
from __future__ import annotations

import time

from hexforge.builder.commands import AddPiece, MovePiece
from hexforge.builder.gamestate import GameState

MAP = "Main Map"
PIECE = "piece;;;;Unit"


def _drag(gs: GameState, pid: str, n: int, x: int, y: int) -> None:
    before = gs.where(pid)
    gs.apply(MovePiece(pid, MAP, x, y, None, before[0], before[1], before[2], None))
    gs.apply(AddPiece(f"s{pid}{n}", "stack", f"{MAP};{x};{y};{pid}"))


def test_a_move_onto_a_stack_of_pieces_joins_it_and_an_emptied_stack_is_never_joined() -> None:
    gs = GameState()
    for pid in ("a", "b", "c"):
        gs.apply(AddPiece(pid, PIECE, f"{MAP};10;10;;0"))
    gs.apply(AddPiece("first", "stack", f"{MAP};10;10;a;b"))
    _drag(gs, "a", 1, 50, 50)
    _drag(gs, "b", 2, 50, 50)  # its own new stack, as PieceMover makes it; "first" is now empty
    gs.apply(MovePiece("c", MAP, 10, 10, None, MAP, 10, 10, None))  # onto the empty stack's spot
    assert gs.pieces["c"].stack is None
    gs.apply(MovePiece("c", MAP, 50, 50, None, MAP, 10, 10, None))  # onto two stacks with pieces
    assert gs.pieces["c"].stack == "sa1" and gs.stacks["sa1"].members == ["a", "c"]  # the first made


def _read(moves: int) -> float:
    gs = GameState()
    gs.apply(AddPiece("p", PIECE, f"{MAP};0;0;;0"))
    gs.apply(AddPiece("q", PIECE, f"{MAP};0;0;;0"))
    start = time.process_time()
    for n in range(moves):
        _drag(gs, "p", n, n % 500, n // 500)
        gs.apply(MovePiece("q", MAP, n % 500, n // 500, None, MAP, 0, 0, None))
    return time.process_time() - start


def test_replay_time_grows_linearly_with_the_moves() -> None:
    small, large = _read(2_000), _read(20_000)
    assert large < 25 * small + 0.5, (small, large)  # quadratic (every move scanning every stack) is ~100x
