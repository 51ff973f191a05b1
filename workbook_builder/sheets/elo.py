"""The Elo personal rating sheet (RULES.md §3, seed 002), its ledger rule and functions.

Per game (the default, the engine's ``replay_elo`` without periods) or per rating
period, a run of games with the same Period label (README, "Elo"): the period chain is
:mod:`workbook_builder.kit.periods`, shared with the other rules rated by period.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rating_rules import elo as engine
from rating_rules.common import round_half_away
from rating_rules.elo import ELO, EloPreset, elo_delta, elo_expected

from .. import formulas as fx
from ..kit import catalog as kc
from ..kit import inputs as kinds
from ..kit import periods as kp
from ..kit import status as st
from ..kit.base import EXAMPLE_NAMES
from ..kit.cells import Cells
from ..kit.chain import change_column, counted
from ..kit.ledger_rule import LedgerRule, other
from ..kit.periods import carried, carry, helper, number
from ..labels import Text
from ..layout import Column, Row, Setting
from ..settings import Positive

K_SETTING = Positive(
    "K", "k", Text("K (係数)", "K factor"),
    Text("1局の重み: 32・24・16・12・8 など", "Weight of a game: 32, 24, 16, 12, 8 …"),
    Text("0より大きい数値 (例: 32)", "A number above 0 (e.g. 32)"))
SCALE_SETTING = Positive(
    "Scale", "scale", Text("レート差の尺度", "Rating scale"),
    Text("この差で期待値が 10:1 (ふつう400)", "Gap where the odds are 10:1 (400)"),
    Text("ふつう400", "Usually 400"))
K, SCALE = K_SETTING.name, SCALE_SETTING.name
MAX_EXPONENT = 300
"""A gap beyond 300 × scale would overflow 10^(gap/scale): such a row is flagged."""

# --- the rule as formula text ----------------------------------------------------------------
# Each builder returns formula text without the leading ``=``, in the engine's order of
# operations, so a spreadsheet and the engine give the same binary result.


def expected_text(my: str, opp: str, scale: str = SCALE) -> str:
    """Expected score ``1/(1+10^((opp−my)/scale))``, like :func:`rating_rules.elo.elo_expected`
    (the opponent's: the two ratings swapped)."""
    return f"1/(1+10^(({opp}-{my})/{scale}))"


def linear_expected_text(my: str, opp: str, slope: str) -> str:
    """16±4% expected score ``0.5 + slope×(my−opp)`` held within 0..1, as
    :func:`rating_rules.elo.linear_expected` (no Settings name: the sheet has no such curve).
    """
    return f"MIN(1,MAX(0,0.5+{slope}*({my}-{opp})))"


def delta_text(my: str, opp: str, score: str, k: str = K, scale: str = SCALE) -> str:
    """Unrounded change ``K×(W−We)`` for one game, like :func:`rating_rules.elo.elo_delta`."""
    return f"{k}*({score}-{expected_text(my, opp, scale)})"


def rounded_text(start: str, total: str) -> str:
    """The new rating ``ROUND(start + ΣK(W−We), 0)``: half away from zero, like the engine."""
    return f"ROUND({start}+{total},0)"


def update_text(my: str, opps: str, scores: str, k: str = K, scale: str = SCALE) -> str:
    """Period update over two ranges, like :func:`rating_rules.elo.elo_update`.

    ``round(old + K×(ΣW − ΣWe))``; a row with a blank opponent counts no expected score
    (the engine skips pairs that are both blank). Works without array entry in
    Excel 2010: SUMPRODUCT evaluates its argument as an array. ``opps<>""`` (not
    ISNUMBER, which Gnumeric does not evaluate over a range there) leaves out blanks;
    a text opponent is #VALUE! either way, and the catalog flags it first.
    """
    expected = f"SUMPRODUCT(({opps}<>\"\")/(1+10^(({opps}-{my})/{scale})))"
    return rounded_text(my, f"{k}*(SUM({scores})-{expected})")


MSG = kp.period_messages()
INPUT_KEYS = ("Opponent", "OppRating", "Score", "Period", "Date")
"""Input columns, in sheet order; what ``inputs`` rows may hold."""
REQUIRED = ("OppRating", "Score")
"""What a game needs to count."""


@dataclass(frozen=True)
class EloSheetPreset(EloPreset):
    """The Elo rule's constants plus the mode the sheet starts in."""

    periods: bool = False
    """Rate by rating periods (True) or after every game (False, the engine's default)."""


SHEET_SETTINGS = (K_SETTING, kp.PERIODS_SWITCH, SCALE_SETTING)
"""The personal sheet's Settings after the start; the ledger's are K and the scale."""
SETTINGS_OK = kp.usable(SHEET_SETTINGS)


STATUS = kp.period_status(INPUT_KEYS, SETTINGS_OK, ("OppRating", "Score", "Date"),
                          kp.too_far_case(f"{MAX_EXPONENT}*{SCALE}",
                                          lambda c: MAX_EXPONENT * c.preset.scale),
                          REQUIRED)
"""The Status column, first case first: "" (fine, empty or in progress) or the problem."""


def expected_formula(r: Row, mine: bool) -> str:
    """My (or the opponent's) expected score, shown as soon as the opponent's rating is in."""
    my, opp = (r["Base"], r["OppRating"]) if mine else (r["OppRating"], r["Base"])
    shown = f"AND(ISNUMBER({r['OppRating']}),{st.no_problem(r['Status'])})"
    return fx.if_(shown, expected_text(my, opp, SCALE), '""')


def expected_value(c: Cells, mine: bool) -> object:
    """What :func:`expected_formula` shows, from the engine's expected score."""
    opp = c.number("OppRating")
    if opp is None or st.has_problem(c["Status"]):
        return ""
    base = number(c["Base"])
    return elo_expected(base, opp, c.preset) if mine else elo_expected(opp, base, c.preset)


def change_formula(r: Row) -> str:
    delta = delta_text(r["Base"], r["OppRating"], r["Score"], K, SCALE)
    return fx.if_(st.counts_test(r, REQUIRED), delta, '""')


def change_value(c: Cells) -> object:
    """The engine's unrounded K×(W−We) against the rating the game is played at."""
    if not st.counts(c, REQUIRED):
        return ""
    return elo_delta(number(c["Base"]), c.num("OppRating"), c.num("Score"), c.preset.k, c.preset)


def period_sum(c: Cells) -> float:
    """ΣK(W−We) of the open period, this game included."""
    before = 0.0 if c["New"] else number(c.prev("Sum"))
    return before + number(c["Change"])


RULE_NOTES = (
    Text("ルール (イロレーティング)", "Rules (Elo rating)"),
    Text("期待値 We = 1 / (1 + 10^((相手 − 自分) / 尺度))、相手の期待値 = 1 − We",
         "Expected We = 1 / (1 + 10^((opponent − me) / scale)); opponent's = 1 − We"),
    Text("増減 = K × (W − We)。W: 勝ち1、引き分け0.5、負け0",
         "Change = K × (W − We); W = 1 win, 0.5 draw, 0 loss"),
    Text("対局ごと: 新しいレート = ROUND(前のレート + 増減)",
         "Per game: new rating = ROUND(old + change)"),
    Text("期間ごと: 期間内の対局はすべて期間の最初のレートで計算し、",
         "By period: every game of a period uses the rating at its start;"),
    Text("　期間の最後の行に ROUND(最初のレート + 増減の合計)",
         "  its last row shows ROUND(start + sum of changes)."),
    Text("期間名は期間の最初の対局にだけ入力 (空欄は上の行と同じ期間)。",
         "Type a period on its first game only (blank = same as the row above)."),
    st.SKIPPED_NOTE,
    Text("丸めは Excel の ROUND (四捨五入)。",
         "Rounding is Excel's ROUND (halves away from zero)."),
)


class EloSheet(kp.PeriodSheet[EloSheetPreset]):
    """Workbook type ``system = "elo"``."""

    system = "elo"
    presets: ClassVar[Mapping[str, Any]] = {"default": EloSheetPreset()}
    title = Text("イロレーティング", "Elo rating")
    phone_first = ("Opponent", "OppRating", "Score", "Period", "Date", "Rating", "InPeriod",
                   "Status")
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {"InPeriod": (5, 4.5),
                                                                 "Rating": (5.5, 5)}
    """The rating in the period (four digits) fits 5 units in Japanese and 4.5 in English:
    at 5.5 and 5, the date's 5 units (12/28) pushed Status's ⚠ past LibreOffice's 390 px.
    The same screen has no room for "Rating" whole, so the rating is headed Rtg in 5."""
    notes = RULE_NOTES
    declared = SHEET_SETTINGS

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        """Seed 002's six-game period, a second period, one flagged row, a game in progress."""
        a, b, c, d, e, f, g, h, i = EXAMPLE_NAMES[lang]
        return kp.example_periods(("Opponent", "OppRating", "Score"), (
            ("2024-05", dt.date(2024, 5, 11),
             ((a, 1700, 0.5), (b, 1600, 1), (c, 1850, 0), (d, 1900, 0.5), (e, 1800, 0),
              (f, 1550, 1))),
            ("2024-06", dt.date(2024, 6, 8),
             ((g, 1580, 1), (h, 1620, 2), (i, 1490, 0.5), (a, 1710))),
        ))

    def inputs(self) -> tuple[Column, ...]:
        """Opponent, opponent's rating, score and period: typed at the table, left to right."""
        return (
            kinds.opponent_column(),
            kinds.opp_rating_column(Text("相手の今のレート。入れると期待値がわかります",
                                         "Opponent's current rating; shows the expected score")),
            kinds.score_column(),
            kp.period_column(),
        )

    def computed(self, lang: str) -> tuple[Column, ...]:
        """What a person reads: expected scores, change, in-period and settled rating, status."""
        return (
            Column("Expected", Text("期待値", "Expected"), "computed", "number", 6.5, width_en=8.5,
                   number_format="0.000", formula=lambda r: expected_formula(r, mine=True),
                   value=lambda c: expected_value(c, mine=True)),
            Column("OppExpected", Text("相手\n期待値", "Opp.\nexpected"), "computed", "number", 6.5,
                   width_en=8.5, number_format="0.000",
                   formula=lambda r: expected_formula(r, mine=False),
                   value=lambda c: expected_value(c, mine=False)),
            change_column(change_formula, change_value),
            kp.in_period_column(lambda r: fx.if_(f"AND({kp.counted_test(r)},{kp.PERIODS}=1)",
                                                 f"{r['Start']}+{r['Sum']}", '""'),
                                lambda c: (number(c["Start"]) + number(c["Sum"])
                                           if counted(c) and c.preset.periods else "")),
            kp.rating_column(),
            kp.status_column(STATUS, MSG, lang),
        )

    def chain(self) -> tuple[Column, ...]:
        """The period chain: which period a row is in, what it is scored against, the close."""
        return (
            *kp.opening_columns(),
            kp.start_column(),
            helper("Sum", Text("計算用 期間内の増減計", "Period sum"), "number",
                   lambda r: carry(r, "Sum", f"IF({r['New']},0,{r.prev('Sum')})+{r['Change']}"),
                   carried("Sum", period_sum), lambda r: "0", 0),
            kp.close_column(
                lambda r: rounded_text(r["Start"], r["Sum"]),
                lambda c: float(round_half_away(number(c["Start"]) + number(c["Sum"]))),
            ),
            kp.next_new_column(),
        )


__all__ = ["CATALOG_ENTRIES", "EloSheet", "EloSheetPreset"]


# --- Elo: what the club ledger keeps ---------------------------------------


class EloRule(LedgerRule[EloPreset]):
    engine = "elo"
    example_starts = (1600, 1500, 1500, 1450, 1400)
    scores = (1, 0.5, 0)
    declared = (K_SETTING, SCALE_SETTING)
    refused = tuple(d.refused for d in declared)

    def settings(self, preset: EloPreset) -> list[Setting]:
        return [d.setting(preset) for d in self.declared]

    def change_formula(self, r: Row, side: str) -> str:
        my, opp = r[f"Rating{side}"], r[f"Rating{other(side)}"]
        score = r["Result"] if side == "A" else f"(1-{r['Result']})"
        return f"{rounded_text(my, delta_text(my, opp, score, K, SCALE))}-{my}"

    def change_value(self, c: Cells, side: str) -> float:
        my, opp = c.num(f"Rating{side}"), c.num(f"Rating{other(side)}")
        score = c.num("Result") if side == "A" else 1 - c.num("Result")
        delta = elo_delta(my, opp, score, c.preset.k, c.preset)
        return round_half_away(my + delta) - my

    def settings_ok(self, preset: EloPreset) -> str:
        return kp.usable(self.declared)


LEDGER_PRESETS = {"elo": (EloRule(), EloPreset())}
"""The club ledger's preset of this rule (:data:`.ledger.RULES`)."""


# --- the catalog's entries: ELO_EXPECTED, LINEAR_EXPECTED, ELO_DELTA, ELO_UPDATE ----------

DEFAULT_K = kc.lit(ELO.k)
K_FACTOR = kc.positive_kind(Text(f"空欄={DEFAULT_K}", f"blank = {DEFAULT_K}"),
                            Text(f"K (空欄なら {DEFAULT_K})", f"K (blank = {DEFAULT_K})"),
                            blank_ok=True)


CATALOG_ENTRIES: tuple[kc.Entry, ...] = (
    kc.plain_entry("ELO_EXPECTED",
                   kc.ratings(1500, 1700), expected_text, engine.elo_expected, "0.0000"),
    kc.plain_entry("LINEAR_EXPECTED",
                   kc.ratings(1500, 1700),
                   lambda my, opp: linear_expected_text(my, opp, kc.lit(ELO.linear_slope)),
                   engine.linear_expected, "0.0000"),
    kc.plain_entry("ELO_DELTA",
                   (*kc.ratings(1500, 1700), kc.Arg("score", Text("得点", "score"), kc.SCORE, 0.5),
                    kc.Arg("k", Text("K", "K"), K_FACTOR)),
                   lambda my, opp, score, k: delta_text(my, opp, score, kc.or_blank(k, K)),
                   engine.elo_delta, "+0.00;-0.00;0.00"),
    kc.Entry("ELO_UPDATE",
             (*kc.period_args(1500, (1700, 1600, 1850, 1900, 1800, 1550),
                              (0.5, 1, 0, 0.5, 0, 1), cells=8),
              kc.Arg("k", Text("K", "K"), K_FACTOR)),
             kc.result(lambda r, lang: update_text(r["my_rating"], r["opp_ratings"],
                                                     r["scores"], kc.or_blank(r["k"], K)), "0"),
             lambda v, lang: {kc.OUT: engine.elo_update(v["my_rating"], v["opp_ratings"],
                                                        v["scores"], v["k"])},
             (kc.same_rows("scores"),)),
)
"""The worksheet functions as native formulas, for the formula catalog and LAMBDA names."""
CATALOG_RENAMES = {K: DEFAULT_K, SCALE: kc.lit(ELO.scale)}
"""The Settings names the builders read, each the rule's default number."""
