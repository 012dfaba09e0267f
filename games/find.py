"""Finding a game: by bundled id, or by a folder the user named; never by a name read from a file."""
from __future__ import annotations

import difflib
from importlib import resources
from pathlib import Path

from hexforge.games.problems import GameDataError, Problem


class NoSuchGame(GameDataError):
    """No game of that name: ``name`` as given, ``suggestions`` the close bundled ids (best first)."""

    def __init__(self, name: str, suggestions: list[str], bundled: list[str], folder_allowed: bool) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {' or '.join(suggestions)}?" if suggestions else ""
        what = "a bundled game or a game folder" if folder_allowed else "a bundled game"
        message = f"no such game: {name!r}{hint} (not {what}; bundled: {', '.join(bundled) or 'none'})"
        super().__init__([Problem(Path(name), "", message)])
        self.args = (message,)

    def __str__(self) -> str:
        return str(self.args[0])


def bundled_games() -> list[str]:
    """Ids of the games shipped with hexforge."""
    root = resources.files("hexforge.games")
    return sorted(p.name for p in root.iterdir() if p.is_dir() and (p / "game.toml").is_file())


def bundled_game(game_id: str) -> Path:
    """The folder of the bundled game ``game_id``; raise :class:`NoSuchGame` otherwise.

    Only the bundled ids are looked at: the id is compared with them, never joined to a path, so
    a name read from an untrusted file (a module's title, a log's game id) cannot reach any other
    file, whatever it contains (``/etc/x``, ``../x``)."""
    ids = bundled_games()
    if game_id not in ids:
        raise NoSuchGame(game_id, _close(game_id, ids), ids, folder_allowed=False)
    return Path(str(resources.files("hexforge.games") / ids[ids.index(game_id)]))


def resolve_game(name: str | Path) -> Path:
    """A name the user typed -> its game folder: an existing directory (the loader then reports
    anything missing in it) or a bundled id; raise :class:`NoSuchGame`, suggesting close ids."""
    path = Path(name)
    if path.is_dir():
        return path
    ids = bundled_games()
    if isinstance(name, str) and name in ids:
        return bundled_game(name)
    raise NoSuchGame(str(name), _close(str(name), ids), ids, folder_allowed=True)


def _close(name: str, ids: list[str]) -> list[str]:
    return difflib.get_close_matches(name.lower(), ids, n=2, cutoff=0.6)
