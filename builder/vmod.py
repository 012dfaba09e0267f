"""Writing VASSAL archives (.vmod, .vsav): deterministic zips written atomically."""
from __future__ import annotations

import io
import os
import tempfile
import zipfile
from pathlib import Path

_EPOCH = (1980, 1, 1, 0, 0, 0)


class OutputExists(FileExistsError):
    """The output file exists and overwriting was not asked for."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """A deterministic zip of ``entries``: sorted names, fixed timestamps and permissions."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name], compresslevel=9)
    return out.getvalue()


def zip_bytes_to(path: Path, entries: dict[str, bytes], force: bool = False) -> Path:
    """Write ``entries`` (archive name -> bytes) as a zip at ``path``.

    The same entries give the same bytes (see :func:`zip_bytes`). The file appears complete or not at all (temp file + rename); an existing file is only
    replaced when ``force`` is true.
    """
    path = Path(path)
    if path.exists() and not force:
        raise OutputExists(f"{path} exists; use --force to overwrite it")
    path.parent.mkdir(parents=True, exist_ok=True)
    data = zip_bytes(entries)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as raw:
            raw.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path
