"""The Go dan/kyu points rule (RULES.md §4, seed 001): the personal sheet, the club
ledger's binding and the catalog's worksheet functions.

Each step of a game (the exchange, the change, the rank after the border zone, 仮) is
declared once over "me" and the opponent (:mod:`workbook_builder.kit.step`) and bound
both to the sheet's chain and to the two seats of a ledger row. Ranks travel by *index*
into the Settings rank table (1 = 10d … 53 = 17k, then BC). "Me" starts on the ladder
and 17k never demotes, so the BC rules for "me" never apply; an opponent may be BC.
"""

from __future__ import annotations

import datetime as dt
import functools
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from rating_rules.go import (
    GAME_TYPES,
    GO,
    GoPreset,
    GoRank,
    go_delta,
    komi_words,
    multiplier,
    next_rank,
    rank_difference,
    rank_label,
    rated_change,
    regular_handicap,
    start_points,
)

from .. import formulas as fx
from .. import layout, styles
from ..kit import catalog as kc
from ..kit import inputs as kinds
from ..kit import ledger_rule
from ..kit import status as st
from ..kit.base import EXAMPLE_NAMES
from ..kit.cells import Cells, Value, excel_number, numeric, whole
from ..kit.chain import change_column, chart_columns, count_column, counted_column, running_column
from ..kit.inputs import Check
from ..kit.ledger_games import MSG as LEDGER_MSG
from ..kit.ledger_games import same_cell
from ..kit.ledger_rule import Carried, LedgerRule, rank_label_formula
from ..kit.personal import PersonalSheet
from ..kit.settings_table import (
    SettingsTable,
    SettingsTables,
    Span,
    TableField,
)
from ..kit.step import RATING, Chain, Side, Step, on_seat, seat_refs, seat_steps, seat_values
from ..labels import SETTINGS_HEADER, Text
from ..layout import (
    Column,
    Formula,
    NameInfo,
    Row,
    Setting,
    Table,
    Validation,
    number_check,
)
from ..layout import validation as v
from ..messages import say
from ..settings import (
    START,
    Constant,
    at_least,
    constant_settings,
    scalar,
    setting_name,
    write_settings,
)
from ..table import define_name

# --- the rule as formula text, each builder mirroring one engine function ---------------------

LADDER_NO = "Settings_Ladder_No"
LADDER_CODE = "Settings_Ladder_Code"
LADDER_UP = "Settings_Ladder_Up"
LADDER_DOWN = "Settings_Ladder_Down"
RANK_CODE = "Settings_Ranks_Code"
RANK_LABEL = "Settings_Ranks_Label"
RANK_VALUE = "Settings_Ranks_Value"
EX_RESIDUAL = "Settings_Exchange_Residual"
EX_FAVOURED = "Settings_Exchange_Favoured"
EX_OTHER = "Settings_Exchange_Other"
MULT_UPTO = "Settings_Multiplier_UpTo"
MULT_PERCENT = "Settings_Multiplier_Percent"
ESTABLISHED = "Settings_EstablishedPercent"
REGULAR = "Settings_RegularPoints"
MAX_GAP = "Settings_MaxGap"
MAX_HANDICAP = "Settings_MaxHandicap"
FORFEIT = "Settings_ForfeitPoints"
PROV_WIN = "Settings_ProvisionalWinPoints"
NO_BONUS_FROM = "Settings_NoBonusFrom"
EVEN_KOMI = "Settings_EvenKomi"
HALF_KOMI = "Settings_HalfKomi"
REVERSE_KOMI = "Settings_ReverseKomi"


def rank_index_text(ref: str, codes: str = RANK_CODE) -> str:
    """Index of the rank code in ``ref`` in ``codes`` (any case), 0 when blank or unknown;
    the second comparison keeps MATCH's wildcards from accepting ``1*`` or ``?k``."""
    m = f"MATCH({ref},{codes},0)"
    return f"IF(ISBLANK({ref}),0,IF(ISNUMBER({m}),IF(INDEX({codes},{m})={ref},{m},0),0))"


def rank_value_text(index: str) -> str:
    """Value in rank units of the rank at ``index`` (:attr:`rating_rules.go.GoRank.value`)."""
    return f"INDEX({RANK_VALUE},{index})"


def rank_difference_text(my_index: str, opp_index: str) -> str:
    """段位差 ``my − opp`` in rank units (:func:`rating_rules.go.rank_difference`)."""
    return f"{rank_value_text(my_index)}-{rank_value_text(opp_index)}"


def rank_label_text(index: str, provisional: str = "FALSE") -> str:
    """Japanese label, plus 仮 while ``provisional`` holds (:func:`rating_rules.go.rank_label`)."""
    return f"INDEX({RANK_LABEL},{index})&IF({provisional},{fx.text('仮')},\"\")"


def start_points_text(index: str) -> str:
    """Start points of the ladder rank at ``index`` (:func:`rating_rules.go.start_points`)."""
    up, down = f"INDEX({LADDER_UP},{index})", f"INDEX({LADDER_DOWN},{index})"
    up2, down2 = f"INDEX({LADDER_UP},{index}+1)", f"INDEX({LADDER_DOWN},{index}+1)"
    return f"IF(ISNUMBER({up}),({up}+{down})/2,{down}+({up2}-{down2})/2)"


def next_rank_text(index: str, points: str) -> str:
    """Ladder index after the border-zone check (:func:`rating_rules.go.next_rank`).

    A rank's demotion figure never exceeds the promotion figure of the rank below (the
    engine checks this), so the engine's repeated moves all go one way and the settled
    rank is found directly: up to the nearest rank whose promotion figure is not exceeded
    (10d stops it), else down to the nearest whose demotion figure is reached (17k stops
    it). ``SUMPRODUCT(LARGE(array, 1))``: Gnumeric does not evaluate ``SUMPRODUCT(MAX())``.
    """
    n = f"ROWS({LADDER_NO})"
    up = (f"MAX(1,SUMPRODUCT(LARGE(({LADDER_NO}<={index})*({LADDER_UP}>={points})"
          f"*{LADDER_NO},1)))")
    down = (f"MIN({n},{n}+1-SUMPRODUCT(LARGE(({LADDER_NO}>={index})*({LADDER_DOWN}<={points})"
            f"*({n}+1-{LADDER_NO}),1)))")
    return f"IF({up}<{index},{up},{down})"


def next_rank_code_text(rank: str, points: str) -> str:
    """GO_NEXT_RANK: the settled rank *code* from a code and points (BC stays BC)."""
    index = f"MATCH({rank},{LADDER_CODE},0)"
    return f"IF(ISNUMBER({index}),INDEX({LADDER_CODE},{next_rank_text(index, points)}),{rank})"


def _komi_ja(komi: str) -> str:
    half = f"IF({komi}-INT({komi})=0.5,\"半\",\"\")"
    return f"IF(INT({komi})=0,{half}&\"目\",INT({komi})&\"目\"&{half})"


HANDICAP_WORDS = {
    "even": Text("置石なし、黒番", "Even, black gives "), "komi": Text("コミ出し", " komi"),
    "no_stones": Text("置石なし", "Even, weaker takes black"),
    "stones_before": Text("置石", ""), "stones_after": Text("子", " stones"),
    "and": Text("、", ", "), "weaker": Text("下手", "weaker gives "),
    "stronger": Text("上手", "stronger gives "),
}
"""The words of a regular handicap, as :func:`rating_rules.go.regular_handicap` writes them."""
Piece = tuple[bool, str]
"""Part of a text formula: (True, words) or (False, a formula giving text)."""


def joined(pieces: Sequence[Piece]) -> str:
    """The pieces joined with ``&``, neighbouring words as one string literal."""
    out: list[str] = []
    words = ""
    for is_words, value in pieces:
        if is_words:
            words += value
            continue
        if words:
            out.append(fx.text(words))
            words = ""
        out.append(value)
    if words:
        out.append(fx.text(words))
    return "&".join(out)


def handicap_for_difference_text(rank_diff: str, lang: str = "ja",
                                 komi: tuple[float, float, float] | None = None) -> str:
    """The regular handicap's wording for a rank difference (either sign), as
    :func:`rating_rules.go.regular_handicap`; ``komi`` (even, half, reverse) writes fixed
    komi words instead of reading the Settings komi (a formula for any workbook)."""
    w = {key: words(lang) for key, words in HANDICAP_WORDS.items()}
    steps = f"ROUND(MIN(ABS({rank_diff}),{MAX_HANDICAP})*2,0)"
    stones = f"INT(({steps}+1)/2)"

    def komi_of(k: int, name: str) -> Piece:
        if komi is not None:
            return True, komi_words(komi[k], lang)
        return False, name if lang == "en" else _komi_ja(name)

    even, half, reverse = (komi_of(k, name)
                           for k, name in enumerate((EVEN_KOMI, HALF_KOMI, REVERSE_KOMI)))
    placed = joined([(True, w["stones_before"]), (False, stones), (True, w["stones_after"])])
    head = f"IF({stones}<2,{fx.text(w['no_stones'])},{placed})"
    who = (f"IF(MOD({steps},2)=1,{joined([(True, w['weaker']), half])},"
           f"{joined([(True, w['stronger']), reverse])})")
    return (f"IF({steps}=0,{joined([(True, w['even']), even, (True, w['komi'])])},"
            f"{joined([(False, head), (True, w['and']), (False, who), (True, w['komi'])])})")


def handicap_text(my_rank: str, opp_rank: str, lang: str = "ja",
                  komi: tuple[float, float, float] | None = None) -> str:
    """GO_HANDICAP: the regular handicap for two rank codes (:func:`regular_handicap`)."""
    diff = rank_difference_text(f"MATCH({my_rank},{RANK_CODE},0)",
                                f"MATCH({opp_rank},{RANK_CODE},0)")
    return handicap_for_difference_text(f"({diff})", lang, komi)


def multiplier_text(game_no: str) -> str:
    """Factor on a rated game's exchange by the player's own game number
    (:func:`rating_rules.go.multiplier`); ``Settings_Multiplier_UpTo`` rises step by step."""
    step = f"COUNTIF({MULT_UPTO},\"<\"&{game_no})+1"
    return f"IF({step}>ROWS({MULT_UPTO}),{ESTABLISHED},INDEX({MULT_PERCENT},{step}))/100"


def rated_change_text(rank_diff: str, handicap: str, won: str) -> str:
    """Unscaled signed change of a rated game for the side with ``rank_diff``; "" if unrated
    (:func:`rating_rules.go.rated_change`); ``handicap`` is blank for the regular one."""
    gap = f"ABS({rank_diff})"
    h = f"IF(ISBLANK({handicap}),MIN({gap},{MAX_HANDICAP}),{handicap})"
    r = f"({gap}-{h})"
    row = f"MATCH(ABS{r},{EX_RESIDUAL},0)"
    fav_wins, other_wins = f"INDEX({EX_FAVOURED},{row})", f"INDEX({EX_OTHER},{row})"
    favoured = f"(({r}>0)=({rank_diff}>0))"
    win = f"IF({favoured},{fav_wins},{other_wins})"
    loss = f"-IF({favoured},{other_wins},{fav_wins})"
    pair = f"IF(ISNUMBER({row}),IF({won}=1,{win},{loss}),\"\")"
    regular = f"IF({won}=1,{REGULAR},-{REGULAR})"
    unrated = f"AND({h}<>{gap},OR({gap}>{MAX_GAP},{gap}=0))"
    return f"IF({unrated},\"\",IF({r}=0,{regular},{pair}))"


def delta_text(my_value: str, opp_is_bc: str, won: str, game_no: str, rated_change: str,
               game_type: str, prev_two_unrated: str = "FALSE") -> str:
    """GO_DELTA: signed points change for "me", on the ladder (:func:`rating_rules.go.go_delta`);
    ``rated_change`` is :func:`rated_change_text` or a cell holding it."""
    barred = f"{my_value}>={rank_value_text(f'MATCH({NO_BONUS_FROM},{RANK_CODE},0)')}"
    bonus = (f"IF(AND({won}=1,NOT({prev_two_unrated}),"
             f"NOT(AND({opp_is_bc},{barred}))),{PROV_WIN},0)")
    rated = f"IF(ISNUMBER({rated_change}),{rated_change}*{multiplier_text(game_no)},0)"
    return (f"IF({game_type}=\"unrated\",0,IF({game_type}=\"forfeit\","
            f"IF({won}=1,{FORFEIT},-{FORFEIT}),"
            f"IF(OR({game_type}=\"provisional\",{opp_is_bc}),{bonus},{rated})))")


LADDER_TITLE = Text("昇段・降段表", "Promotion table")
HANDICAP_TITLE = Text("手合割表", "Handicap table")
START_RANK = setting_name("StartRank")
START_POINTS = setting_name("StartPoints")
RATED_BEFORE = setting_name("RatedBefore")
PROV_GAMES = setting_name("ProvisionalGames")
START_MATCH = f"MATCH({START_RANK},{LADDER_CODE},0)"

TYPES = (Text("通常", "rated"), Text("不戦勝", "forfeit win"), Text("不戦敗", "forfeit loss"),
         Text("対仮・BC", "vs provisional"), Text("非レート", "unrated"))
"""Game types in dropdown order (kind 1–5); blank = rated."""
ENGINE_TYPE = ("rated", "forfeit", "forfeit", "provisional", "unrated")
REASON = {"forfeit": Text("不戦", "forfeit"), "provisional": Text("仮・BC", "bonus"),
          "unrated": Text("非レート", "unrated"), "rated": Text("対象外", "off table")}
"""Rated-game # column of a game that did not count as rated, by its engine type."""
MSG = {
    "settings": st.SETTINGS,
    "rank": Text("⚠ 相手の段級位は一覧から", "⚠ opponent's rank: pick from the list"),
    "handicap": Text("⚠ 手合は段位差 (0.5刻み)", "⚠ handicap: 0-9 in 0.5 steps"),
    "type": Text("⚠ 種類は一覧から", "⚠ game type: pick from the list"),
    "result": kinds.RESULT_MESSAGE,
    "date": kinds.DATE_MESSAGE,
    "forfeit": Text("⚠ 不戦勝・不戦敗と勝敗が違う", "⚠ result contradicts the forfeit"),
    "incomplete": st.INCOMPLETE,
}
INPUT_KEYS = ("Opponent", "OppRank", "Handicap", "GameType", "Result", "Date")
"""Input columns, in sheet order; what ``inputs`` rows may hold."""


# --- reading the inputs: the sheet's test and the engine's, side by side ----------------------

@dataclass(frozen=True)
class GoSheetPreset(GoPreset):
    """The Go rule plus where this player starts (all on Settings); ``default_rank`` is
    their declared rank."""

    start_points: float | None = None
    """Points typed instead of the declared rank's (to continue a record); None = the
    middle of the rank's band."""
    rated_before: int = 0
    """Rated games played before this sheet (the multiplier and 仮 count them)."""


def ladder(preset: GoPreset) -> list[str]:
    """The points ladder's codes, strongest first (``Settings_Ladder_Code``)."""
    return [code for code, _, _ in preset.table]


def rank_codes(preset: GoPreset) -> list[str]:
    """Every code an opponent may have: the ladder, then BC (``Settings_Ranks_Code``)."""
    return [*ladder(preset), "BC"]


def start_rank(preset: GoPreset) -> str:
    """The declared rank Settings starts with."""
    return GoRank.parse(preset.default_rank).code


def read_rank(value: object, preset: GoPreset = GO) -> str | None:
    """The code a typed rank stands for, as :func:`rank_index_text` reads it (any case)."""
    if not isinstance(value, str):
        return None
    return next((code for code in rank_codes(preset) if code.lower() == value.lower()), None)


def rank_check(preset: GoPreset = GO) -> Check:
    """An opponent's rank: a code from the Settings rank table (BC included)."""
    return Check(lambda ref: f"{rank_index_text(ref)}>0",
                 lambda value: read_rank(value, preset) is not None)


def handicap_ok(ref: str) -> str:
    """TRUE for a rank difference 0 … ``Settings_MaxHandicap`` in half steps."""
    return (f"IF(ISNUMBER({ref}),AND({ref}>=0,{ref}<={MAX_HANDICAP},"
            f"{ref}*2=INT({ref}*2)),FALSE)")


def handicap_check(preset: GoPreset = GO) -> Check:
    """A typed handicap: the rank difference it stands for, 0–9 in half steps."""
    def accepts(value: object) -> bool:
        h = excel_number(value)
        return h is not None and 0 <= h <= preset.max_handicap and h * 2 == int(h * 2)

    return Check(handicap_ok, accepts)


def type_number_formula(ref: str) -> str:
    """1–5 by :data:`TYPES` (blank = 1, rated; typed or pasted in either language); 0 for
    anything else."""
    labels = "{" + ",".join(fx.text(t(lang)) for lang in ("ja", "en") for t in TYPES) + "}"
    m = fx.exact_match(ref, labels)  # not INDEX on a constant: #REF! in Gnumeric
    return f"IF(ISBLANK({ref}),1,IF(ISNUMBER({m}),MOD({m}-1,{len(TYPES)})+1,0))"


def type_number(value: object) -> int:
    """What :func:`type_number_formula` shows for a typed game type."""
    if value is None:
        return 1
    if isinstance(value, str):
        for i, t in enumerate(TYPES, 1):
            if value.lower() in (t.ja.lower(), t.en.lower()):
                return i
    return 0


GAME_TYPE = Check(lambda ref: f"{type_number_formula(ref)}>0", lambda v: type_number(v) > 0)
"""A game type from the list, in either language (blank = rated)."""
SETTINGS_OK = (f"AND({rank_index_text(START_RANK, LADDER_CODE)}>0,"
               f"{fx.is_whole_at_least(RATED_BEFORE, 0)},"
               f"OR(ISBLANK({START_POINTS}),ISNUMBER({START_POINTS})))")
"""TRUE when the player's Settings (start rank, start points, games before) are usable."""


# --- the step of a game, declared once for the sheet's chain and the ledger's seats ----------

CHAIN = Chain({"Rank": "RankIdx", RATING: "Running"}, {"Rank": "OppIdx"})
"""Where this sheet keeps what "me" carries, and reads the typed opponent's rank."""
Binding = Callable[[Step], tuple[Formula, Value]]
"""Where a layout computes a step: the sheet's chain, or a ledger row's seat A."""


def rank_of(index: object, preset: GoPreset) -> str | None:
    """The code at a rank index (the ladder, then BC), None for 0 (blank or unknown)."""
    k = whole(index)
    return rank_codes(preset)[k - 1] if k > 0 else None


def my_rank(s: Side[object]) -> str:
    """My rank before the game: on the ladder (nobody here is BC)."""
    return code_at(s.before("Rank"), s.preset)


def opp_is_bc_text(s: Side[str]) -> str:
    """TRUE against a BC opponent; a ledger's members start on the ladder and stay there."""
    if not s.typed_opponent:
        return "FALSE"
    index = s.opponent("Rank")
    return f"IF({index}>0,INDEX({RANK_CODE},{index})=\"BC\",FALSE)"


def opp_is_bc(s: Side[object]) -> bool:
    return s.typed_opponent and rank_of(s.opponent("Rank"), s.preset) == "BC"


def exchange_text(s: Side[str]) -> str:
    """The unscaled change of a rated game at the played handicap: "" when unrated, or
    until the rank difference and a usable handicap are known."""
    diff, handicap = s.difference("Diff"), s.read("Handicap")
    typed_ok = f"OR(ISBLANK({handicap}),{handicap_ok(handicap)})"
    return fx.if_(f"AND(ISNUMBER({diff}),{typed_ok})",
                  rated_change_text(diff, handicap, s.score("Won")), '""')


def exchange_value_of(s: Side[object]) -> object:
    handicap = s.read("Handicap")
    if not ranks_known(s) or (handicap is not None
                              and not handicap_check(s.preset).accepts(handicap)):
        return ""
    change = rated_change(numeric(s.difference("Diff")), excel_number(handicap),
                          s.score("Won") == 1, s.preset)
    return "" if change is None else change


def delta_value(s: Side[object]) -> float:
    mine = my_rank(s)
    return go_delta(mine, rank_of(s.opponent("Rank"), s.preset) or mine,
                    cast(float, s.score("Won")), game_no=whole(s.before("Rated")) + 1,
                    handicap_diff=excel_number(s.read("Handicap")),
                    game_type=str(s.this("Type")),
                    prev_two_unrated=whole(s.before("Streak")) >= 2, preset=s.preset)


def is_rated_text(s: Side[str]) -> str:
    """1 when the game counts as a rated game (rated type, ladder opponent, on the table)."""
    ladder_opp = f"NOT({opp_is_bc_text(s)})," if s.typed_opponent else ""
    return (f"IF(AND({s.counted()},{s.this('Type')}=\"rated\",{ladder_opp}"
            f"ISNUMBER({s.this('Exch')})),1,0)")


def is_rated_value(s: Side[object]) -> int:
    return int(bool(s.counted()) and s.this("Type") == "rated" and not opp_is_bc(s)
               and excel_number(s.this("Exch")) is not None)


def next_rank_index(s: Side[object]) -> int:
    code = next_rank(my_rank(s), cast(float, s.after(RATING)), s.preset)
    return ladder(s.preset).index(code) + 1


def ranks_known_text(s: Side[str]) -> str:
    """TRUE when both ranks are read: a rank index, not 0 (unknown) or blank. Not
    ``N(…)>0``: the ``formulas`` package reads ``N`` of an INDEX reference as 0."""
    me, opp = s.before("Rank"), s.opponent("Rank")
    return f"IF(AND(ISNUMBER({me}),ISNUMBER({opp})),AND({me}>0,{opp}>0),FALSE)"


def ranks_known(s: Side[object]) -> bool:
    return all((excel_number(rank) or 0) > 0 for rank in (s.before("Rank"),
                                                          s.opponent("Rank")))


DIFFERENCE = Step(lambda s: fx.if_(ranks_known_text(s),
                                   rank_difference_text(s.before("Rank"), s.opponent("Rank")),
                                   '""'),
                  lambda s: rank_difference(my_rank(s), cast(str, rank_of(
                      s.opponent("Rank"), s.preset))) if ranks_known(s) else "")
"""段位差: my rank − the opponent's, in rank units ("" until both ranks are known)."""
RATED_CHANGE = Step(exchange_text, exchange_value_of)
CHANGE = Step(lambda s: delta_text(rank_value_text(s.before("Rank")), opp_is_bc_text(s),
                                   s.score("Won"), f"({s.before('Rated')}+1)",
                                   s.this("Exch"), s.this("Type"),
                                   f"{s.before('Streak')}>=2"), delta_value)
"""The points change of a counted game (:func:`rating_rules.go.go_delta`)."""
IS_RATED = Step(is_rated_text, is_rated_value)
MULTIPLIER_SHOWN = Step(
    lambda s: fx.if_(f"{s.this('IsRated')}=1", multiplier_text(f"({s.before('Rated')}+1)"),
                     '""'),
    lambda s: multiplier(whole(s.before("Rated")) + 1, s.preset)
    if s.this("IsRated") == 1 else "")
"""The factor on a rated game's exchange, blank for a game not rated."""
NEXT_RANK = Step(lambda s: next_rank_text(s.before("Rank"), s.after(RATING)), next_rank_index)
"""The rank index after the border-zone check (:func:`rating_rules.go.next_rank`)."""
RATED_AFTER = Step(lambda s: f"{s.before('Rated')}+{s.this('IsRated')}",
                   lambda s: whole(s.before("Rated")) + whole(s.this("IsRated")))
STREAK_AFTER = Step(lambda s: fx.if_(f"{s.this('IsRated')}=1", "0",
                                     f"{s.before('Streak')}+1"),
                    lambda s: 0 if s.this("IsRated") == 1 else whole(s.before("Streak")) + 1)
"""Games in a row that were not rated (two of them bar the +50 bonus)."""
LABEL = Step(lambda s: rank_label_text(s.after("Rank"), provisional_formula(s.after("Rated"))),
             lambda s: rank_label(code_at(s.after("Rank"), s.preset),
                                  is_provisional(whole(s.after("Rated")), s.preset)))
"""The Japanese label of the rank after the game, 仮 while provisional."""


# --- one row of the game log: what the rule computes, formula and value side by side ---------

def code_at(index: object, preset: GoPreset) -> str:
    """The ladder code at a rank index (what ``INDEX(Settings_Ranks_Code, i)`` shows)."""
    return ladder(preset)[whole(index) - 1]


def complete_formula(r: Row) -> str:
    """A game: forfeit or unrated by its type alone, else a known opponent and a result."""
    kind = r["Kind"]
    return (f"OR({kind}=2,{kind}=3,{kind}=5,"
            f"AND({r['OppIdx']}>0,COUNT({r['Result']})=1))")


def is_complete(c: Cells) -> bool:
    return c["Kind"] in (2, 3, 5) or (c["OppIdx"] != 0 and c.number("Result") is not None)


def forfeit_formula(r: Row) -> str:
    """A typed result that contradicts a forfeit win or loss."""
    kind = r["Kind"]
    return f"AND(OR({kind}=2,{kind}=3),ISNUMBER({r['Result']}),{r['Result']}<>{r['Won']})"


def contradicts_forfeit(c: Cells) -> bool:
    result = c.number("Result")
    return c["Kind"] in (2, 3) and result is not None and result != c["Won"]


def won_formula(r: Row) -> str:
    """1 for a win: a forfeit win, or the typed result (0 when there is none)."""
    return (f"IF({r['Kind']}=2,1,IF({r['Kind']}=3,0,"
            f"IF(ISNUMBER({r['Result']}),{r['Result']},0)))")


def won_value(c: Cells) -> float:
    kind, result = c["Kind"], c.number("Result")
    return 1 if kind == 2 else 0 if kind == 3 else result if result is not None else 0


def change_formula(r: Row) -> str:
    """The points change of a complete, unflagged game (:func:`rating_rules.go.go_delta`)."""
    counted = f"AND({r['Status']}=\"\",{complete_formula(r)})"
    return fx.if_(counted, CHANGE.formula(CHAIN.refs(r)), '""')


def change_value(c: Cells) -> object:
    if c["Status"] != "" or not is_complete(c):
        return ""
    return CHANGE.value(CHAIN.values(c))


def counted_formula(r: Row, lang: str) -> str:
    """The rated-game number, or why the game did not count as rated."""
    vs_bc = opp_is_bc_text(CHAIN.refs(r))
    reason = fx.first_match([
        (f"{r['Type']}=\"forfeit\"", fx.text(REASON["forfeit"](lang))),
        (f"{r['Type']}=\"unrated\"", fx.text(REASON["unrated"](lang))),
        (f"OR({r['Type']}=\"provisional\",{vs_bc})", fx.text(REASON["provisional"](lang))),
    ], fx.text(REASON["rated"](lang)))
    return fx.if_(f"{r['IsRated']}=1", r["Rated"], reason)


def counted_value(c: Cells) -> object:
    if c["IsRated"] == 1:
        return c["Rated"]
    kind = c["Type"]
    reason = kind if kind in ("forfeit", "unrated") else (
        "provisional" if kind == "provisional" or opp_is_bc(CHAIN.values(c)) else "rated")
    return REASON[reason](c.lang)


def provisional_formula(rated: str) -> str:
    """仮 shows while the rated games are fewer than ``Settings_ProvisionalGames``."""
    return f"{rated}<{PROV_GAMES}"


def is_provisional(rated: int, preset: GoPreset) -> bool:
    return rated < preset.provisional_games


def lead_points_value(c: Cells) -> float:
    """The start: the points typed on Settings, else the declared rank's middle."""
    typed = c.preset.start_points
    return float(typed) if typed is not None else start_points(start_rank(c.preset), c.preset)


def lead_points(r: Row) -> str:
    typed = f"AND(NOT(ISBLANK({START_POINTS})),ISNUMBER({START_POINTS}))"
    return fx.if_(typed, START_POINTS, start_points_text(r["RankIdx"]))


STATUS = (
    st.empty(INPUT_KEYS),
    st.settings_unusable(lambda r: SETTINGS_OK),
    st.bad_via("OppRank", lambda r: f"AND(NOT(ISBLANK({r['OppRank']})),{r['OppIdx']}=0)"),
    st.bad("Handicap"),
    st.bad_via("GameType", lambda r: f"{r['Kind']}=0"),
    st.bad("Result"),
    st.bad("Date"),
    st.Case(forfeit_formula, contradicts_forfeit, MSG["forfeit"]),
    st.Case(complete_formula, is_complete),
    st.unfinished(MSG["incomplete"]),
)
"""The Status column, first case first: "" (fine, empty or in progress) or the problem.

The Settings case never holds for the engine: the builder writes usable Settings."""


# --- the Games columns -----------------------------------------------------------------------

def opp_rank_column(preset: GoPreset = GO) -> Column:
    return Column("OppRank", Text("相手\n段級", "Opp.\nrank"), "input", "choice", 6.5,
                  allowed=(*ladder(preset), "BC"),
                  validation=v("list", Text("相手の段級位コード (1d+, 3k, BC …)",
                                            "Opponent's rank code (1d+, 3k, BC …)"),
                               Text("一覧から選んでください", "Pick a rank from the list"),
                               None, RANK_CODE),
                  check=rank_check(preset), message=MSG["rank"])


def regular_column(lang: str, bind: Binding) -> Column:
    """The regular handicap for the rank difference, a hint for the Handicap cell."""
    formula, value = bind(Step(
        lambda s: fx.if_(f"ISNUMBER({s.difference('Diff')})",
                         handicap_for_difference_text(s.difference("Diff"), lang), '""'),
        lambda s: regular_handicap(my_rank(s), cast(str, rank_of(s.opponent("Rank"), s.preset)),
                                   lang, s.preset) if ranks_known(s) else ""))
    return Column("Regular", Text("正規の手合 (参考)", "Regular handicap (hint)"), "computed",
                  "text", 23, width_en=30, formula=formula, value=value)


def handicap_column(preset: GoPreset = GO) -> Column:
    return Column("Handicap", Text("手合\n段差", "Hcp"), "input",
                  "number", 7, width_en=10.5, number_format="0.0", minimum=0,
                  validation=v("decimal",
                               Text("正規の手合なら空欄。違う手合なら、その手合が表す段位差 "
                                    "(0〜9、0.5刻み)",
                                    "Blank = the regular handicap. Otherwise the rank "
                                    "difference the handicap played stands for (0-9, half "
                                    "steps)"),
                               Text("0〜9 の数 (0.5刻み)", "A number from 0 to 9 (half steps)"),
                               "between", "0", "9"),
                  check=handicap_check(preset), message=MSG["handicap"])


def game_type_column(lang: str) -> Column:
    type_list = '"' + ",".join(t(lang) for t in TYPES) + '"'
    return Column("GameType", Text("種類", "Type"), "input", "choice", 8.5, width_en=13,
                  allowed=("", *(t(lang) for t in TYPES)),
                  validation=v("list", Text("空欄 = 通常のレート対局", "Blank = a rated game"),
                               Text("一覧から選んでください", "Pick a type from the list"),
                               None, type_list),
                  check=GAME_TYPE, message=MSG["type"])


def outcome_columns(lang: str) -> tuple[Column, ...]:
    """Multiplier, change, points, rank, label and rated-game number of a counted game."""
    return (
        Column("Mult", Text("倍率", "Mult."), "computed", "number", 5.5, width_en=6,
               number_format='"×"0.0#', formula=mult_formula, value=mult_value),
        change_column(change_formula, change_value, 7.5, "+0.0;-0.0;0"),
        counted_column("Points", Text("ポイント", "Points"), "number", 8.5,
                       lambda r: r["Running"], lambda c: c["Running"], number_format="0.0"),
        counted_column("Rank", Text("段級位", "Rank"), "text", 5.5,
                       lambda r: f"INDEX({RANK_CODE},{r['RankIdx']})",
                       lambda c: code_at(c["RankIdx"], c.preset), width_en=6),
        counted_column("Label", Text("表示", "Label"), "text", 9.5, *CHAIN.rule(LABEL)),
        counted_column("Counted", Text("レート\n何局目", "Rated\ngame #"), "text", 6.5,
                       lambda r: counted_formula(r, lang), counted_value,
                       lambda r: r["Rated"], lambda c: c["Rated"], width_en=8,
                       number_format="0", allowed=tuple(t(lang) for t in REASON.values())),
    )


rated_formula, rated_value = CHAIN.rule(RATED_AFTER)
streak_formula, streak_value = CHAIN.carried(STREAK_AFTER, "Streak")
next_rank_formula, next_rank_value = CHAIN.carried(NEXT_RANK, "Rank")
mult_formula, mult_value = CHAIN.rule(MULTIPLIER_SHOWN)


def engine_type_formula(r: Row) -> str:
    """The engine's game type of the row's Kind ("" for a type not listed)."""
    words = ",".join(fx.text(t) for t in ENGINE_TYPE)
    return fx.if_(f"{r['Kind']}>0", f"CHOOSE({r['Kind']},{words})", '""')


def engine_type_value(c: Cells) -> str:
    return ENGINE_TYPE[kind - 1] if (kind := whole(c["Kind"])) else ""


def game_columns(bind: Binding) -> tuple[Column, ...]:
    """Hidden helpers of both layouts: the row's game type and result, and the rank
    difference (a ledger's as seat A sees it)."""
    helper = functools.partial(layout.helper, width=6)
    return (
        helper("Kind", Text("計算用 種類の番号", "Type number"), "integer",
               lambda r: type_number_formula(r["GameType"]), lambda c: type_number(c["GameType"])),
        Column("Type", Text("計算用 種別", "Engine type"), "helper", "text", 8,
               allowed=tuple(dict.fromkeys(ENGINE_TYPE)),
               formula=engine_type_formula, value=engine_type_value),
        helper("Won", Text("計算用 勝ち", "Won"), "integer", won_formula, won_value),
        helper("Diff", Text("計算用 段位差", "Rank diff."), "number", *bind(DIFFERENCE)),
    )


def reading_columns() -> tuple[Column, ...]:
    """Hidden helpers: the row's reading of its inputs against the rank before it."""
    helper = functools.partial(layout.helper, width=6)
    return (
        helper("OppIdx", Text("計算用 相手", "Opp. index"), "integer",
               lambda r: rank_index_text(r["OppRank"]),
               lambda c: 0 if (code := read_rank(c["OppRank"], c.preset)) is None
               else rank_codes(c.preset).index(code) + 1),
        *game_columns(CHAIN.rule),
        helper("Exch", Text("計算用 交換", "Exchange"), "number", *CHAIN.rule(RATED_CHANGE)),
        helper("IsRated", Text("計算用 レート", "Is rated"), "integer",
               *CHAIN.rule(IS_RATED)),
    )


def state_columns() -> tuple[Column, ...]:
    """Hidden helpers: the player's state carried from row to row, then the chart."""
    return (
        Column("Rated", Text("計算用 レート局数", "Rated games"), "helper", "integer", 6,
               lead_in_name=True,
               lead=lambda r: fx.if_(fx.is_whole_at_least(RATED_BEFORE, 0), RATED_BEFORE, "0"),
               formula=rated_formula, value=rated_value,
               lead_value=lambda c: c.preset.rated_before),
        Column("Streak", Text("計算用 非レート連続", "Unrated streak"), "helper", "integer", 6,
               lead_in_name=True, lead=lambda r: "0",
               formula=streak_formula, value=streak_value, lead_value=0),
        running_column(Text("計算用 ポイント", "Running points"), lead_points, lead_points_value),
        Column("RankIdx", Text("計算用 段級位", "Rank index"), "helper", "integer", 6,
               lead_in_name=True,
               lead=lambda r: fx.if_(f"ISNUMBER({START_MATCH})", START_MATCH, "1"),
               formula=next_rank_formula, value=next_rank_value,
               lead_value=lambda c: ladder(c.preset).index(start_rank(c.preset)) + 1),
        count_column(Text("計算用 対局数", "Games counted"), width=6),
        *chart_columns(Text("グラフ用 ポイント", "Chart points"), x_width=6),
    )


# --- Settings -------------------------------------------------------------------------------

LADDER_SPAN = GoRank("1d").value - GoRank("17k").value
"""The handicap view pairs 1d with each rank half a step below the last, down to 17k,
the ladder's last: a larger maximum handicap lists no more rows."""
RANK_LIST = Validation("list", None, LADDER_CODE, None,
                       Text("一覧から段級位コードを選ぶ", "Pick a rank code"),
                       Text("一覧の段級位コード (10d〜17k)", "A rank code from the list"))


def player_settings(preset: GoSheetPreset) -> list[Setting]:
    """Where this player starts: declared rank, points, rated games before the sheet."""
    return [
        scalar("StartRank", "default_rank", Text("申告した段級位", "Declared rank"),
               Text("始めの段級位 (10d〜17k。BC からは始められません)",
                    "Starting rank (10d to 17k; the sheet cannot start in BC)"),
               preset.default_rank, RANK_LIST),
        scalar("StartPoints", "start_points", Text("開始ポイント", "Starting points"),
               Text("空欄 = 申告段級位の昇段点と降段点の中央。続きから始めるなら今のポイント",
                    "Blank = middle of the declared rank's band; to continue, your current points"),
               preset.start_points, number_check(Text("空欄でよい", "May stay blank"))),
        scalar("RatedBefore", "rated_before", Text("これまでのレート対局数", "Rated games before"),
               Text("このシートより前に打ったレート対局の数 (倍率と仮の判定に使う)",
                    "Rated games played before this sheet (for the multiplier and 仮)"),
               preset.rated_before,
               at_least(Text("0以上の整数", "Whole number, 0 or more"), whole=True)),
    ]


POINTS = (
    Constant("RegularPoints", Text("正規手合の交換点", "Regular exchange"),
             Text("正規の手合で勝者 +、敗者 − (既定 100)", "Regular handicap: winner +, loser −"),
             "regular_points", minimum=0),
    Constant("MaxGap", Text("非正規手合の段位差上限", "Max gap off regular"),
             Text("正規でない手合で、これより段位差が大きいと非レート",
                  "Off the regular handicap, players further apart than this are unrated"),
             "max_gap_off_regular", minimum=0),
    Constant("MaxHandicap", Text("最大の手合 (段位差)", "Max handicap"),
             Text("9子・上手5目半コミ出し = 9", "9 stones, stronger gives 5.5 komi = 9"),
             "max_handicap", minimum=0),
    Constant("EstablishedPercent", Text("101局目以降の倍率 %", "Established %"),
             Text("倍率表の最後の段階を過ぎた対局の倍率 (%)", "Percent after the last step"),
             "established_percent", minimum=0),
    Constant("ForfeitPoints", Text("不戦の点", "Forfeit points"),
             Text("不戦勝 +、不戦敗 − (レート局数に数えない)",
                  "Forfeit win +, loss − (not a rated game)"), "forfeit_points", minimum=0),
    Constant("ProvisionalWinPoints", Text("仮・BC 相手の勝ち点", "Win vs provisional"),
             Text("仮・BC の相手に勝つと + (負けは 0)。直前2局が非レートなら 0",
                  "Win vs a provisional or BC player (loss 0); none after 2 unrated games"),
             "provisional_win_points", minimum=0),
)
PROVISIONAL_AND_KOMI = (
    Constant("ProvisionalGames", Text("仮が取れる局数", "Provisional games"),
             Text("レート対局がこの数になるまで 仮 を表示", "仮 shows until this many rated games"),
             "provisional_games", minimum=0, whole=True),
    Constant("EvenKomi", Text("互先のコミ", "Even komi"), Text("黒番のコミ出し", "Black gives"),
             "even_komi", minimum=0),
    Constant("HalfKomi", Text("半目コミ", "Half komi"),
             Text("段位差が半端のとき下手が出す", "Weaker gives at odd half steps"), "half_komi",
             minimum=0),
    Constant("ReverseKomi", Text("逆コミ", "Reverse komi"),
             Text("置石のとき上手が出す", "Stronger gives with stones"), "reverse_komi",
             minimum=0),
)


def rule_settings(preset: GoPreset) -> list[Setting]:
    """The rule's points (:data:`POINTS`), the BC bonus bar, when 仮 ends and the komi."""
    return [
        *constant_settings(preset, POINTS),
        scalar("NoBonusFrom", "bc_no_bonus_from", Text("BC 相手の加点なし", "No BC bonus from"),
               Text("この段級位以上は BC に勝っても加点なし (既定 9k+ = 7級★)",
                    "From this rank up, no bonus for beating BC (default 9k+)"),
               GoRank.parse(preset.bc_no_bonus_from).code, RANK_LIST),
        *constant_settings(preset, PROVISIONAL_AND_KOMI),
    ]


def rank_rows(preset: GoPreset) -> list[tuple[str, str, float, float | None, float | None]]:
    """(code, label, value, promotion, demotion) of the ladder, then BC."""
    out = [(code, rank_label(code), GoRank(code).value, up, down)
           for code, up, down in preset.table]
    return [*out, ("BC", rank_label("BC"), GoRank("BC").value, None, None)]


def table_check(field: TableField) -> Validation:
    """A Go table's typed cell: a number, 0 or more."""
    return at_least(Text("0以上の数値", "A number, 0 or more"))


RANKS = SettingsTable((
    TableField("No", Text("番号", "No."), "integer", typed=False, named=False),
    TableField("Ranks_Code", Text("コード", "Code"), "text", typed=False),
    TableField("Ranks_Label", Text("表示", "Label"), "text", typed=False),
    TableField("Ranks_Value", Text("値 (段)", "Value"), typed=False),
    TableField("Ladder_Up", Text("昇段点", "Promote above"), at=1),
    TableField("Ladder_Down", Text("降段点", "Demote below"), at=2),
), table_check, heading=Text("段級位と昇段・降段ポイント", "Ranks, promotion and demotion points"),
    fills="table", fixed=True,
    rows=lambda preset, lang: [(i, *rank) for i, rank in enumerate(rank_rows(preset), 1)],
    spans=tuple(Span(key, column, stop=-1) for key, column in (
        ("Ladder_No", "No"), ("Ladder_Code", "Ranks_Code"), ("Ladder_Up", "Ladder_Up"),
        ("Ladder_Down", "Ladder_Down"))))
"""The ranks with their points ladder (the preset's ``table``, a row a rank): a club edits
the figures. The ladder's columns are named apart, a row short, for the border-zone
search: BC has no figures."""
EXCHANGES = SettingsTable((
    TableField("Exchange_Residual", Text("残りの段位差", "Residual")),
    TableField("Exchange_Favoured", Text("有利な側が勝つ", "Favoured wins")),
    TableField("Exchange_Other", Text("不利な側が勝つ", "Other wins")),
), table_check, heading=Text("手合が正規でないときの交換点", "Exchange off the regular handicap"),
    fills="exchange_table")
"""The handicap sheet and the catalog's Tables sheet show the same headers."""
MULTIPLIERS = SettingsTable((
    TableField("Multiplier_UpTo", Text("何局目まで", "Up to game"), "integer"),
    TableField("Multiplier_Percent", Text("倍率 %", "Percent")),
), table_check, heading=Text("局数による倍率", "Multiplier by game number"),
    fills="multiplier_percent")


RULE_NOTES = (
    Text("ルール (段級位ポイント、RULES.md §4)", "Rules (Go dan/kyu points, RULES.md §4)"),
    Text("正規の手合: 勝ち +交換点、負け −交換点、それぞれ自分の倍率をかける。",
         "Regular handicap: win +exchange, loss −exchange, times your own multiplier."),
    Text("正規でない手合: 残りの段位差で交換点表を引く (表にない差は非レート)。",
         "Other handicaps: the residual difference picks the exchange (not listed: unrated)."),
    Text("昇段点を超えたら昇段、降段点を下回ったら降段。大きく動けば何段でも続けて。",
         "Above the promotion figure: promoted; below the demotion figure: demoted; repeated."),
    Text("17k (15級) から BC には落ちません。このシートは 17k 以上から始めます。",
         "17k never falls into BC; this sheet starts at 17k or stronger."),
    Text("表示の 仮 はレート対局が規定数になるまで。倍率表は局数の小さい順に。",
         "仮 (provisional) shows until the set number of rated games. Keep the "
         "multiplier steps in ascending order."),
    Text("⚠ の行と入力途中の行は計算に入りません (ポイントは前の行から続きます)。",
         "Rows marked ⚠ and unfinished rows are not counted (points carry on)."),
)


TABLES = SettingsTables((RANKS, EXCHANGES, MULTIPLIERS), notes=RULE_NOTES, freeze="A3")
"""The rule checks the ladder's figures: no overlap between ranks."""


# --- generated table sheets -----------------------------------------------------------------
def write_ladder_view(ws: Worksheet, preset: GoPreset, lang: str) -> dict[str, object]:
    """The promotion/demotion table, read from Settings; returns its cached values."""
    headers = (Text("段級位", "Rank"), Text("表示", "Label"), Text("昇段", "Promote above"),
               Text("降段", "Demote below"), Text("開始点", "Start points"))
    styles.style_title(ws.cell(1, 1, LADDER_TITLE(lang)), lang)
    for i, (h, w) in enumerate(zip(headers, (7, 13, 10, 10, 10), strict=True), 1):
        styles.style_header(ws.cell(2, i, h(lang)), lang)
        ws.column_dimensions["ABCDE"[i - 1]].width = w
    cached: dict[str, object] = {}
    for k, (code, up, down) in enumerate(preset.table, 1):
        r = k + 2
        values = (code, rank_label(code), "" if up is None else up, down,
                  start_points(code, preset))
        formulas = (f"INDEX({RANK_CODE},{k})", rank_label_text(str(k)),
                    f"IF(ISNUMBER(INDEX({LADDER_UP},{k})),INDEX({LADDER_UP},{k}),\"\")",
                    f"INDEX({LADDER_DOWN},{k})", settings_guard(start_points_text(str(k)),
                                                                lang))
        for c, (formula, value) in enumerate(zip(formulas, values, strict=True), 1):
            cell = ws.cell(r, c, "=" + formula)
            styles.style_computed(cell, lang, "0" if c >= 3 else "General")
            cached[f"{'ABCDE'[c - 1]}{r}"] = value
    ws.freeze_panes = "A3"
    return cached


def settings_guard(formula: str, lang: str) -> str:
    """A reference table's cell computed from Settings: the Settings marker, never an
    error code, when a Settings value it reads is not a number."""
    return f"IFERROR({formula},{fx.text(MSG['settings'](lang))})"


def write_handicap_view(ws: Worksheet, preset: GoPreset, lang: str) -> dict[str, object]:
    """Regular handicap by rank difference, then the exchange by residual."""
    styles.style_title(ws.cell(1, 1, HANDICAP_TITLE(lang)), lang)
    for column, width in zip("ABC", (10, 30 if lang == "en" else 26, 12), strict=True):
        ws.column_dimensions[column].width = width
    for i, h in enumerate((Text("段位差", "Rank diff."), Text("正規の手合", "Regular handicap")),
                          1):
        styles.style_header(ws.cell(2, i, h(lang)), lang)
    cached: dict[str, object] = {}
    steps = int(min(preset.max_handicap, LADDER_SPAN) * 2)
    for s in range(steps + 1):
        r = s + 3
        d = s / 2
        cell = ws.cell(r, 1, d)
        styles.style_computed(cell, lang, "0.0")
        cell = ws.cell(r, 2, "=" + settings_guard(handicap_for_difference_text(f"A{r}", lang),
                                                  lang))
        styles.style_computed(cell, lang)
        opponent = next(c for c in rank_codes(preset) if GoRank(c).value == 1 - d)
        cached[f"B{r}"] = regular_handicap("1d", opponent, lang, preset)
    top = steps + 5
    for i, f in enumerate(EXCHANGES.fields, 1):
        styles.style_header(ws.cell(top, i, f.label(lang)), lang)
    for k, row in enumerate(preset.exchange_table, 1):
        r = top + k
        for c, name in enumerate((EX_RESIDUAL, EX_FAVOURED, EX_OTHER), 1):
            cell = ws.cell(r, c, f"=INDEX({name},{k})")
            styles.style_computed(cell, lang, "0.0" if c == 1 else "0")
            cached[f"{'ABC'[c - 1]}{r}"] = row[c - 1]
    note = ws.cell(top + len(preset.exchange_table) + 1, 1, Text(
        "表にない残りの差は非レート。設定シートで変更できます。",
        "A residual not listed is unrated. Edit the tables on the Settings sheet.")(lang))
    styles.style_note(note, lang)
    ws.freeze_panes = "A3"
    return cached


# --- the sheet type -------------------------------------------------------------------------

class GoSheet(PersonalSheet[GoSheetPreset]):
    """Workbook type ``system = "go"``."""

    system = "go"
    presets: ClassVar[dict[str, Any]] = {"default": GoSheetPreset()}
    start_field = None
    title = Text("囲碁 段級位ポイント", "Go dan/kyu points")
    phone_first = ("Opponent", "OppRank", "Handicap", "GameType", "Result", "Date", "Points",
                   "Status")
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {
        "OppRank": (3.5, 4.5), "Handicap": (3.5, 4), "GameType": (4.5, 4.5),
        "Points": (7.5, 7.5)}
    """The points fit 25050.0 in the bold 自分 row; the game type fits 不戦勝."""
    chart = (Text("ポイントの推移", "Points history"), Text("ポイント", "points"))
    reference_after_settings = True
    tables = TABLES

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        """The rule's numbers on Settings (the player's own start is typed there)."""
        rule = self.presets[preset]
        return tuple(s.preset_field for s in rule_settings(rule) if s.type != "choice")

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        """Rated games at regular and other handicaps, a forfeit, a bonus, a flagged row."""
        a, b, c, d, e, f, g = EXAMPLE_NAMES[lang][:7]
        day = dt.date(2024, 5, 26)
        t = {k: TYPES[i](lang) for i, k in enumerate(("rated", "fwin", "floss", "prov", "unr"))}
        return [
            {"Opponent": a, "OppRank": "1k", "Result": 1, "Date": day},
            {"Opponent": b, "OppRank": "1d", "Result": 0, "Date": day},
            {"Opponent": c, "OppRank": "2k", "Handicap": 0, "Result": 1, "Date": day},
            {"Opponent": d, "OppRank": "3k", "GameType": t["prov"], "Result": 1,
             "Date": day + dt.timedelta(days=1)},
            {"Opponent": e, "GameType": t["fwin"], "Date": day + dt.timedelta(days=1)},
            {"Opponent": f, "OppRank": "1k+", "Handicap": 0.7, "Result": 1,
             "Date": day + dt.timedelta(days=2)},
            {"Opponent": g, "OppRank": "1d+", "Date": day + dt.timedelta(days=3)},
        ]

    def table(self, rows: int, lang: str, preset: GoSheetPreset) -> Table:
        """The Games table: input, computed and hidden helper columns, phone columns first."""
        columns = (
            kinds.opponent_column(), opp_rank_column(preset), regular_column(lang, CHAIN.rule),
            handicap_column(preset), game_type_column(lang), kinds.result_column(),
            *outcome_columns(lang),
            st.status_column(STATUS, lang, width_en=26,
                             allowed=st.shown(MSG.values(), lang)),
            kinds.date_column(),
            *reading_columns(),
            *state_columns(),
        )
        return self.phone_view(Table.games(columns, rows))

    def settings_sheet(self, ws: Worksheet, title: str, preset: GoSheetPreset,
                       lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        """Go's Settings keep their own look: narrow columns for the tables below, the
        header's band over them, a note on one line."""
        names = write_settings(ws, title, (*player_settings(preset), *rule_settings(preset)),
                               lang, wrap=False)
        for col, width in zip("ACDEF", (20, 12, 9, 12, 12), strict=True):
            ws.column_dimensions[col].width = width
        for column in range(len(SETTINGS_HEADER) + 1, 7):
            styles.style_header(ws.cell(2, column, ""), lang)
        table_names, cached = self.settings_tables(ws, ws.max_row + 2, preset, lang)
        return names + table_names, cached

    def reference_sheets(self, wb: Workbook, preset: GoSheetPreset,
                         lang: str) -> dict[str, dict[str, object]]:
        """The promotion table and the handicap table, views of the Settings tables."""
        ladder_ws = wb.create_sheet(LADDER_TITLE(lang))
        handicap_ws = wb.create_sheet(HANDICAP_TITLE(lang))
        return {ladder_ws.title: write_ladder_view(ladder_ws, preset, lang),
                handicap_ws.title: write_handicap_view(handicap_ws, preset, lang)}


# --- the club ledger: this sheet's inputs, Settings and steps, bound to each seat ------------

@dataclass(frozen=True)
class GoLedgerPreset(GoPreset):
    start: float = start_points(GoPreset().default_rank)
    """Points of a player with neither a declared rank nor points: the default rank's."""


def seat_type_text(s: Side[str]) -> str:
    """The engine's game type for a seat: an established player's rated game against a
    provisional one pays the bonus instead (as :func:`rating_rules.go.replay_go`)."""
    bonus = (f'AND({s.read("Type")}="rated",{s.opponent("Rated")}<{PROV_GAMES},'
             f'{s.before("Rated")}>={PROV_GAMES})')
    return fx.if_(bonus, '"provisional"', s.read("Type"))


def seat_type_value(s: Side[object]) -> str:
    kind = str(s.read("Type"))
    if kind == "rated" and is_provisional(whole(s.opponent("Rated")), s.preset) \
            and not is_provisional(whole(s.before("Rated")), s.preset):
        return "provisional"
    return kind


SEAT_TYPE = Step(seat_type_text, seat_type_value)


def seat_a(step: Step) -> tuple[Formula, Value]:
    """``step`` as a ledger row's seat A sees it (the row's own columns are A's)."""
    formula, value = on_seat(step)
    return (lambda r: formula(r, "A"), lambda c: value(c, "A"))


def rank_start_formula(r: Row, default: str) -> str:
    """The declared rank's ladder index (blank: ``default``), "" for a rank not listed."""
    declared = fx.if_(f"ISBLANK({r['Rank']})", default, r["Rank"])
    return f'IFERROR({fx.exact_match(declared, ledger_rule.RANK_LABEL)},"")'


def rank_start_value(c: Cells) -> object:
    """The declared rank's ladder index (blank: the preset's default rank), else ""."""
    typed = c["Rank"]
    wanted = c.preset.default_rank if typed is None else typed
    return next((k for k, code in enumerate(ladder(c.preset), 1)
                 if same_cell(code, wanted)), "")


class GoRule(LedgerRule[GoLedgerPreset]):
    engine = "go"
    example_starts = (None, None, 24000, None, None)
    example_ranks = ("1d", "1k", "1k", "2k", None)

    def example_extras(self, games: list[dict[str, object]], lang: str) -> None:
        """A handicap off the regular one, and a forfeit win."""
        games[2]["Handicap"] = 1
        games[7]["GameType"] = TYPES[1](lang)
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
    carried = (
        Carried("Rank", Text("段級位", "rank"), "RankStart"),
        Carried("Rated", Text("レート局数", "Rated games"), "PriorUsed", shown=True),
        Carried("Streak", Text("非レート連続", "unrated streak")),
    )
    """Rank index, rated games (for the multiplier and 仮), games in a row not rated (+50)."""
    order_key = "Order"

    def settings(self, preset: GoLedgerPreset) -> list[Setting]:
        return rule_settings(preset)

    def settings_ok(self, preset: GoLedgerPreset) -> str:
        numbers = [START, *(setting_name(s.key) for s in self.settings(preset)
                            if s.type != "choice")]
        bonus_from = rank_index_text(setting_name("NoBonusFrom"))
        return f"AND({','.join(f'ISNUMBER({n})' for n in numbers)},{bonus_from}>0)"

    tables = TABLES

    def settings_tables(self, ws: Worksheet, top: int, preset: GoLedgerPreset,
                        lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        """The tables, and the start points beside the ladder (column G) that Players' ranks
        read, with their names."""
        names, _ = super().settings_tables(ws, top, preset, lang)
        codes = ladder(preset)
        first, last = top + 2, top + 1 + len(codes)
        styles.style_header(ws.cell(top + 1, 7, Text("開始点", "Start points")(lang)), lang)
        ws.column_dimensions["G"].width = 10
        cached: dict[str, object] = {}
        for k, code in enumerate(codes, 1):
            styles.style_computed(ws.cell(first + k - 1, 7, "=" + settings_guard(
                start_points_text(str(k)), lang)), lang, "0")
            cached[f"G{first + k - 1}"] = start_points(code, preset)
        starts: list[NameInfo] = []
        for name, letter, role, kind in ((ledger_rule.RANK_LABEL, "B", "setting", "text"),
                                         (ledger_rule.RANK_RATING, "G", "helper", "number")):
            ref = f"${letter}${first}:${letter}${last}"
            define_name(ws, name, ref)
            starts.append(NameInfo(name, ws.title, ref, role, kind))  # type: ignore[arg-type]
        return names + starts, cached

    def extras(self, preset: GoLedgerPreset, lang: str) -> tuple[Column, ...]:
        return handicap_column(preset), game_type_column(lang)

    def game_cases(self) -> tuple[st.Case, ...]:
        def rank_unusable(side: str) -> st.Case:
            pid, rank = f"Id{side}", f"Rank{side}"
            return st.Case(lambda r: f"AND({r[pid]}>0,NOT(ISNUMBER({r[rank]})))",
                           lambda c: c[pid] != 0 and c.number(rank) is None,
                           LEDGER_MSG["start"], f"Player{side}")
        return (rank_unusable("A"), rank_unusable("B"),
                st.Case(forfeit_formula, contradicts_forfeit, MSG["forfeit"]))

    def game_helpers(self, preset: GoLedgerPreset, lang: str) -> tuple[Column, ...]:
        """The row's reading of its inputs, then each seat's game and what it carries on."""
        return (
            *game_columns(seat_a),
            *seat_steps("Type", Text("計算用 {}種別", "{} type"), "text", SEAT_TYPE, counted=True),
            *seat_steps("Exch", Text("計算用 {}交換", "{} exchange"), "number", RATED_CHANGE,
                        counted=True),
            *seat_steps("IsRated", Text("計算用 {}レート", "{} rated"), "integer", IS_RATED),
            *seat_steps("NewRank", Text("計算用 {}新段級位", "{} new rank"), "integer", NEXT_RANK,
                        counted=True),
            *seat_steps("NewRated", Text("計算用 {}新レート局数", "{} rated after"), "integer",
                        RATED_AFTER, counted=True),
            *seat_steps("NewStreak", Text("計算用 {}新非レート連続", "{} streak after"), "integer",
                        STREAK_AFTER, counted=True),
        )

    def outcomes(self, preset: GoLedgerPreset, lang: str) -> tuple[Column, ...]:
        """Each seat's rank after the game (仮 while provisional) and multiplier; the
        regular handicap."""
        return (
            *seat_steps("RankLabel", Text("{}\n段級位", "{}\nrank"), "text", LABEL, counted=True,
                        shown=(8, "General")),
            *seat_steps("Mult", Text("{}\n倍率", "{}\nmult."), "number", MULTIPLIER_SHOWN,
                        shown=(5, '"×"0.0#')),
            regular_column(lang, seat_a),
        )

    def change_formula(self, r: Row, side: str) -> str:
        return CHANGE.formula(seat_refs(r, side))

    def change_value(self, c: Cells, side: str) -> float:
        return delta_value(seat_values(c, side))

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
                   value=lambda c: c.num("Rating") - whole(c["RankNow"]) * 1000000
                   if c.numbers("Rating", "RankNow") else ""),
        )

    def rank_starts(self, preset: GoLedgerPreset) -> tuple[tuple[str, float], ...]:
        return tuple((code, start_points(code, preset)) for code in ladder(preset))

    def label_formula(self, r: Row) -> str:
        label = rank_label_text(r["RankNow"], provisional_formula(r["RatedNow"]))
        return rank_label_formula(r, fx.if_(f"ISNUMBER({r['RankNow']})", label, '""'))

    def label_value(self, c: Cells) -> object:
        if not c.numbers("Rating", "RankNow"):
            return ""
        return rank_label(code_at(c["RankNow"], c.preset),
                          is_provisional(whole(c["RatedNow"]), c.preset))

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        """The handicap and the type column (a forfeit says who won; blank = rated)."""
        handicap = game[3] if len(game) > 3 else None
        kind = game[4] if len(game) > 4 else None
        index = {"forfeit": 1 if game[2] == 1 else 2, "provisional": 3, "unrated": 4}
        game_type = None if kind not in index else TYPES[index[str(kind)]].ja
        return {"Handicap": handicap, "GameType": game_type}


LEDGER_PRESETS = {"go": (GoRule(), GoLedgerPreset())}
"""The club ledger's preset of this rule (:data:`.ledger.RULES`)."""


# --- the catalog's entries: GO_DELTA, GO_HANDICAP, GO_NEXT_RANK, GO_RANK_LABEL -----------

CATALOG_KOMI = (GO.even_komi, GO.half_komi, GO.reverse_komi)
RANK_KIND = kc.Kind(
    rank_check(),
    Text("段級位コード (1d+, 3k, BC)", "a rank code (1d+, 3k, BC)"),
    Text("コード\n1d+, 3k", "code\n1d+, 3k"), "choice",
    kc.validation_rule("list", Text("段級位コード (10d〜17k, BC)", "Rank code (10d to 17k, BC)"),
                       kc.PICK_ERROR, None, "Go_Ranks_Code"), allowed=tuple(rank_codes(GO)))
HANDICAP_DIFF_KIND = kc.Kind(
    handicap_check(),
    Text("空欄か 0〜9 (0.5刻み)", "blank or 0 to 9 in 0.5 steps"),
    Text("空欄=正規", "blank = regular"), "number",
    kc.validation_rule("decimal", Text("打った手合が表す段位差 (空欄 = 正規の手合)",
                                       "Rank difference the played handicap stands for "
                                       "(blank = regular)"),
                       Text("0〜9 (0.5刻み)", "0 to 9 in 0.5 steps"), "between", "0",
                       kc.lit(GO.max_handicap)),
    blank_ok=True)
TYPE_KIND = kc.Kind(
    kinds.any_of(GAME_TYPES),
    Text("空欄か rated・forfeit・provisional・unrated",
         "blank, rated, forfeit, provisional or unrated"),
    Text("空欄=rated", "blank = rated"), "choice",
    kc.validation_rule("list", Text("空欄 = rated (レート対局)", "Blank = rated"), kc.PICK_ERROR,
                       None, '"' + ",".join(GAME_TYPES) + '"'),
    allowed=GAME_TYPES, blank_ok=True)


def catalog_delta(r: kc.Refs, lang: str) -> str:
    """GO_DELTA from two rank codes; unlike :func:`delta_text`, "me" may be BC (0).

    The exchange is its own cell: inline, the formula would run to some 6,200 characters."""
    my_value = rank_value_text(f"MATCH({r['my_rank']},{RANK_CODE},0)")
    game_no = kc.or_blank(r["game_no"], "MAX(Go_Multiplier_UpTo)+1")
    delta = delta_text(my_value, f"{r['opp_rank']}=\"BC\"", r["result"], game_no,
                       r["exchange"], r["game_type"])
    return f"IF({r['my_rank']}=\"BC\",0,{delta})"


def catalog_engine(v: Mapping[str, Any], lang: str) -> dict[str, object]:
    diff = rank_difference(v["my_rank"], v["opp_rank"])
    exchange = rated_change(diff, v["handicap_diff"], v["result"] == 1, GO)
    return {"rank_diff": diff, "exchange": "" if exchange is None else exchange,
            kc.OUT: go_delta(v["my_rank"], v["opp_rank"], v["result"],
                             game_no=None if v["game_no"] is None else int(v["game_no"]),
                             handicap_diff=v["handicap_diff"],
                             game_type=(v["game_type"] or "rated"))}


CATALOG_ENTRIES: tuple[kc.Entry, ...] = (
    kc.Entry("GO_DELTA",
             (kc.Arg("my_rank", Text("自分の段級位", "my rank"), RANK_KIND, "1d"),
              kc.Arg("opp_rank", Text("相手の段級位", "opp. rank"), RANK_KIND, "1k"),
              kc.RES, kc.Arg("game_no", Text("何局目", "game no."),
                             kc.optional_whole(Text("空欄=101局目以降", "blank = established")),
                             30),
              kc.Arg("handicap_diff", Text("手合の段位差", "handicap diff."), HANDICAP_DIFF_KIND),
              kc.Arg("game_type", Text("種類", "type"), TYPE_KIND)),
             (kc.Step("rank_diff", Text("段位差", "rank diff."),
                      lambda r, lang: rank_difference_text(
                          f"MATCH({r['my_rank']},{RANK_CODE},0)",
                          f"MATCH({r['opp_rank']},{RANK_CODE},0)"), "0.0"),
              kc.Step("exchange", Text("交換点", "exchange"),
                      lambda r, lang: rated_change_text(r["rank_diff"], r["handicap_diff"],
                                                        r["result"])),
              kc.Step(kc.OUT, Text("結果", "Result"), catalog_delta, "+0.0;-0.0;0")),
             catalog_engine,
             note=Text("段位差・交換点・増減の3つの式で。",
                       "Here in three cells: rank difference, exchange, change.")),
    kc.Entry("GO_HANDICAP",
             (kc.Arg("my_rank", Text("自分の段級位", "my rank"), RANK_KIND, "1d"),
              kc.Arg("opp_rank", Text("相手の段級位", "opp. rank"), RANK_KIND, "2k")),
             kc.result(lambda r, lang: handicap_text(r["my_rank"], r["opp_rank"], lang,
                                                     CATALOG_KOMI), type="text", wide=True),
             lambda v, lang: {kc.OUT: regular_handicap(v["my_rank"], v["opp_rank"], lang)},
             note=Text("英語版のブックでは英語で書く (ワークシート関数は日本語)。",
                       "The English workbook writes it in English (the worksheet function "
                       "in Japanese).")),
    kc.plain_entry("GO_NEXT_RANK",
                   (kc.Arg("rank", Text("対局前の段級位", "rank before"), RANK_KIND, "1k"),
                    kc.Arg("points", Text("対局後のポイント", "points after"), kc.number_kind(),
                           25701)),
                   next_rank_code_text, next_rank, type="text"),
    kc.plain_entry("GO_RANK_LABEL",
                   (kc.Arg("rank", Text("段級位コード", "rank code"), RANK_KIND, "1d"),),
                   lambda rank: rank_label_text(rank_index_text(rank, RANK_CODE)),
                   rank_label, type="text"),
)
"""The worksheet functions as native formulas, for the formula catalog and LAMBDA names."""
CATALOG_TABLES = (
    kc.RuleTable(Text("囲碁: 局数による倍率", "Go: multiplier by game number"), ("GO_DELTA",),
                 MULTIPLIERS.named("Go_"), tuple(GO.multiplier_percent)),
    kc.RuleTable(Text("囲碁: 手合が正規でないときの交換点",
                      "Go: exchange off the regular handicap"), ("GO_DELTA",),
                 EXCHANGES.named("Go_"), tuple(GO.exchange_table)),
    kc.RuleTable(Text("囲碁: 段級位と昇段・降段ポイント", "Go: ranks, promotion and demotion"),
                 ("GO_DELTA", "GO_HANDICAP", "GO_NEXT_RANK", "GO_RANK_LABEL"),
                 tuple((f"Go_{name}", RANKS.header(key)) for name, key in (
                     ("Ranks_Code", "Ranks_Code"), ("Ranks_Label", "Ranks_Label"),
                     ("Ranks_Value", "Ranks_Value"), ("Ladder_No", "No"),
                     ("Ladder_Up", "Ladder_Up"), ("Ladder_Down", "Ladder_Down"))),
                 tuple((c, label, value, i if c != "BC" else None, up, down)
                       for i, (c, label, value, up, down) in enumerate(rank_rows(GO), 1)),
                 extra=(("Go_Ladder_Code", 1),),
                 shorter=("Go_Ladder_No", "Go_Ladder_Up", "Go_Ladder_Down", "Go_Ladder_Code")),
)
"""The catalog's Tables sheet: the tables these formulas read by name (the Ladder names
stop a row short of BC)."""
CATALOG_RENAMES = {
    **{setting_name(c.key): kc.lit(getattr(GO, c.field))
       for c in (*POINTS, *PROVISIONAL_AND_KOMI)},
    NO_BONUS_FROM: fx.text(GoRank.parse(GO.bc_no_bonus_from).code),
    **kc.settings_renames(CATALOG_TABLES),
}
"""The Settings names the builders read: each the rule's default number or a table's name."""


# --- the game log (CSV): read as the ledger reads its cells, ranks as the sheets show them -----

@dataclass(frozen=True)
class TypeNames:
    """The ledger's game types (:data:`TYPES`), as a message lists them in its language."""

    def text(self, lang: str) -> str:
        return ("、" if lang == "ja" else ", ").join(t(lang) for t in TYPES)


def read_log_fields(cell: Callable[[str], str]) -> tuple[object, ...]:
    """A logged game's result, handicap and type (``cell``: a column's text by key), read
    as the Go ledger reads its cells: a type of :data:`TYPES` or the engine's, a result
    even for a forfeit (and agreeing with it)."""
    from ..gamelog import Field, parse_number, parse_result

    typed, result_text = cell("game_type"), cell("result")
    folded = unicodedata.normalize("NFKC", typed).strip()
    kind = type_number(folded or None)
    if kind == 0 and folded.lower() not in GAME_TYPES:
        raise ValueError(say("row.not_listed", field=Field("game_type"), value=typed,
                             known=TypeNames()))
    result = parse_result(result_text, draws=False)
    if kind in (2, 3) and result != (1 if kind == 2 else 0):
        raise ValueError(say("row.forfeit", field=Field("result"), value=result_text,
                             type=typed.strip()))
    handicap_text = cell("handicap_diff")
    handicap = None
    if handicap_text.strip():
        handicap = parse_number("handicap_diff", handicap_text)
        if not handicap_check().accepts(handicap):
            raise ValueError(say("row.handicap", field=Field("handicap_diff"),
                                 value=handicap_text))
    return result, handicap, ENGINE_TYPE[kind - 1] if kind else folded.lower()


def rank_text(rank: str, games: int, lang: str) -> str:
    """A rank of ``rate``'s list as the sheets show it: 1級, 2級★ (仮 while provisional)
    in Japanese, the codes 1k, 2k+ in English."""
    return rank_label(rank, games < GO.provisional_games) if lang == "ja" else rank


LOG_FIELDS = {"go": read_log_fields}
"""How the CSV reader reads a Go game's columns (:func:`workbook_builder.gamelog.declared`)."""
RANK_TEXTS = {"go": rank_text}
"""How ``rate``'s list shows a Go rank."""
