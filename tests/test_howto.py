"""The 使い方 / How to sheet of every shipped workbook (issue #28): in the workbook's
language, its steps name sheets and headings the workbook really has, no formulas."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook

DIST = Path(__file__).resolve().parent.parent / "dist"
SHIPPED = sorted(DIST.glob("*.xlsx"))
TITLE = {"ja": "使い方", "en": "How to"}
SHEET = {"ja": re.compile(r"「(.+?)」"), "en": re.compile(r"“(.+?)”")}
CELL = re.compile(r"\b([A-Z]{1,2})(\d*) \[(.+?)\]")
KANA = re.compile(r"[\u3040-\u30ff]")


def lang_of(path: Path) -> str:
    return path.stem.rsplit("_", 1)[1]


def test_every_shipped_workbook_is_covered() -> None:
    assert len(SHIPPED) == 32  # 16 templates, each in ja and en


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_howto_sheet_names_real_sheets_and_cells(path: Path) -> None:
    lang = lang_of(path)
    wb = load_workbook(path)
    visible = [ws.title for ws in wb.worksheets if ws.sheet_state == "visible"]
    assert visible[-1] == TITLE[lang], visible  # the last tab; Games stays first and active
    assert wb.active is not None and wb.active.title == visible[0] != TITLE[lang]
    ws = wb[TITLE[lang]]
    assert ws.protection.sheet
    lines = [c.value for row in ws.iter_rows() for c in row if c.value is not None]
    assert all(isinstance(v, str) and not v.startswith("=") for v in lines), lines
    assert all(c.data_type != "f" for row in ws.iter_rows() for c in row)
    steps = [line for line in lines if re.match(r"\d\. ", line)]
    assert [s[:2] for s in steps] in (["1.", "2.", "3."], ["1.", "2.", "3.", "4."]), lines
    assert any("audit" in line and "repair" in line and "⚠" in line for line in lines)
    for line in lines[1:]:
        assert bool(KANA.search(line)) == (lang == "ja"), line
    named = 0
    for step in steps:
        sheets = SHEET[lang].findall(step)
        assert set(sheets) <= set(visible) - {TITLE[lang]}, (step, visible)
        named += len(sheets)
        where = wb[sheets[0]] if sheets else None
        for letter, row, heading in CELL.findall(step):
            assert where is not None, step
            shown = [str(c.value).replace("\n", "" if lang == "ja" else " ")
                     for c in (where[int(row)] if row else where[letter][:3])
                     if c.value is not None]
            assert heading in shown, (step, letter, row, shown)
    assert named >= 2, steps


def test_typing_steps_give_every_typed_column_of_the_games_sheet() -> None:
    """The cells a person types a game into are all in the steps, by letter."""
    from workbook_builder.describe import describe

    for path in SHIPPED:
        if path.stem.startswith(("formulas", "lambda")):
            continue
        wb = load_workbook(path, read_only=True)
        text = "\n".join(str(row[0]) for row in wb[TITLE[lang_of(path)]].iter_rows(
            values_only=True) if row[0])
        wb.close()
        for entry in describe(path)["names"]:
            if str(entry["name"]).startswith(("Games_", "Players_")) and entry["role"] == "input":
                letter = str(entry["range"]).split("$")[1]
                assert re.search(rf"\b{letter} \[", text), (path.name, entry["name"])
