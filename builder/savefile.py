"""The .vsav/.vlog container: a zip whose ``savedGame`` entry holds the command text.

VASSAL 3.x writes ``!VCSK`` + a key as two hex digits + every UTF-8 byte XOR key as two
lower-case hex digits (``ObfuscatingOutputStream``) and reads that or plain text
(``DeobfuscatingInputStream`` passes other input through). Two other forms exist in the wild:
``VOBS`` + key byte + raw bytes XOR key, and xz-compressed text. VASSAL 3.6/3.7 cannot open
either; we decode them and say so in :attr:`SaveFile.warnings`.
"""
from __future__ import annotations

import binascii
import codecs
import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from hexforge.builder.commands import ESC
from hexforge.builder.errors import LogFormatError
from hexforge.builder.safezip import SafeZip
from hexforge.builder.vmod import zip_bytes_to

ENTRY = "savedGame"
VCSK = b"!VCSK"
VOBS = b"VOBS"
XZ = b"\xfd7zXZ\x00"
# Command text read from one save or log: 64 MB is about 200,000 engine-written moves with
# their reports (~330 bytes each); the '!VCSK' form takes two hex digits per byte.
MAX_TEXT = 64 * 1024 * 1024
MAX_ENTRY = 2 * MAX_TEXT + 16
MAX_METADATA = 2 ** 20  # bytes of 'savedata' or 'moduledata'
_HEX = b"0123456789abcdefABCDEF"
NOT_VASSAL = "VASSAL 3.6/3.7 would not open this file (it reads only '!VCSK' or plain text)"


@dataclass(frozen=True, slots=True)
class SaveFile:
    """A decoded save or log: its command text, the form it was in, and its metadata."""

    path: str
    text: str
    format: str
    metadata: dict[str, str] = field(default_factory=dict)
    module: dict[str, str] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()

    @property
    def commands(self) -> int:
        """Top-level commands in the text (what a reader's progress counts)."""
        return self.text.count(ESC) + 1

    def pieces(self) -> Iterator[str]:
        return iter((self.text,))


@dataclass(frozen=True, slots=True)
class SaveStream:
    """A save or log whose text is read from its file a piece at a time each time ``pieces()`` is called, never
    held whole (a long log's check keeps its memory flat). Opened by :func:`stream_save`, which reads it once
    through, so its errors, warnings and ``commands`` are known before any use."""

    path: str
    format: str
    metadata: dict[str, str]
    module: dict[str, str]
    warnings: tuple[str, ...]
    commands: int

    def pieces(self) -> Iterator[str]:
        with SafeZip(Path(self.path), LogFormatError) as sz:
            yield from _entry_text(sz, self.path, [])[1]


def deobfuscate(raw: bytes, path: str | Path = "<bytes>") -> tuple[str, str, list[str]]:
    """(text, format, warnings) of a ``savedGame`` entry."""
    warnings: list[str] = []
    fmt, pieces = decode_entry(iter((raw,)), path, warnings)
    return "".join(pieces), fmt, warnings


def decode_entry(raw: Iterator[bytes], path: str | Path, warnings: list[str]) -> tuple[str, Iterator[str]]:
    """(format, its text a piece at a time) of a ``savedGame`` entry read a piece at a time; ``warnings`` gets
    what VASSAL would not read as the pieces are decoded. At most :data:`MAX_TEXT` characters are read."""
    head = b""
    while len(head) < len(XZ) and (piece := next(raw, None)) is not None:
        head += piece
    rest = itertools.chain((head,), raw)
    if head.startswith(VCSK):
        return "VCSK", _utf8(_vcsk(rest, path), path, warnings)
    if head.startswith(VOBS):
        if len(head) < 5:
            raise LogFormatError(path, f"{ENTRY} header", "the 'VOBS' header has no key byte")
        warnings.append(f"'VOBS' obfuscation: {NOT_VASSAL}")
        return "VOBS", _utf8(_xored(rest, head[4], 5), path, warnings)
    if head.startswith(XZ):
        warnings.append(f"xz-compressed: {NOT_VASSAL}")
        return "XZ", _utf8(_unxz(rest, path), path, warnings)
    return "PLAIN", _utf8(rest, path, warnings)


def _xored(raw: Iterable[bytes], key: int, skip: int) -> Iterator[bytes]:
    """The bytes after the first ``skip``, each XOR ``key`` (the 'VOBS' form)."""
    table = _xor(key)
    for piece in raw:
        piece, skip = piece[skip:], max(0, skip - len(piece))
        yield piece.translate(table)


def _unxz(raw: Iterable[bytes], path: str | Path) -> Iterator[bytes]:
    """The xz form's bytes. ``lzma`` is imported here: a Python built without liblzma (``_lzma``) still reads every
    form VASSAL writes."""
    try:
        import lzma
    except ImportError:
        raise LogFormatError(path, ENTRY, "xz-compressed, and this Python has no lzma module to read it "
                             "(VASSAL 3.6/3.7 cannot open this form either)") from None
    dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    out = 0
    try:
        for piece in raw:
            while not dec.eof:
                data = dec.decompress(piece, max_length=CHUNK)
                piece, out = b"", out + len(data)
                if out > MAX_TEXT:
                    raise LogFormatError(path, ENTRY, f"xz data decompresses past {MAX_TEXT} bytes")
                yield data
                if dec.needs_input:
                    break
    except lzma.LZMAError as e:
        raise LogFormatError(path, ENTRY, f"broken xz data ({e})") from None
    if not dec.eof:
        raise LogFormatError(path, ENTRY, "xz data is truncated")


def _vcsk(raw: Iterable[bytes], path: str | Path) -> Iterator[bytes]:
    """The bytes of the ``!VCSK`` form's hex digits after the key, each XOR the key, :data:`CHUNK` digits at a
    time (no whole-size copies: a long log's entry is twice its text)."""
    table, at, carry = None, 0, b""  # at: the entry's offset of ``carry``'s first digit
    for piece in raw:
        data = carry + piece if carry else piece
        if at == 0:
            data, at = data[len(VCSK):], len(VCSK)
        if table is None:
            if len(data) < 2:
                carry = data
                continue
            table, data, at = _xor(_unhex(data, 0, 2, at, path)[0]), data[2:], at + 2
        whole = len(data) - len(data) % 2
        view = memoryview(data)
        for i in range(0, whole, CHUNK):
            yield _unhex(view, i, min(i + CHUNK, whole), at, path).translate(table)
        carry, at = data[whole:], at + whole
    if table is None:
        raise LogFormatError(path, f"{ENTRY} header", "the '!VCSK' header has no key")
    if carry:
        raise LogFormatError(path, f"{ENTRY} header", "obfuscated text has an odd number of hex digits")


CHUNK = 1 << 22  # hex digits (or bytes) decoded at a time (even: whole bytes)


def _unhex(body: bytes | memoryview, start: int, end: int, offset: int, path: str | Path) -> bytes:
    """The bytes of ``body[start:end]``'s hex digits (``body`` begins at the entry's byte ``offset``); a clear
    error at the first byte that is not one."""
    try:
        return binascii.unhexlify(body[start:end])
    except binascii.Error:
        i = next(i for i in range(start, min(end, len(body))) if body[i] not in _HEX)
        raise LogFormatError(path, f"{ENTRY} byte {offset + i}", f"{chr(body[i])!r} is not a hex digit") from None


def _xor(key: int) -> bytes:
    return bytes(b ^ key for b in range(256))


def _utf8(raw: Iterable[bytes], path: str | Path, warnings: list[str]) -> Iterator[str]:
    """The text of UTF-8 bytes given in pieces; bytes that are not UTF-8 read as '\ufffd', as VASSAL shows
    them, with one warning naming the first. Refused past :data:`MAX_TEXT` characters."""
    dec = codecs.getincrementaldecoder("utf-8")()
    fed = out = 0
    for piece in itertools.chain(raw, (None,)):
        pending = dec.getstate()[0]
        try:
            text = dec.decode(piece or b"", final=piece is None)
        except UnicodeDecodeError as e:  # strict so far: from here on, replaced
            data = pending + (piece or b"")
            warnings.append(f"text is not valid UTF-8 (first at byte {fed - len(pending) + e.start}); VASSAL shows "
                            "such bytes as '\ufffd'")
            dec = codecs.getincrementaldecoder("utf-8")(errors="replace")
            text = data[:e.start].decode("utf-8") + dec.decode(data[e.start:], final=piece is None)
        fed, out = fed + len(piece or b""), out + len(text)
        if out > MAX_TEXT:
            raise LogFormatError(path, f"zip entry {ENTRY!r}", f"more than {MAX_TEXT:,} characters of commands; at "
                                 f"most {MAX_TEXT:,} are read")
        if text:
            yield text


def obfuscate(text: str, key: int) -> bytes:
    """``!VCSK`` form of ``text`` with a given key (0-255); the same inputs give the same bytes."""
    if not 0 <= key <= 255:
        raise ValueError("the key is one byte (0-255)")
    data = text.encode("utf-8").translate(_xor(key))
    return VCSK + b"%02x" % key + data.hex().encode("ascii")


def _metadata(sz: SafeZip, name: str) -> dict[str, str]:
    if name not in sz:
        return {}
    if sz.size(name) > MAX_METADATA:
        raise LogFormatError(sz.path, f"zip entry {name!r}", f"{sz.size(name):,} bytes; at most {MAX_METADATA:,} "
                             "are read (VASSAL writes a few hundred)")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    data = sz.read(name)
    if b"<!ENTITY" in data:
        raise LogFormatError(sz.path, f"zip entry {name!r}", "declares XML entities, which are not read")
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as e:
        raise LogFormatError(sz.path, f"zip entry {name!r}", f"not well-formed XML ({e})") from None
    return {child.tag: (child.text or "") for child in root if isinstance(child.tag, str)}


def read_save(path: str | Path) -> SaveFile:
    """Open a .vsav/.vlog and decode its ``savedGame`` entry."""
    with SafeZip(Path(path), LogFormatError) as sz:
        warnings: list[str] = []
        fmt, pieces = _entry_text(sz, path, warnings)
        text = "".join(pieces)
        return SaveFile(str(path), text, fmt, _metadata(sz, "savedata"), _metadata(sz, "moduledata"),
                        tuple(warnings))


def stream_save(path: str | Path) -> SaveStream:
    """Open a .vsav/.vlog to read its text a piece at a time: read through once now (its errors, warnings and
    command count), never held whole."""
    with SafeZip(Path(path), LogFormatError) as sz:
        warnings: list[str] = []
        fmt, pieces = _entry_text(sz, path, warnings)
        commands = sum(p.count(ESC) for p in pieces) + 1
        return SaveStream(str(path), fmt, _metadata(sz, "savedata"), _metadata(sz, "moduledata"), tuple(warnings),
                          commands)


def _entry_text(sz: SafeZip, path: str | Path, warnings: list[str]) -> tuple[str, Iterator[str]]:
    """(format, text pieces) of the zip's ``savedGame`` entry."""
    if ENTRY not in sz:
        raise LogFormatError(path, "zip container",
                             f"no {ENTRY!r} entry (VASSAL: 'Invalid saveFile format'); entries: "
                             f"{', '.join(sz.names()[:10]) or 'none'}")
    if sz.size(ENTRY) > MAX_ENTRY:
        raise LogFormatError(path, f"zip entry {ENTRY!r}", f"{sz.size(ENTRY):,} bytes; at most {MAX_ENTRY:,} "
                             f"are read (a command text of {MAX_TEXT // 2 ** 20} MB)")
    return decode_entry(sz.pieces(ENTRY, CHUNK), path, warnings)


def _data_xml(fields: list[tuple[str, str]]) -> bytes:
    root = etree.Element("data", version="1")
    for tag, value in fields:
        etree.SubElement(root, tag).text = value
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)


def write_save(path: str | Path, text: str, key: int, module_name: str, module_version: str,
               description: str = "", date_saved_ms: int = 0, vassal_version: str = "3.6.0",
               force: bool = False) -> Path:
    """Write a .vsav/.vlog (``!VCSK`` with ``key``), atomically and deterministically."""
    savedata = _data_xml([("version", module_version), ("extra1", ""), ("extra2", ""),
                          ("VassalVersion", vassal_version), ("dateSaved", str(date_saved_ms)),
                          ("description", description)])
    moduledata = _data_xml([("version", module_version), ("extra1", ""), ("extra2", ""),
                            ("VassalVersion", vassal_version), ("dateSaved", str(date_saved_ms)),
                            ("description", ""), ("name", module_name)])
    return zip_bytes_to(Path(path), {ENTRY: obfuscate(text, key), "savedata": savedata,
                                     "moduledata": moduledata}, force=force)
