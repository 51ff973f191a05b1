"""The four-player shogi (四人将棋) rate (RULES.md §5, seed 003): the personal sheet, the
catalog's functions and the club ledger.

A game is four rows, one per seat; each column states its formula and, beside it, the
engine value it must equal (one :func:`rating_rules.yonin.rate_game` call per game). The
personal sheet has no chain: the club's rate table is typed, so a flagged game changes
nothing else. The club ledger (:class:`YoninLedgerSheet`) keeps every game of the club
in one log, each player's rate carried from their previous counted game
(:mod:`workbook_builder.kit.seats`), and the federation's rate table (レート表); a name
not on the Players sheet, a faulty Players row, one player twice in a game or a date off
the game's first row flag a game too, and every chain passes over it.

On the ledger ``rows`` counts sheet rows (four a game), as on the personal sheet:
``audit`` and ``repair`` read a log back row by row. Its "latest month" is that of the
latest dated counted game, not today's: ``TODAY()`` is volatile, so the cached values
would depend on the day the file is built.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, cast

from openpyxl.styles import Alignment, Border, PatternFill, Side
from openpyxl.worksheet.worksheet import Worksheet

from rating_rules import yonin as engine
from rating_rules.yonin import (
    TROUBLE,
    YONIN,
    YoninPreset,
    ko_pt,
    rank_label,
    rate_game,
    tournament_score,
)

from .. import dates, layout, styles
from .. import formulas as fx
from ..formulas import ledger as fl
from ..kit import catalog as kc
from ..kit import inputs as kinds
from ..kit import ledger as kl
from ..kit import ledger_games as lg
from ..kit import ledger_lists as ll
from ..kit import phone
from ..kit import status as st
from ..kit.base import EXAMPLE_NAMES
from ..kit.cells import Cells, Value, excel_number
from ..kit.frame import overwrite_note, title_row
from ..kit.howto import LEDGER, RESULTS
from ..kit.ledger import Book, ClubLedger
from ..kit.ledger_rule import LedgerBook, TypedRow
from ..kit.personal import PersonalSheet
from ..kit.seats import SeatKey, Seats
from ..kit.settings_table import (
    SettingsTable,
    SettingsTables,
    Span,
    TableField,
)
from ..labels import GAMES_TITLE, MOVED, OVERWRITTEN, SETTINGS_TITLE, Text
from ..layout import Column, Formula, NameInfo, Row, Setting, Table, Validation, number_check
from ..layout import validation as v
from ..messages import say
from ..settings import (
    Constant,
    constant_setting,
    constant_settings,
    scalar,
    setting_name,
    write_settings,
)
from ..spec import Spec
from ..table import define_name

# ---- the rule as formula text -----------------------------------------------------------
# Each builder mirrors one function of :mod:`rating_rules.yonin` operation for operation
# (same comparisons, same order of additions), so Excel, LibreOffice and the engine give
# the same result. The tables are read by their Settings names, as the engine reads them:
# the knockout bands ascending by their gap bound, the rank table highest first.

PLACE_PT = "Settings_PlacePt"
KNOCK_SAME_KO, KNOCK_SAME_UP = "Settings_KnockSameKo", "Settings_KnockSameUp"
KNOCK_BELOW, KNOCK_KO, KNOCK_UP = "Settings_KnockBelow", "Settings_KnockKo", "Settings_KnockUp"
KNOCK_TOP_KO, KNOCK_TOP_UP = "Settings_KnockTopKo", "Settings_KnockTopUp"
TROUBLE_OFFENDER, TROUBLE_POT = "Settings_TroubleOffender", "Settings_TroublePot"
RATE_FLOOR = "Settings_RateFloor"
RANK_LABEL, RANK_MIN = "Settings_RankLabel", "Settings_RankMin"
RANK_ALIAS = "Settings_RankAlias"
"""The rank labels in the sheet's other language (一級 ↔ 1 kyu), accepted when typed."""
SCORE_A, SCORE_B, SCORE_KNOCKOUT = "Settings_ScoreA", "Settings_ScoreB", "Settings_ScoreKnockout"
SCORE_102, SCORE_TANSHO = "Settings_Score102", "Settings_ScoreTansho"
SCORE_RULE, WIN_RULE = "Settings_ScoreRule", "Settings_WinRule"

TANSHO_WORDS = ("単勝", "tansho")
"""What the 102/単勝 rule cell may say for 単勝式 (the 102 rule is 102, number or text)."""


def _knock(knocker: str, victim: str, same: str, bands: str, top: str) -> str:
    """The column ``bands`` of the knockout table for gap = victim − knocker."""
    gap = f"({victim}-{knocker})"
    band = f"SUMPRODUCT(({KNOCK_BELOW}<={gap})*1)"
    return (f"IF({gap}<=0,{same},IF({band}>=ROWS({KNOCK_BELOW}),{top},"
            f"INDEX({bands},{band}+1)))")


def ko_pt_text(knocker: str, victim: str) -> str:
    """撃破pt of mating a player (``YONIN_KO_PT``), as :func:`rating_rules.yonin.ko_pt`."""
    return _knock(knocker, victim, KNOCK_SAME_KO, KNOCK_KO, KNOCK_TOP_KO)


def upset_pt_text(victim: str, knocker: str) -> str:
    """下克上pt (≤ 0) of being mated (``YONIN_UPSET_PT``): :func:`rating_rules.yonin.upset_pt`."""
    return _knock(knocker, victim, KNOCK_SAME_UP, KNOCK_UP, KNOCK_TOP_UP)


NEVER_LEAST = "9e+99"
"""A number larger than any pt, spelled with a lower-case exponent: HyperFormula 3.5 does
not parse ``9E+99``; LibreOffice, Gnumeric and Excel read both (and may save ``9E+099``)."""


def worst_upset_pt_text(victim: str, remaining: Sequence[tuple[str, str]]) -> str:
    """The worst 下克上pt of a foul against the players still in: ``remaining`` is (rate,
    still-in condition) per other seat; a seat out gives :data:`NEVER_LEAST` to the MIN."""
    terms = ",".join(f"IF({cond},{upset_pt_text(victim, rate)},{NEVER_LEAST})"
                     for rate, cond in remaining)
    return f"MIN({terms})"


def placement_pt_text(place: str) -> str:
    """順位pt of a place 1–4."""
    return f"INDEX({PLACE_PT},{place})"


def _rank_hit(label: str, names: str) -> str:
    """TRUE when ``label`` is one of ``names`` as exact text (case too, no wildcards): the
    case-blind :func:`~workbook_builder.formulas.exact_match` finds the row, EXACT confirms
    the case (EXACT over a range inside SUMPRODUCT gives #VALUE! in Gnumeric)."""
    return f"IFERROR(EXACT(INDEX({names},{fx.exact_match(label, names)}),{label}),FALSE)"


def is_rank(label: str) -> str:
    """TRUE when ``label`` is a rank label or alias of the table (exact text, no wildcards)."""
    return f"OR({_rank_hit(label, RANK_LABEL)},{_rank_hit(label, RANK_ALIAS)})"


def rank_label_of_text(label: str) -> str:
    """The rank table's label (in the sheet's language) of a label or alias; "" if none."""
    return _rank_column(label, RANK_LABEL, '""')


def _rank_column(label: str, column: str, otherwise: str) -> str:
    """``column`` of the rank table's row of ``label`` (a label or alias), else ``otherwise``."""
    return (f"IF({_rank_hit(label, RANK_LABEL)},"
            f"INDEX({column},{fx.exact_match(label, RANK_LABEL)}),"
            f"IF({_rank_hit(label, RANK_ALIAS)},"
            f"INDEX({column},{fx.exact_match(label, RANK_ALIAS)}),{otherwise}))")


def floor_value_text(official: str) -> str:
    """The lowest result allowed: the general floor, or the minimum of ``official`` (blank,
    or a label or alias of the rank table) if higher."""
    minimum = _rank_column(official, RANK_MIN, "0")
    return f"IF(ISBLANK({official}),{RATE_FLOOR},MAX({minimum},{RATE_FLOOR}))"


def floor_of_text(value: str) -> str:
    """YONIN_UPDATE's ``floor`` argument (blank, a minimum rate, a rank label or alias) as
    the lowest result allowed, as the engine's ``_floor_value``."""
    return f"IF(ISNUMBER({value}),MAX({value},{RATE_FLOOR}),{floor_value_text(value)})"


def rate_update_text(rate: str, place: str, victims: Sequence[str] = (),
                     knocked_by: str | None = None, trouble: str = "0",
                     floor: str = RATE_FLOOR) -> str:
    """One player's new rate (``YONIN_UPDATE``), as :func:`rating_rules.yonin.rate_update`:
    blank ``victims`` are skipped, a blank ``knocked_by`` is the winner's, and ``floor`` is
    the lowest result as an expression (:func:`floor_of_text` of a typed argument, say)."""
    total = f"{rate}+{placement_pt_text(place)}+{trouble}"
    for victim in victims:
        total += f"+IF(ISNUMBER({victim}),{ko_pt_text(rate, victim)},0)"
    if knocked_by is not None:
        total += f"+IF(ISNUMBER({knocked_by}),{upset_pt_text(rate, knocked_by)},0)"
    return f"MAX({total},{floor})"


def rank_label_text(rate: str) -> str:
    """Rank label (段級位) of a rate (``YONIN_RANK``), as :func:`rating_rules.yonin.rank_label`:
    one past the count of minimums above the rate (the table is highest first), at most the
    last label."""
    return (f"INDEX({RANK_LABEL},MIN(SUMPRODUCT(({RANK_MIN}>{rate})*1)+1,"
            f"ROWS({RANK_LABEL})))")


def tournament_score_text(place: str, knockouts: str, rule: str = SCORE_RULE) -> str:
    """Tournament points of one game (``YONIN_SCORE``) under rule A or B of ``rule`` (anything
    but "B" reads as A), as :func:`rating_rules.yonin.tournament_score`."""
    by_place = f"IF({rule}=\"B\",INDEX({SCORE_B},{place}),INDEX({SCORE_A},{place}))"
    return f"{by_place}+{SCORE_KNOCKOUT}*{knockouts}"


def win_score_text(place: str, rule: str = WIN_RULE, words: Sequence[str] = TANSHO_WORDS) -> str:
    """102式 (1 win, 0.5 draw, 0 loss) or 単勝式 result of a place, by ``rule``, as
    :func:`rating_rules.yonin.tournament_score` with rule "102" or "単勝"."""
    return (f"IF({kinds.is_word(rule, words)},INDEX({SCORE_TANSHO},{place}),"
            f"INDEX({SCORE_102},{place}))")


def rule_word(words: Sequence[str]) -> kinds.Check:
    """102 typed as a number, or one of ``words`` (any case): what a rule cell may say."""
    return kinds.Check(lambda ref: f"OR({ref}=102,{kinds.is_word(ref, words)})",
                       lambda x: excel_number(x) == 102 or kinds.text_in(x, words))


def is_rule_ok() -> str:
    """TRUE when the rule cells hold A/B and 102/単勝."""
    return (f"AND({kinds.is_word(SCORE_RULE, ('A', 'B'))},"
            f"{rule_word(('102', *TANSHO_WORDS)).test(WIN_RULE)})")


SCORE_WORDS_102 = ("102", "102式")
SCORE_WORDS_TANSHO = ("単勝", "単勝式", "tansho")
"""Every spelling :func:`rating_rules.yonin.tournament_score` reads as 102式 / 単勝式."""


def catalog_score_text(place: str, knockouts: str, rule: str) -> str:
    """YONIN_SCORE in one cell: rule A (also blank) or B, or 102式 / 単勝式 by any spelling
    (a 102 typed as a number too), as :func:`rating_rules.yonin.tournament_score`."""
    is_win_rule = rule_word((*SCORE_WORDS_102, *SCORE_WORDS_TANSHO)).test(rule)
    win = win_score_text(place, rule, SCORE_WORDS_TANSHO)
    return f"IF({is_win_rule},{win},{tournament_score_text(place, knockouts, rule)})"


def rate_table_line_text(name: str, rank: str, official: str, rate: str, month: str,
                         gap: str = "") -> str:
    """One line of the federation's rate table (seed 003): ``Bさん(三級)/四級:R1410(12)``;
    an official rank equal to the rate's stands alone (``四級:``), "" is none. ``gap``
    goes between the name and the ranks (a space for English labels)."""
    ranks = (f'IF({official}="","("&{rank}&")",IF({official}={rank},{official},'
             f'"("&{rank}&")/"&{official}))')
    sep = f'&"{gap}"' if gap else ""
    return f'{name}{sep}&{ranks}&":R"&{rate}&"("&{month}&")"'


SEATS = 4
INPUT_KEYS = ("Player", "Rate", "Place", "KnockedBy", "Official", "Member")
"""Input columns, in sheet order (contiguous C:H); what ``inputs`` rows may hold."""
MEMBER = Text("会員", "member")
NON_MEMBER = Text("非会員", "non-member")
MEMBER_WORDS = (*MEMBER, *NON_MEMBER)
"""Accepted in the Member column in either language (pasted tables, shared test inputs)."""


def rank_alias(label: str) -> str:
    """The arabic spelling the engine also reads (一級 → 1級, 初段 → 1段)."""
    digits = {k: str(i) for i, k in enumerate("一二三四五六七八九十", 1)}
    head = "一" if label == "初段" else label[:-1]
    return f"{digits.get(head, head)}{label[-1]}"


RANK_EN = {label: f"{rank_alias(label)[:-1]} {'dan' if label[-1] == '段' else 'kyu'}"
           for label, _ in YONIN.ranks}
"""English rank labels of the English sheet (the engine's labels are Japanese)."""

MSG = {
    "settings": st.SETTINGS,
    "rate": Text("⚠ 席{n}: レートは数値で", "⚠ seat {n}: rate must be a number"),
    "place": Text("⚠ 席{n}: 順位は1〜4", "⚠ seat {n}: place must be 1-4"),
    "knocked": Text("⚠ 席{n}: 撃破者は席番号1〜4かT", "⚠ seat {n}: out by: seat 1-4 or T"),
    "official": Text("⚠ 席{n}: 公認段級は一覧から", "⚠ seat {n}: official rank: pick from list"),
    "member": Text("⚠ 席{n}: 会員欄は 会員 か 非会員", "⚠ seat {n}: member or non-member"),
    "incomplete": st.INCOMPLETE,
    "places": Text("⚠ 順位は1〜4を1人ずつ", "⚠ places: 1, 2, 3, 4 once each"),
    "winner": Text("⚠ 席{n}: 1位は撃破されない", "⚠ seat {n}: the winner is never out"),
    "missing": Text("入力途中: 席{n}の撃破者 (席番号かT)",
                    "incomplete: seat {n}'s out by (seat or T)"),
    "self": Text("⚠ 席{n}: 自分の席を撃破者にしている", "⚠ seat {n}: knocked out by own seat"),
    "out": Text("⚠ 席{n}: 撃破者は先に抜けていた", "⚠ seat {n}: knocker was already out"),
}


def all_messages(lang: str, messages: Mapping[str, Text] = MSG, name: str = ""
                 ) -> tuple[str, ...]:
    """What Status may show, for ``describe``: each marker of a seat once per seat (a
    quoted ``{name}`` shown as ``name``)."""
    out = [""]
    for text in messages.values():
        words = text(lang)
        if "{n}" in words:
            out += [words.format(n=s, name=name) for s in range(1, SEATS + 1)]
        else:
            out.append(words)
    return tuple(out)


@dataclass(frozen=True)
class YoninSheetPreset(YoninPreset):
    """The four-player rule plus the sheet's choices on Settings: which tournament score
    (A or B) and which win rule (102 or 単勝) the Score and Win columns show."""

    score_rule: str = "A"
    win_rule: str = "102"


def rank_word(rank: str, lang: str) -> str:
    """A rank as the sheets show it: 五段 in Japanese, 5 dan in English."""
    return RANK_EN.get(rank, rank) if lang == "en" else rank


def rank_labels(preset: YoninPreset, lang: str) -> list[str]:
    """The rank table's labels in ``lang`` (English: 1 dan, 1 kyu …)."""
    return [rank_word(label, lang) for label, _ in preset.ranks]


def rank_lookup(preset: YoninPreset, lang: str) -> dict[str, int]:
    """Label or alias (the other language's label) → row of the rank table."""
    other = "ja" if lang == "en" else "en"
    table = {label: i for i, label in enumerate(rank_labels(preset, other))}
    table.update({label: i for i, label in enumerate(rank_labels(preset, lang))})
    return table


def official_row(value: object, preset: YoninPreset, lang: str) -> int | None:
    """The rank table's row of a typed official rank (label or alias), None if not one."""
    return rank_lookup(preset, lang).get(value) if isinstance(value, str) else None


# ---- where things are -------------------------------------------------------------------

GAME = Seats(("",), rows=SEATS)
"""A game's seats: one a row, four rows a game (:mod:`workbook_builder.kit.seats`)."""


def block(r: Row) -> tuple[int, int]:
    """(first row of this row's game, seat 1-4)."""
    top = GAME.top(r)
    return top, r.number - top + 1


def seat_cells(r: Row, key: str) -> list[str]:
    """The game's four cells of column ``key``, rows relative: every game's seat-s row
    then holds the same formula relative to its row (one shared formula in the file).
    A typed column's cells are read by position (:meth:`Row.at_position`), so a game
    whose cells a person cuts and pastes lower is read where it now stands."""
    top, _ = block(r)
    if r.table.column(key).role == "input":
        return [r.at_position(key, top + i) for i in range(SEATS)]
    letter = r.table.letter(key)
    return [f"{letter}{top + i}" for i in range(SEATS)]


def game_range(r: Row, key: str) -> str:
    """The game's four cells of a computed column as a range; a typed column has none
    (a cut of the game's cells would move it): see :func:`game_list`."""
    assert r.table.column(key).role != "input", f"{key} is typed: read it by position"
    cells = seat_cells(r, key)
    return f"{cells[0]}:{cells[-1]}"


def game_list(r: Row, *keys: str) -> str:
    """The game's cells of ``keys`` as COUNT/COUNTA/CHOOSE arguments."""
    return ",".join(cell for key in keys for cell in seat_cells(r, key))


def game_of(c: Cells) -> int:
    """The game number (1, 2, …) of a data row, as the Game column shows it."""
    return (c.k - 1) // SEATS + 1


def seat_at(k: int) -> int:
    """The seat (1-4) of data row ``k``, as :func:`block` tells it to a formula."""
    return (k - 1) % SEATS + 1


def seat_of(c: Cells) -> int:
    return seat_at(c.k)


def top_of(c: Cells) -> int:
    """The seat-1 row of this row's game."""
    return c.k - seat_of(c) + 1


def seats(c: Cells, key: str) -> list[object]:
    """The four seats' values of column ``key``, the cells :func:`seat_cells` names."""
    top = top_of(c)
    return [c.at(top + i, key) for i in range(SEATS)]


def numbers(values: Sequence[object]) -> list[float]:
    """Numbers as the game rules read them; blank or text is NaN, equal to nothing."""
    return [math.nan if (n := excel_number(v)) is None else n for v in values]


def once_per_game(column: Column) -> Column:
    """``column`` computed in each game's seat-1 row; the other three seats show that cell."""
    formula, value, key = column.formula, column.value, column.key
    assert formula is not None and value is not None, f"{key} needs a formula and a value"

    def shown(r: Row) -> str:
        top, seat = block(r)
        return formula(r) if seat == 1 else f"{r.table.letter(key)}{top}"

    def computed(c: Cells) -> object:
        return value(c) if seat_of(c) == 1 else c.at(top_of(c), key)

    return dataclasses.replace(column, formula=shown, value=computed)


# ---- what a seat's row accepts ----------------------------------------------------------

def is_trouble(value: object) -> bool:
    """T (any case): a resignation or time-out."""
    return kinds.text_in(value, (TROUBLE,))


PLACE = kinds.one_of((1, 2, 3, 4))
KNOCKED = kinds.Check(
    lambda ref: f'IF(ISNUMBER({ref}),OR({ref}=1,{ref}=2,{ref}=3,{ref}=4),{ref}="{TROUBLE}")',
    lambda x: PLACE.accepts(x) or is_trouble(x),
)
"""Out by: a seat 1-4 or T (any case)."""


MEMBER_WORD = kinds.any_of(MEMBER_WORDS)


def rank_check(preset: YoninPreset, lang: str) -> kinds.Check:
    """A label of the rank table or its other-language alias, as exact text."""
    labels = rank_lookup(preset, lang)
    return kinds.Check(is_rank, lambda x: isinstance(x, str) and x in labels)


def seat_fields(k: int) -> dict[str, object]:
    """The seat a row's messages name (``{n}``)."""
    return {"n": seat_at(k)}


ROW_CHECKS = tuple(st.bad(key, seat_fields)
                   for key in ("Rate", "Place", "KnockedBy", "Official", "Member"))
"""The RowCheck column: the first bad value of the row, in column order."""


# ---- a game's Status --------------------------------------------------------------------

SETTING_NUMBERS = (PLACE_PT, KNOCK_SAME_KO, KNOCK_SAME_UP, KNOCK_BELOW, KNOCK_KO,
                   KNOCK_UP, KNOCK_TOP_KO, KNOCK_TOP_UP, TROUBLE_OFFENDER,
                   TROUBLE_POT, RATE_FLOOR, RANK_MIN, SCORE_A, SCORE_B,
                   SCORE_KNOCKOUT, SCORE_102, SCORE_TANSHO)


def settings_ok(preset: YoninPreset) -> str:
    count = (4 + 2 + 3 * len(preset.knock_bands) + 2 + 3 + len(preset.ranks) + 4 * 4 + 1)
    return f"AND(COUNT({','.join(SETTING_NUMBERS)})={count},{is_rule_ok()})"


def places_formula(r: Row) -> str:
    """Places 1, 2 and 3 not once each (COUNTIF, cell by cell)."""
    counts = ("+".join(f"({cell}={n})" for cell in seat_cells(r, "Place")) for n in (1, 2, 3))
    return f"NOT(AND({','.join(f'({count})=1' for count in counts)}))"


def places_wrong(places: Sequence[float]) -> bool:
    return any(places.count(p) != 1 for p in (1, 2, 3))


def was_out(places: Sequence[float], knocked: Sequence[object], s: int) -> bool:
    """Seat ``s`` (0-3) was mated by a seat that had left before it."""
    k = excel_number(knocked[s])
    return k is not None and places[int(k) - 1] > places[s]


@dataclass(frozen=True)
class SeatRule:
    """A rule on a typed game's places and knockers, tried seat by seat."""

    message: str
    """Key of :data:`MSG`; the message names the seat."""
    test: Callable[[str, str, str, int], str]
    """The sheet's test from the game's places (as CHOOSE arguments), the seat's place
    and knocker, the seat."""
    holds: Callable[[Sequence[float], Sequence[object], int], bool]
    """The engine's test from the four places and knockers and the seat index (0-3)."""


SEAT_RULES = (
    SeatRule("winner", lambda g, p, k, s: f"AND({p}=1,NOT(ISBLANK({k})))",
             lambda places, knocked, s: places[s] == 1 and knocked[s] is not None),
    SeatRule("missing", lambda g, p, k, s: f"AND({p}<>1,ISBLANK({k}))",
             lambda places, knocked, s: places[s] != 1 and knocked[s] is None),
    SeatRule("self", lambda g, p, k, s: f"{k}={s}",
             lambda places, knocked, s: excel_number(knocked[s]) == s + 1),
    SeatRule("out", lambda g, p, k, s: f"IF(ISNUMBER({k}),CHOOSE({k},{g})>{p},FALSE)",
             was_out),
)
"""After the places, in this order: the first rule that holds for some seat decides."""


def seat_rule_case(rule: SeatRule, s: int) -> st.Case:
    """``rule`` for seat index ``s`` as a Status case of the game's seat-1 row."""
    def test(r: Row) -> str:
        return rule.test(game_list(r, "Place"), seat_cells(r, "Place")[s],
                         seat_cells(r, "KnockedBy")[s], s + 1)

    def holds(c: Cells) -> bool:
        return rule.holds(numbers(seats(c, "Place")), seats(c, "KnockedBy"), s)

    return st.Case(test, holds, Text(*(words.format(n=s + 1) for words in MSG[rule.message])))


def row_check_case(s: int) -> st.Case:
    """Seat ``s``'s RowCheck, when it flags a bad value."""
    return st.cell_message(lambda r: seat_cells(r, "RowCheck")[s],
                           lambda c: c.at(top_of(c) + s, "RowCheck"))


def game_moved(r: Row) -> str:
    """Whether an insert, delete, sort or copy broke the game's block of four rows: one of
    its rows is not where it was built (its Built is 0), or a row is missing. The game's
    seat-1 row reads the other three by their place in the block."""
    return f"IFERROR(SUM({game_range(r, 'Built')})<>{SEATS},TRUE)"


def status_cases(preset: YoninPreset, inputs: Sequence[str] = INPUT_KEYS
                 ) -> tuple[st.Case, ...]:
    """The game's Status, first case first, computed in its seat-1 row; ``inputs``: the
    columns typed at the table (the ledger's)."""
    return (
        st.Case(game_moved, lambda c: False, MOVED, name="Msg_Moved"),
        st.Case(lambda r: f"COUNTA({game_list(r, *inputs)})=0",
                lambda c: all(x is None for key in inputs for x in seats(c, key))),
        st.settings_unusable(lambda r: settings_ok(preset)),
        *(row_check_case(s) for s in range(SEATS)),
        st.Case(lambda r: f"{r.table.letter('Filled')}{block(r)[0]}=0",
                lambda c: c["Filled"] == 0, MSG["incomplete"]),
        st.Case(places_formula, lambda c: places_wrong(numbers(seats(c, "Place"))),
                MSG["places"]),
        *(seat_rule_case(rule, s) for rule in SEAT_RULES for s in range(SEATS)),
    )


# ---- per game: typed, rated -------------------------------------------------------------

def filled(key: str = "Rate", names: bool = False) -> tuple[Formula, Value]:
    """The game's Filled: 0 when a seat's ``key`` (a rate, a number; with ``names``, the
    ledger's player name) or place is missing, 1 when a knocker is, 2 when all is typed."""
    def formula(r: Row) -> str:
        typed, places = game_list(r, key), game_list(r, "Place")
        out_given = ",".join(f"OR({p}=1,NOT(ISBLANK({k})))" for p, k in
                             zip(seat_cells(r, "Place"), seat_cells(r, "KnockedBy"), strict=True))
        return (f"IF(AND({'COUNTA' if names else 'COUNT'}({typed})=4,COUNT({places})=4),"
                f"IF(AND({out_given}),2,1),0)")

    def value(c: Cells) -> int:
        places = numbers(seats(c, "Place"))
        typed = [x is not None if names else excel_number(x) is not None for x in seats(c, key)]
        if not all(typed) or any(math.isnan(p) for p in places):
            return 0
        knocked = seats(c, "KnockedBy")
        return 2 if all(p == 1 or k is not None
                        for p, k in zip(places, knocked, strict=True)) else 1

    return formula, value


def when_rated(r: Row, formula: str) -> str:
    return fx.if_(f"{r['Rated']}=1", formula, '""')


def knocker_of(value: object) -> int | str | None:
    """Out by as :func:`rate_game` reads it: a seat, T, or None for the winner."""
    if value is None:
        return None
    return TROUBLE if is_trouble(value) else int(excel_number(value) or 0)


def rate_seats(c: Cells) -> list[dict[str, object]]:
    """:func:`seat_values` of the rated game typed in this row's four rows."""
    rows = [official_row(f, c.preset, c.lang) for f in seats(c, "Official")]
    floors = [None if row is None else c.preset.ranks[row][0] for row in rows]
    return rate_typed(c, floors, [not kinds.text_in(m, NON_MEMBER) for m in seats(c, "Member")])


def rate_typed(c: Cells, floors: Sequence[float | None], members: Sequence[bool]
               ) -> list[dict[str, object]]:
    """:func:`seat_values` of the game's typed rates, places and knockers, given each
    seat's floor and member flag (typed on the row, or the ledger's Players sheet)."""
    return seat_values(numbers(seats(c, "Rate")), [int(p) for p in numbers(seats(c, "Place"))],
                       [knocker_of(k) for k in seats(c, "KnockedBy")], floors, members,
                       c.preset, c.lang)


Rating = Callable[[Cells], list[dict[str, object]]]
"""A rated game's :func:`seat_values` from one of its rows (:func:`rate_seats` here)."""


def game_values(c: Cells, rate: Rating = rate_seats) -> list[dict[str, object]]:
    """The game's computed cells, seat by seat: one :func:`rate_game` per game number."""
    memo = cast(dict[int, list[dict[str, object]]], c.context.setdefault("yonin.games", {}))
    game = game_of(c)
    if game not in memo:
        memo[game] = rate(c)
    return memo[game]


def rated(key: str, rate: Rating = rate_seats) -> Value:
    """The engine's ``key`` of this seat in a rated game, else "" (:func:`when_rated`);
    ``rate`` gives the game's values where the inputs differ (the ledger's Players)."""
    def value(c: Cells) -> object:
        return game_values(c, rate)[seat_of(c) - 1][key] if c["Rated"] == 1 else ""

    return value


# ---- formulas of a rated game ----------------------------------------------------------

def knocker_formula(r: Row) -> str:
    k, p = r["KnockedBy"], r["Place"]
    places = enumerate(seat_cells(r, "Place"), 1)
    first_place = fx.first_match([(f"{cell}=1", str(seat)) for seat, cell in places], "NA()")
    return when_rated(r, f"IF(ISNUMBER({k}),{k},IF(AND(NOT(ISBLANK({k})),{p}=2),{first_place},0))")


def foul_formula(r: Row) -> str:
    k = r["KnockedBy"]
    return when_rated(r, f"IF(AND(NOT(ISBLANK({k})),NOT(ISNUMBER({k})),{r['Place']}>=3),1,0)")


def knocker_rate(r: Row) -> str:
    return f"CHOOSE({r['Knocker']},{game_list(r, 'Rate')})"


def ko_given_formula(r: Row) -> str:
    return when_rated(r, f"IF({r['Knocker']}>0,{ko_pt_text(knocker_rate(r), r['Rate'])},0)")


def others(r: Row) -> list[int]:
    _, seat = block(r)
    return [s for s in range(SEATS) if s != seat - 1]


def upset_formula(r: Row, member: str) -> str:
    """Upset points: from the knocker, or on a foul the worst of those still playing
    (a ``member`` only)."""
    rates, places = seat_cells(r, "Rate"), seat_cells(r, "Place")
    remaining = [(rates[o], f"{places[o]}<{r['Place']}") for o in others(r)]
    foul = f"IF({r['Foul']}=1,IF({member},{worst_upset_pt_text(r['Rate'], remaining)},0),0)"
    return when_rated(r, f"IF({r['Knocker']}>0,{upset_pt_text(r['Rate'], knocker_rate(r))},{foul})")


def trouble_formula(r: Row) -> str:
    fouls, places = seat_cells(r, "Foul"), seat_cells(r, "Place")
    shares = "".join(f"+IF(AND({fouls[o]}=1,{places[o]}>{r['Place']}),"
                     f"{TROUBLE_POT}/({places[o]}-1),0)" for o in others(r))
    return when_rated(r, f"IF({r['Foul']}=1,{TROUBLE_OFFENDER},0){shares}")


def ko_pt_formula(r: Row) -> str:
    _, seat = block(r)
    return when_rated(r, f"SUMIF({game_range(r, 'Knocker')},{seat},{game_range(r, 'KoGiven')})")


def new_rate_formula(r: Row, floor: str) -> str:
    """The rate and the game's points, raised to ``floor``."""
    raw = "+".join(r[k] for k in ("Rate", "PlacePt", "KoPt", "UpsetPt", "TroublePt"))
    return when_rated(r, f"MAX({raw},{floor})")


def score_formula(r: Row) -> str:
    _, seat = block(r)
    knockouts = f"COUNTIF({game_range(r, 'Knocker')},{seat})"
    return when_rated(r, tournament_score_text(r["Place"], knockouts))


# ---- the table --------------------------------------------------------------------------

def official_column(preset: YoninPreset, lang: str, message: Text) -> Column:
    """A player's official rank, if any: their rate never drops below its minimum."""
    return Column("Official", Text("公認\n段級", "Official\nrank"), "input", "choice", 6,
                  width_en=8, allowed=tuple(rank_labels(preset, lang)), lead=Text("▼", "▼"),
                  validation=v("list", Text("公認段級があれば選ぶ (その段級の下限より下がらない)",
                                            "Official rank, if any: the rate never drops below "
                                            "its minimum"),
                               Text("一覧から選んでください", "Pick a rank from the list"),
                               None, RANK_LABEL),
                  check=rank_check(preset, lang), message=message)


def member_column(lang: str, message: Text) -> Column:
    """Member (blank) or non-member: a non-member who resigns with 3 or more left gets only −12."""
    return Column("Member", Text("会員", "Member"), "input", "choice", 6.5, width_en=11,
                  allowed=(MEMBER(lang), NON_MEMBER(lang)), lead=Text("空欄=会員", "blank=member"),
                  validation=v("list", Text("非会員なら選ぶ (空欄は会員)",
                                            "Pick non-member if so (blank = member)"),
                               Text("会員 か 非会員", "member or non-member"),
                               None, f'"{MEMBER(lang)},{NON_MEMBER(lang)}"'),
                  check=MEMBER_WORD, message=message)


def input_columns(lang: str, preset: YoninPreset) -> tuple[Column, ...]:
    """What a person types per seat, each with its check and Status message."""
    return (
        Column("Player", Text("名前", "Player"), "input", "text", 8, width_en=9,
               lead=Text("名前", "name"),
               validation=v(None, Text("対局者の名前 (なくても計算します)",
                                       "Player's name (optional)"), None)),
        Column("Rate", Text("対局前\nレート", "Rate\nbefore"), "input", "number", 7,
               lead=Text("数値", "number"),
               validation=number_check(Text("対局前のレート (レート表から)",
                                                "Rate before the game (from the rate table)")),
               check=kinds.NUMBER, message=MSG["rate"]),
        Column("Place", Text("順位", "Place"), "input", "choice", 4.5, width_en=5.5,
               number_format="0", allowed=(1, 2, 3, 4), lead=Text("1〜4", "1-4"),
               validation=v("list", Text("順位 1〜4 (抜けた順の逆)", "Place 1-4 (1 = winner)"),
                            Text("1, 2, 3, 4 のどれか", "Type 1, 2, 3 or 4"), None,
                            '"1,2,3,4"'),
               check=PLACE, message=MSG["place"]),
        Column("KnockedBy", Text("撃破者", "Out\nby"), "input", "choice", 5.5,
               allowed=(1, 2, 3, 4, TROUBLE), lead=Text("席/T", "seat/T"),
               validation=v("list", Text("詰ませた人の席番号 1〜4。1位は空欄。投了・時間切れは T",
                                         "Seat 1-4 of who mated this player; blank for the "
                                         "winner; T for resign/time-out"),
                            Text("席番号 1〜4 か T", "Type a seat 1-4 or T"),
                            None, f'"1,2,3,4,{TROUBLE}"'),
               check=KNOCKED, message=MSG["knocked"]),
        official_column(preset, lang, MSG["official"]),
        member_column(lang, MSG["member"]),
    )


def result_columns(lang: str, preset: YoninPreset) -> tuple[Column, ...]:
    """What a rated game shows per seat, and the game's Status."""
    cases = status_cases(preset)
    return (
        Column("PlacePt", Text("順位\npt", "Place\npt"), "computed", "number", 5, width_en=5.5,
               formula=lambda r: when_rated(r, placement_pt_text(r["Place"])),
               value=rated("PlacePt")),
        Column("KoPt", Text("撃破\npt", "KO\npt"), "computed", "number", 5,
               formula=ko_pt_formula, value=rated("KoPt")),
        Column("UpsetPt", Text("下克上\npt", "Upset\npt"), "computed", "number", 6,
               formula=lambda r: upset_formula(r, f"NOT({kinds.is_word(r['Member'], NON_MEMBER)})"),
               value=rated("UpsetPt")),
        Column("TroublePt", Text("トラブル\npt", "Trouble\npt"), "computed", "number",
               8, width_en=8, formula=trouble_formula, value=rated("TroublePt")),
        Column("NewRate", Text("新\nレート", "New\nrate"), "computed", "number", 7.5,
               formula=lambda r: new_rate_formula(r, floor_value_text(r["Official"])),
               value=rated("NewRate")),
        Column("Rank", Text("段級", "Rank"), "computed", "text", 5.5, width_en=7,
               allowed=tuple(rank_labels(preset, lang)),
               formula=lambda r: when_rated(r, rank_label_text(r["NewRate"])), value=rated("Rank")),
        Column("Score", Text("大会\n得点", "Score"), "computed", "number", 5, width_en=6,
               formula=score_formula, value=rated("Score")),
        Column("Win", Text("勝敗", "Win"), "computed", "number", 5,
               formula=lambda r: when_rated(r, win_score_text(r["Place"])), value=rated("Win")),
        once_per_game(st.status_column(cases, lang, 26, all_messages(lang), width_en=31)),
    )


helper = functools.partial(layout.helper, width=8)
"""A hidden helper column other formulas read (the four-player sheets' are 8 wide)."""


def helper_columns(lang: str) -> tuple[Column, ...]:
    """Hidden: the row's check, the game's state, and who is credited with each exit."""
    return (
        helper("RowCheck", Text("計算用 行の確認", "Row check"), "text",
               lambda r: st.status_formula(ROW_CHECKS, r, lang),
               lambda c: st.status_value(ROW_CHECKS, c)),
        once_per_game(helper("Filled", Text("計算用 入力済み", "Filled"), "integer",
                             *filled())),
        once_per_game(helper("Rated", Text("計算用 計算する", "Rated"), "integer",
                             lambda r: f'IF(AND({r["Status"]}="",{r["Filled"]}=2),1,0)',
                             lambda c: int(c["Status"] == "" and c["Filled"] == 2))),
        helper("Knocker", Text("計算用 撃破者", "Knocker"), "integer", knocker_formula,
               rated("Knocker")),
        helper("Foul", Text("計算用 反則", "Foul"), "integer", foul_formula, rated("Foul")),
        helper("KoGiven", Text("計算用 撃破者のpt", "KO pt given"), "number", ko_given_formula,
               rated("KoGiven")),
    )


def games_table(rows: int, lang: str, preset: YoninPreset) -> Table:
    """The Games table: four rows a game, inputs, results and hidden helpers."""
    columns = (
        Column("Game", Text("局", "Game"), "computed", "integer", 4, width_en=5.5,
               formula=lambda r: str((r.number - r.table.first_row) // SEATS + 1)
               if block(r)[1] == 1 else '""',
               value=lambda c: game_of(c) if seat_of(c) == 1 else ""),
        Column("Seat", Text("席", "Seat"), "computed", "integer", 3.5, width_en=4.5,
               formula=lambda r: str(block(r)[1]), value=seat_of),
        *input_columns(lang, preset),
        *result_columns(lang, preset),
        *helper_columns(lang),
    )
    return Table.games(phone_view(columns, PHONE_FIRST), rows, anchor="Seat")


PHONE_FIRST = ("Game", "Seat", "Player", "Rate", "Place", "KnockedBy", "NewRate", "Status")
"""What a phone shows first (:mod:`~workbook_builder.kit.phone`): the seat, what is typed
at the table, the new rate and the Status. Official rank and membership follow: blank for
most players and the same every game."""
PHONE_WIDTHS: phone.Widths = {
    "Game": (3, 5.5), "Seat": (2.5, 4.5), "Player": (6, 5.5), "Rate": (5, 6),
    "Place": (3.5, 5), "KnockedBy": (5, 4.5), "Date": phone.DATE_WIDTH, "NewRate": (5.5, 5)}
"""Widths (ja, en) of the columns a phone shows, on both four-player sheets."""


def phone_view(columns: Sequence[Column], first: Sequence[str]) -> tuple[Column, ...]:
    """``columns`` with ``first`` first, narrowed to a phone's first screen."""
    return phone.narrowed(phone.answers_first(columns, first), PHONE_WIDTHS)


# ---- Settings ---------------------------------------------------------------------------

YONIN_CONSTANTS = (
    Constant("TroubleOffender", Text("トラブルpt 本人", "Trouble pt: offender"),
             Text("3人以上残っての投了・時間切れ (+最悪の下克上pt)",
                  "Resign/time-out with 3+ left (plus the worst upset pt)"), "trouble_offender"),
    Constant("TroublePot", Text("トラブルpt 分配", "Trouble pt: shared"),
             Text("残った人で等分 (2人なら6ずつ、3人なら4ずつ)",
                  "Split among those left (6 each for 2, 4 each for 3)"), "trouble_pot"),
    Constant("RateFloor", Text("レートの下限", "Rate floor"),
             Text("計算結果がこれより下なら下限にする", "A result below this becomes this"),
             "rate_floor"),
    Constant("ScoreKnockout", Text("大会得点 撃破1つ", "Score per knockout"),
             Text("A・Bルールで撃破1つごとの得点", "A and B rules: points per knockout"),
             "score_knockout"),
    Constant("StartMember", Text("開始 新会員", "Start: new member"),
             Text("レート表に新しく載せる会員のレート", "A new member's rate in the table"),
             "start_member"),
    Constant("StartNonMember", Text("開始 非会員", "Start: non-member"),
             Text("非会員の共通レート", "The shared non-member rate"), "start_non_member"),
)
"""The four-player rule's single numbers; the CPU levels' starts follow."""


def settings_for(preset: YoninSheetPreset, lang: str) -> list[Setting]:
    """The single values; the tables follow below them (:data:`TABLES`)."""
    return [
        scalar("ScoreRule", "score_rule", Text("大会得点のルール", "Score rule"),
               Text("A: 2/1/0/−1、B: 3/1/0/0 (どちらも撃破1つにつき+1)",
                    "A: 2/1/0/−1, B: 3/1/0/0 (both +1 per knockout)"), preset.score_rule,
               v("list", Text("A か B", "A or B"), Text("A か B を選ぶ", "Pick A or B"), None,
                 '"A,B"')),
        scalar("WinRule", "win_rule", Text("勝敗のルール", "Win rule"),
               Text("102: 1位勝ち 2位引分け (0.5)、単勝: 1位だけ勝ち",
                    "102: 1st wins, 2nd draws (0.5); tansho: only 1st wins"), preset.win_rule,
               v("list", Text("102 か 単勝", "102 or tansho"),
                 Text("一覧から選ぶ", "Pick from the list"), None,
                 Text('"102,単勝"', '"102,tansho"')(lang))),
        *constant_settings(preset, YONIN_CONSTANTS, label_prompts=True),
        *(constant_setting(f"StartCpu{i}", Text(f"開始 CPU{i}", f"Start: CPU level {i}"),
                           Text(f"CPUレベル{i}のレート", f"Rate of CPU level {i}"), value,
                           f"start_cpu.{i - 1}", label_prompt=True)
          for i, value in enumerate(preset.start_cpu, 1)),
    ]


PLACES = ("1位", "2位", "3位", "4位")
PLACES_EN = ("1st", "2nd", "3rd", "4th")


def table_check(field: TableField) -> Validation:
    """A four-player table's typed cell: a number, checked cell by cell."""
    return number_check(field.prompt or field.label)


def place_rows(preset: YoninPreset, lang: str) -> Iterator[tuple[object, ...]]:
    """A row per place: its name, then the preset's figure of each column."""
    figures = (getattr(preset, f.fills) for f in PLACE_POINTS.fields if f.fills)
    return zip(PLACES_EN if lang == "en" else PLACES, *figures, strict=True)


PLACE_POINTS = SettingsTable((
    TableField("Place", Text("順位", "Place"), "text", typed=False, bold=True, named=False),
    TableField("PlacePt", Text("順位pt", "Place pt"), fills="placement_pt"),
    TableField("ScoreA", Text("A", "A"), fills="score_a"),
    TableField("ScoreB", Text("B", "B"), fills="score_b"),
    TableField("Score102", Text("102", "102"), fills="score_102"),
    TableField("ScoreTansho", Text("単勝", "tansho"), fills="score_tansho"),
), table_check, each_cell=True, heading=Text("順位ごとの点", "Points by place"),
    heading_size=11, size=SEATS, rows=place_rows)
"""The points by place (順位pt, scores A/B, 102, 単勝), a preset field a column."""
KNOCKS = SettingsTable((
    TableField("Gap", Text("差", "Gap"), "text", typed=False, bold=True, named=False,
               listed=False),
    TableField("KnockBelow", Text("差の上限", "Gap below"),
               prompt=Text("差の上限 (小さい順)", "Gap bound (ascending)")),
    TableField("KnockKo", Text("撃破pt", "KO pt")),
    TableField("KnockUp", Text("下克上pt", "Upset pt")),
), table_check, each_cell=True,
    heading=Text("撃破pt・下克上pt (差 = 詰まされた人 − 詰ませた人)",
                 "KO pt and upset pt (gap = mated player − mating player)"),
    heading_size=11, fills="knock_bands", order=("KnockBelow", True),
    rows=lambda preset, lang: [
        (Text("差 ≤ 0 (同格以下を詰む)", "gap ≤ 0 (mating an equal or lower)")(lang), None,
         *preset.knock_same_or_higher),
        *((Text("差 < 上限", "gap < bound")(lang), *band) for band in preset.knock_bands),
        (Text("それ以上", "larger gap")(lang), None, *preset.knock_top)],
    spans=(Span("KnockSameKo", "KnockKo", 0, 1, True, "knock_same_or_higher.0"),
           Span("KnockSameUp", "KnockUp", 0, 1, True, "knock_same_or_higher.1"),
           Span("KnockBelow", "KnockBelow", 1, -1, True),
           Span("KnockKo", "KnockKo", 1, -1, True), Span("KnockUp", "KnockUp", 1, -1, True),
           Span("KnockTopKo", "KnockKo", -1, None, True, "knock_top.0"),
           Span("KnockTopUp", "KnockUp", -1, None, True, "knock_top.1")))
"""撃破pt and 下克上pt by the rate gap: a row for gap ≤ 0 (two constants), the bands (the
preset's ``knock_bands``, bounds rising), then the rest (two constants)."""
RANKS = SettingsTable((
    TableField("RankLabel", Text("段級", "Rank"), "text", typed=False, kept=True, bold=True),
    TableField("RankMin", Text("下限レート", "Minimum"),
               prompt=Text("この段級の下限レート", "Minimum rate of this rank")),
    TableField("RankAlias", Text("英語表記", "In Japanese"), "text", typed=False, kept=True,
               catalog=Text("別の書き方", "Also read")),
), table_check, each_cell=True, heading=Text("段級 (高い順)", "Ranks (highest first)"),
    heading_size=11, fills="ranks", order=("RankMin", False),
    rows=lambda preset, lang: zip(rank_labels(preset, lang),
                                  [minimum for _, minimum in preset.ranks],
                                  rank_labels(preset, "ja" if lang == "en" else "en"),
                                  strict=True),
    item=lambda row, lang: (row[2] if lang == "en" else row[0], row[1]))
"""The ranks, highest first, each with its label in the other language (accepted too)."""
TABLES = SettingsTables((PLACE_POINTS, KNOCKS, RANKS),
                        widths=tuple((letter, 8.5) for letter in "CDEF"))
"""The Settings tables a club may edit, for the sheet and the ledger."""


RULE_NOTES = (
    Text("ルール (四人将棋 アマレート、RULES.md §5)", "Rules (four-player shogi amateur rate)"),
    Text("新レート = 対局前 + 順位pt + 撃破pt + 下克上pt + トラブルpt",
         "New rate = before + place pt + KO pt + upset pt + trouble pt"),
    Text("撃破pt・下克上pt は対局前レートの差で決まる (表の上限は小さい順)。",
         "KO and upset pt come from the pre-game gap (bounds ascending)."),
    Text("2人残りでの投了・時間切れ (T) は1位に詰まされたのと同じ。",
         "Resign/time-out (T) with 2 left counts as mated by the 1st."),
    Text("3人以上残りの T は反則: 最悪の下克上pt + トラブルpt (非会員はトラブルptだけ)。",
         "T with 3+ left is a foul: worst upset pt + trouble pt (non-member: trouble pt only)."),
    Text("結果は下限レート以上、公認段級があればその段級の下限以上。",
         "A result never goes below the floor, nor below an official rank's minimum."),
    Text("段級の表は高い順に。⚠ の局は計算しません。",
         "Keep the rank table highest first. Games marked ⚠ are not rated."),
)


# ---- the engine's values of a rated game ------------------------------------------------

def seat_values(rates: Sequence[float], places: Sequence[int], knocked: Sequence[int | str | None],
                floors: Sequence[float | str | None], members: Sequence[bool],
                preset: YoninSheetPreset, lang: str) -> list[dict[str, object]]:
    """The computed cells of a rated game's four rows, from :func:`rate_game`, for this
    sheet and the four-player ledger (Knocker, Foul, KoGiven as :func:`helper_columns`)."""
    outcome = rate_game(rates, places, knocked, floors, members, preset)
    knockers = [
        k if isinstance(k, int) else places.index(1) + 1 if k == TROUBLE and p == 2 else 0
        for p, k in zip(places, knocked, strict=True)
    ]
    return [dict(
        Knocker=knockers[s], Foul=int(knocked[s] == TROUBLE and places[s] >= 3),
        KoGiven=ko_pt(rates[knockers[s] - 1], rates[s], preset) if knockers[s] else 0,
        PlacePt=o.placement_pt, KoPt=o.knockout_pt, UpsetPt=o.upset_pt,
        TroublePt=o.trouble_pt, NewRate=o.rate,
        Rank=rank_word(o.rank, lang),
        Score=tournament_score(places[s], knockers.count(s + 1), preset.score_rule, preset),
        Win=tournament_score(places[s], 0, preset.win_rule, preset))
        for s, o in enumerate(outcome)]


# ---- examples and the sheet type --------------------------------------------------------

def example_games(lang: str) -> list[dict[str, object]]:
    """RULES.md §5's game, its time-out variant, a foul with four left, an impossible game."""
    a, b, c, d = EXAMPLE_NAMES[lang][:SEATS]
    shodan = "初段" if lang == "ja" else RANK_EN["初段"]
    non = NON_MEMBER(lang)

    def game(seats: Sequence[tuple[object, ...]]) -> list[dict[str, object]]:
        return [{"Player": n, "Rate": r, "Place": p, "KnockedBy": k, "Official": f, "Member": m}
                for n, r, p, k, f, m in seats]

    return [
        *game([(a, 1720, 1, None, None, None), (b, 1370, 2, 1, None, None),
               (c, 2005, 3, 2, shodan, None), (d, 480, 4, 1, None, None)]),
        *game([(a, 1761, 1, None, None, None), (b, 1410, 2, 1, None, None),
               (c, 2000, 3, TROUBLE, shodan, None), (d, 470, 4, 1, None, None)]),
        *game([(a, 1767, 2, 3, None, None), (b, 1396, 3, 1, None, None),
               (c, 2000, 1, None, shodan, None), (d, 500, 4, TROUBLE, None, non)]),
        *game([(a, 1767, 1, None, None, None), (b, 1396, 1, None, None, None),
               (c, 2000, 3, 2, shodan, None), (d, 470, 4, 1, None, None)]),
    ]


FOUR_ROWS_STEP = Text("「{games}」に 1 局 4 行 (1 人 1 行) で、白いセル {games_cols} を入れる。",
                      "On “{games}”, one game in four rows (a row a player), type in the "
                      "white cells {games_cols}.")
"""The how-to's step for the Games sheet, on the personal sheet and the ledger."""


class YoninSheet(PersonalSheet[YoninSheetPreset]):
    """Workbook type ``system = "yonin"``: four rows a game (a seat each), no chart."""

    system = "yonin"
    presets: ClassVar[Mapping[str, Any]] = {"default": YoninSheetPreset()}
    start_field = "start_member"
    title = Text("四人将棋 レート表", "Four-player shogi rate table")
    chart = None
    rows_per_game = SEATS
    tables = TABLES
    howto = (FOUR_ROWS_STEP,
             Text("ルールの定数 (開始レートなど) は「{settings}」。ふだんは変えなくてよい。",
                  "The rule's constants (starting rates …) are on “{settings}”; usually left "
                  "as they are."),
             RESULTS)

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        return example_games(lang)

    def table(self, rows: int, lang: str, preset: YoninPreset) -> Table:
        return games_table(rows, lang, preset)

    def dress_games(self, ws: Worksheet, table: Table, lang: str,
                    title: str) -> dict[str, object]:
        return dress_seats(ws, table, lang, title, (table,))

    def settings_sheet(self, ws: Worksheet, title: str, preset: YoninSheetPreset,
                       lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        return write_settings_sheet(ws, preset, lang, title, settings_for(preset, lang)), {}


def write_settings_sheet(ws: Worksheet, preset: YoninPreset, lang: str, heading: str,
                         settings: Sequence[Setting],
                         notes: Sequence[Text] = RULE_NOTES) -> list[NameInfo]:
    """The single values, the tables under them, then the rules in a few lines."""
    names = write_settings(ws, heading, settings, lang, wrap=False)
    tables = dataclasses.replace(TABLES, notes=tuple(notes))
    return names + tables.write(ws, ws.max_row + 2, preset, lang)[0]


LATER_ROWS_FILL = PatternFill("solid", fgColor="F2F2F2")
"""Grey for the cells of a column typed on a game's first row only (the ledger's date)."""


def dress_seats(ws: Worksheet, table: Table, lang: str, title: str, watch: Sequence[Table],
                first_row_only: Sequence[str] = ()) -> dict[str, object]:
    """Title, legend, hint row and a line under each game; the title's cached value (its
    banner watches ``watch``). ``first_row_only`` columns are grey below a game's first
    row. No merged cells: a merged block stops a sort of the rows and a paste across it."""
    cached = title_row(ws, table, lang, title, "Status", watch)
    ws.row_dimensions[table.header_row].height = 48
    hint_row(ws, table, lang)
    ws.freeze_panes = f"D{table.first_row}"
    centred = [table.index(k) for k in ("Game", "Seat", "Place", "KnockedBy", "Rank")]
    grey = [table.index(k) for k in first_row_only]
    last_visible = max(i for i, c in enumerate(table.columns, 1) if not c.hidden)
    thick = Side(style="medium", color="305496")
    for top in range(table.first_row, table.last_row + 1, SEATS):
        for s in range(SEATS):
            for col in centred:
                ws.cell(top + s, col).alignment = Alignment(horizontal="center")
            for col in grey if s else ():
                ws.cell(top + s, col).fill = LATER_ROWS_FILL
        for col in range(1, last_visible + 1):
            cell = ws.cell(top + SEATS - 1, col)
            b = cell.border
            cell.border = Border(left=b.left, right=b.right, top=b.top, bottom=thick)
    overwrite_note(ws, table, lang)
    return cached


def hint_row(ws: Worksheet, table: Table, lang: str) -> None:
    """The row under the header says what to type, small and grey."""
    for i, column in enumerate(table.columns, 1):
        cell = ws.cell(table.lead_row, i)
        if not column.hidden:
            cell.font = styles.font(lang, size=9, color="595959")
            cell.alignment = Alignment(horizontal="center", shrink_to_fit=True)


# --- the catalog's entries: YONIN_KO_PT … YONIN_SCORE (YONIN_GAME has none) ----------------

KNOCKER = kc.Arg("knocker_rate", Text("詰ませた人", "knocker"), kc.number_kind(), 1370)
VICTIM = kc.Arg("victim_rate", Text("詰まされた人", "victim"), kc.number_kind(), 2005)
CATALOG_RULES = ("A", "B", "102", *SCORE_WORDS_102[1:], *SCORE_WORDS_TANSHO)
CATALOG_LABELS = tuple(label for label, _ in YONIN.ranks) + tuple(
    rank_alias(label) for label, _ in YONIN.ranks)
PLACE_KIND = kc.choice_kind((1, 2, 3, 4), Text("1〜4", "1 to 4"),
                            Text("1〜4 の順位", "a place 1 to 4"))
VICTIMS = kc.Kind(
    kc.NUMBERS_OR_BLANKS,
    Text("空欄か数値", "blank or numbers"),
    Text("詰ませた人のレート (空欄可)", "rates mated (blanks ok)"),
    "number", kc.number_validation(Text("自分が詰ませた人のレート (いなければ空欄)",
                                        "Rates of the players I mated (blank if none)")))
FLOOR = kc.Kind(
    kinds.either(kinds.NUMBER,
                 kinds.Check(is_rank, lambda x: isinstance(x, str) and x in CATALOG_LABELS)),
    Text("空欄・数値・段級 (初段 など)", "blank, a number or a rank (初段 …)"),
    Text("空欄=0\n初段 など", "blank = 0\nor 初段"), "text",
    kc.listed_or_number(("Yonin_RankLabel", "Yonin_RankAlias"), Text(
        "公認段級 (初段 など) か 下限レート。空欄 = 0",
        "Official rank (初段 …) or a minimum rate; blank = 0")), blank_ok=True)
RULE_KIND = kc.Kind(
    rule_word(CATALOG_RULES),
    Text("空欄・A・B・102・単勝", "blank, A, B, 102 or 単勝"), Text("空欄=A", "blank = A"),
    "choice", kc.validation_rule("list", Text("A (空欄)・B・102・単勝",
                                              "A (blank), B, 102 or 単勝"),
                                 kc.PICK_ERROR, None, '"A,B,102,単勝"'),
    allowed=("A", "B", "102", "単勝"), blank_ok=True)
KNOCKOUTS_KIND = kc.Kind(
    kinds.whole_at_least(0), Text("空欄か0以上の整数", "blank or a whole number, 0 or more"),
    Text("空欄=0", "blank = 0"), "integer",
    kc.validation_rule("whole", Text("詰ませた人数 (空欄 = 0)", "Players I mated (blank = 0)"),
                       Text("0以上の整数", "A whole number, 0 or more"), "greaterThanOrEqual",
                       "0"), minimum=0, blank_ok=True)
TOO_MANY = Text("順位に対して多すぎる", "more than the place allows")


def engine_rule(value: Any) -> Any:
    """The engine reads the rule as text: a 102 typed as a number is "102"."""
    if value is None:
        return "A"
    return "102" if excel_number(value) == 102 else value


CATALOG_ENTRIES: tuple[kc.Entry, ...] = (
    kc.plain_entry("YONIN_KO_PT",
                   (KNOCKER, VICTIM), ko_pt_text, engine.ko_pt),
    kc.plain_entry("YONIN_UPSET_PT",
                   (VICTIM, KNOCKER), upset_pt_text, engine.upset_pt),
    kc.Entry("YONIN_UPDATE",
             (kc.Arg("rate", Text("対局前レート", "rate"), kc.number_kind(), 1720),
              kc.Arg("placement", Text("順位", "place"), PLACE_KIND, 1),
              kc.Arg("victim_rates", Text("詰ませた人", "mated"), VICTIMS, (1370, 480, None),
                     cells=3, down=False),
              kc.Arg("knocked_by_rate", Text("詰ませた相手", "mated by"),
                     kc.number_kind(Text("空欄=1位", "blank: 1st"), blank_ok=True)),
              kc.Arg("trouble_pt", Text("トラブルpt", "trouble pt"),
                     kc.number_kind(Text("空欄=0", "blank = 0"), blank_ok=True)),
              kc.Arg("floor", Text("公認段級", "official rank"), FLOOR)),
             kc.result(lambda r, lang: rate_update_text(
                 r["rate"], r["placement"], r.cells["victim_rates"], r["knocked_by_rate"],
                 kc.or_blank(r["trouble_pt"], "0"), floor=floor_of_text(r["floor"]))),
             lambda v, lang: {kc.OUT: engine.rate_update(
                 v["rate"], v["placement"], [x for x in v["victim_rates"] if x is not None],
                 v["knocked_by_rate"], v["trouble_pt"] or 0, v["floor"])},
             (kc.Cross("victim_rates",
                       lambda r: f"COUNT({r['victim_rates']})>4-{r['placement']}",
                       lambda v: sum(x is not None for x in v["victim_rates"])
                       <= 4 - v["placement"], TOO_MANY),
              kc.Cross("knocked_by_rate",
                       lambda r: f"AND({r['placement']}=1,NOT(ISBLANK({r['knocked_by_rate']})))",
                       lambda v: not (v["placement"] == 1 and v["knocked_by_rate"] is not None),
                       Text("1位は空欄", "blank for the 1st place")))),
    kc.plain_entry("YONIN_RANK",
                   (kc.Arg("rate", Text("レート", "rate"), kc.number_kind(), 2000),),
                   rank_label_text, engine.rank_label, type="text"),
    kc.Entry("YONIN_SCORE",
             (kc.Arg("placement", Text("順位", "place"), PLACE_KIND, 1),
              kc.Arg("knockouts", Text("撃破数", "knockouts"), KNOCKOUTS_KIND, 2),
              kc.Arg("rule", Text("ルール", "rule"), RULE_KIND, "A")),
             kc.result(lambda r, lang: catalog_score_text(r["placement"],
                                                          kc.or_blank(r["knockouts"], "0"),
                                                          r["rule"])),
             lambda v, lang: {kc.OUT: engine.tournament_score(
                 v["placement"], v["knockouts"] or 0, engine_rule(v["rule"]))},
             (kc.Cross("knockouts",
                       lambda r: (f"AND(ISNUMBER({r['knockouts']}),"
                                  f"{r['knockouts']}>4-{r['placement']})"),
                       lambda v: v["knockouts"] is None or v["knockouts"] <= 4 - v["placement"],
                       TOO_MANY),)),
)
"""The worksheet functions as native formulas, for the formula catalog and LAMBDA names."""
CATALOG_TABLES = (
    kc.RuleTable(Text("四人将棋: 撃破pt・下克上pt", "Four-player: KO pt and upset pt"),
                 ("YONIN_KO_PT", "YONIN_UPSET_PT", "YONIN_UPDATE"),
                 KNOCKS.named("Yonin_"), tuple(YONIN.knock_bands)),
    kc.RuleTable(Text("四人将棋: 順位ごとの点", "Four-player: points by place"),
                 ("YONIN_UPDATE", "YONIN_SCORE"),
                 PLACE_POINTS.named("Yonin_"),
                 tuple(place_rows(YONIN, "ja"))),
    kc.RuleTable(Text("四人将棋: 段級 (高い順)", "Four-player: ranks (highest first)"),
                 ("YONIN_UPDATE", "YONIN_RANK"),
                 RANKS.named("Yonin_"),
                 tuple((label, minimum, rank_alias(label)) for label, minimum in YONIN.ranks)),
)
"""The catalog's Tables sheet: the tables these formulas read by name."""
CATALOG_RENAMES = {
    **{setting_name(c.key): kc.lit(getattr(YONIN, c.field)) for c in YONIN_CONSTANTS},
    KNOCK_SAME_KO: kc.lit(YONIN.knock_same_or_higher[0]),
    KNOCK_SAME_UP: kc.lit(YONIN.knock_same_or_higher[1]),
    KNOCK_TOP_KO: kc.lit(YONIN.knock_top[0]), KNOCK_TOP_UP: kc.lit(YONIN.knock_top[1]),
    **kc.settings_renames(CATALOG_TABLES),
}
"""The Settings names the builders read: each the rule's default number or a table's name."""
CATALOG_NOT_NATIVE = {
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
"""Worksheet functions without a native formula, with the reason the catalog shows."""


# --- the game log (CSV): a game refused as the ledger's Status refuses it -------------------

def check_log_game(places: Sequence[object], knocked: Sequence[object]) -> None:
    """Refuse a logged four-player game the ledger's Status flags, with the same tests in
    the same order, so ``import``, ``rate`` and the ledger accept the same games."""
    from ..gamelog import Field

    for seat, (place, knocker) in enumerate(zip(places, knocked, strict=True), 1):
        if not PLACE.accepts(place):
            raise ValueError(say("row.place", field=Field(f"place{seat}"), value=place))
        if knocker is not None and not KNOCKED.accepts(knocker):
            raise ValueError(say("row.knocker", field=Field(f"knocked_by{seat}"),
                                 value=knocker))
    numbers = [float(cast(float, p)) for p in places]
    if places_wrong(numbers):
        raise ValueError(say("row.places", value=", ".join(f"{p:g}" for p in numbers)))
    for rule in SEAT_RULES:
        for s in range(len(places)):
            if rule.holds(numbers, knocked, s):
                by = excel_number(knocked[s])
                out = f"{numbers[int(by) - 1]:g}" if by is not None else ""
                raise ValueError(say(f"row.four_{rule.message}",
                                     field=Field(f"knocked_by{s + 1}"), value=knocked[s],
                                     place=f"{numbers[s]:g}", out=out))


LOG_GAME_CHECKS = {"yonin": (check_log_game,)}
"""What the CSV reader checks of a four-player game (:func:`workbook_builder.gamelog.declared`)."""
RANK_TEXTS = {"yonin": lambda rank, games, lang: rank_word(rank, lang)}
"""How ``rate``'s list shows a four-player rank, as the sheets do (:func:`rank_word`)."""


# ---- the club ledger --------------------------------------------------------------------

class YoninRule(LedgerBook[YoninSheetPreset]):
    """What the four-player rule brings to the club ledger (:class:`YoninLedgerSheet`): a game
    is four rows, one seat a row, and the personal sheet's constants and tables."""

    engine = "yonin"
    seats = Seats(("",), rows=SEATS,
                  counted_id=SeatKey("CountedId", Text("計算用 計算した名簿の行", "Counted id")),
                  id=SeatKey("Id", Text("計算用 名簿の行", "Player id")),
                  previous=SeatKey("PrevRow", Text("計算用 前の対局の行", "Previous row")),
                  count=SeatKey("Cnt", Text("計算用 局数", "Games so far")), helper_width=8)
    tables = TABLES

    def log_game(self, game: tuple[object, ...], day: object
                 ) -> tuple[tuple[object, ...], list[TypedRow]]:
        """Four rows, the seats in the log's order, the date on the first."""
        names, places, knockers = game
        assert isinstance(names, tuple) and isinstance(places, tuple)
        assert isinstance(knockers, tuple)
        rows: list[TypedRow] = []
        for seat, (name, place, knocker) in enumerate(zip(names, places, knockers,
                                                          strict=True)):
            row = {"Date": day if seat == 0 else None, "Player": name, "Place": place,
                   "KnockedBy": knocker}
            rows.append({k: x for k, x in row.items() if x is not None})
        return tuple(str(name) for name in names), rows


PLAYERS = Text("名簿", "Players")
RATE_TABLE = Text("レート表", "Rate table")
RULE = YoninRule()
CHAIN = RULE.seats
"""The ledger's chain with one seat a row, four rows a game (:mod:`workbook_builder.kit.seats`)."""
GAME_INPUTS = ("Player", "Place", "KnockedBy", "Date")
"""Games input columns, in sheet order (contiguous C:F)."""
PLAYER_INPUTS = ("Name", "Start", "Official", "Member", "Mark", "Rest", "MonthBefore")
"""Players input columns, in sheet order (contiguous A:G)."""
FIRST_ROW = 4
"""Every table here: header on row 2, the hint row 3, data from row 4."""

LEDGER_MSG = {
    "date": kinds.DATE_MESSAGE,
    "date_row": Text("⚠ 席{n}: 日付は各局の1行目に", "⚠ seat {n}: the date goes on the first row"),
    "unknown": Text("⚠ 席{n}: 「{name}」は名簿にない",
                    '⚠ seat {n}: “{name}” not in Players'),
    "player_row": Text("⚠ 席{n}: 名簿の「{name}」の行を確認",
                       '⚠ seat {n}: check “{name}” in Players'),
    "twice": Text("⚠ 席{n}: 「{name}」が同じ局に2回",
                  '⚠ seat {n}: “{name}” plays twice'),
}
"""Games markers beyond the personal sheet's (:data:`MSG`). The English ones quote
the name with “ ”: a ``"`` inside a formula's text literal is written ``""``, which
HyperFormula 3.5 does not parse."""
PLAYER_MSG = {
    "start": Text("⚠ 開始レートは数値で", "⚠ start rate must be a number"),
    "official": Text("⚠ 公認段級は一覧から", "⚠ official rank: pick from the list"),
    "member": Text("⚠ 会員欄は 会員 か 非会員", "⚠ member or non-member"),
    "mark": Text("⚠ 会員番号は 準 か 1以上の整数", "⚠ member no.: A (associate) or a whole number"),
    "rest": Text("⚠ 休場は 休 か空欄", "⚠ on leave: off or blank"),
    "before": Text("⚠ 開始月の対局数は0以上の整数", "⚠ games before: a whole number, 0 or more"),
}
GAP = {"ja": "", "en": " "}
"""Between a name and its ranks in the federation's line (Aさん(二級), A (2 kyu))."""
SHOWN_MONTH = "RateTable_LatestMonth"
"""The first day of the latest month with a dated counted game ("" if none)."""


PERSONAL_MSG = ("settings", "incomplete", "places", "place", "knocked", "winner", "missing",
                "self", "out")
"""The personal sheet's markers the ledger shows too (its rate/rank/member ones are on the
Players sheet here)."""


def ledger_messages(lang: str) -> tuple[str, ...]:
    """Games markers, for ``describe`` (the name markers with a placeholder name)."""
    personal = {key: MSG[key] for key in PERSONAL_MSG}
    return all_messages(lang, {"date": LEDGER_MSG["date"], **personal, **LEDGER_MSG}, "…")


# ---- the ledger: a game row's player ----------------------------------------------------


def of_player(name: str, r: Row) -> str:
    """The Players column ``name`` of this row's player (id > 0)."""
    return f"INDEX(Players_{name},{r['Id']})"


# ---- Games: a row's check ---------------------------------------------------------------

@dataclass(frozen=True)
class SeatMarker(st.Case):
    """A RowCheck case whose marker names the row's seat and may quote its typed name."""

    key: Callable[[int], str] = lambda seat: ""
    """The :data:`LEDGER_MSG` key of the marker on seat 1-4."""
    quoting: bool = False

    def shown(self, r: Row, lang: str) -> str:
        """The marker, quoting the typed name as ``"…「" & C5 & "」…"``, then the hint."""
        seat = block(r)[1]
        text = LEDGER_MSG[self.key(seat)](lang)
        if not self.quoting:
            return fx.text(text.format(n=seat, name=""))
        before, after = text.format(n=seat, name="\0").split("\0")
        shown = f"{fx.text(before)}&{r['Player']}&{fx.text(after)}"
        return f"{shown}&{self.hint(r, lang)}" if self.hint else shown

    def value(self, c: Cells) -> str:
        seat = seat_of(c)
        text = LEDGER_MSG[self.key(seat)](c.lang).format(n=seat, name=st.text_of(c["Player"]))
        return text + (self.hint_value(c) if self.hint_value else "")


def date_test(r: Row) -> str:
    """A date on seat 1 must be a date the sheets can hold (:mod:`~workbook_builder.dates`);
    on the other seats, a repeat of seat 1's."""
    date = r["Date"]
    if block(r)[1] == 1:
        return fx.bad_if_filled(date, dates.serial_test(date))
    first = seat_cells(r, "Date")[0]
    return fx.bad_if_filled(date, f"IF(ISNUMBER({date}),{date}={first},FALSE)")


def date_bad(c: Cells) -> bool:
    """:func:`date_test`'s value (a blank seat-1 date equals 0, as in Excel)."""
    if c["Date"] is None:
        return False
    number = c.number("Date")
    if seat_of(c) == 1 or number is None:
        return number is None or not dates.is_usable_serial(number)
    return number != (excel_number(c.at(top_of(c), "Date")) or 0.0)


def named(key: str, test: Formula, holds: Callable[[Cells], bool],
          hint: tuple[Callable[[Row, str], str], Callable[[Cells], str]] | None = None
          ) -> SeatMarker:
    """A marker that quotes the row's player (``hint``: a likely fix, after the quote)."""
    return SeatMarker(test, holds, hint=None if hint is None else hint[0],
                      hint_value=None if hint is None else hint[1], key=lambda seat: key,
                      quoting=True)


def unusable_player(r: Row) -> str:
    """The row's player is listed, but their Players row is not usable. ``MAX(id,1)``:
    AND is not lazy, and ``INDEX(…,0)`` would be the whole column."""
    row = f"MAX({r['Id']},1)"
    return f"AND({r['Id']}>0,INDEX(Players_Ok,{row})=0)"


ROW_CASES: tuple[st.Case, ...] = (
    SeatMarker(date_test, date_bad, key=lambda seat: "date" if seat == 1 else "date_row"),
    named("unknown", lambda r: f"AND(NOT(ISBLANK({r['Player']})),{r['Id']}=0)",
          lambda c: c["Player"] is not None and c["Id"] == 0, lg.space_hint("Player")),
    named("player_row", unusable_player,
          lambda c: c["Id"] != 0 and lg.player_value(c, c["Id"], "Ok") == 0),
    named("twice", lambda r: f"AND({r['Id']}>0,COUNTIF({game_range(r, 'Id')},{r['Id']})>1)",
          lambda c: c["Id"] != 0 and seats(c, "Id").count(c["Id"]) > 1),
    st.bad("Place", seat_fields),
    st.bad("KnockedBy", seat_fields),
)
"""The RowCheck column: the row's first problem, "" when fine or blank."""


# ---- Games: the chain and a rated game's values -----------------------------------------

BLOCK = 100
"""Sheet rows (25 games) of one fixed range of the rate chain (:func:`rate_formula`)."""


def rate_formula(r: Row) -> str:
    """The chain: the new rate of the player's previous counted game, or their start.

    The new rates are read up to the row above the game: a range that took in this
    game's own new rates would be a circular reference to Excel (it tracks ranges, not
    the row INDEX picks). A range from row 1 to each game would give LibreOffice one
    range per game, and every new rate a fixed game changes is checked against each of
    them (fixing game 5 of 5,000 cost about five full recalculations). So the rows above the
    game's :data:`BLOCK` are read through one range shared by the block's games, the
    block's own rows above the game through a range at most a block long.
    """
    prev, new, first = r["PrevRow"], r.table.letter("NewRate"), r.table.first_row
    above = CHAIN.top(r) - 1
    block = first - 1 + BLOCK * ((above + 1 - first) // BLOCK)
    if block < first:
        read = f"INDEX(${new}$1:{new}{above},{prev})"
    else:
        read = f"INDEX(${new}$1:${new}${block},{prev})"
        if block < above:
            read = fx.if_(f"{prev}<={block}", read,
                          f"INDEX(${new}${block + 1}:{new}{above},{prev}-{block})")
    return when_rated(r, fx.if_(f"{prev}=0", of_player("StartRate", r), read))


def rate_value(c: Cells) -> object:
    if c["Rated"] != 1:
        return ""
    start = lg.player_value(c, c["Id"], "StartRate")
    before = CHAIN.carried_value(c.evaluation, c["PrevRow"], c["Id"], "NewRate", start)
    return numbers([before])[0]


def ledger_seats(c: Cells) -> list[dict[str, object]]:
    """:func:`seat_values` of the rated game: the chain's rates, and each player's
    floor and member flag from the Players sheet (the personal sheet types them)."""
    ids = seats(c, "Id")
    return rate_typed(c, [excel_number(lg.player_value(c, k, "Floor")) for k in ids],
                         [lg.player_value(c, k, "NonMember") == 0 for k in ids])


# ---- Games: the table -------------------------------------------------------------------

def game_inputs(base: Mapping[str, Column]) -> tuple[Column, ...]:
    """Player (from Players), place and knocker (the personal sheet's), the date."""
    return (
        dataclasses.replace(base["Player"], lead=Text("▼名簿", "▼list"), validation=lg.PICK_PLAYER),
        base["Place"],
        base["KnockedBy"],
        Column("Date", Text("日付", "Date"), "input", "date", 9.5, number_format=phone.DATE_FORMAT,
               lead=Text("1行目", "1st row"),
               validation=v("date", Text("対局日を各局の1行目に (5/26 のように)",
                                          "The game's date, on its first row (like 5/26)"),
                             Text("日付を入力してください", "Type a date"),
                             "greaterThanOrEqual", "1")),
    )


def rated_column(base: Mapping[str, Column], key: str) -> Column:
    """The personal sheet's column ``key``, its value the engine's on the ledger's seats
    and, where it reads a typed member flag or floor, its formula the Players sheet's."""
    formula = {"UpsetPt": lambda r: upset_formula(r, f"{of_player('NonMember', r)}=0"),
               "NewRate": lambda r: new_rate_formula(r, of_player("Floor", r))}.get(key)
    return dataclasses.replace(
        base[key], formula=formula or base[key].formula, value=rated(key, ledger_seats)
    )


def game_results(base: Mapping[str, Column], lang: str, preset: YoninPreset
                 ) -> tuple[Column, ...]:
    """The rate before, the points and new rate, rank, scores and the game's Status."""
    cases = status_cases(preset, GAME_INPUTS)
    return (
        Column("Rate", Text("対局前\nレート", "Rate\nbefore"), "computed", "number", 7,
               formula=rate_formula, value=rate_value),
        *(rated_column(base, key) for key in ("PlacePt", "KoPt", "UpsetPt", "TroublePt",
                                              "NewRate", "Rank", "Score", "Win")),
        once_per_game(st.status_column(cases, lang, 26, ledger_messages(lang), width_en=34)),
    )


RATED: lg.Test = (lambda r: f"{r['Rated']}=1", lambda c: c["Rated"] == 1)
"""A row of a rated game: its player's rate changes, and the chain counts it."""


def game_helpers(base: Mapping[str, Column], lang: str) -> tuple[Column, ...]:
    """Hidden: the row's check, the player's id, the game's state, the chain's keys."""
    typed = filled("Player", names=True)
    return (
        dataclasses.replace(base["RowCheck"], value=lambda c: st.status_value(ROW_CASES, c),
                            formula=lambda r: st.status_formula(ROW_CASES, r, lang)),
        *lg.id_columns(CHAIN),
        once_per_game(dataclasses.replace(base["Filled"], formula=typed[0], value=typed[1])),
        base["Rated"], *(rated_column(base, key) for key in ("Knocker", "Foul", "KoGiven")),
        *lg.counted_ids(CHAIN, CHAIN.counted_id, RATED, lead=False),
        *lg.previous_columns(CHAIN), *lg.count_columns(CHAIN, RATED),
        lg.month_so_far("LastMonth", Text("計算用 最新の月", "Latest month"), None,
                        lambda c: True, width=8),
        once_per_game(helper("Month", Text("計算用 月", "Month key"), "integer",
                                lambda r: when_rated(r, fl.month_key(r["Date"])),
                                lambda c: lg.month_of(c["Date"]) if c["Rated"] == 1 else "")),
    )


def ledger_games_table(rows: int, lang: str, preset: YoninPreset) -> Table:
    """Four rows a game: the personal sheet's columns where the rules are the same."""
    base = {c.key: c for c in games_table(SEATS, lang, preset).columns}
    columns = (base["Game"], base["Seat"], *game_inputs(base), *game_results(base, lang, preset),
               *game_helpers(base, lang), st.built_column(fixed=True))
    return Table.games(phone_view(columns, LEDGER_PHONE_FIRST), rows, fixed_rows=True,
                       anchor="Seat")


LEDGER_PHONE_FIRST = ("Game", "Seat", "Player", "Place", "KnockedBy", "Date", "NewRate", "Status")
"""What a phone shows first (:data:`PHONE_FIRST`)."""


# ---- Players ----------------------------------------------------------------------------

CHECKED = ("Start", "Official", "Member")
"""Players inputs with a check of their own (declared on the column) that the rates use."""
POSTED = ("Mark", "Rest", "MonthBefore")
"""Players inputs only the posted rate table reads: a bad one is marked, the games count."""


def player_cases() -> tuple[st.Case, ...]:
    """The Players row's marker: the first problem, "" when fine or blank."""
    return (*ll.name_cases(PLAYER_INPUTS), *(st.bad(key) for key in (*CHECKED, *POSTED)))


def usable_formula(r: Row) -> str:
    """The Players row is usable: its name's first, every typed value fits."""
    fits = ",".join(
        f"NOT({fx.bad_if_filled(r[key], r.table.column(key).check.test(r[key]))})"
        for key in CHECKED)
    return fx.if_(f"AND({ll.FIRST[0](r)},{fits})", "1", "0")


def usable_value(c: Cells) -> int:
    fits = all(c[key] is None or c.column(key).check.accepts(c[key]) for key in CHECKED)
    return int(ll.FIRST[1](c) and fits)


def player_inputs(lang: str, preset: YoninPreset) -> tuple[Column, ...]:
    """Name, start, official rank and member flag, each with its check and marker."""
    return (
        dataclasses.replace(ll.NAME, width=10, width_en=11, lead=Text("名前", "name")),
        Column("Start", Text("開始\nレート", "Start\nrate"), "input", "number", 7,
               lead=Text("空欄=既定", "blank=default"),
               validation=number_check(Text(
                   "最初のレート。空欄なら設定の新会員/非会員の値",
                   "Starting rate; blank = the Settings start for a member or a non-member")),
               check=kinds.NUMBER, message=PLAYER_MSG["start"]),
        official_column(preset, lang, PLAYER_MSG["official"]),
        member_column(lang, PLAYER_MSG["member"]),
        *posted_columns(),
    )


ASSOCIATE = Text("準", "A")
"""The rate table's mark of an associate member (準会員); either word is accepted."""
RESTING = Text("休", "off")
"""The Rest column's word for a player on leave (休場); either word is accepted."""


MARK = kinds.either(kinds.any_of(tuple(ASSOCIATE)), kinds.whole_at_least(1))
"""A member number: 準/A, or a whole number ≥ 1."""
REST = kinds.any_of(tuple(RESTING))


def posted_columns() -> tuple[Column, ...]:
    """Member number or 準, on leave, and games before the ledger's first (E:G)."""
    return (
        Column("Mark", Text("会員\n番号", "Member\nno."), "input", "text", 5.5, width_en=7,
               lead=Text("準/番号", "A/no."),
               validation=v("custom", Text("準会員は 準、一般会員は会員番号 (空欄=なし)",
                                            "A for an associate member, else the member's "
                                            "number (blank = none)"),
                             Text("準 か 1以上の整数", "A or a whole number, 1 or more"),
                             None, MARK.test(f"E{FIRST_ROW}")),
               check=MARK, message=PLAYER_MSG["mark"]),
        Column("Rest", Text("休場", "On\nleave"), "input", "choice", 4.5, width_en=6,
               allowed=(RESTING.ja, RESTING.en), lead=Text("休", "off"),
               validation=v("list", Text("休場中なら 休 (月間対局数が (休) になる)",
                                          "off while on leave: the month's games show as (off)"),
                            Text("休 か空欄", "off or blank"), None,
                            f'"{RESTING.ja},{RESTING.en}"'),
               check=REST, message=PLAYER_MSG["rest"]),
        Column("MonthBefore", Text("開始月\n既対局", "Games\nbefore"), "input", "integer", 6,
               width_en=7, lead=Text("0以上", "0 or more"),
               validation=v("whole", Text("台帳の最初の月に、台帳を始める前に指した対局数",
                                          "Games already played in the ledger's first month "
                                          "before its first game"),
                            Text("0以上の整数", "A whole number, 0 or more"),
                            "greaterThanOrEqual", "0"),
               check=kinds.whole_at_least(0), message=PLAYER_MSG["before"]),
    )


USABLE: lg.Test = (lambda r: f"{r['Ok']}=1", lambda c: c["Ok"] == 1)
"""A usable Players row (:func:`usable_formula`): the chain reads the player's games."""


def roster(lang: str, preset: YoninPreset) -> ll.Roster:
    """The Players inputs, the rate's rank, the Status, and the hidden start and floor."""
    labels = tuple(rank_labels(preset, lang))
    rank = Column("Rank", Text("段級", "Rank"), "computed", "text", 5.5, width_en=7,
                  allowed=labels,
                  formula=lambda r: fx.if_(f"ISNUMBER({r['Rate']})",
                                           rank_label_text(r["Rate"]), '""'),
                  value=lambda c: "" if (rate := c.number("Rate")) is None
                  else rank_word(rank_label(rate, c.preset), c.lang))
    return ll.Roster(
        player_inputs(lang, preset),
        st.status_column(player_cases(), lang, width=22, width_en=28),
        player_helpers(),
        Column("Rate", Text("レート", "Rate"), "computed", "number", 7),
        Column("Games", Text("対局数", "Games"), "computed", "integer", 5.5, width_en=7),
        Column("Month", Text("月間\n対局数", "Month\ngames"), "computed", "integer", 6,
               width_en=7),
        Text("計算用 最後の対局の行", "Last game row"), shown=(rank,),
        hidden=(ll.position_column("Position", Text("計算用 表の順", "List position"), "Rate",
                                   CHAIN.helper_width),),
        new="NewRate", start="StartRate", usable=USABLE, seats=CHAIN)


def start_formula(r: Row) -> str:
    """The start: typed, else the Settings start of a member or non-member."""
    return fx.if_(f"ISBLANK({r['Start']})",
                  fx.if_(f"{r['NonMember']}=1", "Settings_StartNonMember",
                         "Settings_StartMember"),
                  fx.if_(f"ISNUMBER({r['Start']})", r["Start"], '""'))


def start_value(c: Cells) -> object:
    if c["Start"] is None:
        preset = c.preset
        return float(preset.start_non_member if c["NonMember"] else preset.start_member)
    start = c.number("Start")
    return "" if start is None else start


def label_value(c: Cells) -> str:
    row = official_row(c["Official"], c.preset, c.lang)
    return "" if row is None else rank_labels(c.preset, c.lang)[row]


def floor_value(c: Cells) -> float:
    """The general floor, or a (valid) official rank's minimum if higher."""
    preset = c.preset
    if c["Official"] is None:
        return float(preset.rate_floor)
    row = official_row(c["Official"], c.preset, c.lang)
    minimum = 0 if row is None else preset.ranks[row][1]
    return float(max(minimum, preset.rate_floor))


def player_helpers() -> tuple[Column, ...]:
    """Hidden: usable, the member flag, the start and floor used."""
    return (
        helper("Ok", Text("計算用 使える行", "Usable"), "integer", usable_formula, usable_value),
        helper("NonMember", Text("計算用 非会員", "Non-member"), "integer",
               lambda r: fx.if_(kinds.is_word(r["Member"], NON_MEMBER), "1", "0"),
               lambda c: int(kinds.text_in(c["Member"], NON_MEMBER))),
        helper("StartRate", Text("計算用 開始レート", "Start used"), "number", start_formula,
               start_value),
        helper("OfficialLabel", Text("計算用 公認段級の表記", "Official rank label"), "text",
               lambda r: fx.if_(f"ISBLANK({r['Official']})", '""',
                                f"IFERROR({rank_label_of_text(r['Official'])},\"\")"),
               label_value),
        helper("Floor", Text("計算用 下限", "Floor"), "number",
               lambda r: floor_value_text(r["Official"]), floor_value),
    )


# ---- the rate table ---------------------------------------------------------------------

def latest_date(c: Cells) -> object:
    """The first day of the latest month with a dated counted game, "" if none."""
    month = ll.latest(c)
    return lg.month_start(month) if month > 0 else ""


def rate_text(name: object, rank: object, official: object, rate: object, lang: str) -> str:
    """``Bさん(三級)/四級:R1410``: the rank in brackets until it is official."""
    rank, official = str(rank), str(official)
    if official == "":
        ranks = f"({rank})"
    elif official.lower() == rank.lower():
        ranks = official
    else:
        ranks = f"({rank})/{official}"
    return f"{st.text_of(name)}{GAP[lang]}{ranks}:R{st.text_of(rate)}"


def line_value(c: Cells) -> str:
    """:func:`rate_table_line_text` in Python."""
    if c["Name"] == "":
        return ""
    rate = rate_text(c["Name"], c["Rank"], c["Official"], c["Rate"], c.lang)
    return f"{rate}({st.text_of(c['Month'])})"


def rate_listing(lang: str) -> ll.Listing:
    """The federation's columns by rate; the month shown heads the Month column."""
    place = Column("Place", Text("順位", "#"), "computed", "integer", 4.5, width_en=4.5)
    return ll.Listing("Position", "Rate", place, (
        Column("Name", Text("名前", "Name"), "computed", "text", 10, width_en=11),
        Column("Rate", Text("レート", "Rate"), "computed", "number", 7),
        Column("Rank", Text("段級", "Rank"), "computed", "text", 5.5, width_en=7),
        Column("Official", Text("公認", "Official"), "computed", "text", 5.5, width_en=8),
        Column("Month", Text("月間", "Month"), "computed", "integer", 6.5, width_en=7,
               lead=lambda r: fx.if_(f"{ll.LATEST}>0", fl.month_date(ll.LATEST), '""'),
               lead_value=latest_date),
        Column("Games", Text("対局数", "Games"), "computed", "integer", 5.5, width_en=7),
        Column("Line", Text("表記 (連盟のレート表の形)", "Line (the federation's notation)"),
               "computed", "text", 24, width_en=24,
               formula=lambda r: fx.if_(f'{r["Name"]}=""', '""', rate_table_line_text(
                   r["Name"], r["Rank"], r["Official"], r["Rate"], r["Month"],
                   GAP[lang])), value=line_value),
    ), {"Official": "OfficialLabel"})


# ---- the rate table as the federation posts it (``publish``) ---------------------------

RATE_TABLE_HEAD = (Text("<レート表>(敬称略)", "<Rate table>"),
                   Text("(準=準会員)(数字=一般会員)", "(A = associate member) (number = member)"))
"""The federation's two heading lines (seed 003 §1)."""


class Posted(Protocol):
    """What ``publish`` knows of a player on the list (its ``Entry``)."""

    name: str
    rating: float
    rank: str
    official: str
    month_games: int
    mark: str
    resting: bool
    member: bool


@dataclass(frozen=True)
class FederationPost:
    """How ``publish`` reads this ledger's list and posts it: the federation's レート表."""

    list_names: ClassVar[Mapping[str, str]] = {
        "name": "RateTable_Name", "rating": "RateTable_Rate", "games": "RateTable_Games",
        "rank": "RateTable_Rank", "official": "RateTable_Official"}
    rows_per_game: ClassVar[int] = SEATS
    every_player: ClassVar[bool] = True
    """Every Players row is listed, games or not, as the federation's table does."""
    bracketed: ClassVar[bool] = True
    """A rank not official is written in brackets."""

    def about(self, row: Mapping[str, object]) -> tuple[str, bool, bool]:
        """(mark, on leave, member) of a Players row: 準 (whatever its language) or the
        number."""
        value, rest = row.get("Mark"), row.get("Rest")
        mark = "" if value is None else st.text_of(value).strip()
        if kinds.text_in(mark, tuple(ASSOCIATE)):
            mark = ASSOCIATE.ja
        return (mark, rest is not None and kinds.text_in(rest, tuple(RESTING)),
                not kinds.text_in(row.get("Member"), tuple(NON_MEMBER)))

    def respell(self, word: str, lang: str) -> str:
        """A rank label in ``lang`` (the sheet writes them in its own)."""
        words = RANK_EN if lang == "en" else {en: ja for ja, en in RANK_EN.items()}
        return words.get(word, word)

    def line(self, entry: Posted, lang: str) -> str:
        """``準:Aさん(二級):R1761(6)``; a non-member's has no mark nor games."""
        rate = rate_text(entry.name, entry.rank, entry.official, entry.rating, lang)
        if not entry.member:
            return rate
        shown = (RESTING(lang) if entry.resting and not entry.month_games
                 else str(entry.month_games))
        mark = ASSOCIATE(lang) if entry.mark == ASSOCIATE.ja else entry.mark
        return f"{mark}:{rate}({shown})" if mark else f"{rate}({shown})"

    def lines(self, listed: Sequence[Posted], players: Sequence[str], lang: str) -> list[str]:
        """Heading; members (準, then by number, then unmarked, each in Players order); a
        blank line; non-members and CPUs in Players order."""
        order = {name: i for i, name in enumerate(players)}
        ordered = sorted(listed, key=lambda e: order.get(e.name, len(order)))
        members = sorted((e for e in ordered if e.member), key=member_order)
        others = [e for e in ordered if not e.member]
        out = [*(head(lang) for head in RATE_TABLE_HEAD), *(self.line(e, lang) for e in members)]
        return [*out, "", *(self.line(e, lang) for e in others)] if others else out


def member_order(entry: Posted) -> tuple[int, float]:
    """準 first, then by member number, then members without a mark."""
    if entry.mark == ASSOCIATE.ja:
        return (0, 0.0)
    try:
        return (1, float(entry.mark))
    except ValueError:
        return (2, 0.0)


# ---- the ledger's examples and sheet type -----------------------------------------------

EXAMPLE_PLAYERS = {"ja": ("田中", "鈴木", "佐藤", "高橋", "伊藤", "非会員"),
                   "en": ("Alice", "Bob", "Carol", "Dan", "Eve", "Guest")}


def example_tables(lang: str) -> dict[str, list[dict[str, object]]]:
    """RULES.md §5's game first, then a few more: the README pictures."""
    a, b, c, d, e, guest = EXAMPLE_PLAYERS[lang]
    shodan = "初段" if lang == "ja" else RANK_EN["初段"]
    people: list[dict[str, object]] = [
        {"Name": a, "Start": 1720}, {"Name": b, "Start": 1370},
        {"Name": c, "Start": 2005, "Official": shodan}, {"Name": d, "Start": 480},
        {"Name": e}, {"Name": guest, "Member": NON_MEMBER(lang)}]
    day = dt.datetime(2024, 5, 26)

    def game(days: int, *seats: tuple[str, int, object]) -> list[dict[str, object]]:
        names, places, knockers = zip(*seats, strict=True)
        return RULE.log_game((names, places, knockers), day + dt.timedelta(days=days))[1]

    log = [
        *game(0, (a, 1, None), (b, 2, 1), (c, 3, 2), (d, 4, 1)),
        *game(0, (a, 1, None), (b, 2, 1), (c, 3, TROUBLE), (d, 4, 1)),
        *game(3, (e, 2, 3), (guest, 4, TROUBLE), (c, 1, None), (a, 3, 3)),
        *game(6, (a, 1, None), ("Tanaka" if lang == "en" else "田中さん", 2, 1), (d, 3, 1),
              (e, 4, 1)),
    ]
    return {"Games": log, "Players": people}


def write_ledger_settings(book: Book) -> None:
    """The personal sheet's Settings, with the ledger's starts and notes."""
    lang = book.spec.lang
    book.names += write_settings_sheet(book.at(SETTINGS_TITLE), book.preset, lang,
                                          f"{SETTINGS_TITLE(lang)} ・ {book.title}",
                                          ledger_settings(book.preset, lang),
                                          (*RULE_NOTES, *LEDGER_NOTES))


class YoninLedgerSheet(ClubLedger):
    """Workbook type ``system = "yonin_ledger"``: the club's four-player ledger."""

    system = "yonin_ledger"
    presets: ClassVar[Mapping[str, Any]] = {"default": YoninSheetPreset()}
    rules: ClassVar[Mapping[str, LedgerBook[Any]]] = {"default": RULE}
    input_tables = ("Games", "Players")
    start_field = "start_member"
    title = Text("四人将棋 対局台帳", "Four-player shogi club ledger")
    howto = (LEDGER[0], FOUR_ROWS_STEP, LEDGER[2])
    posted = FederationPost()
    """How ``publish`` lists and posts it (:class:`FederationPost`)."""
    heading = "{title} ・ {sheet}"

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        return example_tables(lang)["Games"]

    def example_tables(self, spec: Spec) -> dict[str, list[dict[str, object]]]:
        return example_tables(spec.lang)

    def layout(self, book: Book) -> kl.Layout:
        """Games, Players, the rate table, Settings; the chain written last."""
        lang = book.spec.lang
        return kl.Layout(
            sheets=(GAMES_TITLE, PLAYERS, RATE_TABLE, SETTINGS_TITLE),
            games=ledger_games_table(book.rows, lang, book.preset),
            roster=roster(lang, book.preset),
            dress_games=dress_games, dress_players=dress_players,
            writers=(write_rate_table, write_ledger_settings, kl.write_chain))


def dress_games(book: Book, ws: Worksheet, table: Table) -> dict[str, object]:
    """The heading and the seats (:func:`dress_seats`), the date on a first row."""
    return dress_seats(ws, table, book.spec.lang, book.headline(GAMES_TITLE), book.watch,
                          first_row_only=("Date",))


def dress_players(book: Book, ws: Worksheet, table: Table) -> dict[str, object]:
    """The heading, the hint row, the notes under the table."""
    lang = book.spec.lang
    cached = title_row(ws, table, lang, book.headline(PLAYERS), "Status", book.watch)
    ws.row_dimensions[table.header_row].height = 34
    hint_row(ws, table, lang)
    ws.freeze_panes = f"B{table.first_row}"
    styles.style_note(ws.cell(table.last_row + 2, 1, PLAYERS_NOTE(lang)), lang)
    styles.style_note(ws.cell(table.last_row + 3, 1, OVERWRITTEN(lang)), lang, color="C00000")
    return cached


# ---- the ledger's looks -----------------------------------------------------------------

PLAYERS_NOTE = Text("対局シートの名前はここから選びます。レートは対局から自動で計算します。",
                    "The Games sheet picks names from here; rates follow from the Games sheet.")
RATE_TABLE_NOTES = (
    Text("レート順 (同じレートは名簿の順)。", "By rate; equal rates keep the Players order."),
    Text("月間 = 上の月 (日付のある最後の対局の月) の対局数。",
         "Month: games in the month above (that of the latest dated game)."),
)


def write_rate_table(book: Book) -> None:
    """The federation's rate table, the month it counts above its Month column (named),
    the notes."""
    lang, ws = book.spec.lang, book.at(RATE_TABLE)
    table = kl.write_list(book, "RateTable", RATE_TABLE, rate_listing(lang))
    ws.row_dimensions[table.header_row].height = 34
    ws.freeze_panes = f"C{table.first_row}"
    month = ws.cell(table.lead_row, table.index("Month"))
    month.number_format = "yyyy/m"
    month.alignment = Alignment(horizontal="center", shrink_to_fit=True)
    label = ws.cell(table.lead_row, table.index("Rank"), Text("対象月→", "month →")(lang))
    label.alignment = Alignment(horizontal="right")
    for col in (table.index("Place"), table.index("Rank"), table.index("Official")):
        for number in range(table.first_row, table.last_row + 1):
            ws.cell(number, col).alignment = Alignment(horizontal="center")
    for i, note in enumerate(RATE_TABLE_NOTES):
        styles.style_note(ws.cell(table.last_row + 2 + i, 1, note(lang)), lang)
    ref = f"${table.letter('Month')}${table.lead_row}"
    define_name(ws, SHOWN_MONTH, ref)
    book.names.append(NameInfo(SHOWN_MONTH, ws.title, ref, "computed", "date",
                               label=Text("対象月", "Month shown")(lang)))


LEDGER_NOTES = (
    Text("対局台帳: 対局前レートは名簿の開始レートと、その人の前の対局の新レートから。",
         "Ledger: the rate before a game is the player's start or their previous new rate."),
    Text("名簿の公認段級・会員は、その人の全ての対局に使われます。",
         "Official rank and member flag on the Players sheet apply to all their games."),
)


START_NOTES = {
    "StartMember": Text("名簿の開始レートが空欄の会員", "Players with a blank start: members"),
    "StartNonMember": Text("名簿の開始レートが空欄の非会員",
                           "Players with a blank start: non-members"),
}


def ledger_settings(preset: YoninSheetPreset, lang: str) -> list[Setting]:
    """The personal sheet's settings; the starts are the Players sheet's defaults, and CPU
    levels are typed there as a start rate (800, 600, 200), so their settings go."""
    return [dataclasses.replace(s, note=START_NOTES[s.key]) if s.key in START_NOTES else s
            for s in settings_for(preset, lang) if not s.key.startswith("StartCpu")]
