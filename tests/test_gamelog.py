"""Reading club game logs from CSV, and the `rate` command."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from workbook_builder.cli import main
from workbook_builder.gamelog import GameLogError, map_header, parse_game_log
from workbook_builder.logfile import read_game_log

LOG = (
    "日付,対局者A,対局者B,勝敗,手合\n"
    "2026/5/1,田中,佐藤,1,\n"
    "2026/5/2,佐藤,鈴木,勝,\n"
    "2026/5/3,田中,鈴木,2,\n"
    "2026/6/1,鈴木,田中,負,香落\n"
)


def write(tmp_path: Path, text: str, encoding: str) -> Path:
    path = tmp_path / f"games_{encoding}.csv"
    path.write_bytes(text.encode(encoding))
    return path


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp932"])
def test_reads_utf8_bom_and_shift_jis(tmp_path: Path, encoding: str) -> None:
    log = read_game_log(write(tmp_path, LOG, encoding), "tokin")
    expected = [("田中", "佐藤", 1), ("佐藤", "鈴木", 1), ("鈴木", "田中", 0)]
    assert [g[:3] for g in log.games] == expected
    assert log.games[2][3] == "香落"
    assert [b.line for b in log.bad] == [4]
    assert "result '2'" in log.bad[0].reason


def test_line_numbers_count_quoted_newlines() -> None:
    text = 'player_a,player_b,result\n"A\nA",B,1\nB,C,x\n'
    log = parse_game_log(text, "elo")
    assert log.games[0][0] == "A\nA"
    assert [(b.line, b.text) for b in log.bad] == [(4, "B,C,x")]


def test_text_that_looks_like_a_formula_stays_text() -> None:
    text = 'player_a,player_b,result\n"=HYPERLINK(""http://x"",""y"")",+1,1\n@SUM(A1),#N/A,0\n'
    log = parse_game_log(text, "elo")
    assert log.games == [('=HYPERLINK("http://x","y")', "+1", 1), ("@SUM(A1)", "#N/A", 0)]


def test_missing_column_is_named() -> None:
    with pytest.raises(GameLogError, match="turn_diff"):
        parse_game_log("player_a,player_b,result\nA,B,1\n", "mosaic")


def test_not_a_text_file(tmp_path: Path) -> None:
    path = tmp_path / "x.csv"
    path.write_bytes(b"\x81\x00\xff\xfe" * 10)
    with pytest.raises(GameLogError, match="neither UTF-8 nor Shift_JIS"):
        read_game_log(path, "elo")


def test_yonin_log() -> None:
    text = (
        "player1,player2,player3,player4,place1,place2,place3,place4,"
        "knocked_by1,knocked_by2,knocked_by3,knocked_by4\n"
        "A,B,C,D,1,2,3,4,,1,2,1\n"
    )
    log = parse_game_log(text, "yonin")
    assert log.games == [(("A", "B", "C", "D"), (1, 2, 3, 4), (None, 1, 2, 1))]


def test_rate_prints_list_computed_by_rule(tmp_path: Path) -> None:
    path = write(tmp_path, LOG.replace("2026/5/3,田中,鈴木,2,\n", ""), "cp932")
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "tokin", "--per-game", "--format",
                                    "csv", "--lang", "en", "--initial", "1500"])
    assert out.exit_code == 0, out.output
    # By hand (RULES.md §1): 田中 beats 佐藤 at 1500/1500: +16. 佐藤 (1484) beats
    # 鈴木 (1500): 16 + round(0.64) = 17. 鈴木 (1483) loses to 田中 (1516) at 香落:
    # e = −33 + 100 = 67 → −(16 + round(2.68)) = −19.
    assert out.output.splitlines() == [
        "#,player,rating,games", "1,田中,1535,2", "2,佐藤,1501,2", "3,鈴木,1464,2",
    ]


def test_rate_monthly_uses_the_months_list(tmp_path: Path) -> None:
    path = write(tmp_path, LOG.replace("2026/5/3,田中,鈴木,2,\n", ""), "utf-8")
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "tokin", "--monthly",
                                    "--format", "csv", "--initial", "1500"])
    # May, list 1500 for all: 田中 +16, 佐藤 −16 +16, 鈴木 −16. June list 1516/1500/1484:
    # 鈴木 loses to 田中 at 香落: e = −32 + 100 = 68 → −(16 + 3) = −19.
    assert out.output.splitlines()[1:] == ["1,田中,1535,2", "2,佐藤,1500,2", "3,鈴木,1465,2"]


def test_rate_rates_tokin_by_month_as_its_ledger_does(tmp_path: Path) -> None:
    """The Tokin ledger is built with monthly lists on, so ``rate`` without a flag gives
    the month-list figures of the test above (worked by hand there) and says so."""
    path = write(tmp_path, LOG.replace("2026/5/3,田中,鈴木,2,\n", ""), "utf-8")
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "tokin", "--format", "csv",
                                    "--initial", "1500"])
    assert out.stdout.splitlines()[1:] == ["1,田中,1535,2", "2,佐藤,1500,2", "3,鈴木,1465,2"]
    assert "rated by month lists, as its ledger does" in out.stderr


GLICKO_LOG = ("日付,対局者A,対局者B,勝敗\n"
              "2024/5/1,田中,佐藤,1\n"
              "2024/5/12,佐藤,鈴木,分\n"
              "2024/5/26,鈴木,田中,勝\n")


def test_rate_glicko_shows_each_rd_beside_the_rating(tmp_path: Path) -> None:
    """Glickman's formulas by hand: three new players (1500, RD 350) in one month, each
    playing the other two. At equal ratings every E is 0.5, so each moves by
    q/(1/350² + 2q²g²/4) × g × Σ(s − 0.5) and every RD becomes sqrt(1/(1/350² + 2q²g²/4)),
    g = g(350); 田中 (a win, a loss) stays at 1500."""
    q = math.log(10) / 400
    g = 1 / math.sqrt(1 + 3 * q * q * 350**2 / math.pi**2)
    precision = 1 / 350**2 + q * q * 2 * g * g / 4
    move = q / precision * g * 0.5
    rd = f"{math.sqrt(1 / precision):.1f}"
    assert (f"{move:.1f}", rd) == ("123.6", "253.3")
    path = write(tmp_path, GLICKO_LOG, "utf-8")
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "glicko", "--format", "csv",
                                    "--lang", "en"])  # by month unless told --per-game
    assert out.exit_code == 0, out.output
    assert "a rule of rating periods, rated by month" in out.stderr
    assert out.stdout.splitlines() == [
        "#,player,rating,RD,games", f"1,鈴木,{1500 + move:.1f},{rd},2", f"2,田中,1500,{rd},2",
        f"3,佐藤,{1500 - move:.1f},{rd},2",
    ]
    table = CliRunner().invoke(main, ["rate", str(path), "-s", "glicko", "--monthly",
                                      "--lang", "ja"])
    assert table.output.splitlines()[0].split() == ["順位", "名前", "レート", "レート偏差",
                                                    "対局数"]
    assert table.output.splitlines()[1].split() == ["1", "鈴木", f"{1500 + move:.1f}", rd, "2"]


def test_rate_glicko_per_game_rates_each_game_as_its_own_period(tmp_path: Path) -> None:
    """With --per-game each game is a period: the first game alone is the period above
    with one game, 田中 beating 佐藤 at 1500/350 (RD' = sqrt(1/(1/350² + q²g²/4)))."""
    q = math.log(10) / 400
    g = 1 / math.sqrt(1 + 3 * q * q * 350**2 / math.pi**2)
    precision = 1 / 350**2 + q * q * g * g / 4
    path = write(tmp_path, GLICKO_LOG.splitlines(keepends=True)[0]
                 + GLICKO_LOG.splitlines(keepends=True)[1], "utf-8")
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "glicko", "--per-game",
                                    "--format", "csv"])
    assert out.exit_code == 0, out.output
    rd = f"{math.sqrt(1 / precision):.1f}"
    assert out.stdout.splitlines()[1:] == [f"1,田中,{1500 + q / precision * g / 2:.1f},{rd},1",
                                           f"2,佐藤,{1500 - q / precision * g / 2:.1f},{rd},1"]
    assert out.stderr == ""  # told: nothing to announce


def test_rate_refuses_bad_rows_unless_told(tmp_path: Path) -> None:
    path = write(tmp_path, LOG, "utf-8")
    refused = CliRunner().invoke(main, ["rate", str(path), "-s", "tokin"])
    assert refused.exit_code == 1
    assert ":4: result '2' must be 1 or 0" in refused.output
    assert "Traceback" not in refused.output
    skipped = CliRunner().invoke(main, ["rate", str(path), "-s", "tokin", "--skip-bad"])
    assert skipped.exit_code == 0
    assert ":4: result '2'" in skipped.output


def test_a_four_player_rule_broken_is_a_bad_line_of_the_csv(tmp_path: Path) -> None:
    # RULES.md §5: every placement but first was mated or resigned, so a blank
    # knocked_by is a bad line, named by its file, line and column as any other.
    text = ("player1,player2,player3,player4,place1,place2,place3,place4\n"
            "A,B,C,D,1,2,3,4\n")
    path = write(tmp_path, text, "utf-8")
    out = CliRunner().invoke(main, ["--lang", "en", "rate", str(path), "-s", "yonin"])
    assert out.exit_code == 1
    assert out.output.startswith(f"{path}:2: knocked_by2 is blank")


def test_same_player_on_both_sides_is_a_bad_row_as_in_the_ledger(tmp_path: Path) -> None:
    # The ledger flags "the same player on both sides" and compares names ignoring case.
    path = write(tmp_path, "player_a,player_b,result\nA,B,1\nA,a,1\n", "utf-8")
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "elo"])
    assert out.exit_code == 1
    assert ":3: the same player 'A' is on both sides" in out.output
    skipped = CliRunner().invoke(main, ["rate", str(path), "-s", "elo", "--skip-bad"])
    assert skipped.exit_code == 0, skipped.output


def test_rate_missing_file_is_one_line(tmp_path: Path) -> None:
    out = CliRunner().invoke(main, ["rate", str(tmp_path / "nope.csv"), "-s", "elo"])
    assert out.exit_code == 1
    assert out.output.count("\n") == 1


def test_month_order_reads_the_dates_of_bad_lines_too() -> None:
    # README (monthly mode): a game dated in an earlier month than any dated game above
    # it is flagged, as the ledger flags it; a line refused for its result still sets
    # the month the log has reached.
    text = ("日付,対局者A,対局者B,勝敗\n"
            "2026/5/1,田中,佐藤,1\n"
            "2026/6/1,佐藤,鈴木,2\n"
            "2026/5/20,田中,鈴木,1\n")
    log = parse_game_log(text, "tokin", monthly=True)
    assert [(bad.line, "order" in bad.reason) for bad in log.bad] == [(3, False), (4, True)]
    assert len(log.games) == 1


def test_a_handicap_not_on_tokins_list_is_a_bad_row_naming_the_list(tmp_path: Path) -> None:
    # RULES.md §1: Tokin's handicaps are 平手 and 香落 … 六枚落; the CSV takes their
    # English names in any case too. One not on the list is named with the list.
    text = ("player_a,player_b,result,handicap\n"
            "A,B,1,香落\nA,B,0,LANCE\nA,B,1,八枚落\n")
    out = CliRunner().invoke(main, ["rate", str(write(tmp_path, text, "utf-8")),
                                    "-s", "tokin", "--per-game"])
    assert out.exit_code == 1
    listed = "平手、香落、角落、飛落、飛香落、二枚落、四枚落、六枚落"
    lines = [line for line in out.output.splitlines() if "八枚落" in line]
    assert len(lines) == 1 and ":4: handicap '八枚落' is not one of the list" in lines[0] \
        and f"({listed})" in lines[0], out.output
    assert ":3:" not in out.output and ":2:" not in out.output, out.output


SPELLINGS = {
    "tokin": (("Date", "A", "B", "A\nwon", "Hcp"),
              ("Date", "Player A", "Player B", "A's\nresult", "Handicap")),
    "go": (("Date", "A", "B", "A\nwon", "Hcp", "Type"),
           ("Date", "Player A", "Player B", "A's\nresult", "Handicap\n(rank diff)", "Type")),
    "elo": (("Date", "A", "B", "A's\nscore"), ("Date", "Player A", "Player B", "A's\nresult")),
}
"""A ledger's English headings as its Games sheet shows them, then as earlier versions
spelled them: a CSV copied from either is read whole."""


@pytest.mark.parametrize("system", SPELLINGS)
@pytest.mark.parametrize("spelling", [0, 1], ids=["today", "earlier"])
def test_the_ledgers_own_headings_are_read(system: str, spelling: int) -> None:
    header = SPELLINGS[system][spelling]
    columns, unread = map_header(header, system)
    assert not unread
    assert sorted(columns.values()) == list(range(len(header)))
    assert {"date", "player_a", "player_b", "result"} <= set(columns)


@pytest.mark.parametrize("path", sorted((Path(__file__).parent.parent / "dist")
                                        .glob("ledger_*.xlsx")), ids=lambda p: p.stem)
def test_a_shipped_ledgers_input_headings_are_read(path: Path) -> None:
    """The Games sheet's headings of what is typed (but the free note) name log columns."""
    from openpyxl import load_workbook
    from test_phone_view import wanted

    keys = [k for k in wanted(path) if k not in ("Status", "NewA", "NewB", "ShownA", "ShownB")]
    numbers = wanted(path)
    games = load_workbook(path, read_only=True).worksheets[0]
    row = [c.value for c in next(games.iter_rows(min_row=2, max_row=2))]
    header = [str(row[numbers[k] - 1]) for k in keys]
    system = path.stem.split("_")[1]
    columns, unread = map_header(header, system)
    assert not unread, f"{path.name}: {unread}"
    assert len(columns) == len(header)
