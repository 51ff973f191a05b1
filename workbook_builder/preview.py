"""Pictures of the shipped sheets for the README (``workbook-builder render``).

Each template is built again with a few example games (or none) and 15 rows, printed
by LibreOffice, and the top of the Games and Chart pages is cut out with pdftoppm, so
the picture shows what a player sees on opening the file.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.formatting.formatting import ConditionalFormattingList
from openpyxl.worksheet.formula import ArrayFormula

from .build import build
from .kit.howto import HOWTO_TITLE
from .kit.phone import SCREEN_PX
from .libreoffice import convert
from .lint import lambda_names
from .messages import say
from .sheets import SHEET_TYPES
from .spec import Spec

DPI = 110
CROP = {1: ("", 880, 560), 2: ("_chart", 700, 520)}
"""PDF page → (file suffix, width, height in pixels at DPI)."""
PHONE_DPI = 96
"""A CSS pixel is 1/96 inch: at 96 DPI a sheet printed at 100 % is the phone's 100 %."""
PHONE_MARGIN = 0.25
"""Left and top print margin (inches) of the phone picture: cut off before cropping."""
PHONE_HEIGHT = 640
Tables = Mapping[str, Sequence[Mapping[str, object]]]
"""Input tables by key, as :func:`~workbook_builder.build.build` takes them."""


def japanese_fonts() -> bool | None:
    """Whether fontconfig knows a font that draws Japanese (``fc-list :lang=ja``); None
    when there is no fc-list to ask (LibreOffice then uses the system's fonts, as on a
    Mac or Windows, which have Japanese ones)."""
    try:
        done = subprocess.run(["fc-list", ":lang=ja", "family"], check=False, timeout=60,
                              capture_output=True, text=True)
    except FileNotFoundError:
        return None
    return done.returncode == 0 and bool(done.stdout.strip())


def require_japanese_font() -> None:
    """Refuse to draw pictures without a Japanese font: LibreOffice would draw every
    Japanese word as empty boxes and say nothing, and the pictures would go to the README."""
    if japanese_fonts() is False:
        raise RuntimeError(say("render.no_cjk_font"))


def render_previews(specs: Sequence[Spec], out_dir: Path, example: bool = True) -> list[Path]:
    """PNG files ``<output>.png`` (Games) and ``<output>_chart.png`` for each spec."""
    require_japanese_font()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="wb-preview-") as tmp:
        small = [dataclasses.replace(spec, rows=15, players=8) for spec in specs]
        books = [build(spec, Path(tmp),
                       tables=SHEET_TYPES[spec.system].example_tables(spec) if example else None)
                 for spec in small]
        for book in books:
            _show_cached_calls(book)
        pdfs = convert(books, Path(tmp) / "pdf", "pdf")
        for spec, pdf in zip(specs, pdfs, strict=True):
            for page, (suffix, width, height) in CROP.items():
                prefix = Path(tmp) / f"{spec.output}{suffix}"
                _crop(pdf, page, width, height, prefix, spec.output)
                target = out_dir / f"{spec.output}{suffix}.png"
                shutil.move(f"{prefix}.png", target)
                written.append(target)
    return written


def _crop(pdf: Path, page: int, width: int, height: int, prefix: Path, name: str,
          dpi: int = DPI, edge: tuple[str, str] = ("60", "90")) -> None:
    """Page ``page`` of ``pdf`` at ``dpi``, ``width`` × ``height`` from ``edge`` (x, y),
    as ``prefix``.png."""
    try:
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page),
                        "-singlefile", "-x", edge[0], "-y", edge[1], "-W", str(width),
                        "-H", str(height), str(pdf), str(prefix)],
                       check=True, timeout=120, capture_output=True, text=True)
    except FileNotFoundError:
        raise RuntimeError(say("render.no_pdftoppm")) from None
    except subprocess.CalledProcessError as exc:
        reason = exc.stderr.strip()[-300:] or exc.returncode
        raise RuntimeError(say("render.pdftoppm_failed", name=name, reason=reason)) from None
    except subprocess.TimeoutExpired as exc:
        raise RuntimeError(say("render.pdftoppm_failed", name=name,
                               reason=f"{exc.timeout:g} s")) from None


def render_phone(specs: Sequence[Spec], out_dir: Path, howto: bool = False) -> list[Path]:
    """PNG files ``<output>_phone.png``: what an upright phone (390 px, 100 % zoom) shows
    of the first sheet on opening, row numbers included, from a print at 100 %; with
    ``howto``, of the 使い方 / How to sheet (``<output>_howto_phone.png``)."""
    require_japanese_font()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="wb-phone-") as tmp:
        pdfs = convert(example_books(specs, Path(tmp), howto), Path(tmp) / "pdf", "pdf")
        margin = str(int(PHONE_MARGIN * PHONE_DPI))
        edge = (margin, margin)
        for spec, pdf in zip(specs, pdfs, strict=True):
            name = f"{spec.output}{'_howto' if howto else ''}_phone"
            prefix = Path(tmp) / name
            _crop(pdf, 1, SCREEN_PX, PHONE_HEIGHT, prefix, name, dpi=PHONE_DPI, edge=edge)
            target = out_dir / f"{name}.png"
            shutil.move(f"{prefix}.png", target)
            written.append(target)
    return written


def example_books(specs: Sequence[Spec], tmp: Path, howto: bool = False,
                  retable: Callable[[Tables], Tables] | None = None) -> list[Path]:
    """Each spec's workbook with its example games (15 rows, 8 players) in ``tmp``, set to
    print its first sheet (or, with ``howto``, the 使い方 / How to sheet, moved first) at
    100 % with row numbers, as a phone shows it. ``retable`` changes the example tables
    first (a test's widest dates)."""
    small = [dataclasses.replace(spec, rows=15, players=8) for spec in specs]
    change = retable or (lambda tables: tables)
    books = [build(spec, tmp, tables=change(SHEET_TYPES[spec.system].example_tables(spec)))
             for spec in small]
    for spec, book in zip(small, books, strict=True):
        _show_cached_calls(book)
        _print_at_full_size(book, HOWTO_TITLE(spec.lang) if howto else None)
    return books


def _print_at_full_size(path: Path, sheet: str | None = None) -> None:
    """The first sheet (or ``sheet``, moved first) printed at 100 % with row numbers (a
    phone shows them), narrow margins, instead of fitted to the page's width."""
    wb = load_workbook(path)
    if sheet is not None:
        wb.move_sheet(sheet, -wb.sheetnames.index(sheet))
        wb.active = 0
    ws = wb.worksheets[0]
    setup = ws.sheet_properties.pageSetUpPr
    if setup is not None:
        setup.fitToPage = False
    ws.page_setup.scale = 100
    ws.print_options.headings = True
    ws.page_margins.left = ws.page_margins.top = PHONE_MARGIN
    wb.save(path)


def _show_cached_calls(path: Path) -> None:
    """Cells that call the workbook's LAMBDA names as their cached values (without the
    overwrite highlight that would then fire): LibreOffice has no LAMBDA, and the picture
    shows what Excel 365 shows."""
    wb = load_workbook(path)
    if not lambda_names(wb):
        return
    values = load_workbook(path, data_only=True)
    for ws in wb.worksheets:
        ws.conditional_formatting = ConditionalFormattingList()
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, ArrayFormula):
                    cell.value = values[ws.title][cell.coordinate].value
    wb.save(path)
