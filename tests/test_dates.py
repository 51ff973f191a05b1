"""A date the sheets cannot hold (issue #48 §8): a ⚠ on its own row, never a month of a
list, and refused by the CSV reader with the same bounds.

Excel's 1900 date system holds serials 1 (1900-01-01) to 2,958,465 (9999-12-31), as
Microsoft documents; 12345678 typed as a date is year ~35,800. The sheets are
recalculated in LibreOffice; what they show is compared with the rule (the row's own
date message, the list's month from the good rows only).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils.datetime import from_excel, to_excel

from tests.conftest import column_cells
from tests.sheetvalues import read_cells
from workbook_builder import dates
from workbook_builder.build import TEMPLATES, build
from workbook_builder.gamelog import parse_date
from workbook_builder.kit.inputs import DATE_MESSAGE
from workbook_builder.package import strip_cached_values
from workbook_builder.sheets import SHEET_TYPES
from workbook_builder.template import load_template

NONSENSE = (12345678, -5, 0.5, dates.LAST_SERIAL + 1)
"""Numbers typed in a date cell that are no date a spreadsheet holds: year ~35,800, a
negative, a time of day alone, the day after 9999-12-31."""


def test_the_bounds_are_the_1900_date_system_s():
    assert to_excel(dt.datetime(1900, 1, 1)) == dates.FIRST_SERIAL == 1
    assert to_excel(dt.datetime(9999, 12, 31)) == dates.LAST_SERIAL == 2958465
    assert from_excel(dates.LAST_SERIAL).date() == dates.LAST_DATE


@pytest.mark.parametrize("number", NONSENSE)
def test_nonsense_is_no_usable_serial(number):
    assert not dates.is_usable_serial(number)


def test_a_date_with_a_time_is_usable():
    assert dates.is_usable_serial(45437.5)  # 2024-05-26 12:00
    assert dates.is_usable_serial(dates.LAST_SERIAL + 0.5)


@pytest.mark.parametrize("text", ["1899/12/31", "0001/01/01", "1850-06-01"])
def test_the_csv_reader_refuses_a_date_no_sheet_holds(text):
    with pytest.raises(ValueError, match="1900/1/1"):
        parse_date(text)


@pytest.mark.parametrize(("text", "day"), [("1900/1/1", dt.date(1900, 1, 1)),
                                           ("9999/12/31", dt.date(9999, 12, 31))])
def test_the_csv_reader_takes_the_first_and_last_date(text, day):
    assert parse_date(text) == day


def _games(names: list[str]) -> list[dict[str, object]]:
    """Nine games of the first four players in May 2024, every other one dated with
    nonsense; the last in June."""
    a, b, c, d = names[:4]
    games: list[dict[str, object]] = [
        {"Date": dt.date(2024, 5, 1 + i), "PlayerA": (a, c, a, b)[i % 4],
         "PlayerB": (b, d, c, d)[i % 4], "Result": i % 2} for i in range(2 * len(NONSENSE) + 1)]
    for i, number in enumerate(NONSENSE):
        games[2 * i + 1]["Date"] = number
    games[-1]["Date"] = dt.date(2024, 6, 2)
    return games


def _column(cells: dict[str, dict[str, tuple[object, object]]], wb: object, name: str,
            count: int
            ) -> list[object]:
    title, letter, first, _ = column_cells(wb, name)
    return [cells[title].get(f"{letter}{first + i}", (None, None))[1] for i in range(count)]


def _yonin_games(names: list[str]) -> list[dict[str, object]]:
    """Five four-player games (four rows each, the date on each game's first row): the
    second and fourth dated with nonsense, the last in June."""
    rows: list[dict[str, object]] = []
    days: list[object] = [dt.date(2024, 5, 5), NONSENSE[0], dt.date(2024, 5, 19), NONSENSE[1],
                          dt.date(2024, 6, 2)]
    for day in days:
        rows += [{"Player": names[0], "Place": 1, "Date": day},
                 {"Player": names[1], "Place": 2, "KnockedBy": 1},
                 {"Player": names[2], "Place": 3, "KnockedBy": 2},
                 {"Player": names[3], "Place": 4, "KnockedBy": 1}]
    return rows


def _personal_games() -> list[dict[str, object]]:
    """Five games of a personal Tokin sheet, every other one dated with nonsense."""
    games: list[dict[str, object]] = [
        {"Opponent": f"p{i}", "OppRating": 1500, "Result": i % 2, "Date": dt.date(2024, 5, 1 + i)}
        for i in range(2 * len(NONSENSE) + 1)]
    for i, number in enumerate(NONSENSE):
        games[2 * i + 1]["Date"] = number
    return games


CASES = {"ledger_glicko_ja": _games, "yonin_ledger_ja": _yonin_games,
         "tokin_ja": lambda names: _personal_games()}
"""Template → its games with nonsense dates, from the example's player names."""


@pytest.fixture(scope="module")
def typed(tmp_path_factory) -> dict[str, tuple[Path, Path, int]]:
    """Each case's workbook: the builder's file, LibreOffice's, and its number of rows."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from workbook_builder.libreoffice import recalculate

    work = tmp_path_factory.mktemp("dates")
    built, counts = {}, {}
    for name, games_of in CASES.items():
        spec = dataclasses.replace(load_template(TEMPLATES / f"{name}.toml"), rows=24,
                                   players=8)
        example = SHEET_TYPES[spec.system].example_tables(spec)
        names = [str(row["Name"]) for row in example.get("Players", [])]
        games = games_of(names)
        tables = {**{k: v for k, v in example.items() if k != "Games"}, "Games": games}
        built[name] = build(spec, work / "built", tables=tables)
        counts[name] = len(games)
        strip_cached_values(built[name], work / f"{name}.xlsx")
    out = recalculate([work / f"{name}.xlsx" for name in CASES], work / "out")
    return {name: (built[name], again, counts[name])
            for name, again in zip(CASES, out, strict=True)}


FLAGGED = {"ledger_glicko_ja": [1, 3, 5, 7], "yonin_ledger_ja": [4, 5, 6, 7, 12, 13, 14, 15],
           "tokin_ja": [1, 3, 5, 7]}
"""The rows (from 0) each case's Status flags: the nonsense dates' rows, and no other
(before the fix the Glicko ledger flagged the row after 12345678 instead); a four-player
game's four rows, as any row's ⚠ flags its game."""
LIST_MONTH = {"ledger_glicko_ja": "Monthly_Shown", "yonin_ledger_ja": "RateTable_LatestMonth"}
"""Where each ledger shows the month its list is for: June 2024, the last good game's."""


@pytest.mark.slow
@pytest.mark.parametrize("source", ["builder", "LibreOffice"])
@pytest.mark.parametrize("name", CASES)
def test_a_nonsense_date_is_flagged_on_its_own_row_and_reaches_no_list(typed, name, source):
    built, recalculated, count = typed[name]
    path = built if source == "builder" else recalculated
    wb = load_workbook(built, read_only=True)  # the names
    cells = read_cells(path)
    status = _column(cells, wb, "Games_Status", count)
    flagged = [i for i, shown in enumerate(status) if shown]
    assert flagged == FLAGGED[name], status
    assert {status[i] for i in flagged} == {DATE_MESSAGE("ja")}
    if name in LIST_MONTH:
        title, letter, first, _ = column_cells(wb, LIST_MONTH[name])
        shown = cells[title][f"{letter}{first}"][1]
        assert shown == to_excel(dt.datetime(2024, 6, 1)), shown
