"""Where a hexforge module came from, and whether a log, a module and a game belong together.

A hexforge module records the id of the game it was built from and a checksum of that game's
data in VASSAL's own module metadata: the ``GameModule`` attributes ``ModuleOther1`` and
``ModuleOther2``, which VASSAL writes as ``extra1``/``extra2`` of the archive's ``moduledata``
(``ModuleMetaData(GameModule)``) and copies into every save and log it writes
(``SaveMetaData.copyModuleMetadata``). A name read from an untrusted file is never used as a
path: games are looked up by id among the bundled games and the folders the user named.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from hexforge.builder.errors import ModuleFormatError
from hexforge.builder.safezip import SafeZip
from hexforge.games import Game, bundled_game, bundled_games, load_game

GAME_PREFIX = "hexforge-game:"
DATA_PREFIX = "hexforge-data:sha256:"
_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_SHA = re.compile(r"[0-9a-f]{64}")
MAX_METADATA = 64 * 1024


class GameLookupError(ValueError):
    """No game matches what the user or the module named."""


@dataclass(frozen=True, slots=True)
class Provenance:
    """The game id and data checksum a hexforge module was built from."""

    game_id: str
    checksum: str


def data_checksum(folder: Path) -> str:
    """SHA-256 over every data file of a game folder (relative path and bytes, CRLF read as LF)."""
    h = hashlib.sha256()
    folder = Path(folder)
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not _ignored(p.relative_to(folder)))
    for p in files:
        data = p.read_bytes().replace(b"\r\n", b"\n")
        rel = p.relative_to(folder).as_posix().encode("utf-8")
        h.update(b"%d:%s%d:" % (len(rel), rel, len(data)))
        h.update(data)
    return h.hexdigest()


def _ignored(rel: Path) -> bool:
    return any(part.startswith(".") or part == "__pycache__" for part in rel.parts) or rel.suffix == ".pyc"


def stamp(game: Game) -> tuple[str, str]:
    """The ``ModuleOther1``/``ModuleOther2`` values (``extra1``/``extra2``) recording ``game``."""
    return GAME_PREFIX + game.id, DATA_PREFIX + data_checksum(game.path)


def with_extras(moduledata: bytes, extra1: str, extra2: str) -> bytes:
    """``moduledata`` bytes with its ``extra1``/``extra2`` elements set."""
    root = etree.fromstring(moduledata, etree.XMLParser(resolve_entities=False, no_network=True))
    for tag, value in (("extra1", extra1), ("extra2", extra2)):
        el = root.find(tag)
        if el is None:
            el = etree.SubElement(root, tag)
        el.text = value
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)


def from_metadata(meta: Mapping[str, str]) -> Provenance | None:
    """The provenance in a ``moduledata`` mapping (a module's, or the copy in a save), if any."""
    gid = meta.get("extra1", "").strip().removeprefix(GAME_PREFIX)
    sha = meta.get("extra2", "").strip().removeprefix(DATA_PREFIX)
    if not meta.get("extra1", "").strip().startswith(GAME_PREFIX) or not _ID.fullmatch(gid):
        return None
    return Provenance(gid, sha if _SHA.fullmatch(sha) else "")


def module_metadata(path: Path) -> dict[str, str]:
    """The ``moduledata`` entry of a module as tag -> text (empty when it has none)."""
    with SafeZip(Path(path), ModuleFormatError) as sz:
        if "moduledata" not in sz:
            return {}
        data = sz.read("moduledata")
        if len(data) > MAX_METADATA:
            raise ModuleFormatError(path, "zip entry 'moduledata'", f"{len(data)} bytes; at most {MAX_METADATA} are read")
        if b"<!ENTITY" in data:
            raise ModuleFormatError(path, "zip entry 'moduledata'", "declares XML entities, which are not read")
        try:
            root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False))
        except etree.XMLSyntaxError as e:
            raise ModuleFormatError(path, "zip entry 'moduledata'", f"not well-formed XML ({e})") from None
    return {c.tag: (c.text or "") for c in root if isinstance(c.tag, str)}


def find_game(ref: str | None, module_meta: Mapping[str, str], module_name: str, module_path: Path) -> Game:
    """The game named by the user (``ref``: a bundled id or a folder), else the one the module records.

    The module's record is only ever looked up among the bundled games' ids (never as a path);
    a module without one is matched by its exact title against the bundled games.
    """
    if ref is not None:
        return load_game(ref)  # a misspelled id raises NoSuchGame with suggestions
    prov = from_metadata(module_meta)
    bundled = bundled_games()
    if prov is not None:
        if prov.game_id not in bundled:
            raise GameLookupError(f"{module_path} was built from game {prov.game_id!r}, which is not a bundled game; "
                                "name its folder with --game")
        return load_game(bundled_game(prov.game_id))
    for gid in bundled:
        game = load_game(bundled_game(gid))
        if game.title == module_name:
            return game
    raise GameLookupError(f"{module_path} does not record which game it is (module {module_name!r} was not built "
                        "by this hexforge); name the game with --game ID or --game FOLDER")


def mismatches(log_meta: Mapping[str, str], log_path: Path, module_meta: Mapping[str, str], module_name: str,
               module_version: str, module_path: Path, game: Game | None) -> list[str]:
    """Why the log, the module and the game (if any) do not belong together (empty when nothing says so)."""
    out = []
    log_name, log_version = log_meta.get("name", "").strip(), log_meta.get("version", "").strip()
    if log_name and (log_name, log_version) != (module_name, module_version):
        out.append(f"{log_path} was made with module {log_name!r} version {log_version!r}, "
                   f"but {module_path} is {module_name!r} version {module_version!r}")
    log_prov, mod_prov = from_metadata(log_meta), from_metadata(module_meta)
    if log_prov and mod_prov and log_prov != mod_prov:
        out.append(f"{log_path} was played with a module built from {_describe(log_prov)}, "
                   f"but {module_path} was built from {_describe(mod_prov)}")
    if mod_prov is not None and game is not None:
        if mod_prov.game_id != game.id:
            out.append(f"{module_path} was built from game {mod_prov.game_id!r}, not {game.id!r}")
        elif mod_prov.checksum and mod_prov.checksum != data_checksum(game.path):
            out.append(f"{module_path} was built from other data of {game.id!r} than {game.path} holds now "
                       f"(data sha256 {mod_prov.checksum[:12]}, now {data_checksum(game.path)[:12]}); rebuild the module")
    return out


def _describe(p: Provenance) -> str:
    return f"game {p.game_id!r} (data sha256 {p.checksum[:12] or 'unknown'})"
