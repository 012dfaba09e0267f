"""The one way hexforge writes an output file: atomically, never over an input, never over an
existing file without ``force``, with the ordinary file mode (0666 less the umask).

Call :func:`check_target` for every output before doing any work or printing anything, then
:func:`write_atomic` for each. A failure names the target file, never a temporary one.
"""
from __future__ import annotations

import codecs
import io
import os
import secrets
import sys
from collections.abc import Iterable
from pathlib import Path

import click


class OutputError(click.ClickException):
    """An output that must not or cannot be written; the message names the target."""


def _same(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return os.path.realpath(a) == os.path.realpath(b)


def check_target(path: Path, force: bool = False, inputs: Iterable[Path | None] = (), parents: bool = False) -> Path:
    """Refuse an output that is one of ``inputs`` (whatever ``force`` says), that exists without
    ``force``, that is a folder, or whose folder does not exist (with ``parents``: cannot be made)."""
    path = Path(path)
    for src in inputs:
        if src is not None and _same(path, Path(src)):
            raise OutputError(f"{path} is also an input of this command; it is never written over "
                              "(choose another output file)")
    if path.is_dir():
        raise OutputError(f"{path} is a folder; give the path of a file to write")
    if path.exists() and not force:
        raise OutputError(f"{path} exists; use --force to overwrite it")
    parent = path.parent
    while parents and not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise OutputError(f"cannot write {path}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {path}: folder {parent} is not writable")
    return path


def write_atomic(path: Path, data: bytes | str, force: bool = False, inputs: Iterable[Path | None] = (),
                 parents: bool = False) -> Path:
    """Write ``data`` (text as UTF-8) to ``path``: the file appears complete or not at all.
    With ``parents``, missing folders above it are made first."""
    path = check_target(Path(path), force, tuple(inputs), parents)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
    try:
        if parents:
            path.parent.mkdir(parents=True, exist_ok=True)
        # O_EXCL: never follow or reuse an existing name; mode 0666 lets the umask decide as for any file.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
        os.replace(tmp, path)
    except BaseException as e:
        tmp.unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise OutputError(f"cannot write {path}: {e.strerror or e}") from None
        raise
    return path


_REPLACER = "hexforge.replace"
_replaced: list[str] = []  # the encoding that could not show a character, once


def _replace(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    if not _replaced:  # the stream's own name for it ("cp1252"), not the codec's ("charmap")
        _replaced.append(getattr(sys.stdout, "encoding", None) or err.encoding)
    return "?" * (err.end - err.start), err.end


codecs.register_error(_REPLACER, _replace)


def tolerant_terminal() -> None:
    """Let stdout/stderr print '?' for what their encoding cannot show, instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=_REPLACER)


def note_replacements() -> None:
    """Say once, on stderr, that characters were replaced (a no-op when none were)."""
    if _replaced:
        sys.stderr.write(f"note: this terminal's encoding ({_replaced[0]}) cannot show some characters; "
                         "they were printed as '?' (set PYTHONIOENCODING=utf-8 to see them)\n")
        sys.stderr.flush()


class _Quiet:
    """A progress bar that shows nothing (output is not a terminal)."""

    pos = 0

    def __enter__(self) -> _Quiet:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int, current_item: object = None) -> None:
        return None


def progress(length: int, label: str):
    """A progress bar on stderr when stderr is a terminal; silent otherwise (logs, pipes, tests)."""
    if sys.stderr.isatty():
        return click.progressbar(length=length, label=label, file=sys.stderr)
    return _Quiet()
