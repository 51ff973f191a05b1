"""``rate`` and the club ledger decide alike: the same rows, counted or refused alike, with
the same outcome.

The same games go to ``rate`` as CSV lines and into a Tokin ledger's Games sheet as the
cells a person types (numbers as numbers, dates as dates), with the players on Players;
LibreOffice recalculates the ledger from its inputs alone. Every line ``rate`` refuses is
a row the ledger does not count, every line it rates the ledger counts, and the ratings
and game counts agree. Both use their defaults: the Tokin ledger is built monthly, and
``rate`` follows it.

What a CSV cannot say, it cannot disagree on: a CSV holds text only, so ``rate`` reads
勝/負/分 and surrounding spaces the way the README documents, and ``import`` writes the
number and the trimmed name; a cell typed 勝 or "田中 " is flagged by the sheet instead
(its result cell takes 1 or 0 from a list). The last test pins that difference down.
"""

from __future__ import annotations

import dataclasses
import datetime
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from tests.commands import sized_template
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.libreoffice import recalculate
from workbook_builder.template import load_template

ROWS = [  # (date, A, B, result, handicap, what RULES.md / the ledger's rules say)
    ("2026/4/4", "田中", "鈴木", "1", "", "counted"),
    ("2026/4/4", "佐藤", "高橋", "0", "香落", "counted"),
    ("2026/4/5", "田中", "田中", "1", "", "one player on both sides"),
    ("2026/4/5", "田中", "鈴木", "2", "", "a result is 1 or 0"),
    ("2026/4/5", "田中", "鈴木", "1", "八枚落", "not a Tokin handicap"),
    ("2026/4/6", "田中", "", "1", "", "no opponent"),
    ("2026/3/30", "佐藤", "鈴木", "1", "", "an earlier month than the game above"),
    ("", "佐藤", "鈴木", "1", "", "monthly lists need a date"),
    ("2026/4/7", "佐藤", "鈴木", "0.5", "", "Tokin has no draws"),
    ("2026/5/2", "鈴木", "佐藤", "1", "角落", "counted"),
    ("2026/5/9", "高橋", "田中", "1", "", "counted"),
]
PLAYERS = ("田中", "鈴木", "佐藤", "高橋")


def typed(text: str) -> object:
    """The cell a person types for ``text``: a number as a number, a date as a date."""
    if not text:
        return None
    if text.count("/") == 2:
        return datetime.datetime.strptime(text, "%Y/%m/%d")
    try:
        return float(text) if "." in text else int(text)
    except ValueError:
        return text


def column(path: Path, name: str) -> list[object]:
    raw = load_workbook(path)
    (title, ref), = raw.defined_names[name].destinations
    wb = load_workbook(path, data_only=True)
    return [row[0].value for row in wb[title][ref.replace("$", "")]]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice")
def test_rate_and_the_ledger_count_the_same_rows_alike(tmp_path: Path) -> None:
    csv = tmp_path / "games.csv"
    csv.write_text("日付,対局者A,対局者B,勝敗,手合\n" + "".join(
        ",".join(row[:5]) + "\n" for row in ROWS), encoding="utf-8")
    rated = CliRunner().invoke(main, ["--lang", "en", "rate", str(csv), "-s", "tokin",
                                      "--skip-bad", "--format", "csv"])
    assert rated.exit_code == 0, rated.output
    refused = {int(line.split(":")[1]) - 2 for line in rated.stderr.splitlines()
               if line.startswith(str(csv) + ":")}
    assert refused == {i for i, row in enumerate(ROWS) if row[5] != "counted"}

    spec = dataclasses.replace(load_template(TEMPLATES / "ledger_tokin_ja.toml"),
                               rows=len(ROWS) + 2, players=len(PLAYERS), output="club")
    games = [{k: typed(v) for k, v in zip(("Date", "PlayerA", "PlayerB", "Result",
                                           "Handicap"), row[:5], strict=True) if v}
             for row in ROWS]
    source = build(spec, tmp_path, tables={"Players": [{"Name": n} for n in PLAYERS],
                                           "Games": games})
    [done] = recalculate([source], tmp_path / "lo")
    status = column(done, "Games_Status")[:len(ROWS)]
    not_counted = {i for i, s in enumerate(status) if s not in (None, "")}
    assert not_counted == refused, status

    listed = {line.split(",")[1]: line.split(",")[2:] for line in
              rated.stdout.splitlines()[1:]}
    ledger = dict(zip(column(done, "Players_Name"), zip(column(done, "Players_Rating"),
                                                         column(done, "Players_Games"),
                                                         strict=True), strict=True))
    assert {n: [str(round(r)), str(g)] for n, (r, g) in ledger.items()} == listed


def test_what_a_csv_holds_as_text_reaches_the_ledger_as_the_sheet_takes_it(
        tmp_path: Path) -> None:
    csv = tmp_path / "games.csv"
    csv.write_text("日付,対局者A,対局者B,勝敗\n2026/4/4, 田中 ,鈴木,勝\n2026/4/5,鈴木,田中,負\n",
                   encoding="utf-8")
    out = tmp_path / "club.xlsx"
    template = sized_template(tmp_path, "ledger_tokin_ja")
    done = CliRunner().invoke(main, ["--lang", "en", "import", str(csv), "--template",
                                     str(template), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert column(out, "Games_Result")[:2] == [1, 0]
    assert column(out, "Games_PlayerA")[:2] == ["田中", "鈴木"]
    assert column(out, "Players_Name")[:2] == ["田中", "鈴木"]


GO_ROWS = [  # (date, A, B, result, type): 非レート and forfeits are games played, not rated
    ("2026-05-01", "山田", "鈴木", "1", ""),
    ("2026-05-02", "山田", "田中", "1", "非レート"),
    ("2026-05-03", "鈴木", "田中", "1", "不戦勝"),
    ("2026-05-04", "山田", "鈴木", "0", ""),
]


@pytest.mark.slow
def test_rate_counts_a_go_players_games_as_the_ledgers_list_does(tmp_path: Path) -> None:
    """対局数 is every game a player played (RULES.md §4 rates some of them only); the
    ledger ``import`` writes says the same, and the 仮 mark still follows rated games."""
    csv = tmp_path / "go.csv"
    csv.write_text("日付,対局者A,対局者B,勝敗,種類\n"
                   + "".join(",".join(row) + "\n" for row in GO_ROWS), encoding="utf-8")
    played = {name: sum(name in row[1:3] for row in GO_ROWS) for name in ("山田", "鈴木", "田中")}
    rated = CliRunner().invoke(main, ["--lang", "ja", "rate", str(csv), "-s", "go",
                                      "--format", "csv"])
    assert rated.exit_code == 0, rated.output
    lines = [line.split(",") for line in rated.stdout.splitlines()]
    games = lines[0].index("対局数")
    assert {line[1]: int(line[games]) for line in lines[1:]} == played
    assert all(line[-1].endswith("仮") for line in lines[1:])

    ledger = tmp_path / "go.xlsx"
    made = CliRunner().invoke(main, ["import", str(csv), "-t",
                                     str(sized_template(tmp_path, "ledger_go_ja")), "--out",
                                     str(ledger)])
    assert made.exit_code == 0, made.output
    listed = dict(zip(column(ledger, "Players_Name"), column(ledger, "Players_Games"),
                      strict=True))
    assert {name: count for name, count in listed.items() if name} == played
