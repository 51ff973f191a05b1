"""What an upright phone shows of each shipped Games sheet (issue #28, part 6).

A phone 390 px wide at 100 % zoom shows the row numbers and then the columns from the
left: the frozen ones, then the first scrolling ones. Computed here from the file itself
(the ``<cols>`` widths and hidden flags, the frozen pane), not from the builder's code,
for both programs' rules: the columns a person types, the Status and the new ratings
must all be on that first screen.

How wide a width unit is differs: Excel draws about 7 px a unit plus 5 px of padding
(the default font's digit, Calibri 11); LibreOffice reads a unit as 7 pt, 9⅓ px at
100 % (measured: a 5.5-wide column is 0.5346 in once LibreOffice has saved the file as
ODS), and its row numbers take about 38 px.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook
from openpyxl.utils.cell import range_boundaries

DIST = Path(__file__).resolve().parent.parent / "dist"
SCREEN = 390
"""The phone's width in px."""
PROGRAMS = {"Excel": (lambda units: int(units * 7 + 5), 30, 44),
            "LibreOffice": (lambda units: int(units * 28 / 3), 38, 16)}
"""Program → (px of a column ``units`` wide at 100 %, px of the row numbers, px of
Status that must show). Status may run past the edge: in Excel its ⚠ and first word show
(⚠ and two full-width characters are 44 px), which says what to look at (勝敗, 日付,
名簿, 席2 …); LibreOffice's wider units leave the ⚠. A flagged row is amber across the
screen in both."""
PAST_THE_EDGE = {("ledger_go_ja", "LibreOffice"): {"NewB", "Status"},
                 ("ledger_go_en", "LibreOffice"): {"NewB", "Status"},
                 ("ledger_tokin_en", "LibreOffice"): {"Status"},
                 ("ledger_glicko_en", "LibreOffice"): {"Status"}}
"""The known shortfalls, all in LibreOffice's wider units (Excel shows every column):
a Go ledger has three inputs besides the names (result, handicap, type) and seven-
character points (27400.0), so B's new points reach past 390 px and Status starts beyond
it; the English Tokin ledger's monthly words (+20 later) need 6.5 units a side, and the
English Glicko ledger's (+107 later: a new player's change has three digits) 9, which
pushes Status off. The flagged row's amber still shows."""
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"

ANSWERS = {"tokin": ("Rating",), "club24": ("Rating",), "mosaic": ("Rating",),
           "elo": ("Rating", "InPeriod"), "glicko": ("Rating",), "go": ("Points",),
           "ledger": ("NewA", "NewB"), "yonin": ("NewRate",), "yonin_ledger": ("NewRate",)}
"""Each workbook kind's new rating: on a personal Elo sheet with rating periods the
rating inside the period (the settled one shows on the period's last row); on a ledger
with monthly lists what the row shows in its place (``Shown``: +16月末 in monthly mode)."""
FREE = {"Note", "Official", "Member"}
"""Typed but not at the table, so they may sit off screen: a free note; and a
four-player seat's official rank and membership, blank for most players (blank = none,
blank = member) and the same every game."""
SHEETS = sorted(p for p in DIST.glob("*.xlsx") if not p.name.startswith(("formulas", "lambda")))


def kind(path: Path) -> str:
    stem = path.stem.rsplit("_", 1)[0]
    return "ledger" if stem.startswith("ledger_") else stem


def sheet_xml(book: zipfile.ZipFile, title: str | None = None) -> ElementTree.Element:
    """A sheet's XML (the first sheet's, or the one called ``title``), through
    workbook.xml and its relationships."""
    workbook = ElementTree.fromstring(book.read("xl/workbook.xml"))
    sheets = workbook.findall(f"{MAIN}sheets/{MAIN}sheet")
    sheet = next((s for s in sheets if title is None or s.get("name") == title), None)
    assert sheet is not None, title
    rels = ElementTree.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    target = next(r.get("Target") for r in rels if r.get("Id") == sheet.get(REL))
    assert target is not None
    return ElementTree.fromstring(book.read("xl/" + target.removeprefix("/xl/")))


def columns_on_screen(path: Path, program: str = "Excel") -> dict[int, tuple[int, int]]:
    """Column number → (px of it on the phone's first screen, its full px) in
    ``program``; hidden columns are skipped."""
    to_px, gutter, _ = PROGRAMS[program]
    with zipfile.ZipFile(path) as book:
        root = sheet_xml(book)
    widths: dict[int, tuple[float, bool]] = {}
    for col in root.iter(f"{MAIN}col"):
        for number in range(int(col.get("min", 0)), int(col.get("max", 0)) + 1):
            widths[number] = (float(col.get("width", "8.43")), col.get("hidden") in ("1", "true"))
    pane = root.find(f"{MAIN}sheetViews/{MAIN}sheetView/{MAIN}pane")
    assert pane is not None and pane.get("state") == "frozen", f"{path.name}: nothing frozen"
    shown, left = {}, gutter
    for number in range(1, 200):
        width, hidden = widths.get(number, (8.43, False))
        if hidden:
            continue
        px = to_px(width)
        if left >= SCREEN:
            break
        shown[number] = (min(px, SCREEN - left), px)
        left += px
    return shown


def wanted(path: Path) -> dict[str, int]:
    """Name of each column that must show → its column number (from the workbook's names
    and the very hidden ``_meta`` sheet's roles)."""
    wb = load_workbook(path, read_only=True)
    first = wb.sheetnames[0]
    meta = list(wb["_meta"].iter_rows(values_only=True))
    start = next(k for k, row in enumerate(meta) if row[:2] == ("name", "sheet"))
    head = meta[start]
    rows = [dict(zip(head, row, strict=False)) for row in meta[start + 1:] if row[0]]
    keys = {str(r["name"]).split("_", 1)[1]: str(r["range"]) for r in rows
            if r["sheet"] == first and str(r["name"]).startswith("Games_")}
    roles = {str(r["name"]): r["role"] for r in rows}
    inputs = [k for k in keys if roles.get(f"Games_{k}") == "input" and k not in FREE]
    answers = [f"Shown{k[3:]}" if f"Shown{k[3:]}" in keys else k for k in ANSWERS[kind(path)]]
    want = [*inputs, "Status", *answers]
    wb.close()
    return {k: range_boundaries(keys[k].replace("$", ""))[0] for k in want}


@pytest.mark.parametrize("program", PROGRAMS)
@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.stem)
def test_phone_shows_inputs_status_and_new_ratings(path: Path, program: str) -> None:
    shown = columns_on_screen(path, program)
    status_px = PROGRAMS[program][2]
    past = PAST_THE_EDGE.get((path.stem, program), set())
    missing = []
    for key, number in wanted(path).items():
        seen, whole = shown.get(number, (0, 1))
        if key not in past and seen < (status_px if key == "Status" else whole):
            missing.append(f"{key} ({seen} of {whole} px)")
    assert not missing, f"{path.name}: off the phone's first screen in {program}: {missing}"


def test_the_frozen_columns_hold_the_names() -> None:
    """Scrolling sideways keeps who played: a ledger freezes date, A and B; a personal
    sheet the opponent; a four-player sheet the game, the seat and the name."""
    for path in SHEETS:
        with zipfile.ZipFile(path) as book:
            pane = sheet_xml(book).find(f"{MAIN}sheetViews/{MAIN}sheetView/{MAIN}pane")
        assert pane is not None
        cell = str(pane.get("topLeftCell"))
        letters = "".join(ch for ch in cell if ch.isalpha())
        expected = "D" if kind(path) in ("ledger", "yonin", "yonin_ledger") else "B"
        assert letters == expected, f"{path.name}: frozen up to {cell}"


@pytest.mark.parametrize("program", PROGRAMS)
def test_the_how_to_sheet_wraps_inside_the_phone(program: str) -> None:
    """The 使い方 / How to sheet's one column of steps is no wider than the screen beside
    the row numbers, so a step is read without scrolling sideways."""
    to_px, gutter, _ = PROGRAMS[program]
    for path in SHEETS:
        with zipfile.ZipFile(path) as book:
            lang = "ja" if path.stem.endswith("_ja") else "en"
            howto = sheet_xml(book, "使い方" if lang == "ja" else "How to")
        (first,) = [c for c in howto.iter(f"{MAIN}col") if c.get("min") == "1"]
        width = float(first.get("width", "8.43"))
        assert gutter + to_px(width) <= SCREEN, f"{path.name}: {width} units in {program}"
        filled = {c.get("r") for c in howto.iter(f"{MAIN}c")
                  if c.find(f"{MAIN}v") is not None or c.find(f"{MAIN}is") is not None}
        assert not filled & {"B2", "B3"}, f"{path.name}: a second column"
