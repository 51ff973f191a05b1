"""``workbook-builder import``: a ledger pre-filled from a CSV game log, nothing lost.

Expected ratings come from ``rating_rules.replay`` over the same games; the text
checks from the issue (names stay literally what was typed).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from rating_rules import replay
from tests.conftest import column
from workbook_builder.cli import main

TEMPLATE = "templates/ledger_tokin_ja.toml"
HOSTILE = ['=HYPERLINK("http://x","y")', "+1", "@SUM(A1)", "#N/A"]
CSV = (
    "日付,対局者A,対局者B,勝敗,手合\n"
    "2024/5/1,田中,鈴木,勝,\n"
    '2024/5/2,"=HYPERLINK(""http://x"",""y"")",鈴木,負,香落\n'
    "2024/5/3,+1,@SUM(A1),1,\n"
    "2024/6/3,#N/A,田中\x07,0,\n"
    "2024/6/4,田中,+1,1,角落\n"
)


def run(*args: str):
    return CliRunner().invoke(main, ["import", *args])


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp932"])
def test_import_fills_a_ledger_that_rates_like_the_engine(tmp_path: Path, encoding: str) -> None:
    log = tmp_path / "games.csv"
    log.write_bytes(CSV.replace("\x07", "" if encoding == "cp932" else "\x07").encode(encoding))
    out = tmp_path / "club.xlsx"
    result = run(str(log), "--template", TEMPLATE, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "5 games, 6 players" in result.output
    if encoding != "cp932":
        assert "line 5: control characters removed" in result.output
    raw, wb = load_workbook(out), load_workbook(out, data_only=True)
    names = column(raw, "Players_Name")[:6]
    assert names == ["田中", "鈴木", *HOSTILE[:3], "#N/A"]
    title, *_ = raw.defined_names["Players_Name"].destinations
    cells = [c for row in raw[title[0]].iter_rows(min_row=4, max_row=9, max_col=1) for c in row]
    assert all(c.data_type == "s" for c in cells)  # text, never a formula or an error
    games = [("田中", "鈴木", 1, None), (HOSTILE[0], "鈴木", 0, "香落"),
             ("+1", "@SUM(A1)", 1, None), ("#N/A", "田中", 0, None), ("田中", "+1", 1, "角落")]
    months = ["2024-05"] * 3 + ["2024-06"] * 2
    expected = replay("tokin", games, periods=months)
    got = list(zip(column(wb, "Games_ChangeA")[:5], column(wb, "Games_ChangeB")[:5],
                   strict=True))
    assert got == [tuple(c) for c in expected.changes]
    assert all(s in (None, "") for s in column(wb, "Games_Status")[:5])


def test_bad_rows_stop_the_import_with_their_lines_unless_skipped(tmp_path: Path) -> None:
    log = tmp_path / "games.csv"
    log.write_text(CSV + "2024/6/5,田中,鈴木,2,\n2024/6/6,田中,,1,\n", encoding="utf-8")
    out = tmp_path / "club.xlsx"
    result = run(str(log), "--template", TEMPLATE, "--out", str(out))
    assert result.exit_code == 1 and not out.exists()
    assert "2 row(s) could not be read (lines 7, 8); line 7: result '2' must be 1 or 0" \
        in result.output
    result = run(str(log), "--template", TEMPLATE, "--out", str(out), "--skip-bad")
    assert result.exit_code == 0, result.output
    assert "games.csv:7: skipped" in result.output and "games.csv:8: skipped" in result.output
    assert "5 games" in result.output


@pytest.mark.parametrize("case", ["exists", "not-a-ledger", "no-csv", "not-csv"])
def test_refusals_are_one_line_and_touch_nothing(tmp_path: Path, case: str) -> None:
    log = tmp_path / "games.csv"
    log.write_text(CSV, encoding="utf-8")
    out = tmp_path / "club.xlsx"
    template = TEMPLATE
    if case == "exists":
        out.write_bytes(b"my club's only copy")
    elif case == "not-a-ledger":
        template = "templates/tokin_ja.toml"
    elif case == "no-csv":
        log = tmp_path / "missing.csv"
    else:
        log.write_bytes(b"\x00\xff\xfe garbage \x81")
    before = {p: p.read_bytes() for p in tmp_path.iterdir()}
    result = run(str(log), "--template", template, "--out", str(out))
    assert result.exit_code != 0
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    assert "Traceback" not in result.output
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize(("given", "meant"), [
    ("go_en", "ledger_go_en"), ("yonin_ja", "yonin_ledger_ja"), ("elo_ja", "ledger_elo_ja")])
def test_a_personal_sheets_template_is_refused_naming_the_ledger_of_its_system(
        tmp_path: Path, given: str, meant: str) -> None:
    log = tmp_path / "games.csv"
    log.write_text(CSV, encoding="utf-8")
    result = run(str(log), "--template", f"templates/{given}.toml", "--out",
                 str(tmp_path / "club.xlsx"))
    assert result.exit_code != 0
    assert f"use a ledger template, e.g. templates/{meant}.toml" in result.output, result.output


FOUR_PLAYER_SAMPLE = Path(__file__).resolve().parents[1] / "docs" / "samples" / "四人将棋記録.csv"


@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice")
def test_a_four_player_log_fills_the_four_player_ledger(tmp_path: Path) -> None:
    """The README's sample (one line a game, Japanese headers) imported, recalculated by
    LibreOffice from inputs alone: each seat's new rate is the engine's replay up to that
    game, and no row is flagged."""
    from workbook_builder.libreoffice import recalculate
    from workbook_builder.logfile import read_game_log
    from workbook_builder.package import strip_cached_values

    out = tmp_path / "club.xlsx"
    result = run(str(FOUR_PLAYER_SAMPLE), "--template", "templates/yonin_ledger_ja.toml",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "3 games, 5 players" in result.output
    bare = tmp_path / "bare" / "club.xlsx"
    bare.parent.mkdir()
    strip_cached_values(out, bare)
    (done,) = recalculate([bare], tmp_path / "lo")
    wb = load_workbook(done, data_only=True)
    games = read_game_log(FOUR_PLAYER_SAMPLE, "yonin").games
    expected = [replay("yonin", games[:n + 1]).ratings[name]
                for n, (names, _, _) in enumerate(games) for name in names]
    assert column(wb, "Games_NewRate")[:12] == expected
    assert column(wb, "Games_Player")[:12] == [n for names, _, _ in games for n in names]
    assert all(s in (None, "") for s in column(wb, "Games_Status")[:12])
