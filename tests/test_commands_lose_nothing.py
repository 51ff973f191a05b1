"""repair, audit, import and rate never lose or misreport what a user typed.

Each case is what a hostile but realistic user did (the cases of issue #12). Expected:
the value carried, or one line ``Error: …`` naming what could not be carried and why, a
non-zero exit, the input file untouched and no partial file left. Expected values come
from the issue and the rules (RULES.md), worked by hand in the comments.
"""

from __future__ import annotations

import dataclasses
import datetime
import datetime as dt
import errno
import shutil
import tempfile
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import Workbook, load_workbook

from rating_rules import replay
from tests.commands import sized_template
from tests.conftest import column_cells
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.gamelog import parse_game_log
from workbook_builder.libreoffice import recalculate
from workbook_builder.metadata import META_SHEET
from workbook_builder.readback import MAX_PART_BYTES
from workbook_builder.template import MAX_PLAYERS, MAX_ROWS, load_template

GAMES = [
    {"Opponent": name, "OppRating": rating, "Result": result, "TurnDiff": turns,
     "Date": dt.datetime(2026, 5, day)}
    for day, (name, rating, result, turns) in enumerate(
        [("佐藤", 120, 1, 5), ("鈴木", 90, 0, 3), ("田中", 100, 1, 2)], 1)
]


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def assert_one_line_error(result, *fragments: str) -> None:
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    for fragment in fragments:
        assert fragment in result.output, result.output


def personal(tmp_path: Path, rows: int = 10) -> Path:
    """A small MOSAIC personal sheet with three games typed."""
    spec = dataclasses.replace(load_template(TEMPLATES / "mosaic_en.toml"), rows=rows,
                               output="mine")
    return build(spec, tmp_path, inputs=GAMES)


def values(path: Path, name: str, data_only: bool = False) -> list[object]:
    wb = load_workbook(path, data_only=data_only)
    title, letter, first, last = column_cells(wb, name)
    return [wb[title][f"{letter}{n}"].value for n in range(first, last + 1)]


def repaired(wb, tmp_path: Path) -> tuple[Path, str]:
    """``wb`` saved as a person's edited file, and ``repair`` run on it: the repaired file
    and what repair said."""
    edited, out = tmp_path / "edited.xlsx", tmp_path / "repaired.xlsx"
    wb.save(edited)
    result = invoke("repair", str(edited), "--out", str(out))
    assert result.exit_code == 0, result.output
    return out, result.output


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def edit_meta(path: Path, dst: Path, key: str, value: object) -> None:
    wb = load_workbook(path)
    ws = wb[META_SHEET]
    for row in ws.iter_rows():
        if row[0].value == key:
            row[1 if key != "name" else 0].value = value
            break
    wb.save(dst)


# --- 3: a deleted defined name -------------------------------------------------------------


def test_repair_carries_a_column_whose_name_was_deleted(tmp_path: Path) -> None:
    source = personal(tmp_path)
    wb = load_workbook(source)
    del wb.defined_names["Games_Result"]
    out, said = repaired(wb, tmp_path)
    assert "Games_Result: the defined name is missing" in said
    assert values(out, "Games_Result")[:3] == [1, 0, 1]


def test_repair_refuses_a_deleted_name_whose_column_moved(tmp_path: Path) -> None:
    source = personal(tmp_path)
    wb = load_workbook(source)
    del wb.defined_names["Games_Result"]
    title, letter, first, _ = column_cells(load_workbook(source), "Games_Result")
    ws = wb[title]
    for row in range(1, first):
        ws[f"{letter}{row}"].value = None  # its heading is gone too: nothing to trust
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "repaired.xlsx"
    assert_one_line_error(invoke("repair", str(edited), "--out", str(out)), "Games_Result")
    assert not out.exists()


# --- 4: cells typed below the table ----------------------------------------------------------


def test_repair_carries_a_game_typed_below_a_personal_sheet(tmp_path: Path) -> None:
    source = personal(tmp_path, rows=10)
    wb = load_workbook(source)
    title, _, _, last = column_cells(wb, "Games_Result")
    for key, value in {"Opponent": "山田", "OppRating": 100, "Result": 1, "TurnDiff": 4}.items():
        _, col, _, _ = column_cells(wb, f"Games_{key}")
        wb[title][f"{col}{last + 1}"] = value  # row 11 of a 10-row sheet
    out, _ = repaired(wb, tmp_path)
    results = values(out, "Games_Result")
    assert len(results) == 11 and results[10] == 1
    assert values(out, "Games_Opponent")[10] == "山田"


def test_repair_carries_a_player_and_game_typed_below_a_ledger(tmp_path: Path) -> None:
    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_elo_en.toml"), rows=4,
                               players=2, output="club")
    source = build(spec, tmp_path, tables={
        "Players": [{"Name": "A"}, {"Name": "B"}],
        "Games": [{"PlayerA": "A", "PlayerB": "B", "Result": 1}]})
    wb = load_workbook(source)
    title, letter, _, last = column_cells(wb, "Players_Name")
    wb[title][f"{letter}{last + 1}"] = "C"  # the third player of a two-player list
    gtitle, _, _, glast = column_cells(wb, "Games_Result")
    for key, value in {"PlayerA": "C", "PlayerB": "A", "Result": 1}.items():
        _, col, _, _ = column_cells(wb, f"Games_{key}")
        wb[gtitle][f"{col}{glast + 1}"] = value  # game 5 of a 4-row log
    out, _ = repaired(wb, tmp_path)
    assert values(out, "Players_Name") == ["A", "B", "C"]
    assert values(out, "Games_PlayerA")[4] == "C"
    # The game counts: C is on Players now, so its status is blank (no ⚠).
    assert values(out, "Games_Status", data_only=True)[4] in (None, "")


def test_repair_refuses_a_cell_below_the_largest_table(tmp_path: Path) -> None:
    source = personal(tmp_path, rows=10)
    wb = load_workbook(source)
    title, letter, first, _ = column_cells(wb, "Games_Result")
    wb[title][f"{letter}{first + MAX_ROWS}"] = 1  # game 20,001
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "repaired.xlsx"
    assert_one_line_error(invoke("repair", str(edited), "--out", str(out)),
                          f"{letter}{first + MAX_ROWS}", "20,000")
    assert not out.exists()


# --- 5: a column deleted without updating the names ---------------------------------------


@pytest.mark.parametrize("command", ["repair", "audit"])
def test_a_deleted_column_is_refused_naming_the_column(tmp_path: Path, command: str) -> None:
    source = personal(tmp_path)
    wb = load_workbook(source)
    title, letter, _, _ = column_cells(wb, "Games_OppRating")
    wb[title].delete_cols(wb[title][f"{letter}1"].column)  # openpyxl keeps the names as they were
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    before = edited.read_bytes()
    out = tmp_path / "repaired.xlsx"
    extra = ["--out", str(out)] if command == "repair" else []
    assert_one_line_error(invoke(command, str(edited), *extra), "Games_OppRating",
                          "deleted or moved")
    assert not out.exists() and edited.read_bytes() == before


# --- 6, 7, 12: numbers and text the reader refuses -----------------------------------------


def mosaic_log(tmp_path: Path, turns: str) -> Path:
    path = tmp_path / "games.csv"
    path.write_text(f"player_a,player_b,result,turn_diff\nA,B,1,5\nA,B,0,{turns}\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("turns", ["1e308", "nan", "inf", "-inf"])
def test_non_finite_or_huge_turn_difference_is_a_bad_row(tmp_path: Path, turns: str) -> None:
    log = mosaic_log(tmp_path, turns)
    rated = invoke("rate", str(log), "-s", "mosaic")
    assert rated.exit_code == 1 and "Traceback" not in rated.output
    assert f":3: turn_diff '{turns}'" in rated.output
    out = tmp_path / "club.xlsx"
    imported = invoke("import", str(log), "-t", "templates/ledger_mosaic_en.toml", "--out",
                      str(out))
    assert_one_line_error(imported, "lines 3")
    assert not out.exists()


def test_a_change_beyond_fifteen_digits_is_a_bad_row() -> None:
    # RULES.md §6 (start 100, gap weight 0.1): A beats B by 1e15 turns: A = 100 + 1e15,
    # B = 100 − 1e15. B beats A by 1: B gains 1 − 0.1 × (B − A) = 1 + 2e14, so A ≈ 8e14,
    # B ≈ −8e14. A loses by 1e15: −(1e15 + 0.1 × 1.6e15) ≈ −1.16e15, beyond the 15 digits
    # a spreadsheet keeps: line 4 is refused, the first two games stand.
    text = ("player_a,player_b,result,turn_diff\n"
            "A,B,1,1000000000000000\nB,A,1,1\nA,B,0,1000000000000000\n")
    log = parse_game_log(text, "mosaic")
    assert [b.line for b in log.bad] == [4]
    assert "turn_diff 1000000000000000: the rating change" in log.bad[0].reason
    assert len(log.games) == 2


def test_a_name_longer_than_a_cell_is_a_bad_row() -> None:
    log = parse_game_log(f"player_a,player_b,result\n{'x' * 40000},B,1\n", "elo")
    assert "40,000 characters long; a cell holds at most 32,767" in log.bad[0].reason


@pytest.mark.parametrize("command", ["rate", "import"])
def test_a_field_over_the_csv_limit_is_one_line(tmp_path: Path, command: str) -> None:
    path = tmp_path / "games.csv"
    path.write_text(f"player_a,player_b,result\nA,B,1\n\"{'x' * 140000}\",B,1\n",
                    encoding="utf-8")
    out = tmp_path / "club.xlsx"
    args = (["rate", str(path), "-s", "elo"] if command == "rate" else
            ["import", str(path), "-t", "templates/ledger_elo_en.toml", "--out", str(out)])
    assert_one_line_error(invoke(*args), "line 3", "longer than 131,072 characters")
    assert not out.exists()


@pytest.mark.parametrize("initial", ["inf", "nan", "1e300"])
def test_rate_never_prints_inf(tmp_path: Path, initial: str) -> None:
    path = tmp_path / "games.csv"
    path.write_text("player_a,player_b,result\nA,B,1\n", encoding="utf-8")
    result = invoke("rate", str(path), "-s", "elo", "--initial", initial)
    assert_one_line_error(result)
    assert "inf\n" not in result.output.replace("--initial inf", "")


# --- 7: output that cannot be written ------------------------------------------------------


def _erofs(*args, **kwargs):
    raise OSError(errno.EROFS, "Read-only file system")


def _full_disk(self, filename) -> None:
    Path(filename).write_bytes(b"PK\x03\x04 half a workbook")
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("command", ["repair", "import"])
@pytest.mark.parametrize("failure", ["read-only", "full"])
def test_unwritable_output_is_one_line_and_leaves_nothing(tmp_path: Path, monkeypatch,
                                                          command: str, failure: str) -> None:
    source = personal(tmp_path / "in") if command == "repair" else tmp_path / "in" / "g.csv"
    if command == "import":
        source.parent.mkdir()
        source.write_text("player_a,player_b,result\nA,B,1\n", encoding="utf-8")
    target_dir = tmp_path / "out"
    target_dir.mkdir()
    out = target_dir / "new.xlsx"
    someone_elses = target_dir / "new.xlsx.partial"
    someone_elses.write_bytes(b"not mine to overwrite")
    if failure == "read-only":
        monkeypatch.setattr(tempfile, "mkstemp", _erofs)
    else:
        monkeypatch.setattr(Workbook, "save", _full_disk)
    template = sized_template(tmp_path, "ledger_elo_en")
    args = (["repair", str(source), "--out", str(out)] if command == "repair" else
            ["import", str(source), "-t", str(template), "--out", str(out)])
    reason = "read-only file system" if failure == "read-only" else "the disk is full"
    assert_one_line_error(invoke(*args), str(out), reason)
    assert files_in(target_dir) == {"new.xlsx.partial": b"not mine to overwrite"}


def test_repair_keeps_an_existing_partial_file(tmp_path: Path) -> None:
    source = personal(tmp_path)
    out = tmp_path / "new.xlsx"
    (tmp_path / "new.xlsx.partial").write_bytes(b"someone's file")
    assert invoke("repair", str(source), "--out", str(out)).exit_code == 0
    assert (tmp_path / "new.xlsx.partial").read_bytes() == b"someone's file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.xlsx", "new.xlsx",
                                                           "new.xlsx.partial"]


# --- 7, 8, 12: damaged _meta and oversized files ------------------------------------------


@pytest.mark.parametrize("command", ["audit", "repair"])
@pytest.mark.parametrize(("key", "value", "fragment"), [
    ("name", "nom", "no 'name' column"),
    ("rows", "100000000", "rows = '100000000'"),
    ("rows", "1000000", "rows = '1000000'"),
    ("rows", "-5", "rows = '-5'"),
    ("rows", "0", "rows = '0'"),
])
def test_damaged_meta_is_refused_before_building(tmp_path: Path, command: str, key: str,
                                                 value: str, fragment: str) -> None:
    source = personal(tmp_path)
    edited = tmp_path / "edited.xlsx"
    edit_meta(source, edited, key, value)
    before = edited.read_bytes()
    out = tmp_path / "repaired.xlsx"
    extra = ["--out", str(out)] if command == "repair" else []
    assert_one_line_error(invoke(command, str(edited), *extra), "_meta", fragment)
    assert not out.exists() and edited.read_bytes() == before


def test_ledger_players_in_meta_are_checked_against_the_maximum(tmp_path: Path) -> None:
    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_elo_en.toml"), rows=4,
                               players=2, output="club")
    source = build(spec, tmp_path)
    edited = tmp_path / "edited.xlsx"
    edit_meta(source, edited, "players", str(MAX_PLAYERS + 1))
    assert_one_line_error(invoke("audit", str(edited)), f"players = '{MAX_PLAYERS + 1}'")


@pytest.mark.parametrize("command", ["describe", "lint", "audit"])
def test_a_zero_byte_file_is_one_line(tmp_path: Path, command: str) -> None:
    empty = tmp_path / "empty.xlsx"
    empty.write_bytes(b"")
    assert_one_line_error(invoke(command, str(empty)), "not an .xlsx file")


def _bomb(path: Path, cells: int) -> None:
    """A tiny zip whose sheet part is ``cells`` cells: compresses to almost nothing."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/workbook.xml", "<workbook/>")
        with z.open("xl/worksheets/sheet1.xml", "w") as part:
            part.write(b'<worksheet xmlns="http://schemas.openxmlformats.org/'
                       b'spreadsheetml/2006/main"><sheetData><row r="1">')
            chunk = b'<c r="A1"><v>1</v></c>' * 10000
            for _ in range(cells // 10000):
                part.write(chunk)
            part.write(b"</row></sheetData></worksheet>")


@pytest.fixture(scope="module")
def huge_part(tmp_path_factory) -> Path:
    bomb = tmp_path_factory.mktemp("bomb") / "bomb.xlsx"
    cell = len(b'<c r="A1"><v>1</v></c>')
    _bomb(bomb, (MAX_PART_BYTES // cell // 10000 + 10) * 10000)  # just over the size limit
    return bomb


@pytest.mark.parametrize("command", ["audit", "repair", "describe", "lint"])
def test_a_huge_sheet_part_is_refused_by_size(huge_part: Path, tmp_path: Path,
                                              command: str) -> None:
    bomb = huge_part
    out = tmp_path / "out.xlsx"
    extra = ["--out", str(out)] if command == "repair" else []
    assert_one_line_error(invoke(command, str(bomb), *extra), "sheet1.xml", "unpacks to")
    assert not out.exists()


@pytest.mark.slow
def test_a_dense_sheet_part_is_refused_by_cell_count(tmp_path: Path) -> None:
    bomb = tmp_path / "dense.xlsx"
    _bomb(bomb, 1_100_000)  # 24 MB, under the size limit, but more cells than any template
    assert_one_line_error(invoke("audit", str(bomb)), "more than 1,000,000 cells")


# --- 9: CSV output that a spreadsheet would run -----------------------------------------------


def test_rate_csv_escapes_formula_like_names_but_not_numbers(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    # RULES.md §6, start 100: "-1" loses to the hyperlink by 112 turns: −(112 + 0) → −12;
    # the winner gets +112 → 212.
    path.write_text('player_a,player_b,result,turn_diff\n'
                    '"=HYPERLINK(""http://x"",""y"")",-1,1,112\n', encoding="utf-8")
    result = invoke("rate", str(path), "-s", "mosaic", "--format", "csv", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "#,player,rating,games",
        '1,"\'=HYPERLINK(""http://x"",""y"")",212,1',
        "2,'-1,-12,1",
    ]


# --- 10: mixed encodings ------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["rate", "import"])
def test_a_file_mixing_shift_jis_and_utf8_is_refused(tmp_path: Path, command: str) -> None:
    path = tmp_path / "games.csv"
    path.write_bytes("player_a,player_b,result\n田中,B,1\n".encode()
                     + "田中,C,1\n".encode("cp932"))
    out = tmp_path / "club.xlsx"
    args = (["rate", str(path), "-s", "elo"] if command == "rate" else
            ["import", str(path), "-t", "templates/ledger_elo_en.toml", "--out", str(out)])
    assert_one_line_error(invoke(*args), "line 3 is not UTF-8 but line 2 is")
    assert not out.exists()


# --- 11: import and rate accept what the ledger counts -----------------------------------


def test_monthly_ledger_and_rate_monthly_both_refuse_a_log_without_dates(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text("対局者A,対局者B,勝敗\n田中,鈴木,1\n", encoding="utf-8")
    out = tmp_path / "club.xlsx"
    assert_one_line_error(invoke("import", str(path), "-t", "templates/ledger_tokin_ja.toml",
                                 "--out", str(out)), "no date column")
    assert not out.exists()
    assert_one_line_error(invoke("rate", str(path), "-s", "tokin", "--monthly"), "no date column")


def test_rows_the_monthly_ledger_would_flag_are_named(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text("日付,対局者A,対局者B,勝敗,手合\n"
                    "2026/5/1,田中,鈴木,1,\n"
                    ",鈴木,佐藤,1,\n"            # no date: ⚠ monthly lists need the date
                    "2026/4/30,佐藤,田中,1,\n"    # ⚠ month earlier than a game above
                    "2026/5/2,佐藤,佐藤,1,\n"     # ⚠ the same player on both sides
                    "2026/5/3,佐藤,田中,1,八枚落\n"  # ⚠ handicap: pick one from the list
                    "2026/5/4,佐藤,田中,0,香落\n", encoding="utf-8")
    out = tmp_path / "club.xlsx"
    refused = invoke("import", str(path), "-t", "templates/ledger_tokin_ja.toml", "--out",
                     str(out))
    assert "lines 3, 4, 5, 6" in refused.output and refused.exit_code == 1
    rated = invoke("rate", str(path), "-s", "tokin", "--monthly")
    assert rated.exit_code == 1
    for line in (3, 4, 5, 6):
        assert f"games.csv:{line}:" in rated.output


def test_a_flagged_game_in_a_later_month_still_sets_the_month_order(tmp_path: Path) -> None:
    # README (monthly mode): a game dated in an earlier month than any dated game above
    # it is flagged, also when that game is itself flagged (here: a name not on Players).
    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_tokin_ja.toml"), rows=5,
                               players=3, output="club")
    day = datetime.date
    source = build(spec, tmp_path, tables={
        "Players": [{"Name": "田中"}, {"Name": "佐藤"}, {"Name": "鈴木"}],
        "Games": [
            {"Date": day(2026, 5, 1), "PlayerA": "田中", "PlayerB": "佐藤", "Result": 1},
            {"Date": day(2026, 6, 1), "PlayerA": "佐藤", "PlayerB": "山田", "Result": 1},
            {"Date": day(2026, 5, 20), "PlayerA": "田中", "PlayerB": "鈴木", "Result": 1}]})
    status = values(source, "Games_Status", data_only=True)
    assert status[0] in (None, "") and "山田" in str(status[1])
    assert status[2] == "⚠ 日付が前の対局より前の月"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice")
def test_a_game_out_of_month_order_passes_its_players_ratings_on(tmp_path: Path) -> None:
    # README (monthly mode): the game dated in May after a June game is flagged and not
    # counted; the games after it follow the engine's replay of the log without it.
    # 田中's first June game, after the flagged one, is played at the list after May;
    # 佐藤's second June game at the June list, as their first was.
    day = datetime.date
    games = [(day(2026, 5, 1), "佐藤", "田中", 1), (day(2026, 5, 3), "鈴木", "田中", 1),
             (day(2026, 6, 2), "佐藤", "鈴木", 1), (day(2026, 5, 20), "田中", "佐藤", 1),
             (day(2026, 6, 5), "田中", "鈴木", 0), (day(2026, 6, 9), "佐藤", "田中", 0)]
    starts = {"田中": 1600, "佐藤": 1500, "鈴木": 1400}
    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_tokin_ja.toml"), rows=8,
                               players=3, output="club")
    source = build(spec, tmp_path, tables={
        "Players": [{"Name": n, "Start": v} for n, v in starts.items()],
        "Games": [{"Date": d, "PlayerA": a, "PlayerB": b, "Result": r}
                  for d, a, b, r in games]})
    [done] = recalculate([source], tmp_path / "lo")
    kept = [g for i, g in enumerate(games) if i != 3]
    expected = replay("tokin", [(a, b, r, None) for _, a, b, r in kept], initial=starts,
                      periods=[(d.year, d.month) for d, *_ in kept])
    for path in (source, done):  # the engine's cached values, then LibreOffice's
        status = values(path, "Games_Status", data_only=True)
        assert status[3] == "⚠ 日付が前の対局より前の月" and status[:6].count(None) == 5, status
        change = list(zip(values(path, "Games_ChangeA", data_only=True),
                          values(path, "Games_ChangeB", data_only=True), strict=True))
        assert [change[i] for i in (0, 1, 2, 4, 5)] == expected.changes, path
        assert change[3] == (None, None)
        after_may = replay("tokin", [(a, b, r, None) for _, a, b, r in kept[:2]],
                           initial=starts, periods=[(2026, 5)] * 2).ratings
        played_at = list(zip(values(path, "Games_RatingA", data_only=True),
                             values(path, "Games_RatingB", data_only=True), strict=True))
        assert played_at[4][0] == after_may["田中"] != starts["田中"], played_at
        assert played_at[5][0] == played_at[2][0] == after_may["佐藤"], played_at
        rating = dict(zip(values(path, "Players_Name", data_only=True),
                          values(path, "Players_Rating", data_only=True), strict=True))
        assert rating == expected.ratings, path
        count = dict(zip(values(path, "Players_Name", data_only=True),
                         values(path, "Players_Games", data_only=True), strict=True))
        assert count == expected.games, path


@pytest.mark.slow
def test_names_that_differ_only_in_case_are_one_player_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text("player_a,player_b,result\nTanaka,Sato,1\nsato,TANAKA,1\n",
                    encoding="utf-8")
    rated = invoke("rate", str(path), "-s", "elo", "--format", "csv", "--lang", "en")
    assert rated.exit_code == 0, rated.output
    rows = [line for line in rated.output.splitlines() if line[:1].isdigit()]
    assert sorted(r.split(",")[1] for r in rows) == ["Sato", "Tanaka"]
    assert "'sato' is taken as 'Sato'" in rated.output
    out = tmp_path / "club.xlsx"
    imported = invoke("import", str(path), "-t", str(sized_template(tmp_path, "ledger_elo_en")),
                      "--out", str(out))
    assert imported.exit_code == 0, imported.output
    assert "2 games, 2 players" in imported.output
    assert all(s in (None, "") for s in values(out, "Players_Status", data_only=True))


# --- 12: logs larger than a ledger can be -------------------------------------------------


@pytest.mark.slow
def test_import_refuses_more_players_than_a_ledger_holds(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    games = "".join(f"P{i},Q{i},1\n" for i in range(MAX_PLAYERS // 2 + 1))  # 2,002 players
    path.write_text("player_a,player_b,result\n" + games, encoding="utf-8")
    out = tmp_path / "club.xlsx"
    assert_one_line_error(invoke("import", str(path), "-t", "templates/ledger_elo_en.toml",
                                 "--out", str(out)), "2,002 players", "at most 2,000")
    assert not out.exists()


def test_import_refuses_more_games_than_a_ledger_holds(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text("player_a,player_b,result\n" + "A,B,1\n" * (MAX_ROWS + 1),
                    encoding="utf-8")
    out = tmp_path / "club.xlsx"
    assert_one_line_error(invoke("import", str(path), "-t", "templates/ledger_elo_en.toml",
                                 "--out", str(out)), "20,001 games", "at most 20,000")
    assert not out.exists()
