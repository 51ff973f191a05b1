"""The formula catalog's entries: each worksheet function's arguments, checks and formulas.

The entries of the families written here (Tokin, Club 24, Elo, Go, four-player shogi,
MOSAIC) and the ``CATALOG_ENTRIES`` a system's own module declares (``sheets/<system>.py``),
in the registry's order: :data:`ENTRIES`. What an entry is: :mod:`workbook_builder.kit.catalog`.

The builders read constants and tables by Settings name; a player's own workbook has no
Settings sheet, so :func:`portable` writes each constant as the rule's default number
and each table as a name of the catalog's Tables sheet (:data:`RULE_TABLES`).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rating_rules import SYSTEMS, elo, go, mosaic, shogi, yonin
from rating_rules.elo import ELO
from rating_rules.go import GO, GoRank
from rating_rules.mosaic import MOSAIC
from rating_rules.shogi import CLUB24, TOKIN
from rating_rules.yonin import YONIN

from .. import formulas as fx
from ..formulas import elo as ex
from ..formulas import go as gx
from ..formulas import shogi as sx
from ..formulas import yonin as yx
from ..kit import inputs as kinds
from ..kit.catalog import (
    MY,
    NUMBERS_OR_BLANKS,
    OPP,
    OPPONENTS,
    OUT,
    PICK_ERROR,
    POSITIVE,
    SCORE,
    SCORES,
    Arg,
    Cross,
    Entry,
    Kind,
    Refs,
    Step,
    choice_kind,
    lit,
    number_kind,
    number_validation,
    optional_number,
    plain_entry,
    ratings,
    result,
    same_rows,
)
from ..kit.catalog import validation_rule as _v
from ..kit.cells import excel_number
from ..kit.inputs import Check
from ..labels import Text
from ..layout import Validation
from ..settings import setting_name
from . import go as gs
from . import yonin as ys


def _is_number(value: Any) -> bool:
    return excel_number(value) is not None


def _text_in(value: Any, words: Sequence[str]) -> bool:
    """``value = "word"`` as Excel compares text: ignoring (ASCII) case."""
    return isinstance(value, str) and value.casefold() in {w.casefold() for w in words}


def _listed_or_number(names: Sequence[str], hint: Text) -> Callable[[str], Validation]:
    """A number, or text found in one of ``names`` (COUNTIF: good enough to refuse slips;
    the check cell is exact)."""
    def validation(cell: str) -> Validation:
        found = ",".join(f"COUNTIF({n},{cell})>0" for n in names)
        return Validation("custom", None, f"OR(ISNUMBER({cell}),{found})", None, hint,
                          PICK_ERROR)
    return validation


RESULT = choice_kind((1, 0), Text("1 勝ち\n0 負け", "1 win\n0 loss"),
                     Text("1 (勝ち) か 0 (負け)", "1 (win) or 0 (loss)"))
PLACE = choice_kind((1, 2, 3, 4), Text("1〜4", "1 to 4"), Text("1〜4 の順位", "a place 1 to 4"))
TURN = Kind(kinds.whole_at_least(0),
            Text("0以上の整数", "a whole number, 0 or more"), Text("0以上の整数", "whole ≥ 0"),
            "integer", _v("whole", Text("0以上の整数", "Whole number, 0 or more"),
                          Text("0以上の整数を入力", "Type a whole number, 0 or more"),
                          "greaterThanOrEqual", "0"), minimum=0)


def optional_whole(hint: Text) -> Kind:
    return Kind(kinds.whole_at_least(1),
                Text("空欄か1以上の整数", "blank or a whole number, 1 or more"), hint, "integer",
                _v("whole", hint, Text("1以上の整数を入力", "Type a whole number, 1 or more"),
                   "greaterThanOrEqual", "1"), minimum=1, blank_ok=True)


K_FACTOR = Kind(POSITIVE,
                Text("空欄か0より大きい数", "blank or a number above 0"),
                Text(f"空欄={lit(ELO.k)}", f"blank = {lit(ELO.k)}"), "number",
                _v("decimal", Text(f"K (空欄なら {lit(ELO.k)})", f"K (blank = {lit(ELO.k)})"),
                   Text("0より大きい数", "A number above 0"), "greaterThan", "0"), blank_ok=True)


# --- the rule tables the formulas read by name (Tables sheet) ------------------------------

@dataclass(frozen=True)
class RuleTable:
    """A table on the Tables sheet: one defined name per column."""

    title: Text
    used_by: str
    columns: tuple[tuple[str, Text], ...]
    """(defined name, header) per column; "" for a label column without a name."""
    rows: tuple[tuple[object, ...], ...]
    extra: tuple[tuple[str, int], ...] = ()
    """More names: (name, column number) over a column that already has one."""


def _club24_rows() -> tuple[tuple[object, ...], ...]:
    ranks = CLUB24.ranks
    return tuple((label, nominal, (nominal + ranks[i + 1][1]) / 2 if i + 1 < len(ranks) else None)
                 for i, (label, nominal) in enumerate(ranks))


def _yonin_alias(label: str) -> str:
    """The arabic spelling the engine also reads (一級 → 1級, 初段 → 1段)."""
    digits = {k: str(i) for i, k in enumerate("一二三四五六七八九十", 1)}
    head = "一" if label == "初段" else label[:-1]
    return f"{digits.get(head, head)}{label[-1]}"


def named(prefix: str, heads: Mapping[str, Text]) -> tuple[tuple[str, Text], ...]:
    """A Settings table's columns under its own headers, each named ``prefix`` + its key."""
    return tuple((prefix + key, head) for key, head in heads.items())


RULE_TABLES = (
    RuleTable(Text("と金: 手合割", "Tokin: handicaps"), "TOKIN_DELTA, TOKIN_HANDICAP",
              (("Tokin_HandicapName", Text("手合割", "Handicap")),
               ("Tokin_HandicapFrom", Text("点差 (から)", "From gap")),
               ("Tokin_HandicapAdj", Text("調整点", "Adjustment")),
               ("Tokin_HandicapAlias", Text("英語名", "English"))),
              tuple((h.name, h.min_gap, h.adjustment, h.english) for h in TOKIN.handicaps)),
    RuleTable(Text("と金: 開始レート", "Tokin: starting ratings"), "TOKIN_START",
              (("Tokin_RankLabel", Text("段級", "Rank")),
               ("Tokin_RankRating", Text("レート", "Rating"))),
              tuple(TOKIN.start_table)),
    RuleTable(Text("将棋倶楽部24: 段級", "Shogi Club 24: ranks"), "CLUB24_RANK",
              (("Club24_RankLabel", Text("段級", "Rank")),
               ("", Text("レート", "Rating")),
               ("Club24_RankFrom", Text("下限 (から)", "From"))),
              _club24_rows()),
    RuleTable(Text("囲碁: 局数による倍率", "Go: multiplier by game number"), "GO_DELTA",
              named("Go_", gs.MULTIPLIER_HEADS), tuple(GO.multiplier_percent)),
    RuleTable(Text("囲碁: 手合が正規でないときの交換点", "Go: exchange off the regular handicap"),
              "GO_DELTA",
              named("Go_", gs.EXCHANGE_HEADS), tuple(GO.exchange_table)),
    RuleTable(Text("囲碁: 段級位と昇段・降段ポイント", "Go: ranks, promotion and demotion"),
              "GO_DELTA, GO_HANDICAP, GO_NEXT_RANK, GO_RANK_LABEL",
              (("Go_Ranks_Code", Text("コード", "Code")),
               ("Go_Ranks_Label", Text("表示", "Label")),
               ("Go_Ranks_Value", Text("値 (段)", "Value")),
               ("Go_Ladder_No", Text("番号", "No.")),
               ("Go_Ladder_Up", Text("昇段点", "Promote above")),
               ("Go_Ladder_Down", Text("降段点", "Demote below"))),
              tuple((c, label, value, i if c != "BC" else None, up, down)
                    for i, (c, label, value, up, down) in enumerate(gs.rank_rows(GO), 1)),
              extra=(("Go_Ladder_Code", 1),)),
    RuleTable(Text("四人将棋: 撃破pt・下克上pt", "Four-player: KO pt and upset pt"),
              "YONIN_KO_PT, YONIN_UPSET_PT, YONIN_UPDATE",
              named("Yonin_", ys.KNOCK_HEADS), tuple(YONIN.knock_bands)),
    RuleTable(Text("四人将棋: 順位ごとの点", "Four-player: points by place"),
              "YONIN_UPDATE, YONIN_SCORE",
              (("", Text("順位", "Place")), *named("Yonin_", ys.PLACE_HEADS)),
              tuple((place, *(getattr(YONIN, field)[i] for field in ys.PLACE_TABLE.values()))
                    for i, place in enumerate(ys.PLACES))),
    RuleTable(Text("四人将棋: 段級 (高い順)", "Four-player: ranks (highest first)"),
              "YONIN_UPDATE, YONIN_RANK",
              (("Yonin_RankLabel", Text("段級", "Rank")),
               ("Yonin_RankMin", Text("下限レート", "Minimum")),
               ("Yonin_RankAlias", Text("別の書き方", "Also read"))),
              tuple((label, minimum, _yonin_alias(label)) for label, minimum in YONIN.ranks)),
)
TABLE_NAMES = frozenset([*(name for t in RULE_TABLES for name, _ in t.columns if name),
                         *(name for t in RULE_TABLES for name, _ in t.extra)])
LADDER = "Go_Ladder_"
"""Names over the Go rank table without its last row (BC is not on the points ladder)."""

RENAMES: dict[str, str] = {
    **{setting_name(c.key): lit(getattr(rule, c.field))
       for rule, constants in ((GO, (*gs.POINTS, *gs.PROVISIONAL_AND_KOMI)),
                               (YONIN, ys.YONIN_CONSTANTS)) for c in constants},
    gx.NO_BONUS_FROM: fx.text(GoRank.parse(GO.bc_no_bonus_from).code),
    yx.KNOCK_SAME_KO: lit(YONIN.knock_same_or_higher[0]),
    yx.KNOCK_SAME_UP: lit(YONIN.knock_same_or_higher[1]),
    yx.KNOCK_TOP_KO: lit(YONIN.knock_top[0]), yx.KNOCK_TOP_UP: lit(YONIN.knock_top[1]),
    **{f"Settings_{name.partition('_')[2]}": name for t in RULE_TABLES
       for name, _ in (*t.columns, *t.extra) if name.startswith(("Go_", "Yonin_"))},
}
"""The Go and four-player builders read fixed Settings names: each becomes the rule's
default number or the Tables sheet's name."""
_SETTINGS_NAME = re.compile(r"(?<![\w.])Settings_\w+")


def portable(formula: str) -> str:
    """``formula`` with every Settings name replaced (see :data:`RENAMES`)."""
    def swap(match: re.Match[str]) -> str:
        name = match.group(0)
        if name not in RENAMES:
            raise ValueError(f"no default or table for {name} in {formula}")
        return RENAMES[name]
    return _SETTINGS_NAME.sub(swap, formula)


# --- entries -------------------------------------------------------------------------------


RES = Arg("result", Text("勝敗", "result"), RESULT, 1)


KNOCKER = Arg("knocker_rate", Text("詰ませた人", "knocker"), number_kind(), 1370)
VICTIM = Arg("victim_rate", Text("詰まされた人", "victim"), number_kind(), 2005)
MOSAIC_ARGS = (*ratings(120, 100), RES, Arg("turn_diff", Text("手番差", "turn diff."), TURN, 5))
"""The arguments of MOSAIC_DELTA and MOSAIC_UPDATE, with the blog's example."""
MOSAIC_WEIGHT = lit(MOSAIC.gap_weight)
SIGNED = "+0;-0;0"
TOKIN_NAMES = ("Tokin_HandicapName", "Tokin_HandicapAlias", "Tokin_HandicapAdj")
CLUB24_LITERALS = {"spread": lit(CLUB24.spread), "divisor": lit(CLUB24.divisor),
                   "initial_games": lit(CLUB24.initial_games),
                   "min_change": lit(CLUB24.min_change), "max_change": lit(CLUB24.max_change),
                   "high_rating": lit(CLUB24.high_rating), "low_rating": lit(CLUB24.low_rating),
                   "low_loss_factor": lit(CLUB24.low_loss_factor), "floor": lit(CLUB24.floor)}
HANDICAP_WORDS = tuple(n for h in TOKIN.handicaps for n in (h.name, h.english))
GO_CODES = tuple(row[0] for row in gs.rank_rows(GO))
GO_TYPES = go.GAME_TYPES
GO_KOMI = (GO.even_komi, GO.half_komi, GO.reverse_komi)
YONIN_RULES = ("A", "B", "102", *yx.SCORE_WORDS_102[1:], *yx.SCORE_WORDS_TANSHO)
YONIN_LABELS = tuple(label for label, _ in YONIN.ranks) + tuple(
    _yonin_alias(label) for label, _ in YONIN.ranks)


TOKIN_HANDICAP_KIND = Kind(
    Check(lambda r: f"IF(ISNUMBER({r}),{r}>=0,{sx.is_listed(r, *TOKIN_NAMES[:2])})",
          lambda x: ((n := excel_number(x)) is not None and n >= 0)
          or _text_in(x, HANDICAP_WORDS)),
    Text("空欄・手合割の名前・調整点", "blank, a handicap name or points"),
    Text("空欄=平手\n香落 など", "blank = even\nor 香落, lance"), "text",
    _listed_or_number(TOKIN_NAMES[:2], Text(
        "空欄 = 平手。香落・角落 … (表) か 調整点の数",
        "Blank = even; a handicap of the Tables sheet, or adjustment points")), blank_ok=True)
TOKIN_RANK = Kind(
    Check(lambda r: f"ISNUMBER({sx.exact_match(r, 'Tokin_RankLabel')})",
          lambda x: _text_in(x, [label for label, _ in TOKIN.start_table])),
    Text("表の段級 (五段〜7級)", "a rank of the table (五段 to 7級)"),
    Text("五段〜7級", "五段 to 7級"),
    "choice", _v("list", Text("申告段級 (表)", "Declared rank (Tables sheet)"), PICK_ERROR, None,
                 "Tokin_RankLabel"),
    allowed=tuple(label for label, _ in TOKIN.start_table))
GO_RANK = Kind(
    gs.rank_check(),
    Text("段級位コード (1d+, 3k, BC)", "a rank code (1d+, 3k, BC)"),
    Text("コード\n1d+, 3k", "code\n1d+, 3k"), "choice",
    _v("list", Text("段級位コード (10d〜17k, BC)", "Rank code (10d to 17k, BC)"), PICK_ERROR,
       None, "Go_Ranks_Code"), allowed=GO_CODES)
GO_HANDICAP_DIFF = Kind(
    gs.handicap_check(),
    Text("空欄か 0〜9 (0.5刻み)", "blank or 0 to 9 in 0.5 steps"),
    Text("空欄=正規", "blank = regular"), "number",
    _v("decimal", Text("打った手合が表す段位差 (空欄 = 正規の手合)",
                       "Rank difference the played handicap stands for (blank = regular)"),
       Text("0〜9 (0.5刻み)", "0 to 9 in 0.5 steps"), "between", "0", lit(GO.max_handicap)),
    blank_ok=True)
GO_TYPE = Kind(
    Check(lambda r: "OR(" + ",".join(f'{r}="{t}"' for t in GO_TYPES) + ")",
          lambda x: _text_in(x, GO_TYPES)),
    Text("空欄か rated・forfeit・provisional・unrated",
         "blank, rated, forfeit, provisional or unrated"),
    Text("空欄=rated", "blank = rated"), "choice",
    _v("list", Text("空欄 = rated (レート対局)", "Blank = rated"), PICK_ERROR, None,
       '"' + ",".join(GO_TYPES) + '"'), allowed=GO_TYPES, blank_ok=True)
VICTIMS = Kind(
    NUMBERS_OR_BLANKS,
    Text("空欄か数値", "blank or numbers"),
    Text("詰ませた人のレート (空欄可)", "rates mated (blanks ok)"),
    "number", number_validation(Text("自分が詰ませた人のレート (いなければ空欄)",
                                     "Rates of the players I mated (blank if none)")))
FLOOR = Kind(
    Check(lambda r: f"OR(ISNUMBER({r}),{yx.is_rank(r)})",
          lambda x: _is_number(x) or (isinstance(x, str) and x in YONIN_LABELS)),
    Text("空欄・数値・段級 (初段 など)", "blank, a number or a rank (初段 …)"),
    Text("空欄=0\n初段 など", "blank = 0\nor 初段"), "text",
    _listed_or_number(("Yonin_RankLabel", "Yonin_RankAlias"), Text(
        "公認段級 (初段 など) か 下限レート。空欄 = 0",
        "Official rank (初段 …) or a minimum rate; blank = 0")), blank_ok=True)
YONIN_RULE = Kind(
    Check(lambda r: "OR(" + ",".join([f"{r}=102", *(f'{r}="{w}"' for w in YONIN_RULES)]) + ")",
          lambda x: excel_number(x) == 102 or _text_in(x, YONIN_RULES)),
    Text("空欄・A・B・102・単勝", "blank, A, B, 102 or 単勝"), Text("空欄=A", "blank = A"),
    "choice", _v("list", Text("A (空欄)・B・102・単勝", "A (blank), B, 102 or 単勝"), PICK_ERROR,
                 None, '"A,B,102,単勝"'), allowed=("A", "B", "102", "単勝"), blank_ok=True)


def _or_blank(ref: str, default: str) -> str:
    return f"IF(ISBLANK({ref}),{default},{ref})"


def _tokin_delta(my: str, opp: str, result: str, handicap: str) -> str:
    adjustment = sx.tokin_adjustment_or_points(handicap, *TOKIN_NAMES)
    return sx.tokin_delta(my, opp, result, adjustment, lit(TOKIN.base), lit(TOKIN.gap_rate),
                          lit(TOKIN.min_change), lit(TOKIN.max_change))


def _club24_delta(r: Refs, lang: str) -> str:
    established = lit(CLUB24.initial_games + 1)
    return sx.club24_delta(r["my_rating"], r["opp_rating"], r["result"],
                           _or_blank(r["game_no"], established), CLUB24_LITERALS)


def _go_delta(r: Refs, lang: str) -> str:
    game_no = _or_blank(r["game_no"], "MAX(Go_Multiplier_UpTo)+1")
    return gx.go_delta_codes(r["my_rank"], r["opp_rank"], r["result"], game_no, r["exchange"],
                             r["game_type"])


def _go_engine(v: Mapping[str, Any], lang: str) -> dict[str, object]:
    diff = go.rank_difference(v["my_rank"], v["opp_rank"])
    exchange = go.rated_change(diff, v["handicap_diff"], v["result"] == 1, GO)
    return {"rank_diff": diff, "exchange": "" if exchange is None else exchange,
            OUT: go.go_delta(v["my_rank"], v["opp_rank"], v["result"],
                                  game_no=None if v["game_no"] is None else int(v["game_no"]),
                                  handicap_diff=v["handicap_diff"],
                                  game_type=(v["game_type"] or "rated"))}


def _yonin_rule(value: Any) -> Any:
    """The engine reads the rule as text: a 102 typed as a number is "102"."""
    if value is None:
        return "A"
    return "102" if excel_number(value) == 102 else value


def _rest(place: str) -> str:
    return f"4-{place}"


WRITTEN_HERE: tuple[Entry, ...] = (
    plain_entry("TOKIN_DELTA",
                Text("と金ネットワーク 16±4%: 1局の自分のレート増減 (1〜31点)。"
                     "駒落ちは点差から調整点を引く。",
                     "Tokin 16±4%: my rating change for one game (1 to 31 points either way); "
                     "a handicap game takes its adjustment off the gap."),
                (MY, OPP, RES, Arg("handicap", Text("手合割", "handicap"), TOKIN_HANDICAP_KIND)),
                _tokin_delta, shogi.tokin_delta, SIGNED),
    plain_entry("TOKIN_HANDICAP",
                Text("と金: 点差に合う手合割 (100点差未満は平手、香落〜六枚落)。",
                     "Tokin: the handicap the rating gap calls for (even below 100 points, then "
                     "香落 lance … 六枚落)."),
                ratings(2000, 1850),
                lambda my, opp: sx.tokin_handicap(my, opp, "Tokin_HandicapFrom",
                                                  "Tokin_HandicapName"),
                shogi.tokin_handicap, type="text"),
    plain_entry("TOKIN_START",
                Text("と金: 申告段級の開始レート (五段 2000 … 7級 900)。",
                     "Tokin: the starting rating of a declared rank (五段 2000 … 7級 900)."),
                (Arg("rank", Text("申告段級", "declared rank"), TOKIN_RANK, "初段"),),
                lambda rank: sx.tokin_start(rank, "Tokin_RankLabel", "Tokin_RankRating"),
                shogi.tokin_start),
    Entry("CLUB24_DELTA",
          Text("将棋倶楽部24: 1局の増減。最初の24局は (N+1) で割る。"
               "上限31、最低1、200以下の負けは半分。",
               "Shogi Club 24: my change for one game; the first 24 games divide by N+1; cap "
               "31, at least 1, a loss at 200 or below costs half."),
          (*ratings(1500, 1700),
           RES, Arg("game_no", Text("何局目", "game no."),
                    optional_whole(Text("空欄=25局目以降", "blank = established")))),
          result(_club24_delta, SIGNED),
          lambda v, lang: {OUT: shogi.club24_delta(
              v["my_rating"], v["opp_rating"], v["result"],
              None if v["game_no"] is None else int(v["game_no"]))}),
    plain_entry("CLUB24_RANK",
                Text("将棋倶楽部24: レートの段級 (境目は中間、初段 = 1550〜1699)。",
                     "Shogi Club 24: the rank of a rating (boundaries halfway; 初段 = 1550–1699)."),
                (Arg("rating", Text("レート", "rating"), number_kind(), 1550),),
                lambda rating: sx.club24_rank(rating, "Club24_RankLabel", "Club24_RankFrom"),
                shogi.club24_rank, type="text"),
    plain_entry("ELO_EXPECTED",
                Text("イロレーティングの期待勝率 1/(1+10^((相手−自分)/400))、0〜1。",
                     "Elo expected score 1/(1+10^((opp−my)/400)), between 0 and 1."),
                ratings(1500, 1700), lambda my, opp: ex.elo_expected(my, opp, lit(ELO.scale)),
                elo.elo_expected, "0.0000"),
    plain_entry("LINEAR_EXPECTED",
                Text("16±4% の期待勝率 0.5+0.00125×(自分−相手)、0〜1 に収める。",
                     "16±4% expected score 0.5+0.00125×(my−opp), held within 0..1."),
                ratings(1500, 1700),
                lambda my, opp: ex.linear_expected(my, opp, lit(ELO.linear_slope)),
                elo.linear_expected, "0.0000"),
    plain_entry("ELO_DELTA",
                Text("イロ: 1局の増減 K×(W−We)、丸めない。",
                     "Elo: my unrounded change K×(W−We) for one game."),
                (*ratings(1500, 1700), Arg("score", Text("得点", "score"), SCORE, 0.5),
                 Arg("k", Text("K", "K"), K_FACTOR)),
                lambda my, opp, score, k: ex.elo_delta(my, opp, score, _or_blank(k, lit(ELO.k)),
                                                       lit(ELO.scale)),
                elo.elo_delta, "+0.00;-0.00;0.00"),
    Entry("ELO_UPDATE",
          Text("イロ 期間まとめ: round(期首 + K×(ΣW − ΣWe))。空いた行は数えない。",
               "Elo period update: round(old + K×(ΣW − ΣWe)) over the period; blank rows are "
               "skipped."),
          (Arg("my_rating", Text("期首のレート", "rating at start"), number_kind(), 1500),
           Arg("opp_ratings", Text("相手のレート", "opp. ratings"), OPPONENTS,
               (1700, 1600, 1850, 1900, 1800, 1550), cells=8),
           Arg("scores", Text("得点", "scores"), SCORES, (0.5, 1, 0, 0.5, 0, 1), cells=8),
           Arg("k", Text("K", "K"), K_FACTOR)),
          result(lambda r, lang: ex.elo_update(r["my_rating"], r["opp_ratings"], r["scores"],
                                               _or_blank(r["k"], lit(ELO.k)), lit(ELO.scale)),
                 "0"),
          lambda v, lang: {OUT: elo.elo_update(v["my_rating"], v["opp_ratings"],
                                                    v["scores"], v["k"])},
          (same_rows("scores"),)),
    Entry("GO_DELTA",
          Text("囲碁 段級位ポイント: 1局の増減 (正規の手合で100 × 自分の局数の倍率)。"
               "段位差・交換点・増減の3つの式で。",
               "Go points: my change for one game (100 at the regular handicap × my game-count "
               "multiplier), in three cells: rank difference, exchange, change."),
          (Arg("my_rank", Text("自分の段級位", "my rank"), GO_RANK, "1d"),
           Arg("opp_rank", Text("相手の段級位", "opp. rank"), GO_RANK, "1k"),
           RES, Arg("game_no", Text("何局目", "game no."),
                    optional_whole(Text("空欄=101局目以降", "blank = established")), 30),
           Arg("handicap_diff", Text("手合の段位差", "handicap diff."), GO_HANDICAP_DIFF),
           Arg("game_type", Text("種類", "type"), GO_TYPE)),
          (Step("rank_diff", Text("段位差", "rank diff."),
                lambda r, lang: gx.go_rank_difference(f"MATCH({r['my_rank']},{gx.RANK_CODE},0)",
                                                      f"MATCH({r['opp_rank']},{gx.RANK_CODE},0)"),
                "0.0"),
           Step("exchange", Text("交換点", "exchange"),
                lambda r, lang: gx.go_rated_change(r["rank_diff"], r["handicap_diff"],
                                                   r["result"])),
           Step(OUT, Text("結果", "Result"), _go_delta, "+0.0;-0.0;0")),
          _go_engine),
    Entry("GO_HANDICAP",
          Text("囲碁: 2人の段級位の正規の手合割 (置石とコミ)。",
               "Go: the regular handicap (stones and komi) for two ranks; this workbook writes "
               "it in English (the worksheet function in Japanese)."),
          (Arg("my_rank", Text("自分の段級位", "my rank"), GO_RANK, "1d"),
           Arg("opp_rank", Text("相手の段級位", "opp. rank"), GO_RANK, "2k")),
          result(lambda r, lang: gx.go_handicap(r["my_rank"], r["opp_rank"], lang, GO_KOMI),
                 type="text", wide=True),
          lambda v, lang: {OUT: go.regular_handicap(v["my_rank"], v["opp_rank"], lang)}),
    plain_entry("GO_NEXT_RANK",
                Text("囲碁: 対局後のポイントで昇段・降段を判定した段級位コード (何段でも続けて)。",
                     "Go: the rank code after the border-zone check with the new points "
                     "(repeats)."),
                (Arg("rank", Text("対局前の段級位", "rank before"), GO_RANK, "1k"),
                 Arg("points", Text("対局後のポイント", "points after"), number_kind(), 25701)),
                gx.go_next_rank_code, go.next_rank, type="text"),
    plain_entry("GO_RANK_LABEL",
                Text("囲碁: 段級位コードの日本語表示 (1d → 三段、17k → 15級)。",
                     "Go: the Japanese label of a rank code (1d → 三段, 17k → 15級)."),
                (Arg("rank", Text("段級位コード", "rank code"), GO_RANK, "1d"),),
                lambda rank: gx.go_rank_label(gx.go_rank_index(rank, gx.RANK_CODE)),
                go.rank_label, type="text"),
    plain_entry("YONIN_KO_PT",
                Text("四人将棋: 詰ませた人の撃破pt (対局前のレート差で決まる)。",
                     "Four-player shogi: knockout pt (撃破pt) for mating a player, by the rate "
                     "gap."),
                (KNOCKER, VICTIM), yx.ko_pt, yonin.ko_pt),
    plain_entry("YONIN_UPSET_PT",
                Text("四人将棋: 下位に詰まされた人の下克上pt (0以下)。",
                     "Four-player shogi: upset pt (下克上pt, 0 or less) for being mated by a "
                     "lower-rated player."),
                (VICTIM, KNOCKER), yx.upset_pt, yonin.upset_pt),
    Entry("YONIN_UPDATE",
          Text("四人将棋: 新レート = レート + 順位pt + 撃破pt + 下克上pt + トラブルpt (下限つき)。",
               "Four-player shogi: new rate = rate + place pt + knockout pt + upset pt + "
               "trouble pt, floored."),
          (Arg("rate", Text("対局前レート", "rate"), number_kind(), 1720),
           Arg("placement", Text("順位", "place"), PLACE, 1),
           Arg("victim_rates", Text("詰ませた人", "mated"), VICTIMS, (1370, 480, None), cells=3,
               down=False),
           Arg("knocked_by_rate", Text("詰ませた相手", "mated by"),
               optional_number(Text("空欄=1位", "blank: 1st"))),
           Arg("trouble_pt", Text("トラブルpt", "trouble pt"),
               optional_number(Text("空欄=0", "blank = 0"))),
           Arg("floor", Text("公認段級", "official rank"), FLOOR)),
          result(lambda r, lang: yx.rate_update(
              r["rate"], r["placement"], r.cells["victim_rates"], r["knocked_by_rate"],
              _or_blank(r["trouble_pt"], "0"), floor=yx.floor_of(r["floor"]))),
          lambda v, lang: {OUT: yonin.rate_update(
              v["rate"], v["placement"], [x for x in v["victim_rates"] if x is not None],
              v["knocked_by_rate"], v["trouble_pt"] or 0, v["floor"])},
          (Cross("victim_rates",
                 lambda r: f"COUNT({r['victim_rates']})>{_rest(r['placement'])}",
                 lambda v: sum(x is not None for x in v["victim_rates"]) <= 4 - v["placement"],
                 Text("順位に対して多すぎる", "more than the place allows")),
           Cross("knocked_by_rate",
                 lambda r: f"AND({r['placement']}=1,NOT(ISBLANK({r['knocked_by_rate']})))",
                 lambda v: not (v["placement"] == 1 and v["knocked_by_rate"] is not None),
                 Text("1位は空欄", "blank for the 1st place")))),
    plain_entry("YONIN_RANK",
                Text("四人将棋: レートの段級 (2000から初段、200未満は十級)。",
                     "Four-player shogi: the rank of a rate (初段 from 2000, 十級 below 200)."),
                (Arg("rate", Text("レート", "rate"), number_kind(), 2000),), yx.rank_label,
                yonin.rank_label, type="text"),
    Entry("YONIN_SCORE",
          Text("四人将棋の大会得点: A 2/1/0/−1、B 3/1/0/0 + 撃破1人につき1。"
               "102式・単勝式は 勝1 分0.5 負0。",
               "Four-player tournament score: A 2/1/0/−1 or B 3/1/0/0 plus 1 per knockout; "
               "102/単勝 give 1 win, 0.5 draw, 0 loss."),
          (Arg("placement", Text("順位", "place"), PLACE, 1),
           Arg("knockouts", Text("撃破数", "knockouts"),
               Kind(kinds.whole_at_least(0),
                    Text("空欄か0以上の整数", "blank or a whole number, 0 or more"),
                    Text("空欄=0", "blank = 0"), "integer",
                    _v("whole", Text("詰ませた人数 (空欄 = 0)", "Players I mated (blank = 0)"),
                       Text("0以上の整数", "A whole number, 0 or more"),
                       "greaterThanOrEqual", "0"), minimum=0, blank_ok=True), 2),
           Arg("rule", Text("ルール", "rule"), YONIN_RULE, "A")),
          result(lambda r, lang: yx.yonin_score(r["placement"], _or_blank(r["knockouts"], "0"),
                                                r["rule"])),
          lambda v, lang: {OUT: yonin.tournament_score(
              v["placement"], v["knockouts"] or 0, _yonin_rule(v["rule"]))},
          (Cross("knockouts",
                 lambda r: (f"AND(ISNUMBER({r['knockouts']}),"
                            f"{r['knockouts']}>{_rest(r['placement'])})"),
                 lambda v: v["knockouts"] is None or v["knockouts"] <= 4 - v["placement"],
                 Text("順位に対して多すぎる", "more than the place allows")),)),
    plain_entry("MOSAIC_DELTA",
                Text("MOSAIC: 1局の増減。勝ち +(手番差 − 0.1×(自分−相手))、"
                     "負け −(手番差 + 0.1×(自分−相手))。",
                     "MOSAIC: my change for one game; win +(t − 0.1×(my−opp)), loss "
                     "−(t + 0.1×(my−opp)); not rounded."),
                MOSAIC_ARGS,
                lambda my, opp, res, turn: fx.mosaic_delta(my, opp, res, turn, MOSAIC_WEIGHT),
                mosaic.mosaic_delta, "+0.0;-0.0;0.0"),
    plain_entry("MOSAIC_UPDATE",
                Text("MOSAIC: 対局後のレート (自分のレート + 増減)。",
                     "MOSAIC: my rating after the game (my rating + MOSAIC_DELTA)."),
                MOSAIC_ARGS,
                lambda my, opp, res, turn: fx.mosaic_update(my, opp, res, turn, MOSAIC_WEIGHT),
                mosaic.mosaic_update, "0.0"),
)


def declared_entries() -> tuple[Entry, ...]:
    """The ``CATALOG_ENTRIES`` of each system's module ``sheets/<system>.py`` (a system
    without them has its entries above)."""
    found: list[Entry] = []
    for name in SYSTEMS:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError:
            continue
        found.extend(getattr(module, "CATALOG_ENTRIES", ()))
    return tuple(found)


def in_registry_order(entries: Sequence[Entry]) -> tuple[Entry, ...]:
    """``entries`` as the registry lists their functions: system by system, in the order
    the project added them, so a catalog's blocks keep their rows when a system is added."""
    order = {name: i for i, name in enumerate(
        name for system in SYSTEMS.values() for name in system.functions)}
    return tuple(sorted(entries, key=lambda entry: order[entry.name]))


ENTRIES: tuple[Entry, ...] = in_registry_order((*WRITTEN_HERE, *declared_entries()))
"""Every worksheet function with a native formula, as the catalog shows them."""

NOT_NATIVE: dict[str, Text] = {
    "YONIN_GAME": Text(
        "1局の4人ぶんの新レートをまとめて返す関数です。誰が誰を詰ませたか・反則の点の分け方を"
        "席ごとにたどるため、普通の式にすると1席ごとに数千文字の式になり、実用になりません。"
        "普通の式なら上の YONIN_UPDATE を席ごとに、または四人将棋シート (yonin_ja.xlsx) を"
        "使ってください。この関数そのものはデスクトップ版 Excel + xlwings でだけ使えます。",
        "Returns the four new rates of a whole game at once. Following who mated whom and how "
        "a foul's points are shared, seat by seat, would take a formula of thousands of "
        "characters per seat: not practical. Natively, use YONIN_UPDATE above once per seat, "
        "or the four-player sheet (yonin_en.xlsx). The function itself: desktop Excel with "
        "xlwings only."),
}
"""Worksheet functions without a native formula, with the reason shown in the workbook."""
