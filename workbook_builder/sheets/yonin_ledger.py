"""The four-player shogi club ledger (四人将棋 対局台帳, RULES.md §5, seed 003).

Every game of the club in one log, four rows a game (a seat a row), each player's rate
carried from their previous counted game (:mod:`workbook_builder.kit.seats`), and the
federation's rate table (レート表). A game follows the personal sheet's rules
(:mod:`.yonin`); a name not on the Players sheet, a faulty Players row, one player twice
in a game or a date off the game's first row flag it too, and every chain passes over it.

``rows`` counts sheet rows (four a game), as on the personal sheet: ``audit`` and
``repair`` read a log back row by row. "Latest month" is that of the latest dated counted
game, not today's: ``TODAY()`` is volatile, so the cached values would depend on the day
the file is built.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from rating_rules.yonin import TROUBLE, YoninPreset, rank_label

from .. import dates, styles
from .. import formulas as fx
from ..formulas import ledger as fl
from ..kit import inputs as kinds
from ..kit import ledger as kl
from ..kit import ledger_games as lg
from ..kit import ledger_lists as ll
from ..kit import phone
from ..kit import status as st
from ..kit.cells import Cells, excel_number
from ..kit.frame import title_row
from ..kit.howto import LEDGER
from ..kit.ledger import Book, ClubLedger
from ..kit.ledger_rule import LedgerBook, v
from ..labels import GAMES_TITLE, OVERWRITTEN, SETTINGS_TITLE, Text
from ..layout import Column, Formula, NameInfo, Row, Setting, Table, number_check
from ..spec import Spec
from ..table import define_name
from . import yonin as yn
from .yonin import helper

PLAYERS = Text("名簿", "Players")
RATE_TABLE = Text("レート表", "Rate table")
SEATS = yn.SEATS
RULE = yn.YoninRule()
CHAIN = RULE.seats
"""The ledger's chain with one seat a row, four rows a game (:mod:`workbook_builder.kit.seats`)."""
GAME_INPUTS = ("Player", "Place", "KnockedBy", "Date")
"""Games input columns, in sheet order (contiguous C:F)."""
PLAYER_INPUTS = ("Name", "Start", "Official", "Member", "Mark", "Rest", "MonthBefore")
"""Players input columns, in sheet order (contiguous A:G)."""
FIRST_ROW = 4
"""Every table here: header on row 2, the hint row 3, data from row 4."""

MSG = {
    "date": kinds.DATE_MESSAGE,
    "date_row": Text("⚠ 席{n}: 日付は各局の1行目に", "⚠ seat {n}: the date goes on the first row"),
    "unknown": Text("⚠ 席{n}: 「{name}」は名簿にない",
                    '⚠ seat {n}: “{name}” not in Players'),
    "player_row": Text("⚠ 席{n}: 名簿の「{name}」の行を確認",
                       '⚠ seat {n}: check “{name}” in Players'),
    "twice": Text("⚠ 席{n}: 「{name}」が同じ局に2回",
                  '⚠ seat {n}: “{name}” plays twice'),
}
"""Games markers beyond the personal sheet's (:data:`~.yonin.MSG`). The English ones quote
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


def all_messages(lang: str) -> tuple[str, ...]:
    """Games markers, for ``describe`` (the name markers with a placeholder name)."""
    personal = {key: yn.MSG[key] for key in PERSONAL_MSG}
    return yn.all_messages(lang, {"date": MSG["date"], **personal, **MSG}, "…")


# ---- where things are -------------------------------------------------------------------


def of_player(name: str, r: Row) -> str:
    """The Players column ``name`` of this row's player (id > 0)."""
    return f"INDEX(Players_{name},{r['Id']})"


# ---- Games: a row's check ---------------------------------------------------------------

@dataclass(frozen=True)
class SeatMarker(st.Case):
    """A RowCheck case whose marker names the row's seat and may quote its typed name."""

    key: Callable[[int], str] = lambda seat: ""
    """The :data:`MSG` key of the marker on seat 1-4."""
    quoting: bool = False

    def shown(self, r: Row, lang: str) -> str:
        """The marker, quoting the typed name as ``"…「" & C5 & "」…"``, then the hint."""
        seat = yn.block(r)[1]
        text = MSG[self.key(seat)](lang)
        if not self.quoting:
            return fx.text(text.format(n=seat, name=""))
        before, after = text.format(n=seat, name="\0").split("\0")
        shown = f"{fx.text(before)}&{r['Player']}&{fx.text(after)}"
        return f"{shown}&{self.hint(r, lang)}" if self.hint else shown

    def value(self, c: Cells) -> str:
        seat = yn.seat_of(c)
        text = MSG[self.key(seat)](c.lang).format(n=seat, name=st.text_of(c["Player"]))
        return text + (self.hint_value(c) if self.hint_value else "")


def date_test(r: Row) -> str:
    """A date on seat 1 must be a date the sheets can hold (:mod:`~workbook_builder.dates`);
    on the other seats, a repeat of seat 1's."""
    date = r["Date"]
    if yn.block(r)[1] == 1:
        return fx.bad_if_filled(date, dates.serial_test(date))
    first = yn.seat_cells(r, "Date")[0]
    return fx.bad_if_filled(date, f"IF(ISNUMBER({date}),{date}={first},FALSE)")


def date_bad(c: Cells) -> bool:
    """:func:`date_test`'s value (a blank seat-1 date equals 0, as in Excel)."""
    if c["Date"] is None:
        return False
    number = c.number("Date")
    if yn.seat_of(c) == 1 or number is None:
        return number is None or not dates.is_usable_serial(number)
    return number != (excel_number(c.at(yn.top_of(c), "Date")) or 0.0)


def named(key: str, test: Formula, holds: Callable[[Cells], bool],
          hint: tuple[Callable[[Row, str], str], Callable[[Cells], str]] | None = None
          ) -> SeatMarker:
    """A marker that quotes the row's player (``hint``: a likely fix, after the quote)."""
    return SeatMarker(test, holds, hint=None if hint is None else hint[0],
                      hint_value=None if hint is None else hint[1], key=lambda seat: key,
                      quoting=True)


ROW_CASES: tuple[st.Case, ...] = (
    SeatMarker(date_test, date_bad, key=lambda seat: "date" if seat == 1 else "date_row"),
    named("unknown", lambda r: f"AND(NOT(ISBLANK({r['Player']})),{r['Id']}=0)",
          lambda c: c["Player"] is not None and c["Id"] == 0, lg.space_hint("Player")),
    # MAX(id,1): INDEX(…,0) would be the whole column; AND is not lazy
    named("player_row", lambda r: f"AND({r['Id']}>0,INDEX(Players_Ok,MAX({r['Id']},1))=0)",
          lambda c: c["Id"] != 0 and lg.player_value(c, c["Id"], "Ok") == 0),
    named("twice", lambda r: f"AND({r['Id']}>0,COUNTIF({yn.game_range(r, 'Id')},{r['Id']})>1)",
          lambda c: c["Id"] != 0 and yn.seats(c, "Id").count(c["Id"]) > 1),
    st.bad("Place", yn.seat_fields),
    st.bad("KnockedBy", yn.seat_fields),
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
    return yn.when_rated(r, fx.if_(f"{prev}=0", of_player("StartRate", r), read))


def rate_value(c: Cells) -> object:
    if c["Rated"] != 1:
        return ""
    start = lg.player_value(c, c["Id"], "StartRate")
    before = CHAIN.carried_value(c.evaluation, c["PrevRow"], c["Id"], "NewRate", start)
    return yn.numbers([before])[0]


def ledger_seats(c: Cells) -> list[dict[str, object]]:
    """:func:`~.yonin.seat_values` of the rated game: the chain's rates, and each player's
    floor and member flag from the Players sheet (the personal sheet types them)."""
    ids = yn.seats(c, "Id")
    return yn.rate_typed(c, [excel_number(lg.player_value(c, k, "Floor")) for k in ids],
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
    formula = {"UpsetPt": lambda r: yn.upset_formula(r, f"{of_player('NonMember', r)}=0"),
               "NewRate": lambda r: yn.new_rate_formula(r, of_player("Floor", r))}.get(key)
    return dataclasses.replace(
        base[key], formula=formula or base[key].formula, value=yn.rated(key, ledger_seats)
    )


def game_results(base: Mapping[str, Column], lang: str, preset: YoninPreset
                 ) -> tuple[Column, ...]:
    """The rate before, the points and new rate, rank, scores and the game's Status."""
    cases = yn.status_cases(preset, GAME_INPUTS)
    return (
        Column("Rate", Text("対局前\nレート", "Rate\nbefore"), "computed", "number", 7,
               formula=rate_formula, value=rate_value),
        *(rated_column(base, key) for key in ("PlacePt", "KoPt", "UpsetPt", "TroublePt",
                                              "NewRate", "Rank", "Score", "Win")),
        yn.once_per_game(st.status_column(cases, lang, 26, all_messages(lang), width_en=34)),
    )


RATED: lg.Test = (lambda r: f"{r['Rated']}=1", lambda c: c["Rated"] == 1)
"""A row of a rated game: its player's rate changes, and the chain counts it."""


def game_helpers(base: Mapping[str, Column], lang: str) -> tuple[Column, ...]:
    """Hidden: the row's check, the player's id, the game's state, the chain's keys."""
    filled = yn.filled("Player", names=True)
    return (
        dataclasses.replace(base["RowCheck"], value=lambda c: st.status_value(ROW_CASES, c),
                            formula=lambda r: st.status_formula(ROW_CASES, r, lang)),
        *lg.id_columns(CHAIN),
        yn.once_per_game(dataclasses.replace(base["Filled"], formula=filled[0], value=filled[1])),
        base["Rated"], *(rated_column(base, key) for key in ("Knocker", "Foul", "KoGiven")),
        *lg.counted_ids(CHAIN, CHAIN.counted_id, RATED, lead=False),
        *lg.previous_columns(CHAIN), *lg.count_columns(CHAIN, RATED),
        lg.month_so_far("LastMonth", Text("計算用 最新の月", "Latest month"), None,
                        lambda c: True, width=8),
        yn.once_per_game(helper("Month", Text("計算用 月", "Month key"), "integer",
                                lambda r: yn.when_rated(r, fl.month_key(r["Date"])),
                                lambda c: lg.month_of(c["Date"]) if c["Rated"] == 1 else "")),
    )


def games_table(rows: int, lang: str, preset: YoninPreset) -> Table:
    """Four rows a game: the personal sheet's columns where the rules are the same."""
    base = {c.key: c for c in yn.games_table(SEATS, lang, preset).columns}
    columns = (base["Game"], base["Seat"], *game_inputs(base), *game_results(base, lang, preset),
               *game_helpers(base, lang), st.built_column(fixed=True))
    return Table.games(yn.phone_view(columns, PHONE_FIRST), rows, fixed_rows=True,
                       anchor="Seat")


PHONE_FIRST = ("Game", "Seat", "Player", "Place", "KnockedBy", "Date", "NewRate", "Status")
"""What a phone shows first (:data:`.yonin.PHONE_FIRST`)."""


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
        yn.official_column(preset, lang, PLAYER_MSG["official"]),
        yn.member_column(lang, PLAYER_MSG["member"]),
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
    labels = tuple(yn.rank_labels(preset, lang))
    rank = Column("Rank", Text("段級", "Rank"), "computed", "text", 5.5, width_en=7,
                  allowed=labels,
                  formula=lambda r: fx.if_(f"ISNUMBER({r['Rate']})",
                                           yn.rank_label_text(r["Rate"]), '""'),
                  value=lambda c: "" if (rate := c.number("Rate")) is None
                  else yn.rank_word(rank_label(rate, c.preset), c.lang))
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
    row = yn.official_row(c["Official"], c.preset, c.lang)
    return "" if row is None else yn.rank_labels(c.preset, c.lang)[row]


def floor_value(c: Cells) -> float:
    """The general floor, or a (valid) official rank's minimum if higher."""
    preset = c.preset
    if c["Official"] is None:
        return float(preset.rate_floor)
    row = yn.official_row(c["Official"], c.preset, c.lang)
    minimum = 0 if row is None else preset.ranks[row][1]
    return float(max(minimum, preset.rate_floor))


def player_helpers() -> tuple[Column, ...]:
    """Hidden: usable, the member flag, the start and floor used."""
    return (
        helper("Ok", Text("計算用 使える行", "Usable"), "integer", usable_formula, usable_value),
        helper("NonMember", Text("計算用 非会員", "Non-member"), "integer",
               lambda r: fx.if_(kinds.is_word(r["Member"], yn.NON_MEMBER), "1", "0"),
               lambda c: int(kinds.text_in(c["Member"], yn.NON_MEMBER))),
        helper("StartRate", Text("計算用 開始レート", "Start used"), "number", start_formula,
               start_value),
        helper("OfficialLabel", Text("計算用 公認段級の表記", "Official rank label"), "text",
               lambda r: fx.if_(f"ISBLANK({r['Official']})", '""',
                                f"IFERROR({yn.rank_label_of_text(r['Official'])},\"\")"),
               label_value),
        helper("Floor", Text("計算用 下限", "Floor"), "number",
               lambda r: yn.floor_value_text(r["Official"]), floor_value),
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
    """:func:`.yonin.rate_table_line_text` in Python."""
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
               formula=lambda r: fx.if_(f'{r["Name"]}=""', '""', yn.rate_table_line_text(
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
                not kinds.text_in(row.get("Member"), tuple(yn.NON_MEMBER)))

    def respell(self, word: str, lang: str) -> str:
        """A rank label in ``lang`` (the sheet writes them in its own)."""
        words = yn.RANK_EN if lang == "en" else {en: ja for ja, en in yn.RANK_EN.items()}
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


# ---- examples and the sheet type --------------------------------------------------------

EXAMPLE_PLAYERS = {"ja": ("田中", "鈴木", "佐藤", "高橋", "伊藤", "非会員"),
                   "en": ("Alice", "Bob", "Carol", "Dan", "Eve", "Guest")}


def example_tables(lang: str) -> dict[str, list[dict[str, object]]]:
    """RULES.md §5's game first, then a few more: the README pictures."""
    a, b, c, d, e, guest = EXAMPLE_PLAYERS[lang]
    shodan = "初段" if lang == "ja" else yn.RANK_EN["初段"]
    people: list[dict[str, object]] = [
        {"Name": a, "Start": 1720}, {"Name": b, "Start": 1370},
        {"Name": c, "Start": 2005, "Official": shodan}, {"Name": d, "Start": 480},
        {"Name": e}, {"Name": guest, "Member": yn.NON_MEMBER(lang)}]
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


def write_settings(book: Book) -> None:
    """The personal sheet's Settings, with the ledger's starts and notes."""
    lang = book.spec.lang
    book.names += yn.write_settings_sheet(book.at(SETTINGS_TITLE), book.preset, lang,
                                          f"{SETTINGS_TITLE(lang)} ・ {book.title}",
                                          ledger_settings(book.preset, lang),
                                          (*yn.RULE_NOTES, *LEDGER_NOTES))


class YoninLedgerSheet(ClubLedger):
    """Workbook type ``system = "yonin_ledger"``: the club's four-player ledger."""

    system = "yonin_ledger"
    presets: ClassVar[Mapping[str, Any]] = {"default": yn.YoninSheetPreset()}
    rules: ClassVar[Mapping[str, LedgerBook[Any]]] = {"default": RULE}
    input_tables = ("Games", "Players")
    start_field = "start_member"
    title = Text("四人将棋 対局台帳", "Four-player shogi club ledger")
    howto = (LEDGER[0], yn.FOUR_ROWS_STEP, LEDGER[2])
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
            games=games_table(book.rows, lang, book.preset),
            roster=roster(lang, book.preset),
            dress_games=dress_games, dress_players=dress_players,
            writers=(write_rate_table, write_settings, kl.write_chain))


def dress_games(book: Book, ws: Worksheet, table: Table) -> dict[str, object]:
    """The heading and the seats (:func:`.yonin.dress_seats`), the date on a first row."""
    return yn.dress_seats(ws, table, book.spec.lang, book.headline(GAMES_TITLE), book.watch,
                          first_row_only=("Date",))


def dress_players(book: Book, ws: Worksheet, table: Table) -> dict[str, object]:
    """The heading, the hint row, the notes under the table."""
    lang = book.spec.lang
    cached = title_row(ws, table, lang, book.headline(PLAYERS), "Status", book.watch)
    ws.row_dimensions[table.header_row].height = 34
    yn.hint_row(ws, table, lang)
    ws.freeze_panes = f"B{table.first_row}"
    styles.style_note(ws.cell(table.last_row + 2, 1, PLAYERS_NOTE(lang)), lang)
    styles.style_note(ws.cell(table.last_row + 3, 1, OVERWRITTEN(lang)), lang, color="C00000")
    return cached


# ---- looks ------------------------------------------------------------------------------

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


def ledger_settings(preset: yn.YoninSheetPreset, lang: str) -> list[Setting]:
    """The personal sheet's settings; the starts are the Players sheet's defaults, and CPU
    levels are typed there as a start rate (800, 600, 200), so their settings go."""
    return [dataclasses.replace(s, note=START_NOTES[s.key]) if s.key in START_NOTES else s
            for s in yn.settings_for(preset, lang) if not s.key.startswith("StartCpu")]
