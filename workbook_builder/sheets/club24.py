"""The Shogi Club 24 rating sheet (RULES.md §2), its ledger rule and functions.

A counted game's number is the games played before the sheet plus those counted so far,
so the initial formula (divide by N + 1) covers exactly the player's first 24 games.
What the Tokin and Club 24 sheets share is in :mod:`.shogi`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rating_rules.shogi import CLUB24, Club24Preset, club24_delta, club24_rank

from .. import formulas as fx
from .. import styles
from ..kit import catalog as kc
from ..kit import inputs as kinds
from ..kit import status as st
from ..kit.base import extend
from ..kit.cells import Cells, excel_number
from ..kit.chain import counted_column
from ..kit.ledger_rule import LedgerRule, other
from ..kit.settings_table import Computed, SettingsTable, SettingsTables, TableField
from ..labels import Text
from ..layout import Column, Row, Setting
from ..settings import Constant, constant_settings, setting_name
from . import shogi as sg

# --- the rule as formula text ----------------------------------------------------------------


def delta_text(my: str, opp: str, result: str, game_no: str) -> str:
    """Club 24 change for "me" (RULES.md §2), as ``rating_rules.shogi._club24_change``.

    Initial formula (N ≤ 24 and 200 < my < 2800): divide by N + 1, no cap. Otherwise
    divide by 25, cap ±31, and at 200 or below a loss costs half. A win gains and a loss
    costs at least 1; a loss never takes the rating below the floor.
    """
    s = SETTING_NAMES
    n = f"({game_no})"
    initial = f"AND({n}<={s['initial_games']},{my}>{s['low_rating']},{my}<{s['high_rating']})"
    win, loss = f"({opp}-{my}+{s['spread']})", f"({opp}-{my}-{s['spread']})"
    least, most = s["min_change"], s["max_change"]
    win_initial = f"MAX(ROUND({win}/({n}+1),0),{least})"
    win_normal = f"MIN(MAX(ROUND({win}/{s['divisor']},0),{least}),{most})"
    loss_initial = f"MIN(ROUND({loss}/({n}+1),0),-{least})"
    raw = f"{loss}/{s['divisor']}"
    halved = f"IF({my}<={s['low_rating']},{raw}*{s['low_loss_factor']},{raw})"
    loss_normal = f"MAX(MIN(ROUND({halved},0),-{least}),-{most})"
    floor = f"MIN(0,{s['floor']}-{my})"
    return (f"IF({result}=1,IF({initial},{win_initial},{win_normal}),"
            f"MAX(IF({initial},{loss_initial},{loss_normal}),{floor}))")


GAMES_BEFORE = setting_name("GamesBefore")
RANK_LABEL, RANK_FROM = setting_name("RankLabel"), setting_name("RankFrom")


def rank_text(rating: str) -> str:
    """The rank label of a rating: the first rank (strongest first) whose lower bound it reaches.

    Counting the bounds above the rating finds that row without LOOKUP, which needs an
    ascending table. COUNTIF with a numeric criterion counts numbers only (the weakest
    rank has no bound; Excel ranks any text above every number), in every engine, where
    ``SUMPRODUCT(ISNUMBER(range)…)`` gives 0 in Gnumeric.
    """
    above = f"COUNTIF({RANK_FROM},\">\"&{rating})"
    return f"INDEX({RANK_LABEL},{above}+1)"


def rank_bounds(ranks: Sequence[tuple[str, float]]) -> list[tuple[str, float, float | None]]:
    """Each rank's label, its nominal rating and the rating it starts from: halfway to the
    next rank's (the weakest rank: none)."""
    return [(label, rating, None if after is None else (rating + after[1]) / 2)
            for (label, rating), after in zip(ranks, [*ranks[1:], None], strict=True)]


def halfway_text(row: int) -> str:
    """A rank's lower bound on Settings: halfway between its rating (B) and the next's."""
    return f"=IF(COUNT(B{row},B{row + 1})=2,(B{row}+B{row + 1})/2,\"⚠\")"


RANKS = SettingsTable((
    TableField("RankLabel", Text("段級", "Rank"), "text"),
    TableField("RankRating", Text("レート", "Rating")),
    TableField("RankFrom", Text("下限 (から)", "From"), typed=False, computed=True, left=True),
), sg.table_check, "input", heading=Text("段級とレート", "Ranks and ratings"),
    heading_size=styles.FONT_SIZE, fills="ranks",
    rows=lambda preset, lang: [
        (label, rating, None if bound is None else Computed(halfway_text, bound))
        for label, rating, bound in rank_bounds(preset.ranks)])
"""The rank table a club edits, and beside it each rank's lower bound: halfway to the
next rank's rating (the boundaries are computed from it)."""
TABLES = SettingsTables((RANKS,), accept=sg.rank_listed(RANKS.fills))
"""Club 24's Settings table, for the personal sheet and the ledger alike."""


@dataclass(frozen=True)
class Club24SheetPreset(sg.DeclaredStart, Club24Preset):
    """The Club 24 rule plus what one player's sheet adds (all on Settings)."""

    games_before: int = 0
    """Games played before this sheet: the initial formula covers the first 24 in all."""


def game_no(r: Row) -> str:
    """This row's game number if it counts: games before the sheet + counted so far + 1."""
    return f"{GAMES_BEFORE}+{r.prev('Count')}+1"


def change_formula(r: Row) -> str:
    delta = delta_text(r.prev("Running"), r["OppRating"], r["Result"], game_no(r))
    return fx.if_(sg.counted(r), delta, '""')


def change_value(c: Cells) -> int:
    """The engine's change, with this game's number as :func:`game_no` counts it."""
    count = c.prev("Count")
    assert isinstance(count, int), f"the count above row {c.k} is not a whole number"
    n = c.preset.games_before + count + 1
    return club24_delta(sg.before(c), c.num("OppRating"), c.num("Result"), n, c.preset)


def rank_formula(rating: str) -> str:
    """The rating's rank; ⚠ when a rank boundary is not a number (text on Settings)."""
    rank = fx.if_(f"COUNT({RANK_FROM})=ROWS({RANK_FROM})-1", rank_text(rating), '"⚠"')
    return fx.if_(f"ISNUMBER({rating})", rank, '""')


def lead_rank(c: Cells) -> object:
    """The starting rating's rank (the 自分 row's :func:`rank_formula`)."""
    rating = excel_number(c["Running"])
    return "" if rating is None else club24_rank(rating, c.preset)


def game_no_column() -> Column:
    """The counted game's number among all the player's games; 自分: the games before."""
    return counted_column("GameNo", Text("通算\n局数", "Game\nno."), "integer", 5.5,
                          lambda r: f"{GAMES_BEFORE}+{r['Count']}",
                          lambda c: c.preset.games_before + c["Count"],
                          lambda r: GAMES_BEFORE, lambda c: c.preset.games_before,
                          width_en=6, number_format="0")


def rank_column(labels: tuple[str, ...]) -> Column:
    """The rank of the rating after each counted game; 自分: the starting rating's."""
    return counted_column("Rank", Text("段級", "Rank"), "text", 6.5,
                          lambda r: rank_text(r["Running"]),
                          lambda c: club24_rank(c.num("Running"), c.preset),
                          lambda r: rank_formula(r["Running"]), lead_rank,
                          width_en=7, allowed=labels)


CLUB24_NOTES = (
    Text("ルール (将棋倶楽部24)", "Rules (Shogi Club 24)"),
    Text("通常: 増減 = ((相手 − 自分) ± 400) / 25 (勝ち +、負け −)、±31 まで",
         "Normal: change = ((opponent − mine) ± 400) / 25 (+ win, − loss), at most ±31"),
    Text("最初の24局 (通算局数 N、200 < レート < 2800): 25 の代わりに N + 1 で割る、上限なし",
         "First 24 games (game no. N, 200 < rating < 2800): divide by N + 1 instead, no cap"),
    Text("勝ちは最低 +1、負けは最低 −1。200 以下は負けが半分。0 未満にはならない",
         "A win gains at least 1, a loss costs at least 1; at 200 or below a loss costs "
         "half; never below 0"),
    Text("増減は四捨五入 [仮定: 規定に丸め方の記載なし]",
         "Changes are rounded half away from zero [assumed: the rules do not say]"),
    st.SKIPPED_NOTE,
)


CLUB24_CONSTANTS = (
    Constant("GamesBefore", Text("以前の対局数", "Games before"),
             Text("このシートより前に指した局数 (初めてなら0)",
                  "Games played before this sheet (0 for a new player)"), minimum=0, whole=True),
    Constant("Spread", Text("±の点", "Spread"),
             Text("((相手 − 自分) ± 400) / 25 の 400",
                  "The 400 of ((opponent − mine) ± 400) / 25")),
    Constant("Divisor", Text("割る数", "Divisor"),
             Text("通常の式で割る数 (25)", "Divisor of the normal formula (25)"), minimum=1),
    Constant("InitialGames", Text("初期の局数", "Initial games"),
             Text("N + 1 で割る最初の局数 (24)", "First games divided by N + 1 (24)"),
             minimum=0, whole=True),
    Constant("MinChange", Text("最小の増減", "Least change"),
             Text("勝ち・負けで動く最小の点 (1)", "A win gains, a loss costs at least this (1)")),
    Constant("MaxChange", Text("最大の増減", "Most change"),
             Text("通常の式の上限 (31)", "Cap of the normal formula (31)")),
    Constant("HighRating", Text("高レート", "High rating"),
             Text("この値以上は常に通常の式 (2800)",
                  "At or above: always the normal formula (2800)")),
    Constant("LowRating", Text("低レート", "Low rating"),
             Text("この値以下は通常の式で負けが半分 (200)",
                  "At or below: normal formula, a loss costs half (200)")),
    Constant("LowLossFactor", Text("低レートの負け", "Low-rating loss"),
             Text("低レートの負けに掛ける数 (0.5)", "Share of a loss at the low rating (0.5)"),
             minimum=0),
    Constant("Floor", Text("下限", "Floor"),
             Text("これより下がらない (0)", "No rating goes below this (0)")),
)
"""The Club 24 rule's numbers on Settings (and the games played before the sheet)."""
SETTING_NAMES = {c.field: setting_name(c.key) for c in CLUB24_CONSTANTS}
"""Club24Preset field → the Settings name the Club 24 formulas read."""


class Club24Sheet(sg.ShogiSheet[Club24SheetPreset]):
    """Workbook type ``system = "club24"``."""

    system = "club24"
    numeric_tables = RANKS.numbers()
    presets: ClassVar[dict[str, Any]] = {"default": extend(CLUB24, Club24SheetPreset)}
    input_keys = ("Opponent", "OppRating", "Result", "Date")
    title = Text("将棋倶楽部24 レーティング", "Shogi Club 24 rating")
    phone_first = ("Opponent", "OppRating", "Result", "Date", "Rating", "Status")
    notes = CLUB24_NOTES

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        return sg.example_games(lang)

    def visible_columns(self, lang: str, preset: Club24SheetPreset) -> tuple[Column, ...]:
        opp = kinds.opp_rating_column(Text("相手の今のレート", "Opponent's current rating"))
        result, date = kinds.result_column(), kinds.date_column()
        return (
            kinds.opponent_column(),
            opp,
            result,
            game_no_column(),
            sg.change_column(change_formula, change_value),
            sg.rating_column(),
            rank_column(tuple(label for label, _ in preset.ranks)),
            sg.status_column(self, lang, preset, (opp, result, date)),
            date,
        )

    def settings(self, preset: Club24SheetPreset) -> list[Setting]:
        return [*sg.rank_settings(preset), *constant_settings(preset, CLUB24_CONSTANTS)]

    tables = TABLES
    rank_field = RANKS.fills

    def settings_ok(self, r: Row, preset: Club24SheetPreset) -> str:
        base = super().settings_ok(r, preset)
        return f"AND({base},{fx.is_whole_at_least(GAMES_BEFORE, 0)})"


# --- Club 24: what the club ledger keeps -----------------------------------


@dataclass(frozen=True)
class Club24LedgerPreset(Club24Preset):
    start: float = 1500
    """Start of a player with neither a declared rank nor a rating (1級) **[assumed]**."""


CLUB24_LEDGER = extend(CLUB24, Club24LedgerPreset)


class Club24Rule(LedgerRule[Club24LedgerPreset]):
    engine = "club24"
    example_starts = (1700, None, 1500, None, 1300)
    has_ranks = True
    has_prior = True
    rank_labels = True

    def settings(self, preset: Club24LedgerPreset) -> list[Setting]:
        personal = extend(preset, Club24SheetPreset)
        return [s for s in Club24Sheet().settings(personal)
                if s.key not in ("Rank", "Start", "GamesBefore")]

    tables = TABLES

    def change_formula(self, r: Row, side: str) -> str:
        score = r["Result"] if side == "A" else f"(1-{r['Result']})"
        return delta_text(r[f"Rating{side}"], r[f"Rating{other(side)}"], score, r[f"No{side}"])

    def change_value(self, c: Cells, side: str) -> float:
        score = c.num("Result") if side == "A" else 1 - c.num("Result")
        return club24_delta(c.num(f"Rating{side}"), c.num(f"Rating{other(side)}"), score,
                            c[f"No{side}"], c.preset)  # type: ignore[arg-type]

    def rank_starts(self, preset: Club24LedgerPreset) -> tuple[tuple[str, float], ...]:
        return tuple(preset.ranks)

    def rank_formula(self, rating: str) -> str:
        return rank_text(rating)

    def rank(self, preset: Club24LedgerPreset, rating: float) -> str:
        return club24_rank(rating, preset)


LEDGER_PRESETS = {"club24": (Club24Rule(), CLUB24_LEDGER)}
"""The club ledger's preset of this rule (:data:`.ledger.RULES`)."""


# --- the catalog's entries: CLUB24_DELTA, CLUB24_RANK --------------------------------------

def catalog_delta(r: kc.Refs, lang: str) -> str:
    established = kc.lit(CLUB24.initial_games + 1)
    return delta_text(r["my_rating"], r["opp_rating"], r["result"],
                      kc.or_blank(r["game_no"], established))


CATALOG_ENTRIES: tuple[kc.Entry, ...] = (
    kc.Entry("CLUB24_DELTA",
             (*kc.ratings(1500, 1700),
              kc.RES, kc.Arg("game_no", Text("何局目", "game no."),
                             kc.optional_whole(Text("空欄=25局目以降", "blank = established")))),
             kc.result(catalog_delta, kc.SIGNED),
             lambda v, lang: {kc.OUT: club24_delta(
                 v["my_rating"], v["opp_rating"], v["result"],
                 None if v["game_no"] is None else int(v["game_no"]))}),
    kc.plain_entry("CLUB24_RANK",
                   (kc.Arg("rating", Text("レート", "rating"), kc.number_kind(), 1550),),
                   rank_text, club24_rank, type="text"),
)
"""The worksheet functions as native formulas, for the formula catalog and LAMBDA names."""
CATALOG_TABLES = (
    kc.RuleTable(Text("将棋倶楽部24: 段級", "Shogi Club 24: ranks"), ("CLUB24_RANK",),
                 RANKS.named("Club24_"),
                 tuple(rank_bounds(CLUB24.ranks))),
)
"""The catalog's Tables sheet: the table CLUB24_RANK reads by name."""
CATALOG_RENAMES = {
    **{name: kc.lit(getattr(CLUB24, field)) for field, name in SETTING_NAMES.items()
       if field != "games_before"},
    **kc.settings_renames(CATALOG_TABLES),
}
"""The Settings names the builders read: each the rule's default number or a table's name."""
