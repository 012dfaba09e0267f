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
import lzma
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

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


def deobfuscate(raw: bytes, path: str | Path = "<bytes>") -> tuple[str, str, list[str]]:
    """(text, format, warnings) of a ``savedGame`` entry."""
    if raw.startswith(VCSK):
        text, warnings = _vcsk(raw, path)
        return text, "VCSK", warnings
    warnings = []
    if raw.startswith(VOBS):
        if len(raw) < 5:
            raise LogFormatError(path, f"{ENTRY} header", "the 'VOBS' header has no key byte")
        key, data, fmt = raw[4], raw[5:], "VOBS"
        warnings.append(f"'VOBS' obfuscation: {NOT_VASSAL}")
    elif raw.startswith(XZ):
        try:
            dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
            data = dec.decompress(raw, max_length=MAX_TEXT + 1)
        except lzma.LZMAError as e:
            raise LogFormatError(path, ENTRY, f"broken xz data ({e})") from None
        if len(data) > MAX_TEXT or not dec.eof:
            raise LogFormatError(path, ENTRY, f"xz data is truncated or decompresses past {MAX_TEXT} bytes")
        key, fmt = 0, "XZ"
        warnings.append(f"xz-compressed: {NOT_VASSAL}")
    else:
        key, data, fmt = 0, raw, "PLAIN"
    text, more = _utf8(data.translate(_xor(key)) if key else data)
    return text, fmt, warnings + more


def _vcsk(raw: bytes, path: str | Path) -> tuple[str, list[str]]:
    """The text of the ``!VCSK`` form, decoded a chunk at a time (no whole-size copies of the hex digits: a long
    log's entry is twice its text)."""
    body = memoryview(raw)[len(VCSK):]
    if len(body) < 2 or len(body) % 2:
        raise LogFormatError(path, f"{ENTRY} header", "obfuscated text has an odd number of hex digits"
                             if len(body) >= 2 else "the '!VCSK' header has no key")
    table = _xor(_unhex(body, 0, 2, raw, path)[0])
    utf8 = codecs.getincrementaldecoder("utf-8")()
    try:
        parts = [utf8.decode(_unhex(body, i, i + CHUNK, raw, path).translate(table)) for i in range(2, len(body), CHUNK)]
        parts.append(utf8.decode(b"", final=True))
    except UnicodeDecodeError:  # said with the byte it is at, as the whole text decodes
        return _utf8(_unhex(body, 2, len(body), raw, path).translate(table))
    return "".join(parts), []


CHUNK = 1 << 22  # hex digits decoded at a time (even: whole bytes)


def _unhex(body: memoryview, start: int, end: int, raw: bytes, path: str | Path) -> bytes:
    """The bytes of ``body[start:end]``'s hex digits; a clear error at the first byte that is not one."""
    try:
        return binascii.unhexlify(body[start:end])
    except binascii.Error:
        at = next(i for i in range(start, min(end, len(body))) if body[i] not in _HEX) + len(VCSK)
        raise LogFormatError(path, f"{ENTRY} byte {at}", f"{chr(raw[at])!r} is not a hex digit") from None


def _xor(key: int) -> bytes:
    return bytes(b ^ key for b in range(256))


def _utf8(data: bytes) -> tuple[str, list[str]]:
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as e:
        return data.decode("utf-8", errors="replace"), [f"text is not valid UTF-8 (first at byte {e.start}); VASSAL "
                                                        "shows such bytes as '\ufffd'"]


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
        if ENTRY not in sz:
            raise LogFormatError(path, "zip container",
                                 f"no {ENTRY!r} entry (VASSAL: 'Invalid saveFile format'); entries: "
                                 f"{', '.join(sz.names()[:10]) or 'none'}")
        if sz.size(ENTRY) > MAX_ENTRY:
            raise LogFormatError(path, f"zip entry {ENTRY!r}", f"{sz.size(ENTRY):,} bytes; at most {MAX_ENTRY:,} "
                                 f"are read (a command text of {MAX_TEXT // 2 ** 20} MB)")
        raw = sz.read(ENTRY)
        text, fmt, warnings = deobfuscate(raw, path)
        if len(text) > MAX_TEXT:
            raise LogFormatError(path, f"zip entry {ENTRY!r}", f"{len(text):,} characters of commands; at most "
                                 f"{MAX_TEXT:,} are read")
        return SaveFile(str(path), text, fmt, _metadata(sz, "savedata"), _metadata(sz, "moduledata"),
                        tuple(warnings))


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
