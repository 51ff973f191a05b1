"""What Go declares to be kept in a club ledger (the other rules declare theirs beside
their personal sheet: ``TokinRule`` in :mod:`.tokin` and so on).

Go (RULES.md §4) reuses the personal Go sheet's pieces (:mod:`.go`): its inputs and
checks, its Settings and tables. Each player carries their rank, rated games and games
in a row not rated from game to game (:class:`~workbook_builder.kit.ledger_rule.Carried`).
Ledger restriction, as on the personal sheet: members start on the ladder (10d–17k),
so nobody is BC (17k never demotes into BC).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from openpyxl.worksheet.worksheet import Worksheet

from rating_rules.go import (
    GoPreset,
    go_delta,
    multiplier,
    next_rank,
    rank_difference,
    rank_label,
    rated_change,
    regular_handicap,
    start_points,
)

from .. import formulas as fx
from .. import styles
from ..kit import status as st
from ..kit.cells import Cells, whole
from ..kit.ledger_games import MSG as GAME_MSG
from ..kit.ledger_games import same_cell, seat_helpers
from ..kit.ledger_rule import (
    RANK_RATING,
    Carried,
    LedgerRule,
    number,
    other,
    rank_label_formula,
)
from ..labels import Text
from ..layout import Column, NameInfo, Row, Setting, ValueType, helper
from ..settings import START, setting_name
from ..table import define_name
from . import go as gs

RANK_LABEL, RANK_FROM = setting_name("RankLabel"), setting_name("RankFrom")


@dataclass(frozen=True)
class GoLedgerPreset(GoPreset):
    start: float = start_points(GoPreset().default_rank)
    """Points of a player with neither a declared rank nor points: the default rank's."""


# --- Go -------------------------------------------------------------------------------------

GO_CARRIED = (
    Carried("Rank", Text("段級位", "rank"), "RankStart"),
    Carried("Rated", Text("レート局数", "Rated games"), "PriorUsed", shown=True),
    Carried("Streak", Text("非レート連続", "unrated streak")),
)
"""Rank index, rated games (for the multiplier and 仮), games in a row not rated (+50)."""


def code_of(c: Cells, key: str) -> str:
    """The ladder code of a rank-index helper."""
    return gs.code_at(whole(c[key]), c.preset)


def won_formula(r: Row, side: str) -> str:
    return r["Won"] if side == "A" else f"(1-{r['Won']})"


def won(c: Cells, side: str) -> int:
    return whole(c["Won"]) if side == "A" else 1 - whole(c["Won"])


def side_type_formula(r: Row, side: str) -> str:
    """The engine's game type for ``side``: an established player's rated game against a
    provisional one pays the bonus instead (as :func:`rating_rules.go.replay_go`)."""
    mine, theirs = r[f"Rated{side}"], r[f"Rated{other(side)}"]
    bonus = f'AND({r["Type"]}="rated",{theirs}<{gs.PROV_GAMES},{mine}>={gs.PROV_GAMES})'
    return fx.if_(bonus, '"provisional"', r["Type"])


def side_type(c: Cells, side: str) -> str:
    kind = str(c["Type"])
    mine, theirs = whole(c[f"Rated{side}"]), whole(c[f"Rated{other(side)}"])
    if kind == "rated" and gs.is_provisional(theirs, c.preset) \
            and not gs.is_provisional(mine, c.preset):
        return "provisional"
    return kind


def exchange_formula(r: Row, side: str) -> str:
    diff = r["Diff"] if side == "A" else f"(-{r['Diff']})"
    return gs.rated_change_text(diff, r["Handicap"], won_formula(r, side))


def exchange(c: Cells, side: str) -> object:
    """The unscaled change at the played handicap ("" when that game is unrated)."""
    diff = number(c, "Diff") * (1 if side == "A" else -1)
    change = rated_change(diff, c.number("Handicap"), won(c, side) == 1, c.preset)
    return change if change is not None else ""


def is_rated_formula(r: Row, side: str) -> str:
    return (f'IF(AND({r["CA"]}>0,{r[f"Type{side}"]}="rated",'
            f'ISNUMBER({r[f"Exch{side}"]})),1,0)')


def is_rated(c: Cells, side: str) -> int:
    return int(c["CA"] != 0 and c[f"Type{side}"] == "rated"
               and c.number(f"Exch{side}") is not None)


def next_rank_of(c: Cells, side: str) -> int:
    code = next_rank(code_of(c, f"Rank{side}"), number(c, f"New{side}"), c.preset)
    return gs.ladder(c.preset).index(code) + 1


def streak_formula(r: Row, side: str) -> str:
    return fx.if_(f"{r[f'IsRated{side}']}=1", "0", f"{r[f'Streak{side}']}+1")


def go_game_helpers(lang: str) -> tuple[Column, ...]:
    """The row's reading of its inputs, then each side's game and what it carries on."""
    words = ",".join(fx.text(t) for t in gs.ENGINE_TYPE)

    def diff_formula(r: Row) -> str:
        known = f"AND(ISNUMBER({r['RankA']}),ISNUMBER({r['RankB']}))"
        return fx.if_(known, gs.rank_difference_text(r["RankA"], r["RankB"]), '""')

    return (
        helper("Kind", Text("計算用 種類の番号", "Type number"), "integer",
               lambda r: gs.type_number_formula(r["GameType"]),
               lambda c: gs.type_number(c["GameType"])),
        helper("Type", Text("計算用 種別", "Engine type"), "text",
               lambda r: fx.if_(f"{r['Kind']}>0", f"CHOOSE({r['Kind']},{words})", '""'),
               lambda c: gs.ENGINE_TYPE[whole(c["Kind"]) - 1] if c["Kind"] else ""),
        helper("Won", Text("計算用 Aの勝ち", "A won"), "integer", gs.won_formula, gs.won_value),
        helper("Diff", Text("計算用 段位差", "Rank diff."), "number", diff_formula,
               lambda c: "" if c.number("RankA") is None or c.number("RankB") is None
               else rank_difference(code_of(c, "RankA"), code_of(c, "RankB"))),
        *seat_helpers("Type", ("計算用 {}種別", "{} type"), "text", side_type_formula,
                      side_type, counted=True),
        *seat_helpers("Exch", ("計算用 {}交換", "{} exchange"), "number", exchange_formula,
                      exchange, counted=True),
        *seat_helpers("IsRated", ("計算用 {}レート", "{} rated"), "integer", is_rated_formula,
                      is_rated),
        *seat_helpers("NewRank", ("計算用 {}新段級位", "{} new rank"), "integer",
                      lambda r, s: gs.next_rank_text(r[f"Rank{s}"], r[f"New{s}"]), next_rank_of,
                      counted=True),
        *seat_helpers("NewRated", ("計算用 {}新レート局数", "{} rated after"), "integer",
                      lambda r, s: f"{r[f'Rated{s}']}+{r[f'IsRated{s}']}",
                      lambda c, s: whole(c[f"Rated{s}"]) + whole(c[f"IsRated{s}"]),
                      counted=True),
        *seat_helpers("NewStreak", ("計算用 {}新非レート連続", "{} streak after"), "integer",
                      streak_formula, lambda c, s: 0 if c[f"IsRated{s}"] == 1
                      else whole(c[f"Streak{s}"]) + 1, counted=True),
    )


def go_outcomes(lang: str) -> tuple[Column, ...]:
    """Each side's rank after the game (仮 while provisional), multiplier; the regular handicap."""
    def per_side(key: str, label: tuple[str, str], kind: ValueType, width: float, fmt: str,
                 formula: Callable[[Row, str], str],
                 value: Callable[[Cells, str], object]) -> list[Column]:
        def column(side: str) -> Column:
            return Column(f"{key}{side}", Text(side + label[0], side + label[1]), "computed",
                          kind, width, number_format=fmt,
                          formula=lambda r: formula(r, side), value=lambda c: value(c, side))
        return [column("A"), column("B")]

    def label_formula(r: Row, side: str) -> str:
        return fx.if_(f"{r['CA']}>0", gs.rank_label_text(
            r[f"NewRank{side}"], gs.provisional_formula(r[f"NewRated{side}"])), '""')

    def label_value(c: Cells, side: str) -> object:
        if c["CA"] == 0:
            return ""
        return rank_label(code_of(c, f"NewRank{side}"),
                          gs.is_provisional(whole(c[f"NewRated{side}"]), c.preset))

    return (
        *per_side("RankLabel", ("\n段級位", "\nrank"), "text", 8, "General", label_formula,
                  label_value),
        *per_side("Mult", ("\n倍率", "\nmult."), "number", 5, '"×"0.0#',
                  lambda r, s: fx.if_(f"{r[f'IsRated{s}']}=1",
                                      gs.multiplier_text(f"({r[f'Rated{s}']}+1)"), '""'),
                  lambda c, s: multiplier(whole(c[f"Rated{s}"]) + 1, c.preset)
                  if c[f"IsRated{s}"] == 1 else ""),
        Column("Regular", Text("正規の手合 (参考)", "Regular handicap (hint)"), "computed",
               "text", 22, width_en=28,
               formula=lambda r: fx.if_(f"ISNUMBER({r['Diff']})",
                                        gs.handicap_for_difference_text(r["Diff"], lang), '""'),
               value=lambda c: "" if c.number("Diff") is None else regular_handicap(
                   code_of(c, "RankA"), code_of(c, "RankB"), c.lang, c.preset)),
    )


def rank_start_formula(r: Row, default: str) -> str:
    """The declared rank's ladder index (blank: ``default``), "" for a rank not listed."""
    declared = fx.if_(f"ISBLANK({r['Rank']})", default, r["Rank"])
    return f'IFERROR({fx.exact_match(declared, RANK_LABEL)},"")'


def rank_start_value(c: Cells) -> object:
    """The declared rank's ladder index (blank: the preset's default rank), else ""."""
    typed = c["Rank"]
    wanted = c.preset.default_rank if typed is None else typed
    return next((k for k, code in enumerate(gs.ladder(c.preset), 1)
                 if same_cell(code, wanted)), "")


def write_rank_starts(ws: Worksheet, top: int, preset: GoPreset,
                      lang: str) -> tuple[list[NameInfo], dict[str, object]]:
    """Start points beside the ladder (column G), and the names the Players ranks read."""
    codes = gs.ladder(preset)
    first, last = top + 2, top + 1 + len(codes)
    styles.style_header(ws.cell(top + 1, 7, Text("開始点", "Start points")(lang)), lang)
    ws.column_dimensions["G"].width = 10
    cached: dict[str, object] = {}
    for k, code in enumerate(codes, 1):
        styles.style_computed(ws.cell(first + k - 1, 7, "=" + gs.settings_guard(
            gs.start_points_text(str(k)), lang)), lang, "0")
        cached[f"G{first + k - 1}"] = start_points(code, preset)
    names = []
    for name, letter, role, kind in ((RANK_LABEL, "B", "setting", "text"),
                                     (RANK_RATING, "G", "helper", "number")):
        ref = f"${letter}${first}:${letter}${last}"
        define_name(ws, name, ref)
        names.append(NameInfo(name, ws.title, ref, role, kind))  # type: ignore[arg-type]
    return names, cached


def log_type(game: tuple[object, ...]) -> object:
    """The type column for a logged game type (a forfeit says who won), None = rated."""
    kind = game[4] if len(game) > 4 else None
    index = {"forfeit": 1 if game[2] == 1 else 2, "provisional": 3, "unrated": 4}
    return None if kind not in index else gs.TYPES[index[str(kind)]].ja


class GoRule(LedgerRule[GoLedgerPreset]):
    engine = "go"
    example_starts = (None, None, 24000, None, None)
    example_ranks = ("1d", "1k", "1k", "2k", None)

    def example_extras(self, games: list[dict[str, object]], lang: str) -> None:
        """A handicap off the regular one, and a forfeit win."""
        games[2]["Handicap"] = 1
        games[7]["GameType"] = gs.TYPES[1](lang)
    has_ranks = True
    has_prior = True
    rank_labels = True
    rating_format = "0.0"
    change_format = "+0.0;-0.0;0"
    rating_name = Text("ポイント", "Points")
    short_name = Text("pt", "pts")
    side_widths = (8.5, 7, 7)
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {
        "PlayerA": (5, 4.5), "PlayerB": (5, 4.5), "Result": (3.5, 4),
        "Handicap": (3.5, 4), "GameType": (3, 3.5), "NewA": (7, 7), "NewB": (7, 7)}
    carried = GO_CARRIED
    order_key = "Order"

    def settings(self, preset: GoLedgerPreset) -> list[Setting]:
        return gs.rule_settings(preset)

    def settings_ok(self, preset: GoLedgerPreset) -> str:
        numbers = [START, *(setting_name(s.key) for s in self.settings(preset)
                            if s.type != "choice")]
        bonus_from = gs.rank_index_text(setting_name("NoBonusFrom"))
        return f"AND({','.join(f'ISNUMBER({n})' for n in numbers)},{bonus_from}>0)"

    def settings_tables(self, ws: Worksheet, top: int, preset: GoLedgerPreset,
                        lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        names = gs.write_settings_tables(ws, top, preset, lang, gs.RULE_NOTES)
        starts, cached = write_rank_starts(ws, top, preset, lang)
        return names + starts, cached

    editable_tables = gs.GoSheet.editable_tables

    def with_tables(self, preset: GoLedgerPreset, tables: Mapping[str, Sequence[object]],
                    lang: str) -> GoLedgerPreset:
        return gs.go_tables(preset, tables)

    def extras(self, preset: GoLedgerPreset, lang: str) -> tuple[Column, ...]:
        return gs.handicap_column(preset), gs.game_type_column(lang)

    def game_cases(self) -> tuple[st.Case, ...]:
        def rank_unusable(side: str) -> st.Case:
            pid, rank = f"Id{side}", f"Rank{side}"
            return st.Case(lambda r: f"AND({r[pid]}>0,NOT(ISNUMBER({r[rank]})))",
                           lambda c: c[pid] != 0 and c.number(rank) is None,
                           GAME_MSG["start"], f"Player{side}")
        return (rank_unusable("A"), rank_unusable("B"),
                st.Case(gs.forfeit_formula, gs.contradicts_forfeit, gs.MSG["forfeit"]))

    def game_helpers(self, preset: GoLedgerPreset, lang: str) -> tuple[Column, ...]:
        return go_game_helpers(lang)

    def outcomes(self, preset: GoLedgerPreset, lang: str) -> tuple[Column, ...]:
        return go_outcomes(lang)

    def change_formula(self, r: Row, side: str) -> str:
        return gs.delta_text(gs.rank_value_text(r[f"Rank{side}"]), "FALSE", won_formula(r, side),
                             f"({r[f'Rated{side}']}+1)", r[f"Exch{side}"], r[f"Type{side}"],
                             f"{r[f'Streak{side}']}>=2")

    def change_value(self, c: Cells, side: str) -> float:
        return go_delta(code_of(c, f"Rank{side}"), code_of(c, f"Rank{other(side)}"),
                        won(c, side), game_no=whole(c[f"Rated{side}"]) + 1,
                        handicap_diff=c.number("Handicap"), game_type=str(c[f"Type{side}"]),
                        prev_two_unrated=whole(c[f"Streak{side}"]) >= 2, preset=c.preset)

    def player_helpers(self, preset: GoLedgerPreset) -> tuple[Column, ...]:
        default = fx.text(preset.default_rank)
        return (
            Column("RankStart", Text("計算用 申告段級位", "Declared rank index"), "helper",
                   "integer", 7, value=rank_start_value,
                   formula=lambda r: rank_start_formula(r, default)),
            Column("Order", Text("計算用 並び順", "List order"), "helper", "number", 7,
                   formula=lambda r: fx.if_(
                       f"AND(ISNUMBER({r['Rating']}),ISNUMBER({r['RankNow']}))",
                       f"{r['Rating']}-{r['RankNow']}*1000000", '""'),
                   value=lambda c: "" if c.number("Rating") is None or c.number("RankNow")
                   is None else number(c, "Rating") - whole(c["RankNow"]) * 1000000),
        )

    def rank_starts(self, preset: GoLedgerPreset) -> tuple[tuple[str, float], ...]:
        return tuple((code, start_points(code, preset)) for code in gs.ladder(preset))

    def label_formula(self, r: Row) -> str:
        label = gs.rank_label_text(r["RankNow"], gs.provisional_formula(r["RatedNow"]))
        return rank_label_formula(r, fx.if_(f"ISNUMBER({r['RankNow']})", label, '""'))

    def label_value(self, c: Cells) -> object:
        if c.number("Rating") is None or c.number("RankNow") is None:
            return ""
        return rank_label(code_of(c, "RankNow"),
                          gs.is_provisional(whole(c["RatedNow"]), c.preset))

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        handicap = game[3] if len(game) > 3 else None
        return {"Handicap": handicap, "GameType": log_type(game)}


LEDGER_PRESETS = {"go": (GoRule(), GoLedgerPreset())}
"""The club ledger's preset of this rule (:data:`.ledger.RULES`)."""
