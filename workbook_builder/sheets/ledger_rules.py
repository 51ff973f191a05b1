"""What Tokin, Club 24, Elo and MOSAIC declare to be kept in a club ledger.

Each rule gives the ledger layout (:mod:`workbook_builder.kit.ledger`) its Settings (the
personal sheet's, less what a player brings on Players), its Settings tables, its extra
inputs with their checks, each side's change (formula and engine value side by side) and
its rank label; the presets add the start of a player who brings nothing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

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
from ..formulas import elo as fe
from ..formulas import shogi as sx
from ..kit import inputs as kinds
from ..kit.cells import Cells
from ..kit.ledger_rule import START, LedgerRule, v
from ..labels import Text
from ..layout import Column, NameInfo, Row, Setting
from ..settings import setting_name

HANDICAP = {key: setting_name(f"Handicap{key}") for key in ("Name", "Alias", "Adj")}
RANK_LABEL, RANK_FROM = setting_name("RankLabel"), setting_name("RankFrom")
ELO_K, ELO_SCALE = setting_name("K"), setting_name("Scale")
MSG = {
    "handicap": Text("⚠ 手合は一覧から選ぶ", "⚠ handicap: pick one from the list"),
    "turns": Text("⚠ 手番差は0以上の整数", "⚠ turn difference: a whole number, 0 or more"),
}


def extend(preset: Any, cls: type) -> Any:
    """``preset``'s values in the dataclass ``cls`` (which has the same fields, or more)."""
    return cls(**{f.name: getattr(preset, f.name) for f in dataclasses.fields(preset)})


def number(c: Cells, key: str) -> float:
    """A column that is a number on a counted row (the result, a rating, a change)."""
    value = c.number(key)
    assert value is not None, key
    return value


def result(c: Cells) -> float:
    """A's result on a counted row."""
    return number(c, "Result")


# --- Tokin --------------------------------------------------------------------------------


def handicap_check(preset: TokinPreset) -> kinds.Check:
    """A handicap of the Settings table, by its name in either language, compared like ``=``."""
    names = {n.casefold() for h in preset.handicaps for n in (h.name, h.english)}
    return kinds.Check(lambda ref: sx.is_listed(ref, HANDICAP["Name"], HANDICAP["Alias"]),
                       lambda x: isinstance(x, str) and x.casefold() in names)


def personal_tokin(preset: Any) -> Any:
    """The personal Tokin sheet's preset with the ledger's constants (for its Settings)."""
    from .tokin import TokinSheetPreset

    fields = {f.name for f in dataclasses.fields(TokinSheetPreset)}
    values = {f.name: getattr(preset, f.name) for f in dataclasses.fields(preset)}
    return TokinSheetPreset(**{k: x for k, x in values.items() if k in fields})


class TokinRule(LedgerRule):
    engine = "tokin"
    has_ranks = True
    monthly = True

    def settings(self, preset: Any) -> list[Setting]:
        from .tokin import TokinSheet

        return [s for s in TokinSheet().settings(personal_tokin(preset))
                if s.key not in ("Rank", "Start")]

    def settings_tables(self, ws: Worksheet, top: int, preset: Any,
                        lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        from .tokin import TokinSheet

        return TokinSheet().write_tables(ws, top, personal_tokin(preset), lang)

    def extras(self, preset: Any, lang: str) -> tuple[Column, ...]:
        ja = [h.name for h in preset.handicaps]
        en = [h.english for h in preset.handicaps]
        return (Column(
            "Handicap", Text("手合", "Handicap"), "input", "choice", 7, width_en=9,
            allowed=tuple(en if lang == "en" else ja),
            validation=v("list", Text("空欄は平手。上位者が駒を落とす",
                                      "Blank = even game; the stronger side gives it"),
                         Text("設定シートの手合割から選ぶ",
                              "Pick a handicap from the Settings table"),
                         None, HANDICAP["Name"]),
            check=handicap_check(preset), message=MSG["handicap"]),)

    def change_formula(self, r: Row, side: str) -> str:
        if side == "B":
            return f"-{r['ChangeA']}"
        adjustment = sx.tokin_adjustment(r["Handicap"], HANDICAP["Name"], HANDICAP["Alias"],
                                         HANDICAP["Adj"])
        return sx.tokin_delta(r["RatingA"], r["RatingB"], r["Result"], adjustment)

    def change_value(self, c: Cells, side: str) -> float:
        if side == "B":
            return -number(c, "ChangeA")
        return tokin_delta(number(c, "RatingA"), number(c, "RatingB"), result(c),
                           c["Handicap"], c.preset)

    def rank_starts(self, preset: Any) -> tuple[tuple[str, float], ...]:
        return tuple(preset.start_table)

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        if len(game) > 3 and game[3] not in (None, ""):
            return {"Handicap": game[3]}
        return {}


# --- Club 24 ------------------------------------------------------------------------------


class Club24Rule(LedgerRule):
    engine = "club24"
    has_ranks = True
    has_prior = True
    rank_labels = True

    def settings(self, preset: Any) -> list[Setting]:
        from .club24 import Club24Sheet, Club24SheetPreset

        personal = extend(preset, Club24SheetPreset)
        return [s for s in Club24Sheet().settings(personal)
                if s.key not in ("Rank", "Start", "GamesBefore")]

    def settings_tables(self, ws: Worksheet, top: int, preset: Any,
                        lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        from .club24 import Club24Sheet

        return Club24Sheet().write_tables(ws, top, preset, lang)

    def change_formula(self, r: Row, side: str) -> str:
        if side == "A":
            return sx.club24_delta(r["RatingA"], r["RatingB"], r["Result"], r["NoA"])
        return sx.club24_delta(r["RatingB"], r["RatingA"], f"(1-{r['Result']})", r["NoB"])

    def change_value(self, c: Cells, side: str) -> float:
        other = "B" if side == "A" else "A"
        score = result(c) if side == "A" else 1 - result(c)
        return club24_delta(number(c, f"Rating{side}"), number(c, f"Rating{other}"), score,
                            c[f"No{side}"], c.preset)  # type: ignore[arg-type]

    def rank_starts(self, preset: Any) -> tuple[tuple[str, float], ...]:
        return tuple(preset.ranks)

    def rank_formula(self, rating: str) -> str:
        return sx.club24_rank(rating, RANK_LABEL, RANK_FROM)

    def rank(self, preset: Any, rating: float) -> str:
        return club24_rank(rating, preset)


# --- Elo ------------------------------------------------------------------------------------


class EloRule(LedgerRule):
    engine = "elo"
    scores = (1, 0.5, 0)

    def settings(self, preset: Any) -> list[Setting]:
        from .elo import EloSheetPreset, settings_for

        personal = extend(preset, EloSheetPreset)
        return [s for s in settings_for(personal) if s.key in ("K", "Scale")]

    def change_formula(self, r: Row, side: str) -> str:
        my, opp = (r["RatingA"], r["RatingB"]) if side == "A" else (r["RatingB"], r["RatingA"])
        score = r["Result"] if side == "A" else f"(1-{r['Result']})"
        return f"{fe.elo_rounded(my, fe.elo_delta(my, opp, score, ELO_K, ELO_SCALE))}-{my}"

    def change_value(self, c: Cells, side: str) -> float:
        other = "B" if side == "A" else "A"
        my, opp = number(c, f"Rating{side}"), number(c, f"Rating{other}")
        score = result(c) if side == "A" else 1 - result(c)
        delta = elo_delta(my, opp, score, c.preset.k, c.preset)
        return round_half_away(my + delta) - my

    def settings_ok(self, preset: Any) -> str:
        positive = ",".join(f"IF(ISNUMBER({n}),{n}>0,FALSE)" for n in (ELO_K, ELO_SCALE))
        return f"AND(ISNUMBER({START}),{positive})"


# --- MOSAIC ---------------------------------------------------------------------------------


class MosaicRule(LedgerRule):
    engine = "mosaic"
    required = ("TurnDiff",)
    rating_format = "0.0"
    change_format = "+0.0;-0.0;0.0"

    def settings(self, preset: Any) -> list[Setting]:
        from .mosaic import settings_for

        return [s for s in settings_for(preset) if s.key != "Start"]

    def extras(self, preset: Any, lang: str) -> tuple[Column, ...]:
        return (Column(
            "TurnDiff", Text("手番差", "Turn\ndiff."), "input", "integer", 5.5, minimum=0,
            validation=v("whole", Text("終局時の手番の差 (0以上の整数)",
                                       "Turns the loser needed more (a whole number ≥ 0)"),
                         Text("0以上の整数を入力", "Type a whole number, 0 or more"),
                         "greaterThanOrEqual", "0"),
            check=kinds.whole_at_least(0), message=MSG["turns"]),)

    def change_formula(self, r: Row, side: str) -> str:
        if side == "B":
            return f"-{r['ChangeA']}"
        return fx.mosaic_delta(r["RatingA"], r["RatingB"], r["Result"], r["TurnDiff"])

    def change_value(self, c: Cells, side: str) -> float:
        if side == "B":
            return -number(c, "ChangeA")
        return mosaic_delta(number(c, "RatingA"), number(c, "RatingB"), result(c),
                            int(number(c, "TurnDiff")), c.preset)

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        return {"TurnDiff": game[3]}


# --- Presets --------------------------------------------------------------------------------


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


RULES: dict[str, LedgerRule] = {"tokin": TokinRule(), "tokin_league": TokinRule(),
                                "club24": Club24Rule(), "elo": EloRule(),
                                "mosaic": MosaicRule()}
PRESETS: dict[str, Any] = {
    "tokin": extend(TOKIN, TokinLedgerPreset),
    "tokin_league": extend(LEAGUE, TokinLedgerPreset),
    "club24": extend(CLUB24, Club24LedgerPreset),
    "elo": EloPreset(),
    "mosaic": MosaicPreset(),
}
