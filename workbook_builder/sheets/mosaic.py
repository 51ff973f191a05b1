"""The MOSAIC rating sheet (RULES.md §6, seed 004), its ledger rule and functions.

Row 3 is the blog's 自分 row, the starting rating; each game row shows the rating after
it, so the Rating column reads top to bottom as the history. The row rules are the
README's ("A row with a mistake shows ⚠ …").
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from rating_rules.mosaic import MOSAIC, MosaicPreset, first_player, mosaic_delta, mosaic_update

from .. import formulas as fx
from ..kit import catalog as kc
from ..kit import inputs as kinds
from ..kit import phone
from ..kit import status as st
from ..kit.base import EXAMPLE_NAMES
from ..kit.cells import Cells
from ..kit.chain import change_column, history_columns, rating_column
from ..kit.ledger_rule import LedgerRule
from ..kit.personal import PersonalSheet
from ..labels import Text
from ..layout import Column, Row, Setting, validation
from ..settings import START, at_least, scalar, setting_name, start_setting

WEIGHT = setting_name("GapWeight")


# --- the rule as formula text ----------------------------------------------------------------
# Each builder returns formula text without the leading ``=``, in the engine's order of
# operations, so a spreadsheet and the engine give the same binary result.


def delta_text(my: str, opp: str, result: str, turn: str, weight: str = WEIGHT) -> str:
    """MOSAIC change for "me" (RULES.md §6): win ``t − w·(my − opp)``, loss ``−(t + w·(my − opp))``,
    as :func:`rating_rules.mosaic.mosaic_delta` (gap first)."""
    gap = f"{weight}*({my}-{opp})"
    return f"IF({result}=1,{turn}-{gap},-({turn}+{gap}))"


def update_text(my: str, opp: str, result: str, turn: str, weight: str = WEIGHT) -> str:
    """MOSAIC rating after the game, ``my + change`` (:func:`rating_rules.mosaic.mosaic_update`)."""
    return f"{my}+{delta_text(my, opp, result, turn, weight)}"


def lower_first_text(my: str, opp: str, me: str, other: str, tie: str) -> str:
    """Who moves first, as :func:`rating_rules.mosaic.first_player`: ``me``, ``other`` or
    ``tie`` (text)."""
    return (f"IF({my}<{opp},{fx.text(me)},IF({my}>{opp},{fx.text(other)},"
            f"{fx.text(tie)}))")


FIRST = {"me": Text("自分", "you"), "opp": Text("相手", "opponent"),
         "rps": Text("じゃんけん", "rock-paper-scissors")}
"""Who moves first; the long English tie text shrinks to fit its cell."""
MSG = {
    "settings": st.SETTINGS,
    "opp": kinds.OPP_MESSAGE,
    "result": kinds.RESULT_MESSAGE,
    "turn": Text("⚠ 手番差は0以上の整数", "⚠ turn difference: whole number ≥ 0"),
    "date": kinds.DATE_MESSAGE,
    "incomplete": st.INCOMPLETE,
}
INPUT_KEYS = ("Opponent", "OppRating", "Result", "TurnDiff", "Date")
"""Input columns, in sheet order; what ``inputs`` rows may hold."""


REQUIRED = ("OppRating", "Result", "TurnDiff")


STATUS = (
    st.empty(INPUT_KEYS),
    st.settings_bad((START, WEIGHT)),
    *(st.bad(key) for key in ("OppRating", "Result", "TurnDiff", "Date")),
    st.complete(REQUIRED),
    st.unfinished(MSG["incomplete"]),
)
"""The Status column, first case first: "" (fine, empty or in progress) or the problem."""


def change_formula(r: Row) -> str:
    delta = delta_text(r.prev("Running"), r["OppRating"], r["Result"], r["TurnDiff"], WEIGHT)
    return fx.if_(st.counts_test(r, REQUIRED), delta, '""')


def change_value(c: Cells) -> object:
    if not st.counts(c, REQUIRED):
        return ""
    return mosaic_delta(c.prev_num("Running"), c.num("OppRating"), c.num("Result"),
                        int(c.num("TurnDiff")), c.preset)


def first_formula(r: Row, lang: str) -> str:
    who = lower_first_text(r.prev("Running"), r["OppRating"],
                         FIRST["me"](lang), FIRST["opp"](lang), FIRST["rps"](lang))
    return fx.if_(f"ISNUMBER({r['OppRating']})", who, '""')


def first_value(c: Cells) -> object:
    opp = c.number("OppRating")
    return "" if opp is None else FIRST[first_player(c.prev_num("Running"), opp)](c.lang)


def turn_column() -> Column:
    """How many more turns the loser needed: what the change starts from (seed 004)."""
    return Column("TurnDiff", Text("手番差", "Turn diff."), "input", "integer", 6,
                  number_format="0", minimum=0,
                  validation=validation(
                      "whole",
                      Text("負けた側があと何手番で置き切れたか (0以上の整数)",
                           "How many more turns the loser needed (whole number, 0 or more)"),
                      Text("0以上の整数を入力", "Type a whole number, 0 or more"),
                      "greaterThanOrEqual", "0"),
                  check=kinds.whole_at_least(0), message=MSG["turn"])


def settings_for(preset: MosaicPreset) -> list[Setting]:
    return [
        start_setting(Text("新しく参加した人のレート (ブログでは100)",
                            "A new player's rating (the blog: 100)"),
                      preset.start),
        scalar("GapWeight", "gap_weight", Text("レート差の重み", "Gap weight"),
               Text("増減に入るレート差の割合 (ブログでは 0.1 = 10%)",
                    "Share of the rating gap in the change (the blog: 0.1 = 10%)"),
               preset.gap_weight, at_least(Text("0.1 = 10%", "0.1 = 10%"))),
    ]


RULE_NOTES = (
    Text("ルール (MOSAIC レーティング)", "Rules (MOSAIC rating)"),
    Text("勝ち: 増減 = 手番差 − 重み × (自分のレート − 相手のレート)",
         "Win: change = turn diff. − weight × (my rating − opponent's)"),
    Text("負け: 増減 = −(手番差 + 重み × (自分のレート − 相手のレート))",
         "Loss: change = −(turn diff. + weight × (my rating − opponent's))"),
    Text("レートの低い方が先手。同じならじゃんけん。",
         "Lower rating moves first; equal: rock-paper-scissors."),
    st.SKIPPED_NOTE,
    Text("増減は丸めません (表示は小数1桁)。", "Changes are not rounded (shown with one decimal)."),
)


class MosaicSheet(PersonalSheet[MosaicPreset]):
    """Workbook type ``system = "mosaic"``."""

    system = "mosaic"
    presets: ClassVar[dict[str, Any]] = {"default": MOSAIC}
    start_field = "start"
    title = Text("MOSAIC レーティング", "MOSAIC rating")
    phone_first = ("Opponent", "OppRating", "First", "Result", "TurnDiff", "Date", "Rating",
                   "Status")
    phone_widths: ClassVar[phone.Widths] = {
        "First": (3.5, 4.5), "TurnDiff": (3.5, 4.5), "Rating": (5.5, 6)}
    """The bold 自分 / Me row's 100.0 fits (at 5 the English sheet printed ###)."""
    notes = RULE_NOTES

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        """Four counted games, one flagged row and one game in progress."""
        a, b, c, d, e, f = EXAMPLE_NAMES[lang][:6]
        day = dt.date(2024, 5, 26)
        return [
            {"Opponent": a, "OppRating": 100, "Result": 1, "TurnDiff": 5, "Date": day},
            {"Opponent": b, "OppRating": 112.5, "Result": 0, "TurnDiff": 3, "Date": day},
            {"Opponent": c, "OppRating": 96, "Result": 2, "TurnDiff": 4, "Date": day},
            {"Opponent": d, "OppRating": 96, "Result": 1, "TurnDiff": 2,
             "Date": day + dt.timedelta(days=7)},
            {"Opponent": e, "OppRating": 120, "Result": 1, "TurnDiff": 8,
             "Date": day + dt.timedelta(days=7)},
            {"Opponent": f, "OppRating": 90, "Date": day + dt.timedelta(days=14)},
        ]

    def columns(self, lang: str, preset: MosaicPreset) -> tuple[Column, ...]:
        return (
            kinds.opponent_column(),
            kinds.opp_rating_column(Text("相手の今のレート。対局前に入れると先手がわかります",
                                         "Opponent's current rating; type it before the game "
                                         "to see who moves first")),
            Column("First", Text("先手", "First"), "computed", "text", 10.5, width_en=14,
                   formula=lambda r: first_formula(r, lang), value=first_value,
                   allowed=tuple(t(lang) for t in FIRST.values())),
            kinds.result_column(),
            turn_column(),
            change_column(change_formula, change_value),
            rating_column(lambda r: START, lambda c: c.preset.start, "0.0"),
            st.status_column(STATUS, lang, allowed=st.shown(MSG.values(), lang)),
            kinds.date_column(),
            *history_columns(lambda r: START, lambda c: float(c.preset.start)),
        )

    def settings(self, preset: MosaicPreset) -> list[Setting]:
        return settings_for(preset)


# --- MOSAIC: what the club ledger keeps ------------------------------------


class MosaicRule(LedgerRule[MosaicPreset]):
    engine = "mosaic"
    example_starts = (100, 100, 100, 100, 100)
    required = ("TurnDiff",)
    rating_format = "0.0"
    change_format = "+0.0;-0.0;0.0"
    phone_widths: ClassVar[phone.Widths] = {"TurnDiff": (3.5, 4.5)}

    def example_extras(self, games: list[dict[str, object]], lang: str) -> None:
        """Turn differences of 1 to 3."""
        for k, game in enumerate(games):
            game["TurnDiff"] = 1 + k % 3

    def settings(self, preset: MosaicPreset) -> list[Setting]:
        return [s for s in settings_for(preset) if s.key != "Start"]

    def extras(self, preset: MosaicPreset, lang: str) -> tuple[Column, ...]:
        return (turn_column(),)

    def change_formula(self, r: Row, side: str) -> str:
        if side == "B":
            return f"-{r['ChangeA']}"
        return delta_text(r["RatingA"], r["RatingB"], r["Result"], r["TurnDiff"])

    def change_value(self, c: Cells, side: str) -> float:
        if side == "B":
            return -c.num("ChangeA")
        return mosaic_delta(c.num("RatingA"), c.num("RatingB"), c.num("Result"),
                            int(c.num("TurnDiff")), c.preset)

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        return {"TurnDiff": game[3]}


LEDGER_PRESETS = {"mosaic": (MosaicRule(), MosaicPreset())}
"""The club ledger's preset of this rule (:data:`.ledger.RULES`)."""


# --- the catalog's entries: MOSAIC_DELTA, MOSAIC_UPDATE -----------------------------------

TURN = kc.Kind(kinds.whole_at_least(0),
               Text("0以上の整数", "a whole number, 0 or more"), Text("0以上の整数", "whole ≥ 0"),
               "integer",
               kc.validation_rule("whole", Text("0以上の整数", "Whole number, 0 or more"),
                                  Text("0以上の整数を入力", "Type a whole number, 0 or more"),
                                  "greaterThanOrEqual", "0"), minimum=0)
MOSAIC_ARGS = (*kc.ratings(120, 100), kc.RES,
               kc.Arg("turn_diff", Text("手番差", "turn diff."), TURN, 5))
"""The arguments of MOSAIC_DELTA and MOSAIC_UPDATE, with the blog's example."""

CATALOG_ENTRIES: tuple[kc.Entry, ...] = (
    kc.plain_entry("MOSAIC_DELTA",
                   MOSAIC_ARGS, delta_text, mosaic_delta, "+0.0;-0.0;0.0"),
    kc.plain_entry("MOSAIC_UPDATE",
                   MOSAIC_ARGS, update_text, mosaic_update, "0.0"),
)
"""The worksheet functions as native formulas, for the formula catalog and LAMBDA names."""
CATALOG_RENAMES = {WEIGHT: kc.lit(MOSAIC.gap_weight)}
"""The Settings name the builders read, as the rule's default number."""
