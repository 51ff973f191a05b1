"""Game logs kept in a workbook (workbook_builder.logfile): `rate` and `import` read an
.xlsx as they read the CSV it came from, and refuse what they cannot read in one line.

The workbooks are made by three independent writers from the sample CSVs: openpyxl,
XlsxWriter and LibreOffice (converting the CSV itself). What each must give is what the
CSV reader and the command line give for that CSV, not anything this module computes.
"""

from __future__ import annotations

import csv
import doctest
import subprocess
import tempfile
from datetime import date, datetime
from pathlib import Path

import openpyxl
import pytest
import xlsxwriter
from click.testing import CliRunner

from workbook_builder import logfile
from workbook_builder.cli import main
from workbook_builder.gamelog import GameLogError
from workbook_builder.libreoffice import soffice
from workbook_builder.logfile import read_game_log
from workbook_builder.messages import shown

REPO = Path(__file__).resolve().parents[1]
SAMPLES = {"tokin": REPO / "docs/samples/対局記録.csv",
           "yonin": REPO / "docs/samples/四人将棋記録.csv"}
ENGLISH = {"日付": "date", "対局者A": "player_a", "対局者B": "player_b", "勝敗": "result",
           "手合": "handicap"}


def typed_rows(system: str) -> list[list[object]]:
    """The sample as a person types it into a spreadsheet: dates as dates, numbers as
    numbers, blanks as empty cells."""
    with SAMPLES[system].open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))

    def typed(text: str) -> object:
        if not text:
            return None
        if text.count("/") == 2:
            return datetime.strptime(text, "%Y/%m/%d").date()
        return int(text) if text.isdigit() else text

    return [rows[0], *([typed(t) for t in row] for row in rows[1:])]


def rated(path: Path, system: str) -> str:
    out = CliRunner().invoke(main, ["rate", str(path), "-s", system, "--per-game",
                                    "--format", "csv"])
    assert out.exit_code == 0, out.output
    return out.stdout


def assert_same_log(book: Path, system: str) -> None:
    csv_log, book_log = read_game_log(SAMPLES[system], system), read_game_log(book, system)
    assert book_log.games == csv_log.games and book_log.games
    assert book_log.dates == csv_log.dates and None not in book_log.dates
    assert book_log.bad == csv_log.bad == []
    assert rated(book, system) == rated(SAMPLES[system], system)


def write_openpyxl(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for title, rows in sheets.items():
        ws = wb.create_sheet(title)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path


@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_openpyxl_workbook_reads_as_its_csv(tmp_path: Path, system: str) -> None:
    assert_same_log(write_openpyxl(tmp_path / "log.xlsx", {"対局": typed_rows(system)}),
                    system)


def test_xlsxwriter_games_on_second_sheet_under_a_title(tmp_path: Path) -> None:
    """English headers on row 3 of the second sheet, real dates, and a result typed as a
    formula: its cached value is read, as the CSV Excel saves would hold it."""
    path = tmp_path / "club.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    wb.add_worksheet("Notes").write("A1", "player_a player_b result: see the Games sheet")
    ws = wb.add_worksheet("Games")
    day = wb.add_format({"num_format": "yyyy/m/d"})
    ws.write("A1", "Club games 2026")
    rows = typed_rows("tokin")
    ws.write_row(2, 0, [ENGLISH[h] for h in rows[0]])  # type: ignore[index]
    for r, row in enumerate(rows[1:], 3):
        for c, value in enumerate(row):
            if isinstance(value, date):
                ws.write_datetime(r, c, datetime.combine(value, datetime.min.time()), day)
            elif c == 3:
                ws.write_formula(r, c, f"=IF(TRUE,{value})", None, value)
            elif value is not None:
                ws.write(r, c, value)
    wb.close()
    assert_same_log(path, "tokin")
    assert read_game_log(path, "tokin").lines == [r + 3 for r in range(1, len(rows))]


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The samples converted by LibreOffice, read as a Japanese user's Calc reads CSV
    (so 2026/4/4 becomes a date), saved as .xlsx and as .ods."""
    out = tmp_path_factory.mktemp("converted")
    made: dict[str, Path] = {}
    for target in ("xlsx", "ods"):
        with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
            subprocess.run([soffice(), f"-env:UserInstallation=file://{profile}",
                            "--headless", "--norestore",
                            "--infilter=CSV:44,34,76,1,,1041,false,true",
                            "--convert-to", target, "--outdir", str(out),
                            *map(str, SAMPLES.values())],
                           capture_output=True, timeout=180, check=True)
        made |= {f"{system}.{target}": out / f"{p.stem}.{target}"
                 for system, p in SAMPLES.items()}
    return made


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_libreoffice_workbook_reads_as_its_csv(converted: dict[str, Path], system: str) -> None:
    book = converted[f"{system}.xlsx"]
    first = next(openpyxl.load_workbook(book).active.iter_rows(min_row=2, values_only=True))
    assert isinstance(first[0], datetime)  # a real date, not the CSV's text
    assert_same_log(book, system)


@pytest.mark.slow
def test_ods_is_refused_with_what_to_do(converted: dict[str, Path]) -> None:
    with pytest.raises(GameLogError) as caught:
        read_game_log(converted["tokin.ods"], "tokin")
    ja = shown(caught.value, "ja")
    assert str(converted["tokin.ods"]) in ja and ".xlsx" in ja and "CSV" in ja
    assert "LibreOffice" in str(caught.value)


def test_bad_cell_is_named_by_sheet_row_column_and_value(tmp_path: Path) -> None:
    rows = typed_rows("tokin")
    rows[3][3] = "x"  # the third game, on row 3 + 3 under a title and a blank row
    path = write_openpyxl(tmp_path / "log.xlsx",
                          {"メモ": [["記録は次のシート"]], "対局": [["春の例会"], [], *rows]})
    log = read_game_log(path, "tokin")
    assert [b.line for b in log.bad] == [6]
    assert "対局 シート 6 行目 (D6): 勝敗 'x'" in shown(log.bad[0].reason, "ja")
    assert "sheet '対局' row 6 (D6): result 'x'" in str(log.bad[0].reason)
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "tokin", "--per-game"])
    assert out.exit_code == 1 and "row 6" in out.output


def test_a_workbook_named_csv_is_read_as_a_workbook(tmp_path: Path) -> None:
    path = write_openpyxl(tmp_path / "log.xlsx", {"対局": typed_rows("tokin")})
    assert_same_log(path.rename(tmp_path / "log.csv"), "tokin")


def test_no_sheet_with_a_header_names_sheets_and_columns(tmp_path: Path) -> None:
    path = write_openpyxl(tmp_path / "log.xlsx", {"一": [["名前", "点"]], "二": [[1, 2]]})
    with pytest.raises(GameLogError) as caught:
        read_game_log(path, "tokin")
    ja = shown(caught.value, "ja")
    assert "一、二" in ja and "対局者A、対局者B、勝敗" in ja and str(path) in ja


OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


@pytest.mark.parametrize(("name", "data", "words"), [
    ("log.xlsx", OLE + bytes(504), "password-protected"),
    ("log.bin", OLE + bytes(100) + "EncryptedPackage".encode("utf-16-le") + bytes(100),
     "password-protected"),
    ("log.xls", OLE + bytes(504), "(.xls)"),
    ("log.csv", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(20), "not a text file"),
    ("log.csv", b"\x81\x00\xff\xfe" * 10, "neither UTF-8"),
    ("log.xlsx", b"PK\x05\x06" + bytes(18), "not a text file"),
])
def test_unreadable_files_say_what_to_do(tmp_path: Path, name: str, data: bytes,
                                         words: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(GameLogError) as caught:
        read_game_log(path, "tokin")
    assert words in str(caught.value) and str(path) in str(caught.value)
    assert ".xlsx" in shown(caught.value, "ja") and "CSV" in shown(caught.value, "ja")


def test_a_zip_that_is_not_a_workbook(tmp_path: Path) -> None:
    import zipfile

    path = tmp_path / "log.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("word/document.xml", "<w/>")
    with pytest.raises(GameLogError, match=r"a zip file, not an \.xlsx workbook"):
        read_game_log(path, "tokin")


@pytest.mark.slow  # over 5 s: --fast stays under 3 minutes
def test_import_takes_a_workbook(tmp_path: Path) -> None:
    book = write_openpyxl(tmp_path / "log.xlsx", {"対局": typed_rows("tokin")})
    made = []
    for source in (SAMPLES["tokin"], book):
        out = tmp_path / f"{source.suffix[1:]}.xlsx"
        done = CliRunner().invoke(main, ["import", str(source), "--template",
                                         str(REPO / "templates/ledger_tokin_ja.toml"),
                                         "--out", str(out)])
        assert done.exit_code == 0, done.output
        wb = openpyxl.load_workbook(out)
        made.append([[c.value for c in row] for ws in wb for row in ws.iter_rows()])
    assert made[0] == made[1]


def test_a_formula_showing_an_error_is_quoted(tmp_path: Path) -> None:
    path = tmp_path / "log.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Games")
    ws.write_row(0, 0, ["player_a", "player_b", "result"])
    ws.write_row(1, 0, ["A", "B"])
    ws.write_formula(1, 2, "=NA()", None, "#N/A")
    wb.close()
    bad = read_game_log(path, "elo").bad
    assert [(b.line, str(b.reason)) for b in bad] == [
        (2, "sheet 'Games' row 2 (C2): result '#N/A' must be 1, 0.5 or 0")]


def test_a_damaged_workbook_is_named(tmp_path: Path) -> None:
    whole = write_openpyxl(tmp_path / "whole.xlsx", {"対局": typed_rows("tokin")}).read_bytes()
    path = tmp_path / "cut.xlsx"
    path.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(GameLogError) as caught:
        read_game_log(path, "tokin")
    assert str(caught.value).startswith(f"{path}: cannot be read as .xlsx")
    assert "保存し直して" in shown(caught.value, "ja")


def test_doctests() -> None:
    assert doctest.testmod(logfile).failed == 0
