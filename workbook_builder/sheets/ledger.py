"""A club's two-player ledger: every game in one log, a live rating list, monthly lists.

One workbook type, ``system = "ledger"``; the template's ``preset`` picks the rule:
``tokin`` (Tokin 16±4%, monthly lists by default), ``tokin_league`` (its amateur-league
starting table), ``club24``, ``elo`` or ``mosaic``. Sheets:

- 名簿 / Players: name, declared rank or starting rating (Club 24: games before), and
  computed: the current rating, games, this month's games, a status marker.
- 対局 / Games: date, player A, player B, A's result, the rule's extra (Tokin handicap,
  MOSAIC turn difference), a note; computed: both ratings the game is played at, both
  changes, both new ratings, a status marker.
- レーティング表 / Rating list: the players in rating order (ties by Players order),
  recomputed live; no sorting by hand, no dynamic-array functions.
- 月例リスト / Monthly list (Tokin only): the list published after a chosen month.
- 設定 / Settings: the rule's constants and tables, and the mode.

Chain: a game row finds each player's previous counted game with one bounded lookup
over the rows above (:mod:`workbook_builder.formulas.ledger`) and reads the rating the
player left that game with; so editing a past game recomputes everything after it.

Row rules (the same in the formulas and in :func:`evaluate`): a row counts when both
players are on the Players sheet, differ, have a usable start, the result (and the
rule's required extra) is valid and nothing else is wrong; a flagged row shows "⚠ …"
in Status (an unknown name is quoted) and is skipped; the half-filled *last* row is a
game in progress. Tokin monthly mode **[assumed details]**: a month is the calendar
month of the game's date, so a counted game needs a date, and a date in an earlier
month than a counted game above it is flagged (the log must run in month order);
"this month" on the lists is the latest month with a counted game, not today's date
(TODAY() would change the file every day and cannot be a cached value).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from openpyxl import Workbook
from openpyxl.utils.datetime import from_excel, to_excel
from openpyxl.worksheet.worksheet import Worksheet

from rating_rules.common import round_half_away
from rating_rules.elo import EloPreset, elo_delta
from rating_rules.mosaic import MosaicPreset, mosaic_delta
from rating_rules.shogi import (
    CLUB24,
    LEAGUE,
    TOKIN,
    Club24Preset,
    TokinPreset,
    club24_delta,
    club24_rank,
    tokin_delta,
)

from .. import formulas as fx
from .. import styles
from ..formulas import elo as fe
from ..formulas import ledger as lx
from ..formulas import shogi as sx
from ..labels import SETTINGS_TITLE, Text
from ..layout import Column, NameInfo, Row, Setting, Table, Validation
from ..settings import FIRST_ROW, setting_name, write_settings
from ..table import define_name, write_table
from ..template import Spec, TemplateError
from . import Built, SheetType
from .common import cached_by_row, decorate_games, excel_number, page_setup, sheet_title
from .tokin import handicap_names

GAMES = Text("対局", "Games")
PLAYERS = Text("名簿", "Players")
LIST = Text("レーティング表", "Rating list")
MONTHLY = Text("月例リスト", "Monthly list")
START = setting_name("Start")
MONTHLY_MODE = setting_name("Monthly")
HANDICAP = {key: setting_name(f"Handicap{key}") for key in ("Name", "Alias", "Adj")}
RANK_LABEL, RANK_RATING, RANK_FROM = (setting_name(k) for k in ("RankLabel", "RankRating",
                                                                 "RankFrom"))

MSG = {
    "settings": Text("⚠ 設定シートの値を確認", "⚠ check the Settings sheet"),
    "unknown": Text("⚠ 名簿にない名前: ", "⚠ not on the Players sheet: "),
    "same": Text("⚠ 同じ人が両側に", "⚠ the same player on both sides"),
    "start": Text("⚠ 名簿の開始レートを確認: ", "⚠ check the start on Players: "),
    "result": Text("⚠ 勝敗は1か0", "⚠ result must be 1 or 0"),
    "score": Text("⚠ 勝敗は 1・0.5・0", "⚠ result must be 1, 0.5 or 0"),
    "handicap": Text("⚠ 手合は一覧から選ぶ", "⚠ handicap: pick one from the list"),
    "turns": Text("⚠ 手番差は0以上の整数", "⚠ turn difference: a whole number, 0 or more"),
    "date": Text("⚠ 日付は 5/26 の形で", "⚠ date: type it like 5/26"),
    "need_date": Text("⚠ 月例リストには日付が必要", "⚠ monthly lists need the date"),
    "order": Text("⚠ 前の対局より前の月", "⚠ month earlier than a game above"),
    "incomplete": Text("⚠ 入力が足りない (計算せず)", "⚠ incomplete row (not counted)"),
}
PLAYER_MSG = {
    "duplicate": Text("⚠ 同じ名前が上にある", "⚠ the same name is listed above"),
    "start": Text("⚠ 開始レートは数値で", "⚠ start must be a number"),
    "rank": Text("⚠ 段級は一覧から選ぶ", "⚠ rank: pick one from the list"),
    "prior": Text("⚠ 以前の対局数は0以上の整数", "⚠ games before: a whole number, 0 or more"),
}


def v(kind: str | None, prompt: Text, error: Text | None, op: str | None = None,
      f1: str | None = None, f2: str | None = None) -> Validation:
    return Validation(kind, op, f1, f2, prompt, error)


# --- The rules -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Extra:
    """A rule's extra input column: its column, Status test and the engine's mirror."""

    column: Column
    message: str
    valid_formula: Callable[[str], str]
    valid: Callable[[object], bool]
    required: bool


class Rule(ABC):
    """What one rating system brings to the ledger."""

    engine: ClassVar[str]
    """The ``rating_rules.replay`` system."""
    scores: ClassVar[tuple[float, ...]] = (1, 0)
    has_ranks: ClassVar[bool] = False
    """Players declare a rank (start from the rank table)."""
    has_prior: ClassVar[bool] = False
    """Players may bring games played before the ledger (Club 24's game number)."""
    rank_labels: ClassVar[bool] = False
    """Lists show a rank label for the rating."""
    monthly: ClassVar[bool] = False
    """Tokin's rating-list mode exists (a Settings switch and the Monthly list sheet)."""

    @abstractmethod
    def settings(self, preset: Any) -> list[Setting]:
        """Constants on Settings after the default start (and the monthly switch)."""

    def write_tables(self, ws: Worksheet, top: int, preset: Any,
                     lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        """Named tables under the settings; their names and cached values."""
        return [], {}

    def extras(self, preset: Any, lang: str) -> tuple[Extra, ...]:
        return ()

    @abstractmethod
    def change_formulas(self, r: Row) -> tuple[str, str]:
        """A's and B's change on a counted row, from the ratings the game is played at."""

    @abstractmethod
    def changes(self, preset: Any, ra: float, rb: float, row: Mapping[str, object],
                numbers: tuple[int, int]) -> tuple[float, float]:
        """The engine's (A, B) change for a counted row."""

    def game(self, a: str, b: str, row: Mapping[str, object]) -> tuple[object, ...]:
        """The game as ``rating_rules.replay`` takes it."""
        return (a, b, excel_number(row["Result"]))

    def settings_ok(self, preset: Any) -> str:
        names = [START, *(setting_name(s.key) for s in self.settings(preset))]
        return f"AND({','.join(f'ISNUMBER({n})' for n in names)})"

    def rank_formula(self, rating: str) -> str:
        return '""'

    def rank(self, preset: Any, rating: float) -> str:
        return ""


class TokinRule(Rule):
    engine = "tokin"
    has_ranks = True
    monthly = True

    def settings(self, preset: Any) -> list[Setting]:
        from .tokin import TokinSheet

        return [s for s in TokinSheet().settings(_personal_tokin(preset))
                if s.key not in ("Rank", "Start")]

    def write_tables(self, ws: Worksheet, top: int, preset: Any,
                     lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        from .tokin import TokinSheet

        return TokinSheet().write_tables(ws, top, _personal_tokin(preset), lang)

    def extras(self, preset: Any, lang: str) -> tuple[Extra, ...]:
        names, _ = handicap_names(preset, lang)
        known = {n.casefold() for h in preset.handicaps for n in (h.name, h.english)}
        column = Column(
            "Handicap", Text("手合", "Handicap"), "input", "choice", 7, width_en=9,
            allowed=tuple(names),
            validation=v("list", Text("空欄は平手。上位者が駒を落とす",
                                      "Blank = even game; the stronger side gives it"),
                         Text("設定シートの手合割から選ぶ",
                              "Pick a handicap from the Settings table"),
                         None, HANDICAP["Name"]))
        return (Extra(column, "handicap",
                      lambda ref: sx.is_listed(ref, HANDICAP["Name"], HANDICAP["Alias"]),
                      lambda x: isinstance(x, str) and x.casefold() in known, required=False),)

    def change_formulas(self, r: Row) -> tuple[str, str]:
        adjustment = sx.tokin_adjustment(r["Handicap"], HANDICAP["Name"], HANDICAP["Alias"],
                                         HANDICAP["Adj"])
        return sx.tokin_delta(r["RatingA"], r["RatingB"], r["Result"], adjustment), \
            f"-{r['ChangeA']}"

    def changes(self, preset: Any, ra: float, rb: float, row: Mapping[str, object],
                numbers: tuple[int, int]) -> tuple[float, float]:
        delta = tokin_delta(ra, rb, excel_number(row["Result"]),  # type: ignore[arg-type]
                            row.get("Handicap"), preset)
        return delta, -delta

    def game(self, a: str, b: str, row: Mapping[str, object]) -> tuple[object, ...]:
        return (a, b, excel_number(row["Result"]), row.get("Handicap"))


def _personal_tokin(preset: Any) -> Any:
    """The personal Tokin sheet's preset with the ledger's constants (for its Settings)."""
    from .tokin import TokinSheetPreset

    fields = {f.name for f in dataclasses.fields(TokinSheetPreset)}
    values = {f.name: getattr(preset, f.name) for f in dataclasses.fields(preset)}
    return TokinSheetPreset(**{k: x for k, x in values.items() if k in fields})


class Club24Rule(Rule):
    engine = "club24"
    has_ranks = True
    has_prior = True
    rank_labels = True

    def settings(self, preset: Any) -> list[Setting]:
        from .club24 import Club24Sheet, Club24SheetPreset

        personal = _extend(preset, Club24SheetPreset)
        return [s for s in Club24Sheet().settings(personal)
                if s.key not in ("Rank", "Start", "GamesBefore")]

    def write_tables(self, ws: Worksheet, top: int, preset: Any,
                     lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        from .club24 import Club24Sheet

        return Club24Sheet().write_tables(ws, top, preset, lang)

    def change_formulas(self, r: Row) -> tuple[str, str]:
        return (sx.club24_delta(r["RatingA"], r["RatingB"], r["Result"], r["NoA"]),
                sx.club24_delta(r["RatingB"], r["RatingA"], f"(1-{r['Result']})", r["NoB"]))

    def changes(self, preset: Any, ra: float, rb: float, row: Mapping[str, object],
                numbers: tuple[int, int]) -> tuple[float, float]:
        result = excel_number(row["Result"])
        return (club24_delta(ra, rb, result, numbers[0], preset),  # type: ignore[arg-type]
                club24_delta(rb, ra, 1 - result, numbers[1], preset))  # type: ignore[operator]

    def rank_formula(self, rating: str) -> str:
        return sx.club24_rank(rating, RANK_LABEL, RANK_FROM)

    def rank(self, preset: Any, rating: float) -> str:
        return club24_rank(rating, preset)


ELO_K, ELO_SCALE = setting_name("K"), setting_name("Scale")


class EloRule(Rule):
    engine = "elo"
    scores = (1, 0.5, 0)

    def settings(self, preset: Any) -> list[Setting]:
        from .elo import EloSheetPreset, settings_for

        personal = _extend(preset, EloSheetPreset)
        return [s for s in settings_for(personal) if s.key in ("K", "Scale")]

    def change_formulas(self, r: Row) -> tuple[str, str]:
        def side(my: str, opp: str, score: str) -> str:
            return f"{fe.elo_rounded(my, fe.elo_delta(my, opp, score, ELO_K, ELO_SCALE))}-{my}"
        return (side(r["RatingA"], r["RatingB"], r["Result"]),
                side(r["RatingB"], r["RatingA"], f"(1-{r['Result']})"))

    def changes(self, preset: Any, ra: float, rb: float, row: Mapping[str, object],
                numbers: tuple[int, int]) -> tuple[float, float]:
        w = excel_number(row["Result"])
        da = elo_delta(ra, rb, w, preset.k, preset)  # type: ignore[arg-type]
        db = elo_delta(rb, ra, 1 - w, preset.k, preset)  # type: ignore[operator]
        return round_half_away(ra + da) - ra, round_half_away(rb + db) - rb

    def settings_ok(self, preset: Any) -> str:
        positive = ",".join(f"IF(ISNUMBER({n}),{n}>0,FALSE)" for n in (ELO_K, ELO_SCALE))
        return f"AND(ISNUMBER({START}),{positive})"


class MosaicRule(Rule):
    engine = "mosaic"

    def settings(self, preset: Any) -> list[Setting]:
        from .mosaic import settings_for

        return [s for s in settings_for(preset) if s.key != "Start"]

    def extras(self, preset: Any, lang: str) -> tuple[Extra, ...]:
        column = Column(
            "TurnDiff", Text("手番差", "Turn\ndiff."), "input", "integer", 5.5, minimum=0,
            validation=v("whole", Text("終局時の手番の差 (0以上の整数)",
                                       "Turns the loser needed more (a whole number ≥ 0)"),
                         Text("0以上の整数を入力", "Type a whole number, 0 or more"),
                         "greaterThanOrEqual", "0"))
        return (Extra(column, "turns", lambda ref: fx.is_whole_at_least(ref, 0),
                      lambda x: (n := excel_number(x)) is not None and n >= 0 and n == int(n),
                      required=True),)

    def change_formulas(self, r: Row) -> tuple[str, str]:
        return (fx.mosaic_delta(r["RatingA"], r["RatingB"], r["Result"], r["TurnDiff"]),
                f"-{r['ChangeA']}")

    def changes(self, preset: Any, ra: float, rb: float, row: Mapping[str, object],
                numbers: tuple[int, int]) -> tuple[float, float]:
        delta = mosaic_delta(ra, rb, excel_number(row["Result"]),  # type: ignore[arg-type]
                             int(excel_number(row["TurnDiff"])), preset)  # type: ignore[arg-type]
        return delta, -delta

    def game(self, a: str, b: str, row: Mapping[str, object]) -> tuple[object, ...]:
        return (a, b, excel_number(row["Result"]), int(excel_number(row["TurnDiff"])))  # type: ignore[arg-type]


@dataclass(frozen=True)
class TokinLedgerPreset(TokinPreset):
    start: float = 1500
    """Start of a player with neither a declared rank nor a rating (1級) **[assumed]**."""
    monthly: bool = True
    """Rating-list mode: every game of a month uses the last list (the club's practice)."""


@dataclass(frozen=True)
class Club24LedgerPreset(Club24Preset):
    start: float = 1500
    """Start of a player with neither a declared rank nor a rating (1級) **[assumed]**."""


def _extend(preset: Any, cls: type) -> Any:
    return cls(**{f.name: getattr(preset, f.name) for f in dataclasses.fields(preset)})


RULES: dict[str, Rule] = {"tokin": TokinRule(), "tokin_league": TokinRule(),
                          "club24": Club24Rule(), "elo": EloRule(), "mosaic": MosaicRule()}
PRESETS: dict[str, Any] = {
    "tokin": _extend(TOKIN, TokinLedgerPreset),
    "tokin_league": _extend(LEAGUE, TokinLedgerPreset),
    "club24": _extend(CLUB24, Club24LedgerPreset),
    "elo": EloPreset(),
    "mosaic": MosaicPreset(),
}


# --- References ------------------------------------------------------------------------


def upto(r: Row, key: str) -> str:
    """The column from sheet row 1 down to the row above ``r``: INDEX takes a sheet row
    (see formulas.ledger), and a range that included this row would be a circular
    reference to Excel, which follows whole ranges, not the row INDEX picks."""
    letter = r.table.letter(key)
    return f"${letter}$1:{letter}{r.number - 1}"


def above(r: Row, key: str) -> str:
    """The column from the lead row down to the row above ``r``."""
    letter = r.table.letter(key)
    return f"${letter}${r.table.lead_row}:{letter}{r.number - 1}"


def name(table: str, key: str) -> str:
    return f"{table}_{key}"


LATEST = "Games_Latest"
"""Defined name of the latest month with a counted game (0 when none)."""


# --- Games ---------------------------------------------------------------------------------


def counted(r: Row) -> str:
    return f"{r['CA']}>0"


def status_formula(r: Row, rule: Rule, preset: Any, lang: str) -> str:
    inputs = [r["Date"], r["PlayerA"], r["PlayerB"], r["Result"],
              *(r[e.column.key] for e in rule.extras(preset, lang)), r["Note"]]
    filled = f"COUNTA({','.join(inputs)})"
    later = [r.below(k) for k in ("Date", "PlayerA", "PlayerB", "Result")]
    later_filled = f"COUNTA({','.join(later)})>0" if later[0] else "FALSE"  # type: ignore[arg-type]
    monthly = f"{MONTHLY_MODE}=1" if rule.monthly else "FALSE"
    result_msg = "score" if 0.5 in rule.scores else "result"
    cases = [
        (f"{filled}=0", '""'),
        (f"NOT({rule.settings_ok(preset)})", fx.text(MSG["settings"](lang))),
    ]
    for side in ("A", "B"):
        player = r[f"Player{side}"]
        cases.append((f"AND(NOT(ISBLANK({player})),{r[f'Id{side}']}=0)",
                      f"{fx.text(MSG['unknown'](lang))}&{player}"))
    cases.append((f"AND({r['IdA']}>0,{r['IdA']}={r['IdB']})", fx.text(MSG["same"](lang))))
    for side in ("A", "B"):
        cases.append((f"AND({r[f'Id{side}']}>0,NOT(ISNUMBER({r[f'Rating{side}']})))",
                      f"{fx.text(MSG['start'](lang))}&{r[f'Player{side}']}"))
    cases.append((fx.bad_if_filled(r["Result"], fx.is_one_of(r["Result"], rule.scores)),
                  fx.text(MSG[result_msg](lang))))
    for extra in rule.extras(preset, lang):
        ref = r[extra.column.key]
        cases.append((fx.bad_if_filled(ref, extra.valid_formula(ref)),
                      fx.text(MSG[extra.message](lang))))
    cases.append((fx.bad_if_filled(r["Date"], f"ISNUMBER({r['Date']})"),
                  fx.text(MSG["date"](lang))))
    complete = complete_formula(r, rule, preset, lang)
    cases += [
        (f"AND({monthly},{complete},NOT(ISNUMBER({r['Date']})))", fx.text(MSG["need_date"](lang))),
        (f"AND({monthly},{complete},{r['Month']}<{r.prev('LastMonth')})",
         fx.text(MSG["order"](lang))),
        (complete, '""'),
        (later_filled, fx.text(MSG["incomplete"](lang))),
    ]
    return fx.first_match(cases, '""')


def complete_formula(r: Row, rule: Rule, preset: Any, lang: str) -> str:
    """Both players known and the result (and a required extra) typed."""
    needed = [r["Result"], *(r[e.column.key] for e in rule.extras(preset, lang) if e.required)]
    return f"AND({r['IdA']}>0,{r['IdB']}>0,COUNT({','.join(needed)})={len(needed)})"


def seats(r: Row, key: str) -> list[tuple[str, str]]:
    """(counted-id column, ``key`` column) of each seat, for :func:`lx.seat_value`."""
    return [(upto(r, "CA"), upto(r, f"{key}A")), (upto(r, "CB"), upto(r, f"{key}B"))]


def run_formula(r: Row, side: str, rule: Rule) -> str:
    """The player's rating before this game: after their previous counted game, or the start."""
    pid, prev = r[f"Id{side}"], r[f"Prev{side}"]
    start = f"INDEX(Players_StartUsed,{pid})"
    return fx.if_(f"{pid}=0", '""', lx.seat_value(prev, pid, seats(r, "New"), start))


def rating_formula(r: Row, side: str, rule: Rule) -> str:
    """The rating the game is played at: the last list's (Tokin monthly) or the current one."""
    if not rule.monthly:
        return r[f"Run{side}"]
    pid, prev = r[f"Id{side}"], r[f"Prev{side}"]
    # IF, not AND: AND evaluates INDEX(…, 0) too, the whole range, an error off its rows.
    same_month = (f"AND({MONTHLY_MODE}=1,"
                  f"IF({prev}>0,INDEX({upto(r, 'Month')},{prev})={r['Month']},FALSE))")
    listed = lx.seat_value(prev, pid, seats(r, "Rating"), '""')
    return fx.if_(f"{pid}=0", '""', fx.if_(same_month, listed, r[f"Run{side}"]))


def number_formula(r: Row, side: str) -> str:
    """Club 24: the player's game number, counting the games before the ledger."""
    pid, prev = r[f"Id{side}"], r[f"Prev{side}"]
    before = lx.seat_value(prev, pid, seats(r, "No"), f"INDEX(Players_PriorUsed,{pid})")
    return fx.if_(f"{pid}=0", '""', f"{before}+1")


def games_table(rows: int, lang: str, rule: Rule, preset: Any) -> Table:
    def helper(key: str, label: Text, kind, formula, lead=None) -> Column:
        return Column(key, label, "helper", kind, 7, formula=formula, hidden=True, lead=lead)

    def player(side: str) -> Column:
        return Column(f"Player{side}", Text(f"対局者{side}", f"Player {side}"), "input", "text",
                      9, width_en=10, validation=v(
                          "list", Text("名簿の名前から選ぶ", "Pick a name from the Players sheet"),
                          Text("名簿シートにある名前を選んでください (新しい人は先に名簿へ)",
                               "Pick a name from the Players sheet (add new players there)"),
                          None, "Players_Name"))

    changes = rule.change_formulas

    def computed(key: str, label: Text, formula, fmt: str = "0", width: float = 6.5) -> Column:
        return Column(key, label, "computed", "number", width, number_format=fmt, formula=formula)

    score_prompt = (
        Text("Aの勝ち=1、引き分け=0.5、Aの負け=0", "A wins = 1, draw = 0.5, A loses = 0")
        if 0.5 in rule.scores else Text("Aの勝ち=1、Aの負け=0", "A wins = 1, A loses = 0"))
    listing = ",".join(fx._num(s) for s in rule.scores)
    fmt = "0.0" if rule.engine == "mosaic" else "0"
    signed = "+0.0;-0.0;0.0" if rule.engine == "mosaic" else "+0;-0;0"
    columns: list[Column] = [
        Column("Date", Text("日付", "Date"), "input", "date", 9.5, number_format="yyyy/m/d",
               validation=v("date", Text("5/26 のように入力", "Type like 5/26"),
                            Text("日付を入力してください", "Type a date"),
                            "greaterThanOrEqual", "1")),
        player("A"), player("B"),
        Column("Result", Text("A勝敗", "A's\nresult"), "input", "choice", 5.5, width_en=6.5,
               number_format="General", allowed=rule.scores,
               validation=v("list", score_prompt, Text(f"{listing} から選ぶ", f"Choose {listing}"),
                            None, f'"{listing}"')),
        *(e.column for e in rule.extras(preset, lang)),
        computed("RatingA", Text("A\nレート", "A\nrating"),
                 lambda r: rating_formula(r, "A", rule), fmt, 6.5),
        computed("RatingB", Text("B\nレート", "B\nrating"),
                 lambda r: rating_formula(r, "B", rule), fmt, 6.5),
        computed("ChangeA", Text("A\n増減", "A\nchange"),
                 lambda r: fx.if_(counted(r), changes(r)[0], '""'), signed, 5.5),
        computed("ChangeB", Text("B\n増減", "B\nchange"),
                 lambda r: fx.if_(counted(r), changes(r)[1], '""'), signed, 5.5),
        computed("NewA", Text("A\n新レート", "A\nnew"),
                 lambda r: fx.if_(counted(r), f"{r['RunA']}+{r['ChangeA']}", '""'), fmt, 7.5),
        computed("NewB", Text("B\n新レート", "B\nnew"),
                 lambda r: fx.if_(counted(r), f"{r['RunB']}+{r['ChangeB']}", '""'), fmt, 7.5),
        Column("Status", Text("状態", "Status"), "computed", "text", 20, width_en=26,
               formula=lambda r: status_formula(r, rule, preset, lang)),
        Column("Note", Text("メモ", "Note"), "input", "text", 10,
               validation=v(None, Text("自由なメモ (計算には使わない)", "Free note (not used)"),
                            None)),
        helper("IdA", Text("計算用 A番号", "A id"), "integer",
               lambda r: lx.player_id(r["PlayerA"], "Players_Name")),
        helper("IdB", Text("計算用 B番号", "B id"), "integer",
               lambda r: lx.player_id(r["PlayerB"], "Players_Name")),
        helper("Month", Text("計算用 月", "Month key"), "integer",
               lambda r: lx.month_key(r["Date"])),
        helper("PrevA", Text("計算用 Aの前の対局", "A's previous row"), "integer",
               lambda r: lx.previous_row(r["IdA"], [above(r, "CA"), above(r, "CB")])),
        helper("PrevB", Text("計算用 Bの前の対局", "B's previous row"), "integer",
               lambda r: lx.previous_row(r["IdB"], [above(r, "CA"), above(r, "CB")])),
        helper("RunA", Text("計算用 A対局前", "A before"), "number",
               lambda r: run_formula(r, "A", rule)),
        helper("RunB", Text("計算用 B対局前", "B before"), "number",
               lambda r: run_formula(r, "B", rule)),
    ]
    if rule.has_prior:
        columns += [helper("NoA", Text("計算用 A局数", "A game no."), "integer",
                           lambda r: number_formula(r, "A")),
                    helper("NoB", Text("計算用 B局数", "B game no."), "integer",
                           lambda r: number_formula(r, "B"))]
    columns += [
        helper("CA", Text("計算用 A計上", "A counted"), "integer",
               lambda r: fx.if_(f"AND({r['Status']}=\"\","
                                f"{complete_formula(r, rule, preset, lang)})", r["IdA"], "0"),
               lead=lambda r: "0"),
        helper("CB", Text("計算用 B計上", "B counted"), "integer",
               lambda r: fx.if_(f"{r['CA']}>0", r["IdB"], "0"), lead=lambda r: "0"),
        helper("LastMonth", Text("計算用 最新の月", "Latest month"), "integer",
               lambda r: f"MAX({r.prev('LastMonth')},IF(AND({counted(r)},"
                         f"ISNUMBER({r['Month']})),{r['Month']},0))", lead=lambda r: "0"),
    ]
    return Table("Games", GAMES, tuple(columns), rows)


# --- Players, the rating list, the monthly list ---------------------------------------------


@dataclass(frozen=True)
class GamesRefs:
    """Whole-column references into the Games sheet that the Players formulas read."""

    table: Table
    title: str

    def full(self, key: str) -> str:
        letter = self.table.letter(key)
        return f"{self.quoted}!${letter}$1:${letter}${self.table.last_row}"

    @property
    def quoted(self) -> str:
        return "'" + self.title.replace("'", "''") + "'"

    def seats(self, key: str) -> list[tuple[str, str]]:
        return [(self.full("CA"), self.full(f"{key}A")), (self.full("CB"), self.full(f"{key}B"))]


SEATS = ("Games_CA", "Games_CB")
MONTH_KEY = "Monthly_Key"


def pid(r: Row) -> str:
    """A Players row's id: its place in the list (1 = first)."""
    return str(r.number - r.table.first_row + 1)


def players_table(rows: int, rule: Rule, g: GamesRefs, lang: str) -> Table:
    def computed(key: str, label: Text, formula, kind="number", fmt="0", width=6.5) -> Column:
        return Column(key, label, "computed", kind, width, number_format=fmt, formula=formula)

    def helper(key: str, label: Text, formula, kind="number") -> Column:
        return Column(key, label, "helper", kind, 7, formula=formula, hidden=True)

    def named(r: Row, value: str) -> str:
        return fx.if_(f"ISBLANK({r['Name']})", '""', value)

    fmt = "0.0" if rule.engine == "mosaic" else "0"
    columns: list[Column] = [
        Column("Name", Text("名前", "Name"), "input", "text", 11, validation=v(
            None, Text("対局シートで選ぶ名前 (同じ名前は1回だけ)",
                       "The name picked on the Games sheet (each name once)"), None)),
    ]
    if rule.has_ranks:
        columns.append(Column(
            "Rank", Text("申告段級", "Declared\nrank"), "input", "choice", 6.5, width_en=8,
            validation=v("list", Text("開始レートはこの段級のもの (設定シートの表)",
                                      "The start is this rank's (Settings table)"),
                         Text("設定シートの段級から選ぶ", "Pick a rank from the Settings table"),
                         None, RANK_LABEL)))
    columns.append(Column(
        "Start", Text("開始\nレート", "Start"), "input", "number", 6.5, validation=v(
            "decimal", Text("今のレートがあれば入力 (空欄なら段級か設定の開始レート)",
                            "A rating the player has (blank: the rank's, or Settings' start)"),
            Text("数値を入力してください", "Type a number"), "between", "-1000000", "1000000")))
    if rule.has_prior:
        columns.append(Column(
            "Prior", Text("以前の\n局数", "Games\nbefore"), "input", "integer", 6, minimum=0,
            validation=v("whole", Text("この台帳より前に指した局数 (空欄は0)",
                                       "Games played before this ledger (blank = 0)"),
                         Text("0以上の整数", "A whole number, 0 or more"),
                         "greaterThanOrEqual", "0")))
    columns += [
        computed("Rating", Text("レート", "Rating"), lambda r: players_rating(r, g), fmt=fmt),
        *([computed("Label", Text("段級", "Rank"),
                    lambda r: fx.if_(f"ISNUMBER({r['Rating']})", rule.rank_formula(r["Rating"]),
                                     '""'), kind="text", fmt="General", width=6)]
          if rule.rank_labels else []),
        computed("Games", Text("対局数", "Games"),
                 lambda r: named(r, lx.count_of(pid(r), SEATS))),
        computed("ThisMonth", Text("今月", "This\nmonth"),
                 lambda r: named(r, fx.if_(f"{LATEST}=0", "0", lx.count_of(
                     pid(r), SEATS, ("Games_Month", LATEST))))),
        Column("Status", Text("状態", "Status"), "computed", "text", 20, width_en=24,
               formula=lambda r: players_status(r, rule, lang)),
        helper("StartUsed", Text("計算用 開始レート", "Start used"),
               lambda r: start_used(r, rule)),
        *([helper("PriorUsed", Text("計算用 以前の局数", "Games before used"),
                  lambda r: fx.if_(fx.is_whole_at_least(r["Prior"], 0), r["Prior"], "0"),
                  kind="integer")] if rule.has_prior else []),
        helper("Last", Text("計算用 最後の対局", "Last game row"),
               lambda r: lx.previous_row(pid(r), SEATS), kind="integer"),
        helper("Pos", Text("計算用 順位", "List place"),
               lambda r: position(r, "Rating"), kind="integer"),
    ]
    if rule.monthly:
        columns += [
            helper("MLast", Text("計算用 月末の対局", "Last game by month end"),
                   lambda r: month_last(r, "0"), kind="integer"),
            helper("MRating", Text("計算用 月例レート", "Monthly list rating"),
                   lambda r: fx.if_(f"AND({r['MLast']}>0,ISNUMBER({r['StartUsed']}))",
                                    lx.seat_value(r["MLast"], pid(r), g.seats("New"), '""'),
                                    '""')),
            helper("MBefore", Text("計算用 前月のレート", "Previous list rating"),
                   lambda r: fx.if_(f"ISNUMBER({r['MRating']})", lx.seat_value(
                       month_last(r, "1"), pid(r), g.seats("New"), r["StartUsed"]), '""')),
            helper("MGames", Text("計算用 月の対局数", "Games in the month"),
                   lambda r: fx.if_(f"ISNUMBER({r['MRating']})", lx.count_of(
                       pid(r), SEATS, ("Games_Month", MONTH_KEY)), '""'), kind="integer"),
            helper("MPos", Text("計算用 月例順位", "Monthly place"),
                   lambda r: position(r, "MRating"), kind="integer"),
        ]
    return Table("Players", PLAYERS, tuple(columns), rows)


def players_rating(r: Row, g: GamesRefs) -> str:
    ok = f"AND(NOT(ISBLANK({r['Name']})),ISNUMBER({r['StartUsed']}))"
    return fx.if_(ok, lx.seat_value(r["Last"], pid(r), g.seats("New"), r["StartUsed"]), '""')


def start_used(r: Row, rule: Rule) -> str:
    """The start: typed, else the declared rank's, else Settings'; "" when unusable."""
    if rule.has_ranks:
        rank = fx.if_(f"ISBLANK({r['Rank']})", START,
                      f"IFERROR(INDEX({RANK_RATING},{sx.exact_match(r['Rank'], RANK_LABEL)}),\"\")")
    else:
        rank = START
    value = fx.if_(f"ISNUMBER({r['Start']})", r["Start"],
                   fx.if_(f"ISBLANK({r['Start']})", rank, '""'))
    if rule.has_prior:
        value = fx.if_(fx.bad_if_filled(r["Prior"], fx.is_whole_at_least(r["Prior"], 0)),
                       '""', value)
    return value


def players_status(r: Row, rule: Rule, lang: str) -> str:
    inputs = [r["Name"], r["Start"], *([r["Rank"]] if rule.has_ranks else []),
              *([r["Prior"]] if rule.has_prior else [])]
    duplicate = (f"AND(NOT(ISBLANK({r['Name']})),"
                 f"{lx.name_match(r['Name'], 'Players_Name')}<>{pid(r)})")
    cases = [(f"COUNTA({','.join(inputs)})=0", '""'),
             (duplicate, fx.text(PLAYER_MSG["duplicate"](lang))),
             (fx.bad_if_filled(r["Start"], f"ISNUMBER({r['Start']})"),
              fx.text(PLAYER_MSG["start"](lang)))]
    if rule.has_ranks:
        cases.append((fx.bad_if_filled(r["Rank"], sx.is_listed(r["Rank"], RANK_LABEL)),
                      fx.text(PLAYER_MSG["rank"](lang))))
    if rule.has_prior:
        cases.append((fx.bad_if_filled(r["Prior"], fx.is_whole_at_least(r["Prior"], 0)),
                      fx.text(PLAYER_MSG["prior"](lang))))
    return fx.first_match(cases, '""')


def position(r: Row, key: str) -> str:
    first = r.number == r.table.first_row
    return lx.list_position(
        r[key], r.column(key), r.column("Name"),
        None if first else f"{r.cell(key, r.table.first_row)}:{r.prev(key)}",
        None if first else f"{r.cell('Name', r.table.first_row)}:{r.prev('Name')}", r["Name"])


def month_last(r: Row, back: str) -> str:
    """The player's last counted game by the end of the chosen month (minus ``back``)."""
    condition = f"ISNUMBER(Games_Month)*(Games_Month<={MONTH_KEY}-{back})"
    return fx.if_(f"ISNUMBER({MONTH_KEY})", lx.last_row_where(pid(r), SEATS, condition), "0")


def list_table(key: str, title: Text, rows: int, source: dict[str, str], rule: Rule,
               header_row: int = 2) -> Table:
    """A list in rating order: place k shows the player whose Players position is k.

    ``source`` maps this list's keys to Players columns (``Rating`` → ``MRating`` …);
    ``Pos`` names the position column.
    """
    pos = f"Players_{source['Pos']}"
    fmt = "0.0" if rule.engine == "mosaic" else "0"

    def shown(k: str, label: Text, kind="number", fmt_=fmt, width=6.5) -> Column:
        return Column(k, label, "computed", kind, width, number_format=fmt_,
                      formula=lambda r: lx.at_position(r.k, pos, f"Players_{source[k]}"))

    columns = [
        Column("Place", Text("順位", "Place"), "computed", "integer", 5, formula=lambda r: fx.if_(
            f"ISNUMBER({r['Rating']})",
            lx.list_rank(r["Rating"], f"Players_{source['Rating']}", "Players_Name"), '""')),
        shown("Name", Text("名前", "Name"), "text", "General", 12),
        shown("Rating", Text("レート", "Rating")),
    ]
    if "Change" in source:
        columns.append(Column("Change", Text("前回比", "Change"), "computed", "number", 6.5,
                              number_format="+0;-0;0", formula=lambda r: fx.if_(
                                  f"ISNUMBER({r['Rating']})",
                                  f"{r['Rating']}-{lx.at_position(r.k, pos, 'Players_MBefore')}",
                                  '""')))
    if rule.rank_labels and "Label" in source:
        columns.append(shown("Label", Text("段級", "Rank"), "text", "General", 6))
    columns.append(shown("Games", Text("対局数", "Games"), "integer", "0", 6))
    if "ThisMonth" in source:
        columns.append(shown("ThisMonth", Text("今月", "This\nmonth"), "integer", "0", 6))
    return Table(key, title, tuple(columns), rows, header_row=header_row,
                 lead_row=header_row + 1)


def monthly_table(lang: str) -> Table:
    """The month chooser: blank shows the latest month with a counted game."""
    return Table("Monthly", MONTHLY, (
        Column("Month", Text("月", "Month"), "input", "date", 10, number_format="yyyy/m",
               lead=Text("↓ 月 (空欄=最新)", "↓ month (blank = latest)"),
               validation=v("date", Text("見たい月の日付 (例: 2024/5/1)。空欄は最新の月",
                                         "Any date in the month to show; blank = the latest"),
                            Text("日付を入力してください", "Type a date"),
                            "greaterThanOrEqual", "1")),
        Column("Shown", Text("表示中の月", "Shown"), "computed", "date", 10,
               number_format="yyyy/m",
               formula=lambda r: fx.if_(f"ISNUMBER({r['Key']})", lx.month_date(r["Key"]), '""')),
        Column("Status", Text("状態", "Status"), "computed", "text", 18, formula=lambda r: fx.if_(
            fx.bad_if_filled(r["Month"], f"ISNUMBER({r['Month']})"),
            fx.text(MSG["date"](lang)), '""')),
        Column("Key", Text("計算用 月", "Month key"), "helper", "integer", 7, hidden=True,
               formula=lambda r: fx.if_(
                   f"ISBLANK({r['Month']})", fx.if_(f"{LATEST}>0", LATEST, '""'),
                   lx.month_key(r["Month"]))),
    ), 1)



# --- The workbook type ----------------------------------------------------------------------


def ledger_settings(rule: Rule, preset: Any) -> list[Setting]:
    start = Setting(
        "Start", Text("開始レート", "Starting rating"),
        Text("名簿で開始レートも段級も空欄の人の開始レート",
             "Start of a player with no start (and no rank) on Players"),
        preset.start, v("decimal", Text("数値", "A number"), Text("数値を入力", "Type a number"),
                        "between", "-1000000", "1000000"), preset_field="start")
    mode = [Setting(
        "Monthly", Text("月例リスト方式", "Monthly lists"),
        Text("1 = 月内の対局は前月末のリストのレートで計算、0 = 対局ごと",
             "1 = a month's games use the last list; 0 = after every game"),
        int(preset.monthly), v("list", Text("1 = 月例リスト、0 = 対局ごと",
                                            "1 = monthly lists, 0 = per game"),
                               Text("0 か 1 を選んでください", "Choose 0 or 1"), None, '"0,1"'),
        type="choice", preset_field="monthly")] if rule.monthly else []
    return [start, *mode, *rule.settings(preset)]


RULE_NOTES = (
    Text("使い方", "How to use"),
    Text("1. 名簿に全員の名前と開始レート (または申告段級) を入れる",
         "1. List every player on Players with a start (or declared rank)"),
    Text("2. 対局シートに1局1行: 日付、対局者A・B (名簿から選ぶ)、Aの勝敗",
         "2. One game per row on Games: date, players A and B (from Players), A's result"),
    Text("3. レーティング表は自動で並びます (並べ替え不要)",
         "3. The rating list sorts itself (no sorting by hand)"),
    Text("過去の対局を直すと、その後のレートはすべて計算し直されます。",
         "Editing a past game recomputes every rating after it."),
    Text("⚠ の行と入力途中の行は計算に入りません。",
         "Rows marked ⚠ and unfinished rows are not counted."),
)


class LedgerSheet(SheetType):
    """Workbook type ``system = "ledger"``: a club's two-player log; preset = the rule."""

    system = "ledger"
    presets: ClassVar[Mapping[str, Any]] = PRESETS
    input_tables = ("Games", "Players", "Monthly")
    start_field = "start"

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        rule = self.presets[preset]
        values = {f.name: getattr(rule, f.name) for f in dataclasses.fields(rule)}
        return tuple(k for k, x in values.items() if type(x) in (int, float, bool))

    def preset_for(self, spec: Spec) -> Any:
        base = self.presets[spec.preset]
        where = f"{spec.source}: " if spec.source else ""
        values: dict[str, object] = {}
        for key, value in spec.constants.items():
            current = getattr(base, key)
            if isinstance(current, bool):
                if value not in (0, 1):
                    raise TemplateError(f"{where}constants.{key} = {value!r}: must be 0 or 1")
                values[key] = bool(value)
            else:
                values[key] = type(current)(value)
        for key in ("k", "scale"):
            if key in values and values[key] <= 0:  # type: ignore[operator]
                raise TemplateError(f"{where}constants.{key} = {values[key]!r}: must be "
                                    "greater than 0")
        return dataclasses.replace(base, **values)

    def default_title(self, lang: str) -> str:
        return Text("クラブ台帳", "Club ledger")(lang)

    def example_tables(self, spec: Spec) -> dict[str, list[dict[str, object]]]:
        return example_tables(spec)

    def log_system(self, spec: Spec) -> str:
        return RULES[spec.preset].engine

    def tables_from_log(self, log: Any, spec: Spec) -> dict[str, list[dict[str, object]]]:
        """Players in order of first appearance (starts left blank), one Games row a game."""
        rule = RULES[spec.preset]
        players: dict[str, None] = {}
        games: list[dict[str, object]] = []
        for game, day in zip(log.games, log.dates, strict=True):
            a, b, result = game[:3]
            players.update({a: None, b: None})
            row: dict[str, object] = {"Date": day, "PlayerA": a, "PlayerB": b, "Result": result}
            if rule.engine == "tokin" and len(game) > 3 and game[3] not in (None, ""):
                row["Handicap"] = game[3]
            if rule.engine == "mosaic":
                row["TurnDiff"] = game[3]
            games.append({k: x for k, x in row.items() if x is not None})
        return {"Games": games, "Players": [{"Name": name} for name in players]}

    def populate(self, wb: Workbook, spec: Spec, preset: Any,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        return self.populate_tables(wb, spec, preset, {"Games": inputs})

    def populate_tables(self, wb: Workbook, spec: Spec, preset: Any,
                        tables: Mapping[str, Sequence[Mapping[str, object]]]) -> Built:
        lang, rule = spec.lang, RULES[spec.preset]
        title = sheet_title(spec, self.default_title(lang))
        games_ws = wb.create_sheet(GAMES(lang))
        list_ws = wb.create_sheet(LIST(lang))
        monthly_ws = wb.create_sheet(MONTHLY(lang)) if rule.monthly else None
        players_ws = wb.create_sheet(PLAYERS(lang))
        settings_ws = wb.create_sheet(SETTINGS_TITLE(lang))

        games = games_table(spec.rows, lang, rule, preset)
        players = players_table(spec.players, rule, GamesRefs(games, games_ws.title), lang)
        names = write_table(games_ws, games, lang, tables.get("Games", ()), flag="Status")
        decorate_games(games_ws, games, lang, title, "Status")
        latest = f"${games.letter('LastMonth')}${games.last_row}"
        define_name(games_ws, LATEST, latest)
        names.append(NameInfo(LATEST, games_ws.title, latest, "helper", "integer"))

        names += write_table(players_ws, players, lang, tables.get("Players", ()), flag="Status")
        decorate_games(players_ws, players, lang, f"{PLAYERS(lang)} ・ {title}", "Status")

        source = {"Pos": "Pos", "Name": "Name", "Rating": "Rating", "Label": "Label",
                  "Games": "Games", "ThisMonth": "ThisMonth"}
        rating_list = list_table("List", LIST, spec.players, source, rule)
        names += write_table(list_ws, rating_list, lang)
        styles.style_title(list_ws.cell(1, 1, f"{LIST(lang)} ・ {title}"), lang)
        list_ws.freeze_panes = "A3"

        month_tables: tuple[Table, Table] | None = None
        if monthly_ws is not None:
            chooser = monthly_table(lang)
            month_list = list_table("MonthList", MONTHLY, spec.players, {
                "Pos": "MPos", "Name": "Name", "Rating": "MRating", "Change": "MBefore",
                "Games": "MGames"}, rule, header_row=6)
            names += write_table(monthly_ws, chooser, lang, tables.get("Monthly", ()))
            names += write_table(monthly_ws, month_list, lang)
            styles.style_title(monthly_ws.cell(1, 1, f"{MONTHLY(lang)} ・ {title}"), lang)
            monthly_ws.freeze_panes = "A8"
            month_tables = (chooser, month_list)

        names += write_settings(settings_ws, f"{SETTINGS_TITLE(lang)} ・ {title}",
                                ledger_settings(rule, preset), lang, RULE_NOTES)
        top = FIRST_ROW + len(ledger_settings(rule, preset)) + len(RULE_NOTES) + 2
        table_names, settings_cached = rule.write_tables(settings_ws, top, preset, lang)
        names += table_names

        for ws in wb.worksheets:
            page_setup(ws)
        values = evaluate(rule, preset, spec, tables, lang)
        cached = {games_ws.title: _cached(games, values["Games"]),
                  players_ws.title: _cached(players, values["Players"]),
                  list_ws.title: _cached(rating_list, values["List"]),
                  settings_ws.title: settings_cached}
        if monthly_ws is not None and month_tables is not None:
            cached[monthly_ws.title] = {**_cached(month_tables[0], values["Monthly"]),
                                        **_cached(month_tables[1], values["MonthList"])}
        return Built(names, cached)


# --- The engine's values of every formula cell --------------------------------------------


def text_of(value: object) -> str:
    """A value as ``value&""`` shows it (names are compared as text, any case)."""
    number = excel_number(value)
    if isinstance(value, str) or number is None:
        return str(value)
    return str(int(number)) if number.is_integer() else repr(number)


def same_cell(a: object, b: object) -> bool:
    """``a=b`` in a spreadsheet: text any case, numbers by value, text never a number."""
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    na, nb = excel_number(a), excel_number(b)
    return na is not None and na == nb and not isinstance(a, str) and not isinstance(b, str)


def month_of(value: object) -> object:
    """:func:`lx.month_key` in Python: ``YEAR×12 + MONTH − 1`` of a date, else ""."""
    number = excel_number(value)
    if number is None:
        return ""
    day = from_excel(number)
    return day.year * 12 + day.month - 1


def _cached(table: Table, values: list[dict[str, object]]) -> dict[str, object]:
    """Cached values of ``table``'s columns (the engine also computes columns a rule omits)."""
    keys = {c.key for c in table.columns}
    return cached_by_row(table, [{k: x for k, x in row.items() if k in keys} for row in values])


def _pad(rows: Sequence[Mapping[str, object]], count: int) -> list[dict[str, object]]:
    return [dict(rows[i]) if i < len(rows) else {} for i in range(max(count, len(rows)))]


@dataclass
class Chain:
    """The Games helper columns by sheet row, as the lookups read them."""

    first: int
    ca: dict[int, int] = dataclasses.field(default_factory=dict)
    cb: dict[int, int] = dataclasses.field(default_factory=dict)
    cols: dict[str, dict[int, object]] = dataclasses.field(default_factory=dict)
    last_of: dict[int, int] = dataclasses.field(default_factory=dict)

    def seat_value(self, row: int, player: int, key: str, otherwise: object) -> object:
        if row == 0:
            return otherwise
        side = "A" if self.ca.get(row) == player else "B"
        return self.cols[f"{key}{side}"].get(row, "")

    def last_where(self, player: int, test: Callable[[int], bool]) -> int:
        rows = [n for n in self.ca if (self.ca[n] == player or self.cb[n] == player) and test(n)]
        return max(rows, default=0)


def evaluate(rule: Rule, preset: Any, spec: Spec,
             tables: Mapping[str, Sequence[Mapping[str, object]]],
             lang: str) -> dict[str, list[dict[str, object]]]:
    """What every formula shows, computed with the engine; index 0 is each table's lead row.

    These become the cached values; the tests check the sheets against LibreOffice and
    :func:`rating_rules.replay`, not against this function.
    """
    players = _pad(tables.get("Players", ()), spec.players)
    games = _pad(tables.get("Games", ()), spec.rows)
    extras = rule.extras(preset, lang)
    names = [p.get("Name") for p in players]
    lowered = [None if n is None else text_of(n).lower() for n in names]

    def player_id(value: object) -> int:
        if value is None:
            return 0
        wanted = text_of(value).lower()
        return next((i + 1 for i, n in enumerate(lowered) if n == wanted), 0)

    starts = [_start_used(rule, preset, p) for p in players]
    priors = [_prior_used(p) for p in players]
    first = 4
    chain = Chain(first, cols={k: {} for k in ("NewA", "NewB", "RatingA", "RatingB", "NoA",
                                                "NoB", "Month")})
    input_keys = ("Date", "PlayerA", "PlayerB", "Result", *(e.column.key for e in extras), "Note")
    later_keys = ("Date", "PlayerA", "PlayerB", "Result")
    last_filled = max((i for i, g in enumerate(games) if any(g.get(k) is not None
                                                              for k in later_keys)), default=-1)
    last_month = 0
    out: list[dict[str, object]] = [{"CA": 0, "CB": 0, "LastMonth": 0}]
    for i, row in enumerate(games):
        n = first + i
        ids = {s: player_id(row.get(f"Player{s}")) for s in "AB"}
        month = month_of(row.get("Date"))
        chain.cols["Month"][n] = month
        values: dict[str, object] = {"IdA": ids["A"], "IdB": ids["B"], "Month": month}
        for s in "AB":
            pid = ids[s]
            prev = chain.last_of.get(pid, 0) if pid else 0
            run: object = "" if pid == 0 else chain.seat_value(prev, pid, "New", starts[pid - 1])
            rating = run
            if pid and rule.monthly and preset.monthly and prev > 0 and \
                    chain.cols["Month"][prev] == month:
                rating = chain.seat_value(prev, pid, "Rating", "")
            values[f"Prev{s}"], values[f"Run{s}"], values[f"Rating{s}"] = prev, run, rating
            if rule.has_prior:
                before = chain.seat_value(prev, pid, "No", priors[pid - 1]) if pid else ""
                values[f"No{s}"] = "" if pid == 0 else before + 1  # type: ignore[operator]
        required = [row.get("Result"), *(row.get(e.column.key) for e in extras if e.required)]
        complete = ids["A"] > 0 and ids["B"] > 0 and all(
            excel_number(x) is not None for x in required)
        status = _status(rule, preset, row, values, ids, complete, last_month,
                         i < last_filled, input_keys, lang)
        ca = ids["A"] if status == "" and complete else 0
        cb = ids["B"] if ca > 0 else 0
        values.update(Status=status, CA=ca, CB=cb, ChangeA="", ChangeB="", NewA="", NewB="")
        if ca:
            numbers = (values.get("NoA"), values.get("NoB"))
            da, db = rule.changes(preset, values["RatingA"], values["RatingB"],  # type: ignore[arg-type]
                                  row, numbers)  # type: ignore[arg-type]
            values.update(ChangeA=da, ChangeB=db, NewA=values["RunA"] + da,  # type: ignore[operator]
                          NewB=values["RunB"] + db)  # type: ignore[operator]
            chain.ca[n], chain.cb[n] = ca, cb
            chain.last_of[ca], chain.last_of[cb] = n, n
            if isinstance(month, int):
                last_month = max(last_month, month)
        for key in ("NewA", "NewB", "RatingA", "RatingB", "NoA", "NoB"):
            chain.cols[key][n] = values.get(key, "")
        values["LastMonth"] = last_month
        out.append(values)

    result = {"Games": out}
    result.update(_players_values(rule, preset, spec, tables, chain, names, starts, priors,
                                  last_month, lang))
    return result


def _start_used(rule: Rule, preset: Any, player: Mapping[str, object]) -> object:
    start, rank, prior = player.get("Start"), player.get("Rank"), player.get("Prior")
    if rule.has_prior and prior is not None and not _whole(prior):
        return ""
    if excel_number(start) is not None:
        return excel_number(start)
    if start is not None:
        return ""
    if not rule.has_ranks or rank is None:
        return float(preset.start)
    table = preset.start_table if rule.engine == "tokin" else preset.ranks
    return next((float(x) for label, x in table if same_cell(label, rank)), "")


def _whole(value: object) -> bool:
    number = excel_number(value)
    return number is not None and number >= 0 and number == int(number)


def _prior_used(player: Mapping[str, object]) -> int:
    prior = player.get("Prior")
    return int(excel_number(prior)) if _whole(prior) else 0  # type: ignore[arg-type]


def _status(rule: Rule, preset: Any, row: Mapping[str, object], values: Mapping[str, object],
            ids: Mapping[str, int], complete: bool, last_month: int, later_filled: bool,
            input_keys: Sequence[str], lang: str) -> str:
    if all(row.get(k) is None for k in input_keys):
        return ""
    for s in "AB":
        if row.get(f"Player{s}") is not None and ids[s] == 0:
            return MSG["unknown"](lang) + text_of(row[f"Player{s}"])
    if ids["A"] > 0 and ids["A"] == ids["B"]:
        return MSG["same"](lang)
    for s in "AB":
        if ids[s] > 0 and excel_number(values[f"Rating{s}"]) is None:
            return MSG["start"](lang) + text_of(row[f"Player{s}"])
    result = row.get("Result")
    if result is not None and excel_number(result) not in rule.scores:
        return MSG["score" if 0.5 in rule.scores else "result"](lang)
    for extra in rule.extras(preset, lang):
        value = row.get(extra.column.key)
        if value is not None and not extra.valid(value):
            return MSG[extra.message](lang)
    date = row.get("Date")
    if date is not None and excel_number(date) is None:
        return MSG["date"](lang)
    monthly = rule.monthly and preset.monthly
    if monthly and complete and excel_number(date) is None:
        return MSG["need_date"](lang)
    if monthly and complete and values["Month"] < last_month:  # type: ignore[operator]
        return MSG["order"](lang)
    if complete:
        return ""
    return MSG["incomplete"](lang) if later_filled else ""


def _positions(ratings: Sequence[object], names: Sequence[object]) -> list[object]:
    """:func:`lx.list_position` in Python: higher first, ties by Players order."""
    listed = [(i, float(r)) for i, (r, n) in enumerate(zip(ratings, names, strict=True))
              if n is not None and excel_number(r) is not None and not isinstance(r, str)]
    out: list[object] = [""] * len(ratings)
    for i, r in listed:
        out[i] = 1 + sum(x > r for _, x in listed) + sum(x == r for j, x in listed if j < i)
    return out


def _list_rows(columns: Mapping[str, Sequence[object]], positions: Sequence[object],
               ratings: Sequence[object], names: Sequence[object]) -> list[dict[str, object]]:
    """The rows of a list table: place k shows the player at position k."""
    where = {p: i for i, p in reversed(list(enumerate(positions))) if p != ""}
    listed = [float(r) for r, n in zip(ratings, names, strict=True)  # type: ignore[arg-type]
              if n is not None and excel_number(r) is not None and not isinstance(r, str)]
    rows: list[dict[str, object]] = [{}]
    for k in range(1, len(positions) + 1):
        i = where.get(k)
        row = {key: ("" if i is None else values[i]) for key, values in columns.items()}
        rating = row["Rating"]
        row["Place"] = "" if i is None else 1 + sum(x > rating for x in listed)  # type: ignore[operator]
        rows.append(row)
    return rows


def _players_values(rule: Rule, preset: Any, spec: Spec,
                    tables: Mapping[str, Sequence[Mapping[str, object]]], chain: Chain,
                    names: Sequence[object], starts: Sequence[object], priors: Sequence[int],
                    latest: int, lang: str) -> dict[str, list[dict[str, object]]]:
    players = _pad(tables.get("Players", ()), spec.players)
    lowered = [None if n is None else text_of(n).lower() for n in names]
    months = chain.cols["Month"]
    rows: list[dict[str, object]] = [{}]
    for i, player in enumerate(players):
        pid, name = i + 1, names[i]
        last = chain.last_of.get(pid, 0)
        start = starts[i]
        ok = name is not None and excel_number(start) is not None
        rating = chain.seat_value(last, pid, "New", start) if ok else ""
        mine = [n for n in chain.ca if pid in (chain.ca[n], chain.cb[n])]
        values: dict[str, object] = {
            "StartUsed": start, "Last": last, "Rating": rating,
            "Games": "" if name is None else len(mine),
            "ThisMonth": "" if name is None else (
                0 if latest == 0 else sum(months[n] == latest for n in mine)),
            "Status": _players_status(rule, preset, player, lowered, pid, lang),
        }
        if rule.has_prior:
            values["PriorUsed"] = priors[i]
        if rule.rank_labels:
            values["Label"] = rule.rank(preset, rating) if isinstance(rating, float) else ""
        rows.append(values)
    for key, pos in (("Rating", "Pos"),):
        ranked = _positions([r.get(key, "") for r in rows[1:]], names)
        for r, p in zip(rows[1:], ranked, strict=True):
            r[pos] = p
    result = {"Players": rows}
    columns = {key: [r.get(key, "") for r in rows[1:]] for key in
               ("Rating", "Label", "Games", "ThisMonth")}
    columns["Name"] = list(names)
    result["List"] = _list_rows(columns, [r["Pos"] for r in rows[1:]], columns["Rating"], names)
    if rule.monthly:
        result.update(_monthly_values(tables, chain, rows, names, latest, lang))
    return result


def _players_status(rule: Rule, preset: Any, player: Mapping[str, object],
                    lowered: Sequence[str | None], pid: int, lang: str) -> str:
    keys = ("Name", "Start", *(("Rank",) if rule.has_ranks else ()),
            *(("Prior",) if rule.has_prior else ()))
    if all(player.get(k) is None for k in keys):
        return ""
    name = player.get("Name")
    if name is not None and lowered.index(text_of(name).lower()) + 1 != pid:
        return PLAYER_MSG["duplicate"](lang)
    start = player.get("Start")
    if start is not None and excel_number(start) is None:
        return PLAYER_MSG["start"](lang)
    rank = player.get("Rank")
    if rule.has_ranks and rank is not None:
        table = preset.start_table if rule.engine == "tokin" else preset.ranks
        if not any(same_cell(label, rank) for label, _ in table):
            return PLAYER_MSG["rank"](lang)
    prior = player.get("Prior")
    if rule.has_prior and prior is not None and not _whole(prior):
        return PLAYER_MSG["prior"](lang)
    return ""


def _monthly_values(tables: Mapping[str, Sequence[Mapping[str, object]]], chain: Chain,
                    rows: list[dict[str, object]], names: Sequence[object], latest: int,
                    lang: str) -> dict[str, list[dict[str, object]]]:
    chosen = _pad(tables.get("Monthly", ()), 1)[0].get("Month")
    if chosen is None:
        key: object = latest if latest > 0 else ""
    else:
        key = month_of(chosen)
    status = "" if chosen is None or excel_number(chosen) is not None else MSG["date"](lang)
    shown: object = ""
    if isinstance(key, int):
        shown = float(to_excel(dt.datetime(key // 12, key % 12 + 1, 1)))
    months = chain.cols["Month"]

    def by(pid: int, back: int) -> int:
        if not isinstance(key, int):
            return 0
        return chain.last_where(pid, lambda n: isinstance(months[n], int)
                                and months[n] <= key - back)  # type: ignore[operator]

    for i, r in enumerate(rows[1:]):
        pid = i + 1
        m_last = by(pid, 0)
        ok = m_last > 0 and excel_number(r["StartUsed"]) is not None
        m_rating = chain.seat_value(m_last, pid, "New", "") if ok else ""
        r.update(MLast=m_last, MRating=m_rating)
        if ok:
            r["MBefore"] = chain.seat_value(by(pid, 1), pid, "New", r["StartUsed"])
            r["MGames"] = sum(months[n] == key for n in chain.ca
                              if pid in (chain.ca[n], chain.cb[n]))
        else:
            r["MBefore"] = r["MGames"] = ""
    ranked = _positions([r["MRating"] for r in rows[1:]], names)
    for r, p in zip(rows[1:], ranked, strict=True):
        r["MPos"] = p
    columns = {"Name": list(names), "Rating": [r["MRating"] for r in rows[1:]],
               "Games": [r["MGames"] for r in rows[1:]]}
    month_rows = _list_rows(columns, ranked, columns["Rating"], names)
    before = {i: r["MBefore"] for i, r in enumerate(rows[1:])}
    where = {p: i for i, p in enumerate(ranked) if p != ""}
    for k, row in enumerate(month_rows[1:], 1):
        i = where.get(k)
        row["Change"] = "" if i is None else row["Rating"] - before[i]  # type: ignore[operator]
    return {"Monthly": [{}, {"Shown": shown, "Status": status, "Key": key}],
            "MonthList": month_rows}


# --- Examples (the README pictures) --------------------------------------------------------

EXAMPLE_PLAYERS = {"ja": ("田中", "鈴木", "佐藤", "高橋", "伊藤"),
                   "en": ("Alice", "Bob", "Carol", "Dan", "Erin")}


def example_tables(spec: Spec) -> dict[str, list[dict[str, object]]]:
    """Five players, a dozen games over two months, one misspelt name, one game in progress."""
    names = EXAMPLE_PLAYERS[spec.lang]
    rule = RULES[spec.preset]
    starts = {"tokin": (1700, None, 1500, None, 1300), "tokin_league": (1700, None, 1500, None,
                                                                         1300),
              "club24": (1700, None, 1500, None, 1300), "elo": (1600, 1500, 1500, 1450, 1400),
              "mosaic": (100, 100, 100, 100, 100)}[spec.preset]
    ranks = ("初段", "1級", None, "2級", None) if rule.has_ranks else (None,) * 5
    players = [{"Name": n, "Start": s, "Rank": r if s is None else None}
               for n, s, r in zip(names, starts, ranks, strict=True)]
    pairs = [(0, 1, 1), (2, 3, 0), (0, 2, 1), (1, 4, 1), (3, 4, 0), (0, 3, 1),
             (1, 2, 0), (2, 4, 1), (0, 4, 0), (1, 3, 1)]
    games: list[dict[str, object]] = []
    for k, (a, b, result) in enumerate(pairs):
        day = dt.date(2024, 5, 4) + dt.timedelta(days=7 * k)
        game: dict[str, object] = {"Date": day, "PlayerA": names[a], "PlayerB": names[b],
                                   "Result": result}
        if rule.engine == "mosaic":
            game["TurnDiff"] = 1 + k % 3
        games.append(game)
    games[4]["PlayerB"] = names[4] + "x"
    games.append({"Date": dt.date(2024, 7, 13), "PlayerA": names[0], "PlayerB": names[1]})
    return {"Games": games, "Players": players}
