"""Scenario setups as VASSAL pre-defined setups: a saved game that places every unit.

Units set up in a named hex go on the main map at VASSAL's own centre pixel for that label
(stacked when several share a hex), and so do the markers the scenario places (``Game.marker_setup``).
Units with a free or area setup, and reinforcements, go to the holding-boxes board: one row for
set-up areas, then one row per turn of arrival.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from hexforge.builder.module import HOLDING_MAP, MAIN_MAP, VERSION, Module, holding_slot
from hexforge.builder.savefile import obfuscate
from hexforge.builder.sequence import encode
from hexforge.builder.traits import BasicPiece, add_piece_command
from hexforge.builder.vmod import zip_bytes
from hexforge.builder.components import module_data
from hexforge.games.game import Game
from hexforge.games.schema import ScenarioFile
from hexforge.games.values import UNKNOWN

ESC = "\x1b"
SETUP_KEY = 0x2A  # a fixed obfuscation key keeps setups byte-identical between builds


@dataclass(frozen=True, slots=True)
class Placement:
    """One unit (or marker) placed by a setup: on the main map in a hex, or in a holding-box row."""

    unit: str
    hex_label: str | None
    board: str | None
    holding_row: int | None = None
    note: str = ""
    marker: bool = False


def placements(game: Game, scenario: ScenarioFile, module: Module) -> list[Placement]:
    """Where each unit of the scenario starts, in setup order, then reinforcements by turn."""
    boards_by_prefix = {b.name.removeprefix("Sheet "): b.name for b in module.layout.boards}

    def board(label: str) -> str:
        return boards_by_prefix.get(label[:1]) if len(boards_by_prefix) > 1 else module.layout.boards[0].name

    out: list[Placement] = []
    for entry in scenario.setup or []:
        if entry.units == UNKNOWN:
            continue
        label = entry.hex.resolved if entry.hex is not None else None
        for uid in entry.units:
            if isinstance(label, str) and label != UNKNOWN:
                out.append(Placement(uid, label, board(label)))
            else:
                out.append(Placement(uid, None, None, 0, "set-up area"))
    for mid, label in sorted(game.marker_setup(scenario).items()):
        out.append(Placement(mid, label, board(label), note="marker", marker=True))
    for r in scenario.reinforcements or []:
        if r.units == UNKNOWN:
            continue
        turn = r.turn.resolved
        for uid in r.units:
            out.append(Placement(uid, None, None, turn if isinstance(turn, int) else -1, "reinforcement"))
    return out


def setup_save(game: Game, scenario: ScenarioFile, module: Module) -> bytes:
    """The ``.vsav`` bytes of a scenario's pre-defined setup."""
    layout = module.layout
    commands = ["begin_save", "",
                f"{MAIN_MAP}BoardPicker\t" + "\t".join(f"{b.name}\t{b.column}\t{b.row}" for b in layout.boards),
                *(f"{m}BoardPicker\t{b}\t0\t0" for m, b in module.side_maps)]
    stacks: dict[tuple[str, int, int], list[str]] = {}
    rows: dict[int, int] = {}
    next_id = 1000
    for p in placements(game, scenario, module):
        piece = module.markers.get(p.unit) if p.marker else module.pieces.get(p.unit)
        if piece is None:
            continue
        next_id += 1
        pid = str(next_id)
        if p.hex_label is not None and p.board is not None:
            x, y = layout.position(p.board, p.hex_label)
            map_id = MAIN_MAP
        else:
            row = p.holding_row if p.holding_row and p.holding_row > 0 else (0 if p.holding_row == 0 else
                                                                             module.holding_turns + 1)
            col = rows.get(row, 0)
            rows[row] = col + 1
            x, y = holding_slot(row, col)
            map_id = HOLDING_MAP
        traits = [*piece.traits[:-1], replace(piece.traits[-1], map_id=map_id, x=x, y=y, gpid=piece.gpid)]
        assert isinstance(traits[-1], BasicPiece)
        commands.append(add_piece_command(pid, traits))
        stacks.setdefault((map_id, x, y), []).append(pid)
    for (map_id, x, y), ids in stacks.items():
        next_id += 1
        commands.append(encode(["+", str(next_id), "stack", encode([map_id, x, y, *ids, "@@0"], ";")], "/"))
    commands.append("end_save")
    text = encode(commands, ESC) or ""
    return zip_bytes({
        "savedGame": obfuscate(text, SETUP_KEY),
        "savedata": module_data(game.title, VERSION, scenario.name.resolved),
        "moduledata": module_data(game.title, VERSION, f"{game.title} (built by hexforge)"),
    })


def setup_file_name(scenario_id: str) -> str:
    return f"setup-{scenario_id}.vsav"
