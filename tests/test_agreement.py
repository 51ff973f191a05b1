"""``import``, ``rate`` and the club ledger decide every row alike, for every ledger kind.

The same games go three ways: to ``rate --skip-bad`` and to ``import --skip-bad`` as CSV
lines under the ledger's own headings (Japanese, and English for one kind), and into a
ledger's Games sheet as the cells a person types (numbers as numbers, dates as dates),
with the players on Players. LibreOffice recalculates that ledger from its inputs alone
(its cached values stripped), and the rows its Status flags must be the lines ``rate``
and ``import`` refuse, each for its rule's reason. Which rows are bad is written here
from the rules (RULES.md; the four-player rule's §5), one row per class of refusal.

A CSV holds text only, so what only a typed cell can get wrong (勝 typed as text, a
name with spaces around it) is left to ``tests/test_rate_agrees_with_ledger.py``.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from tests.commands import sized_template
from workbook_builder import messages
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.libreoffice import recalculate
from workbook_builder.package import strip_cached_values
from workbook_builder.rating_list import format_number
from workbook_builder.template import load_template

OK = "counted"

JA = {"Date": "日付", "PlayerA": "対局者A", "PlayerB": "対局者B", "Result": "A\n勝敗",
      "Handicap": "手合", "GameType": "種類", "TurnDiff": "手番差"}
"""The Japanese ledgers' own headings (the result's and Go's on two lines, as on the
sheet)."""
EN = {"Date": "Date", "PlayerA": "A", "PlayerB": "B", "Result": "A's\nscore"}

COMMON = [  # (date, A, B, result, why) — every two-player rule
    ("2026/4/4", "田中", "鈴木", "1", OK),
    ("2026/4/4", "佐藤", "高橋", "0", OK),
    ("2026/4/5", "田中", "田中", "1", "one player on both sides"),
    ("2026/4/5", "田中", "鈴木", "2", "a result is 1 or 0 (or 0.5)"),
    ("2026/4/6", "田中", "", "1", "no opponent"),
    ("いつか", "佐藤", "鈴木", "1", "not a date"),
    ("2026/5/9", "高橋", "田中", "1", OK),
]


@dataclass(frozen=True)
class Kind:
    """A ledger kind: its template, rule, headings and rows (inputs → why)."""

    template: str
    system: str
    headings: dict[str, str]
    rows: tuple[tuple[dict[str, str], str], ...]


def pairs(extra: Sequence[tuple[dict[str, str], str]] = (), draws: bool = False,
          **more: str) -> tuple[tuple[dict[str, str], str], ...]:
    """The common rows (with ``more`` columns on each), a draw, then ``extra``."""
    rows = [({"Date": d, "PlayerA": a, "PlayerB": b, "Result": r, **more}, why)
            for d, a, b, r, why in COMMON]
    rows.append(({"Date": "2026/5/10", "PlayerA": "鈴木", "PlayerB": "佐藤", "Result": "0.5",
                  **more}, OK if draws else "no draws in this rule"))
    return (*rows, *extra)


def game(date: str, a: str, b: str, result: str, **more: str) -> dict[str, str]:
    return {"Date": date, "PlayerA": a, "PlayerB": b, "Result": result, **more}


KINDS = {
    "tokin": Kind("ledger_tokin_ja", "tokin", JA, pairs([
        (game("2026/5/11", "田中", "鈴木", "1", Handicap="香落"), OK),
        (game("2026/5/11", "田中", "鈴木", "1", Handicap="八枚落"), "not a Tokin handicap"),
        (game("2026/4/30", "佐藤", "鈴木", "1"), "an earlier month than a game above"),
        (game("", "佐藤", "鈴木", "1"), "monthly lists need a date"),
    ])),
    "club24": Kind("ledger_club24_ja", "club24", JA, pairs()),
    "elo": Kind("ledger_elo_en", "elo", EN, pairs(draws=True)),
    "glicko": Kind("ledger_glicko_ja", "glicko", JA, pairs(draws=True)),
    "mosaic": Kind("ledger_mosaic_ja", "mosaic", JA, pairs([
        (game("2026/5/11", "田中", "鈴木", "1", TurnDiff="-1"), "a turn difference is >= 0"),
        (game("2026/5/11", "田中", "鈴木", "1", TurnDiff="1.5"), "a turn difference is whole"),
        (game("2026/5/11", "田中", "鈴木", "1", TurnDiff="3"), OK),
    ], TurnDiff="0")),
    "go": Kind("ledger_go_ja", "go", {**JA, "Handicap": "手合\n段差"}, pairs([
        (game("2026/5/11", "田中", "鈴木", "1", GameType="不戦勝"), OK),
        (game("2026/5/11", "田中", "鈴木", "", GameType="不戦勝"), "a forfeit's result typed"),
        (game("2026/5/11", "田中", "鈴木", "0", GameType="不戦勝"), "contradicts the forfeit"),
        (game("2026/5/11", "田中", "鈴木", "1", GameType="不戦敗"), "contradicts the forfeit"),
        (game("2026/5/12", "佐藤", "高橋", "1", GameType="非レート"), OK),
        (game("2026/5/12", "佐藤", "高橋", "1", GameType="forfeit win"), OK),
        (game("2026/5/12", "佐藤", "高橋", "1", GameType="ふせん"), "not a game type"),
        (game("2026/5/13", "田中", "佐藤", "1", Handicap="2"), OK),
        (game("2026/5/13", "田中", "佐藤", "1", Handicap="9.5"), "handicap beyond 9"),
        (game("2026/5/13", "田中", "佐藤", "1", Handicap="0.3"), "handicap in half steps"),
        (game("2026/5/13", "田中", "佐藤", "1", Handicap="香落"), "handicap is a number"),
    ])),
}

YONIN = [  # (seats: (player, place, knocked by) × 4, why) — RULES.md §5
    ((("A", "1", ""), ("B", "2", "1"), ("C", "3", "2"), ("D", "4", "1")), OK),
    ((("A", "2", "T"), ("B", "4", "T"), ("C", "1", ""), ("D", "3", "3")), OK),
    ((("A", "1", ""), ("B", "1", "1"), ("C", "3", "1"), ("D", "4", "2")), "two 1st places"),
    ((("A", "1", ""), ("B", "2", "1"), ("C", "3", "1"), ("D", "5", "2")), "seat 5's place"),
    ((("A", "1", ""), ("B", "2", "2"), ("C", "3", "1"), ("D", "4", "2")), "out by own seat"),
    ((("A", "1", "2"), ("B", "2", "1"), ("C", "3", "1"), ("D", "4", "2")), "winner knocked out"),
    ((("A", "1", ""), ("B", "2", ""), ("C", "3", "1"), ("D", "4", "2")), "knocker missing"),
    ((("A", "1", ""), ("B", "2", "3"), ("C", "3", "1"), ("D", "4", "2")), "knocker already out"),
    ((("A", "1", ""), ("B", "2", "1"), ("C", "3", "1"), ("D", "4", "X")), "knocker not a seat"),
    ((("A", "1", ""), ("B", "2", "1"), ("C", "3", "1"), ("A", "4", "2")), "A plays twice"),
    ((("A", "1", ""), ("B", "2", "1"), ("C", "3", "2"), ("D", "4", "1")), OK),
]


def typed(text: str) -> object:
    """The cell a person types for ``text``: a number as a number, a date as a date."""
    if not text:
        return None
    if re.fullmatch(r"\d{4}/\d+/\d+", text):
        return datetime.datetime.strptime(text, "%Y/%m/%d")
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else number


def csv_text(header: Sequence[str], lines: Sequence[Sequence[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header, *lines])
    return out.getvalue()


def two_player(kind: Kind) -> tuple[str, list[dict[str, object]], list[str]]:
    """The CSV, the Games rows as typed, and the players of a two-player kind."""
    keys = list(dict.fromkeys(k for inputs, _ in kind.rows for k in inputs))
    text = csv_text([kind.headings[k] for k in keys],
                    [[inputs.get(k, "") for k in keys] for inputs, _ in kind.rows])
    games = [{k: typed(v) for k, v in inputs.items() if v} for inputs, _ in kind.rows]
    players = [n for inputs, _ in kind.rows for n in (inputs["PlayerA"], inputs["PlayerB"])]
    return text, games, [n for n in dict.fromkeys(players) if n]


def four_player() -> tuple[str, list[dict[str, object]], list[str]]:
    """The four-player CSV (one line a game) and its Games rows (one a seat)."""
    header = ["日付"] + [f"{h}{i}" for i in range(1, 5) for h in ("対局者", "順位", "撃破者")]
    text = csv_text(header, [["2026/4/4", *(x for seat in seats for x in seat)]
                             for seats, _ in YONIN])
    games = []
    for seats, _ in YONIN:
        for n, (player, place, knocker) in enumerate(seats):
            row = {"Player": player, "Place": typed(place), "KnockedBy": typed(knocker),
                   "Date": typed("2026/4/4") if n == 0 else None}
            games.append({k: v for k, v in row.items() if v is not None})
    players = list(dict.fromkeys(p for seats, _ in YONIN for p, _, _ in seats))
    return text, games, players


def refused_lines(output: str, csv_path: Path) -> set[int]:
    """The data rows (0 = the first under the header) a command named as bad, by the
    line it named (a heading on two lines takes two)."""
    reader = csv.reader(io.StringIO(csv_path.read_text(encoding="utf-8"), newline=""))
    next(reader)
    row_of = {}
    for index, _ in enumerate(reader):
        row_of[reader.line_num] = index
    found = re.findall(rf"^{re.escape(str(csv_path))}:(\d+): (?!.*not read)", output,
                       flags=re.M)
    return {row_of[int(line)] for line in found}


def column(path: Path, name: str) -> list[object]:
    raw = load_workbook(path)
    (title, ref), = raw.defined_names[name].destinations
    wb = load_workbook(path, data_only=True)
    return [row[0].value for row in wb[title][ref.replace("$", "")]]


def run(*args: str) -> tuple[int, str]:
    messages.choose(None)
    done = CliRunner().invoke(main, ["--lang", "en", *args])
    return done.exit_code, done.output


def decide_by_commands(tmp_path: Path, name: str, system: str, template: str,
                       text: str) -> tuple[set[int], set[int]]:
    """The rows ``rate`` and ``import`` refuse, each with ``--skip-bad``; without it,
    each refuses the file and ``import`` writes nothing."""
    path = tmp_path / f"{name}.csv"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / f"{name}-imported.xlsx"
    ledger = str(sized_template(tmp_path, template))
    assert run("rate", str(path), "-s", system)[0] == 1
    assert run("import", str(path), "--template", ledger, "--out", str(out))[0] == 1
    assert not out.exists()
    code, rated = run("rate", str(path), "-s", system, "--skip-bad")
    assert code == 0 and "games[" not in rated, rated
    code, imported = run("import", str(path), "--template", ledger, "--out", str(out),
                         "--skip-bad")
    assert code == 0 and "games[" not in imported, imported
    assert "not read" not in rated + imported  # the ledger's own headings are all read
    return refused_lines(rated, path), refused_lines(imported, path)


def flagged(done: Path, rows: int, seats: int) -> set[int]:
    """The games whose Status the recalculated ledger fills (a game's first row)."""
    status = column(done, "Games_Status")[:rows * seats:seats]
    return {i for i, s in enumerate(status) if s not in (None, "")}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice")
def test_import_rate_and_every_ledger_refuse_the_same_rows(tmp_path: Path) -> None:
    cases = {name: (kind.system, kind.template, *two_player(kind),
                    [why for _, why in kind.rows]) for name, kind in KINDS.items()}
    cases["yonin"] = ("yonin", "yonin_ledger_ja", *four_player(), [why for _, why in YONIN])
    sources = []
    for name, (_, template, _, games, players, _) in cases.items():
        spec = dataclasses.replace(load_template(TEMPLATES / f"{template}.toml"),
                                   rows=len(games) + 4, players=len(players), output=name)
        built = build(spec, tmp_path / "built", tables={
            "Players": [{"Name": n} for n in players], "Games": games})
        sources.append(tmp_path / "stripped" / built.name)
        sources[-1].parent.mkdir(exist_ok=True)
        strip_cached_values(built, sources[-1])
    done = dict(zip(cases, recalculate(sources, tmp_path / "lo"), strict=True))
    for name, (system, template, text, _, _, whys) in cases.items():
        expected = {i for i, why in enumerate(whys) if why != OK}
        rate, imported = decide_by_commands(tmp_path, name, system, template, text)
        seats = 4 if system == "yonin" else 1
        ledger = flagged(done[name], len(whys), seats)
        assert (rate, imported, ledger) == (expected, expected, expected), \
            (name, [whys[i] for i in sorted(expected ^ ledger)])
        if system != "yonin":
            assert rated_list(tmp_path / f"{name}.csv", system) == \
                ledger_list(done[name], "Players_Games"), name  # every game played


def rated_list(path: Path, system: str) -> dict[str, tuple[str, str]]:
    """``rate``'s list: player → (rating, games)."""
    messages.choose(None)
    lines = CliRunner().invoke(main, ["--lang", "en", "rate", str(path), "-s", system,
                                      "--skip-bad", "--format", "csv"]).stdout.splitlines()
    header = lines[0].split(",")
    at = {key: header.index(key) for key in ("player", "rating", "games")}
    return {cells[at["player"]]: (cells[at["rating"]], cells[at["games"]])
            for cells in (line.split(",") for line in lines[1:] if line)}


def ledger_list(done: Path, games: str) -> dict[str, tuple[str, str]]:
    """The recalculated ledger's Players: name → (rating as rate rounds it, games; for Go
    the rated games, which is what Go's replay counts)."""
    rows = zip(column(done, "Players_Name"), column(done, "Players_Rating"),
               column(done, games), strict=True)
    return {str(n): (format_number(float(r)), str(g)) for n, r, g in rows
            if n is not None and g}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_refused_line_names_the_file_line_column_and_value(
        tmp_path: Path, name: str) -> None:
    """Every refusal a command gives is one line: file:line: the column as the log names
    it, the value as typed, and the reason, never an engine's internal name."""
    kind = KINDS[name]
    path = tmp_path / "games.csv"
    path.write_text(two_player(kind)[0], encoding="utf-8")
    _, rated = run("rate", str(path), "-s", kind.system, "--skip-bad")
    lines = [line for line in rated.splitlines() if line.startswith(f"{path}:")
             and "not read" not in line]
    assert len(lines) == sum(why != OK for _, why in kind.rows)
    for line in lines:
        assert re.match(rf"{re.escape(str(path))}:\d+: ", line), line
        assert "games[" not in line and "Traceback" not in line
