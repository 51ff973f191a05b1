"""The post-save pass: cached values in, timestamps out, a byte-identical zip.

openpyxl saves formulas without results (phone previews then show blanks) and stamps
the current time into ``docProps/core.xml`` and every zip entry. This pass rewrites
the saved file: each ``<c><f>…</f><v/></c>`` gets the engine's value (``t="str"``
for text, ``t="b"``, ``t="e"`` for errors), the formulas of a column that are the same
relative to their row become one shared formula (:func:`share`), core.xml gets a fixed
date, and the zip is rebuilt with fixed entry dates, modes and order.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path, PurePosixPath
from xml.sax.saxutils import escape

from .errors import WriteFailed
from .messages import os_reason, say

FIXED_TIME = "2024-01-01T00:00:00Z"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class CellError(str):
    """A cached error value such as ``#N/A`` (written with ``t="e"``)."""


CachedValues = Mapping[str, Mapping[str, object]]
"""Sheet title → cell reference (``"G4"``) → value."""

_FORMULA_CELL = re.compile(
    r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*?)><f(?P<fa>[^>]*)>(?P<f>.*?)</f>'
    r'(?:<v ?/>|<v></v>)</c>',  # Python's writer, or lxml's where openpyxl chose it
    re.S)
DYNAMIC = ' cm="1"'
"""Marks a cell's array formula as a dynamic array (Excel 365), as Excel writes it: the
first cell-metadata record of ``xl/metadata.xml``, the XLDAPR type."""
METADATA = "xl/metadata.xml"
_METADATA_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
    '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" '
    'copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" '
    'clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/>'
    '</metadataTypes><futureMetadata name="XLDAPR" count="1"><bk><extLst>'
    '<ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">'
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk>'
    '</futureMetadata><cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata>'
    '</metadata>')
_CACHED_CELL = re.compile(
    r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*?)( t="(?:str|b|e|n)")?>'
    r'(?P<f><f(?: [^>]*)?/>|<f(?: [^>]*)?>.*?</f>)<v>[^<]*</v></c>', re.S)
_PLAIN_FORMULA = re.compile(r'<c r="(?P<col>[A-Z]+)(?P<row>[0-9]+)"[^>]*><f>(?P<f>.*?)</f>', re.S)
_DIGITS = re.compile(r"[0-9]+")
_ROW_SLOT = re.compile(r"(?<![A-Za-z0-9_.$\0])\$?[A-Z]{1,3}\0(?![A-Za-z0-9_(!])")


def finalize(path: Path, cached: CachedValues, timestamp: str = FIXED_TIME) -> None:
    """Rewrite ``path`` in place: inject ``cached`` values, fix dates, re-zip.

    Raises ``ValueError`` if a formula cell has no cached value, so every shipped
    formula cell is guaranteed to carry one.
    """
    parts = _read(path)
    sheets = sheet_parts(parts)
    for title, part in sheets.items():
        values = cached.get(title, {})
        parts[part] = share(_inject(parts[part].decode(), values, title)).encode()
    if any(DYNAMIC.encode() in parts[p] for p in sheets.values()):
        _add_metadata(parts)
    core = parts["docProps/core.xml"].decode()
    core = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*", rf"\g<1>{timestamp}", core)
    parts["docProps/core.xml"] = core.encode()
    _write(path, parts)


def strip_cached_values(src: Path, dst: Path) -> None:
    """Copy ``src`` to ``dst`` without cached formula results, forcing a recalculation.

    Tests use this: LibreOffice may trust cached values, so a workbook is only really
    recalculated when it has none.
    """
    parts = _read(src)
    for part in sheet_parts(parts).values():
        xml = _CACHED_CELL.sub(r'<c r="\g<ref>"\g<attrs>>\g<f></c>', parts[part].decode())
        parts[part] = xml.encode()
    _write(dst, parts)


def sheet_parts(parts: Mapping[str, bytes]) -> dict[str, str]:
    """Sheet title → zip part name, read from workbook.xml and its relationships."""
    workbook = parts["xl/workbook.xml"].decode()
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    targets = dict(re.findall(r'<Relationship[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"', rels))
    targets.update({rid: t for t, rid in
                    re.findall(r'<Relationship[^>]*?Target="([^"]+)"[^>]*?Id="([^"]+)"', rels)})
    result = {}
    for name, rid in re.findall(r'<sheet [^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"', workbook):
        target = targets[rid]
        part = target.lstrip("/") if target.startswith("/") else str(PurePosixPath("xl") / target)
        result[_unescape(name)] = part
    return result


def _inject(xml: str, values: Mapping[str, object], title: str) -> str:
    def replace(match: re.Match[str]) -> str:
        ref = match["ref"]
        if ref not in values:
            raise ValueError(say("write.no_value", title=title, ref=ref))
        kind, text = _encode(values[ref])
        t = f' t="{kind}"' if kind else ""
        dynamic = DYNAMIC if 't="array"' in match["fa"] else ""
        return (f'<c r="{ref}"{match["attrs"]}{t}{dynamic}><f{match["fa"]}>{match["f"]}</f>'
                f'<v>{text}</v></c>')

    return _FORMULA_CELL.sub(replace, xml)


def _add_metadata(parts: dict[str, bytes]) -> None:
    """``xl/metadata.xml`` with its relationship and content type: what ``cm="1"`` points at."""
    parts[METADATA] = _METADATA_XML.encode()
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    rel = ('<Relationship Id="rIdMeta1" Type="http://schemas.openxmlformats.org/'
           'officeDocument/2006/relationships/sheetMetadata" Target="metadata.xml"/>')
    parts["xl/_rels/workbook.xml.rels"] = rels.replace("</Relationships>",
                                                       rel + "</Relationships>").encode()
    types = parts["[Content_Types].xml"].decode()
    override = ('<Override PartName="/xl/metadata.xml" ContentType="application/'
                'vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"/>')
    parts["[Content_Types].xml"] = types.replace("</Types>", override + "</Types>").encode()


def share(xml: str) -> str:
    """Write each column's formulas that are the same relative to their row as shared
    formulas: the first cell holds the text (``<f t="shared" ref=… si=…>``), the others
    only ``si``. Excel, LibreOffice, Gnumeric and openpyxl move the relative rows by the
    cell's distance from the first. The cells of a group need not be contiguous (a
    four-player game repeats every four rows). A formula naming another sheet or holding
    an array constant stays plain: a shared formula may hold neither (MS-XLSB
    SharedParsedFormula).
    """
    groups: dict[tuple[str, str, tuple[int | str, ...]], list[int]] = {}
    slots: dict[str, list[bool]] = {}
    for m in _PLAIN_FORMULA.finditer(xml):
        text, row = m["f"], int(m["row"])
        if "!" in text or "{" in text or "&quot;" in text:
            continue
        skeleton = _DIGITS.sub("\0", text)
        if skeleton not in slots:
            slots[skeleton] = _row_slots(skeleton)
        moved = tuple(int(n) - row if relative else n for n, relative in
                      zip(_DIGITS.findall(text), slots[skeleton], strict=True))
        groups.setdefault((m["col"], skeleton, moved), []).append(row)
    shared = {(key[0], rows[0]): (i, rows[-1]) for i, (key, rows) in
              enumerate(g for g in groups.items() if len(g[1]) > 1)}
    member = {(key[0], row): shared[key[0], rows[0]][0] for key, rows in groups.items()
              if (key[0], rows[0]) in shared for row in rows}

    def replace(m: re.Match[str]) -> str:
        col, row = m["col"], int(m["row"])
        if (col, row) not in member:
            return m[0]
        head = m[0][:m.start("f") - m.start() - 3]
        if (col, row) in shared:
            si, last = shared[col, row]
            return f'{head}<f t="shared" ref="{col}{row}:{col}{last}" si="{si}">{m["f"]}</f>'
        return f'{head}<f t="shared" si="{member[col, row]}"/>'

    return _PLAIN_FORMULA.sub(replace, xml)


def _row_slots(skeleton: str) -> list[bool]:
    """For each number of a formula (a NUL in ``skeleton``, the formula with its numbers
    taken out), whether it is a relative row: a reference's row without ``$``, outside
    quoted text. Two formulas with one skeleton differ only in those numbers."""
    relative: set[int] = set()
    seen = 0
    for i, part in enumerate(skeleton.split('"')):
        if i % 2 == 0:
            relative.update(seen + part.count("\0", 0, m.end()) - 1
                            for m in _ROW_SLOT.finditer(part))
        seen += part.count("\0")
    return [k in relative for k in range(seen)]


def _encode(value: object) -> tuple[str, str]:
    if isinstance(value, CellError):
        return "e", escape(str(value))
    if isinstance(value, bool):
        return "b", "1" if value else "0"
    if isinstance(value, str):
        return "str", escape(value)
    if isinstance(value, int):
        return "", str(value)
    if isinstance(value, float):
        return "", str(int(value)) if value.is_integer() else repr(value)
    if value is None:
        return "str", ""
    raise TypeError(say("write.no_cache", value=value))


def _unescape(text: str) -> str:
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
            .replace("&apos;", "'").replace("&amp;", "&"))


def _read(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def _write(path: Path, parts: Mapping[str, bytes]) -> None:
    """Zip ``parts`` with fixed dates and modes, ``[Content_Types].xml`` first."""
    order = sorted(parts, key=lambda name: (name != "[Content_Types].xml", name))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 0
            zf.writestr(info, parts[name], compresslevel=9)
    Path(path).write_bytes(buffer.getvalue())


def write_finalized(target: Path, save: Callable[[Path], object], cached: CachedValues, *,
                    replace: bool = True) -> None:
    """Write the workbook ``save`` writes to ``target`` with its ``cached`` values
    (:func:`finalize`), all or nothing (:func:`write_new_file`)."""
    def write(temp: Path) -> None:
        save(temp)
        finalize(temp, cached)

    write_new_file(target, write, replace=replace)


def write_new_file(target: Path, write: Callable[[Path], None], *, replace: bool = True) -> None:
    """Write ``target`` through a uniquely named temporary file in the same folder.

    ``write`` fills the temporary path; it is renamed over ``target`` only when it
    succeeded, so a full disk or a read-only folder leaves neither a half-written
    ``target`` nor a stray temporary file, and never touches an existing
    ``target.partial`` (which may be someone's file). With ``replace=False`` an
    existing ``target`` is refused instead of overwritten.
    """
    temp: Path | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                        suffix=".partial")
        os.close(handle)
        temp = Path(name)
        write(temp)
        os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes it private; a saved file is not
        if not replace and target.exists():
            raise WriteFailed(say("write.exists", target=str(target)))
        os.replace(temp, target)
        temp = None
    except OSError as exc:
        raise WriteFailed(say("write.failed", target=str(target), reason=os_reason(exc))) from None
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                temp.unlink()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
