"""The log channel of a game (docs/log-channel.md): its dice buttons, record tracks, track markers and
unit state layers, looked up by the names the timeline carries, so a referee never matches names itself."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from hexforge.counters.unit import Unit
from hexforge.games.schema import DiceButton, GameFile, LayerSpec, Marker, Track

if TYPE_CHECKING:
    from hexforge.games.game import Game

TRACKS_MAP = "Tracks"  # the module's map holding one board per track
HQ_TYPES = frozenset({"hq", "headquarters"})


def is_hq(unit: Unit) -> bool:
    """An HQ unit, as units.csv's ``type`` names it (PtR 'headquarters', HTTR 'HQ')."""
    return unit.type.strip().lower() in HQ_TYPES


def layer_applies(layer: LayerSpec, unit: Unit) -> bool:
    """Whether a unit's piece carries ``layer``."""
    sel = layer.units
    if sel is None:
        return False
    if sel == "all":
        return True
    if sel == "hq":
        return is_hq(unit)
    if sel == "combat":
        return not is_hq(unit)
    return unit.type in sel


class Channel:
    """One game's log channel, indexed by the names a log carries."""

    def __init__(self, game: Game | GameFile) -> None:
        info = game if isinstance(game, GameFile) else game.info
        self._dice = {b.name: b for b in info.dice_buttons}
        self._tracks = {t.id: t for t in info.tracks}
        self._boards = {t.name: t for t in info.tracks}
        self._index = {t.id: {b: i for i, b in enumerate(t.boxes)} for t in info.tracks}
        self._markers = {m.name.resolved: m for m in info.markers if m.track}
        self._layers = {lay.name: lay for lay in info.layers}

    def dice(self, name: str) -> DiceButton | None:
        """The button whose name a ``DiceRoll`` carries, or None."""
        return self._dice.get(name)

    def dice_for(self, purpose: str, side: str | None = None) -> tuple[DiceButton, ...]:
        """The buttons of ``purpose`` (of ``side``'s, or of no side, when a side is given)."""
        return tuple(b for b in self._dice.values()
                     if b.purpose == purpose and (side is None or b.side in (None, side)))

    def track(self, track_id: str) -> Track | None:
        return self._tracks.get(track_id)

    @property
    def tracks(self) -> tuple[Track, ...]:
        return tuple(self._tracks.values())

    def box(self, board: str | None, label: str) -> tuple[Track, str] | None:
        """The (track, box) a location names (a timeline ``Location``'s board and label), or None."""
        t = self._boards.get(board) if board is not None else None
        return (t, label) if t is not None and label in self._index[t.id] else None

    def box_index(self, track_id: str, box: str) -> int | None:
        """The box's position on its track, 0 for the lowest."""
        return self._index.get(track_id, {}).get(box)

    def marker(self, piece_name: str) -> Marker | None:
        """The track marker a piece (by its name) is, or None."""
        return self._markers.get(piece_name)

    def markers_of(self, formation: str) -> tuple[Marker, ...]:
        return tuple(m for m in self._markers.values() if m.formation == formation)

    @property
    def track_markers(self) -> tuple[Marker, ...]:
        return tuple(self._markers.values())

    def layer(self, trait: str) -> LayerSpec | None:
        """The layer a ``StepChange.trait`` names, or None."""
        return self._layers.get(trait)

    def level(self, trait: str, level: str) -> int | None:
        """The index (0 = the set-up level) of a layer's level as a ``StepChange`` carries it, or None.

        The module leaves the set-up level unnamed (the timeline says "1", its number) and names the
        others as suffixes of the piece's name (the timeline says " Disrupted"); a plain level name
        ("Disrupted") is read too."""
        lay = self._layers.get(trait)
        if lay is None:
            return None
        text = level.strip()
        if text in lay.levels:
            return lay.levels.index(text)
        if text.isdigit() and 1 <= int(text) <= len(lay.levels):
            return int(text) - 1
        return None

    def level_name(self, trait: str, level: str) -> str | None:
        """The data's name of a level as a ``StepChange`` carries it ("1" -> "Normal"), or None."""
        i = self.level(trait, level)
        lay = self._layers.get(trait)
        return lay.levels[i] if i is not None and lay is not None else None


def check(path: Path, info: GameFile, sides: set[str], problem: Callable[[Path, str, str], None]) -> None:
    """Cross-references of the log-channel tables: unique names, known tracks, sides and markers."""
    # A table with a mistake of its own is None here (reported already): check the rest.
    buttons, track_list = info.dice_buttons or [], info.tracks or []
    markers, layers = info.markers or [], info.layers or []
    valid_sides = ", ".join(sorted(sides))
    _unique(path, "dice_buttons", list(enumerate(b.name for b in buttons)), problem)
    _unique(path, "tracks", list(enumerate(t.name for t in track_list)), problem)
    _unique(path, "layers", list(enumerate(lay.name for lay in layers)), problem)
    _unique(path, "markers", [(i, m.name.resolved) for i, m in enumerate(markers) if m.track], problem)
    tracks = {t.id for t in track_list}
    for i, t in enumerate(track_list):
        first = int(t.boxes[0])
        if t.boxes != [str(first + k) for k in range(len(t.boxes))]:
            problem(path, f"tracks[{i}].boxes", "boxes are numbered one up from the first "
                    f"(e.g. {', '.join(str(first + k) for k in range(3))}, ...): a box label appears twice or out of order")
    for i, b in enumerate(buttons):
        if b.side is not None and b.side not in sides:
            problem(path, f"dice_buttons[{i}].side", f"{b.side!r} is not a side (valid: {valid_sides})")
    for i, m in enumerate(markers):
        if m.track is not None and info.tracks is not None and m.track not in tracks:
            problem(path, f"markers[{i}].track",
                    f"{m.track!r} is not a track (valid: {', '.join(sorted(tracks)) or 'none defined'})")
        if m.side is not None and m.side not in sides:
            problem(path, f"markers[{i}].side", f"{m.side!r} is not a side (valid: {valid_sides})")
    marker_ids = {m.id for m in markers}
    for i, lay in enumerate(layers):
        if len(set(lay.levels)) != len(lay.levels):
            problem(path, f"layers[{i}].levels", "a level name appears twice")
        for mid in lay.markers:
            if mid not in marker_ids:
                problem(path, f"layers[{i}].markers", f"{mid!r} is not a marker id of this game")
        if lay.units is None and not lay.markers:
            problem(path, f"layers[{i}]", "give 'units' (\"all\", \"combat\", \"hq\" or unit types) or 'markers'")


def _unique(path: Path, table: str, names: list[tuple[int, str]], problem: Callable[[Path, str, str], None]) -> None:
    seen: set[str] = set()
    for i, n in names:
        if n in seen:
            problem(path, f"{table}[{i}].name", f"the name {n!r} is used twice: the log could not tell them apart")
        seen.add(n)
