"""Scenario setups as VASSAL pre-defined setups: a saved game that places every unit.

Units set up in a named hex go on the main map at VASSAL's own centre pixel for that label
(stacked when several share a hex), and so do the markers the scenario places (``Game.marker_setup``).
Units with a free or area setup, and reinforcements, go to the holding-boxes board
(:mod:`hexforge.builder.holding`): one row for set-up areas, then one row per turn of arrival.
Track markers (docs/log-channel.md) go on their set-up box of the Tracks map (:func:`track_placements`).
What a setup cannot place (units the data does not list, or lists without a hex, or a set-up that leaves
the map empty) is said by :func:`setup_warnings`, which :func:`hexforge.builder.build.build` issues as warnings.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from hexforge.builder.holding import holding_layout, off_map
from hexforge.builder.module import HOLDING_MAP, MAIN_MAP, VERSION, Module
from hexforge.builder.tracks import board_setup
from hexforge.games.channel import TRACKS_MAP
from hexforge.builder.savefile import obfuscate
from hexforge.builder.sequence import encode
from hexforge.builder.traits import BasicPiece, add_piece_command
from hexforge.builder.vmod import zip_bytes
from hexforge.builder.components import module_data
from hexforge.games.game import Game
from hexforge.games.schema import ScenarioFile, SetupEntry
from hexforge.games.values import UNKNOWN, plain

ESC = "\x1b"
SETUP_KEY = 0x2A  # a fixed obfuscation key keeps setups byte-identical between builds


@dataclass(frozen=True, slots=True)
class Placement:
    """One unit (or marker) placed by a setup: on the main map in a hex, or in a holding-box row."""

    unit: str
    hex_label: str | None
    board: str | None
    holding_row: int | None = None  # the row on the holding board (when ``hex_label`` is None)
    note: str = ""
    marker: bool = False
    track: str | None = None  # a track marker's track id (then ``hex_label`` is its box)


def placements(game: Game, scenario: ScenarioFile, module: Module) -> list[Placement]:
    """Where each unit of the scenario starts, in setup order, then reinforcements by turn."""
    boards_by_prefix = {b.name.removeprefix("Sheet "): b.name for b in module.layout.boards}

    def board(label: str) -> str:
        return boards_by_prefix.get(label[:1]) if len(boards_by_prefix) > 1 else module.layout.boards[0].name

    out: list[Placement] = []
    for entry in scenario.setup or []:
        label = entry.hex.resolved if entry.hex is not None else None
        if entry.units != UNKNOWN and isinstance(label, str) and label != UNKNOWN:
            out += [Placement(uid, label, board(label)) for uid in entry.units]
    for mid, label in sorted(game.marker_setup(scenario).items()):
        out.append(Placement(mid, label, board(label), note="marker", marker=True))
    out += [Placement(uid, None, None, row, why) for uid, row, why in off_map(game, scenario)]
    return out + track_placements(game, scenario)


def track_placements(game: Game, scenario: ScenarioFile) -> list[Placement]:
    """Every track marker on its set-up box: the box the scenario's ``[special_rules]`` entry named by the
    track's ``setup`` gives the marker's formation, else the track's first box (docs/log-channel.md)."""
    out = []
    for m in game.channel.track_markers:
        track = game.channel.track(m.track or "")
        if track is None:
            continue
        placed = plain((scenario.special_rules or {}).get(track.setup or "")) if track.setup else None
        box = placed.get(m.formation) if isinstance(placed, dict) and m.formation else None
        label = str(box) if box is not None and str(box) in track.boxes else track.boxes[0]
        out.append(Placement(m.id, label, track.name, note="track marker", marker=True, track=track.id))
    return out


def setup_warnings(game: Game, scenario: ScenarioFile) -> list[str]:
    """What the scenario's pre-defined setup cannot place, one sentence each, naming the scenario
    and the units: entries whose units the data does not list, units listed without a set-up hex
    (placed in the holding box of set-up areas), and unit ids units.csv does not have."""
    where = f"scenarios/{scenario.id}.toml ({scenario.name.resolved})"
    out = []
    if scenario.setup and not any(_hex_of(e) and e.units != UNKNOWN for e in scenario.setup):
        held = [uid for uid, row, _ in off_map(game, scenario) if row == 0]
        out.append(f"{where}: the transcription places no unit in a hex, so the pre-defined set-up leaves the map "
                   f"empty" + (f" ({len(held)} units in the holding box 'Set-up areas')" if held else ""))
    unlisted = [e.what or "units not named" for e in scenario.setup or [] if e.units == UNKNOWN]
    if unlisted:
        out.append(f"{where}: set-up units not listed in the data, so not placed: " + "; ".join(unlisted))
    late = [f"GT {e.turn.resolved}: {e.what or 'its reinforcements'}" for e in scenario.reinforcements or []
            if e.units == UNKNOWN]  # the GT: several entries read alike ("... time-coded for this turn")
    if late:
        out.append(f"{where}: reinforcements not listed in the data, so not in the holding box: " + "; ".join(late))
    area = [uid for uid, row, _ in off_map(game, scenario) if row == 0]
    if area:
        out.append(f"{where}: no set-up hex for {', '.join(area)}; placed in the holding box "
                   f"'Set-up areas' to be set up by hand")
    refs = [uid for e in [*(scenario.setup or []), *(scenario.reinforcements or [])] if e.units != UNKNOWN
            for uid in e.units]
    missing = [uid for uid in dict.fromkeys(refs) if uid not in game.units]
    if missing:
        out.append(f"{where}: units not in units.csv, so not placed: {', '.join(missing)}")
    return out


def _hex_of(entry: SetupEntry) -> str | None:
    """The one hex a set-up entry places its units in, if the data gives it."""
    label = entry.hex.resolved if entry.hex is not None else None
    return label if isinstance(label, str) and label != UNKNOWN else None


def setup_save(game: Game, scenario: ScenarioFile, module: Module) -> bytes:
    """The ``.vsav`` bytes of a scenario's pre-defined setup."""
    layout = module.layout
    commands = ["begin_save", "",
                f"{MAIN_MAP}BoardPicker\t" + "\t".join(f"{b.name}\t{b.column}\t{b.row}" for b in layout.boards),
                *(f"{m}BoardPicker\t{b}\t0\t0" for m, b in module.side_maps),
                *([tb] if (tb := board_setup(game)) is not None else [])]
    stacks: dict[tuple[str, int, int], list[str]] = {}
    rows: dict[int, int] = {}
    holding = holding_layout(game)
    next_id = 1000
    for p in placements(game, scenario, module):
        piece = module.markers.get(p.unit) if p.marker else module.pieces.get(p.unit)
        if piece is None:
            continue
        next_id += 1
        pid = str(next_id)
        if p.track is not None and module.tracks is not None:
            track = game.channel.track(p.track)
            assert track is not None and p.hex_label is not None
            x, y = module.tracks.position(track, p.hex_label)
            map_id = TRACKS_MAP
        elif p.hex_label is not None and p.board is not None:
            x, y = layout.position(p.board, p.hex_label)
            map_id = MAIN_MAP
        else:
            row = p.holding_row or 0
            col = rows.get(row, 0)
            rows[row] = col + 1
            x, y = holding.slot(row, col)
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
