"""Writing VASSAL archives (.vmod, .vsav): deterministic zips written atomically."""
from __future__ import annotations

import contextlib
import io
import os
import signal
import tempfile
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

_EPOCH = (1980, 1, 1, 0, 0, 0)


class OutputExists(FileExistsError):
    """The output file exists and overwriting was not asked for."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write_zip(target: IO[bytes], entries: dict[str, bytes]) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name], compresslevel=9)


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """A deterministic zip of ``entries``: sorted names, fixed timestamps and permissions."""
    out = io.BytesIO()
    _write_zip(out, entries)
    return out.getvalue()


def zip_bytes_to(path: Path, entries: dict[str, bytes], force: bool = False) -> Path:
    """Write ``entries`` (archive name -> bytes) as a zip at ``path``.

    The same entries give the same bytes as :func:`zip_bytes`. The file appears complete or not
    at all: the zip is streamed into a temp file beside ``path`` and renamed over it; on any
    failure (an exception, Ctrl-C, a full disk) the temp file and any folder made for ``path``
    are removed and an existing file is left as it was. An existing file is only replaced when
    ``force`` is true.
    """
    path = Path(path)
    if path.exists() and not force:
        raise OutputExists(f"{path} exists; use --force to overwrite it")
    with _termination_as_exit():
        made = _make_parents(path.parent)
        tmp: str | None = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            with os.fdopen(fd, "wb") as raw:
                _write_zip(raw, entries)
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
            os.replace(tmp, path)
        except BaseException:
            if tmp is not None and os.path.exists(tmp):
                os.unlink(tmp)
            for folder in made:
                _remove_if_empty(folder)
            raise
    return path


@contextlib.contextmanager
def _termination_as_exit() -> Iterator[None]:
    """While writing, SIGTERM raises ``SystemExit`` (so the temp file is removed) instead of
    ending the process on the spot; only the main thread may set signal handlers."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _make_parents(folder: Path) -> list[Path]:
    """Create ``folder`` and its missing parents; the ones created, deepest first."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    return missing


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass
