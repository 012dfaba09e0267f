"""Reading zips from other people defensively: bounded entry count and sizes, no ``..`` paths.

Limits are checked from the central directory *before* anything is decompressed, and again
while decompressing (a lying header cannot make a read exceed its limit).
"""
from __future__ import annotations

import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterator

from hexforge.builder.errors import FormatError


@dataclass(frozen=True, slots=True)
class ZipLimits:
    """How much of a zip we are willing to read."""

    max_entries: int = 20_000
    max_entry_size: int = 256 * 1024 * 1024
    max_total_size: int = 1024 * 1024 * 1024
    max_ratio: int = 1_000


DEFAULT_LIMITS = ZipLimits()


class SafeZip:
    """A zip archive opened for bounded reading; raise ``error`` (a FormatError class) on any problem."""

    def __init__(self, path: Path, error: type[FormatError], limits: ZipLimits = DEFAULT_LIMITS) -> None:
        self.path, self.error, self.limits = Path(path), error, limits
        try:
            self._zip = zipfile.ZipFile(self.path)
            infos = self._zip.infolist()
        except FileNotFoundError:
            raise error(self.path, "", "no such file") from None
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as e:
            raise error(self.path, "zip container", f"not a readable zip archive ({e})") from None
        if len(infos) > limits.max_entries:
            raise error(self.path, "zip container", f"{len(infos)} entries; at most {limits.max_entries} are read")
        total = 0
        self._infos: dict[str, zipfile.ZipInfo] = {}
        self._copies: dict[str, int] = {}
        for info in infos:
            name = info.filename
            parts = PurePosixPath(name.replace("\\", "/")).parts
            if name.startswith(("/", "\\")) or ".." in parts or (parts and ":" in parts[0]):
                raise error(self.path, f"zip entry {name!r}", "path leaves the archive (absolute or '..')")
            if info.file_size > limits.max_entry_size:
                raise error(self.path, f"zip entry {name!r}",
                            f"uncompressed size {info.file_size} bytes; at most {limits.max_entry_size} are read")
            if info.compress_size and info.file_size / info.compress_size > limits.max_ratio:
                raise error(self.path, f"zip entry {name!r}",
                            f"compression ratio {info.file_size // info.compress_size}:1 looks like a zip bomb "
                            f"(at most {limits.max_ratio}:1)")
            total += info.file_size
            self._infos.setdefault(name, info)
            self._copies[name] = self._copies.get(name, 0) + 1
        if total > limits.max_total_size:
            raise error(self.path, "zip container",
                        f"{total} bytes uncompressed; at most {limits.max_total_size} are read")

    def __enter__(self) -> SafeZip:
        return self

    def __exit__(self, *exc: object) -> None:
        self._zip.close()

    def names(self) -> list[str]:
        return list(self._infos)

    def __contains__(self, name: str) -> bool:
        return name in self._infos

    def size(self, name: str) -> int:
        """An entry's declared uncompressed size (0 when there is no such entry)."""
        info = self._infos.get(name)
        return info.file_size if info else 0

    def read(self, name: str) -> bytes:
        """An entry's bytes, never more than its declared size (nor the per-entry limit)."""
        return b"".join(self.pieces(name, 1 << 62))

    def pieces(self, name: str, size: int) -> Iterator[bytes]:
        """An entry's bytes ``size`` at a time, never more than its declared size (nor the per-entry limit)."""
        info = self._infos.get(name)
        if info is None:
            raise self.error(self.path, f"zip entry {name!r}", f"missing; entries: {', '.join(sorted(self._infos)[:20])}")
        where = f"zip entry {name!r}"
        if self._copies[name] > 1:
            raise self.error(self.path, where, f"the archive holds {self._copies[name]} entries of this name; "
                             "VASSAL's ZipArchive keeps the last, Python's and other zip tools may read the first, "
                             "so which one the file means is ambiguous: not read")
        if info.flag_bits & 0x1:
            raise self.error(self.path, where, "is encrypted; VASSAL cannot read encrypted entries either")
        left = min(info.file_size, self.limits.max_entry_size)
        broken = (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError, NotImplementedError)
        try:
            f = self._zip.open(info)
        except broken as e:
            raise self.error(self.path, where, f"cannot be decompressed, the data is corrupt ({e})") from None
        with f:
            while True:
                try:
                    data = f.read(min(size, left + 1))
                except broken as e:
                    raise self.error(self.path, where, f"cannot be decompressed, the data is corrupt ({e})") from None
                if not data:
                    return
                if len(data) > left:
                    raise self.error(self.path, where, "holds more bytes than its header declares")
                left -= len(data)
                yield data
