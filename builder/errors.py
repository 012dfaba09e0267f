"""Errors for people: which file, where in it, and what is wrong (or what would be valid)."""
from __future__ import annotations

from pathlib import Path


class FormatError(ValueError):
    """An input file that cannot be read: ``file``, ``place`` in it, and ``what``."""

    def __init__(self, file: str | Path, place: str, what: str) -> None:
        self.file, self.place, self.what = str(file), place, what
        super().__init__(f"{self.file}: {place}: {what}" if place else f"{self.file}: {what}")


class LogFormatError(FormatError):
    """A saved game (.vsav) or log (.vlog) that cannot be read."""


class ModuleFormatError(FormatError):
    """A module (.vmod) that cannot be read."""


class BindingError(FormatError):
    """A binding file that cannot be read, or a binding that names nothing."""
