"""The ledger's Players sheet, its rating list and the monthly list, values beside formulas.

A player's id is their Players row (1 = first). Players read the Games chain over whole
columns (:class:`~.seats.GamesRefs`); a list shows in place k the player whose position
is k (higher rating first, ties by Players order), recomputed live: no sorting by hand,
no dynamic-array functions. The monthly list (Tokin) is the list after a chosen month.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from ..formulas import ledger as lx
from ..labels import Text
from ..layout import Column, Formula, NameInfo, Role, Row, Table, Validation, ValueType, helper
from ..settings import START
from ..table import define_name
from . import inputs as kinds
from . import status as st
from .cells import Cells, Evaluation, Value, excel_number, numeric, whole
from .ledger_games import (
    MSG,
    SEATS,
    Test,
    excel_trim,
    month_of,
    month_start,
    player_id,
    same_cell,
    table_of,
    trimmed,
)
from .ledger_rule import RANK_LABEL, RANK_RATING, Carried, LedgerRule, P, v
from .seats import GamesRefs, Seats

PLAYERS = Text("名簿", "Players")
MONTHLY = Text("月例リスト", "Monthly list")
LATEST = "Games_Latest"
"""Defined name of the latest month with a counted game (0 when none)."""
MONTH_KEY = "Monthly_Key"
PLAYER_MSG = {
    "name": Text("⚠ 名前がない", "⚠ name is missing"),
    "duplicate": Text("⚠ 同じ名前が上にある (この行は使わない)",
                      "⚠ same name above: this row is not used"),
    "start": Text("⚠ 開始は {:,}〜{:,} の数値で".format(*kinds.START_RANGE),
                  "⚠ start: a number, {:,} to {:,}".format(*kinds.START_RANGE)),
    "rank": Text("⚠ 段級は一覧から選ぶ", "⚠ rank: pick one from the list"),
    "prior": Text("⚠ 以前の対局数は0以上の整数", "⚠ games before: a whole number, 0 or more"),
}


def name_latest(ws: Worksheet, games: Table) -> NameInfo:
    """Define :data:`LATEST` on the Games sheet: the last row's running LastMonth."""
    latest = f"${games.letter('LastMonth')}${games.last_row}"
    define_name(ws, LATEST, latest)
    return NameInfo(LATEST, ws.title, latest, "helper", "integer")


def pid(r: Row) -> str:
    """A Players row's id: its place in the list (1 = first)."""
    return str(r.number - r.table.first_row + 1)


def games(c: Cells) -> Evaluation:
    return table_of(c, "Games")


def played(c: Cells, chain: Seats = SEATS) -> Sequence[int]:
    """The sheet rows of this player's counted games (a row a game, or ``chain``'s)."""
    return chain.played(games(c), c.k)


def month_at(c: Cells, row: int) -> object:
    g = games(c)
    return g.value(row - g.table.lead_row, "Month")


def latest(c: Cells) -> int:
    """The latest month with a counted game (``Games_Latest``), 0 if none."""
    g = games(c)
    return whole(g.value(g.table.rows, "LastMonth"))


# --- Players: inputs and their checks -----------------------------------------------------


def rank_check(rule: LedgerRule[P], preset: P) -> kinds.Check:
    """A rank of the Settings table, compared like ``=``."""
    labels = [label for label, _ in rule.rank_starts(preset)]
    return kinds.Check(lambda ref: fx.is_listed(ref, RANK_LABEL),
                       lambda x: any(same_cell(label, x) for label in labels))


NAME = Column("Name", Text("名前", "Name"), "input", "text", 11)
"""Every ledger's Players name; :func:`players_table` gives it its validation."""


def one_name_each(table: Table) -> Validation:
    """A Players name not typed twice (``=`` compares text in any case, as the Games sheet
    finds a name): refused as typed; a pasted one is flagged (:func:`name_cases`)."""
    first, last, letter = table.first_row, table.last_row, table.letter("Name")
    return v("custom", Text("対局シートで選ぶ名前 (同じ名前は1回だけ)",
                            "The name picked on the Games sheet (each name once)"),
             Text("同じ名前がもうあります", "This name is already listed"), None,
             f"SUMPRODUCT(--(${letter}${first}:${letter}${last}={letter}{first}))<=1")


def player_inputs(rule: LedgerRule[P], preset: P) -> list[Column]:
    columns = [NAME]
    if rule.has_ranks:
        columns.append(Column(
            "Rank", Text("申告段級", "Declared\nrank"), "input", "choice", 6.5, width_en=8,
            validation=v("list", Text("開始レートはこの段級のもの (設定シートの表)",
                                      "The start is this rank's (Settings table)"),
                         Text("設定シートの段級から選ぶ", "Pick a rank from the Settings table"),
                         None, RANK_LABEL),
            check=rank_check(rule, preset), message=PLAYER_MSG["rank"]))
    columns.append(Column(
        "Start", Text(f"開始\n{rule.rating_name.ja}", "Start"), "input", "number", 6.5,
        validation=kinds.start_validation(Text(
            "今のレートがあれば入力 (空欄なら段級か設定の開始レート)",
            "A rating the player has (blank: the rank's, or Settings' start)")),
        check=kinds.START, message=PLAYER_MSG["start"]))
    if rule.has_prior:
        columns.append(Column(
            "Prior", Text("以前の\n局数", "Games\nbefore"), "input", "integer", 6, minimum=0,
            validation=v("whole", Text("この台帳より前に指した局数 (空欄は0)",
                                       "Games played before this ledger (blank = 0)"),
                         Text("0以上の整数", "A whole number, 0 or more"),
                         "greaterThanOrEqual", "0"),
            check=kinds.whole_at_least(0), message=PLAYER_MSG["prior"]))
    return columns


FIRST: Test = (lambda r: f"{lx.name_match(r['Name'], 'Players_Name')}={pid(r)}",
               lambda c: c["Name"] is not None and player_id(c.evaluation, c["Name"]) == c.k)
"""A named Players row that is its name's first: the Games sheet finds a name there, so a
later row of the same name is flagged and not used."""


def name_cases(keys: Sequence[str]) -> tuple[st.Case, ...]:
    """Every ledger's first Players checks, over the row's inputs ``keys``: nothing typed;
    no name; a name listed above (any case); a space too many (flagged, still used)."""
    return (
        st.empty(keys),
        st.Case(lambda r: f"ISBLANK({r['Name']})", lambda c: c["Name"] is None,
                PLAYER_MSG["name"]),
        st.Case(lambda r: f"NOT({FIRST[0](r)})", lambda c: not FIRST[1](c),
                PLAYER_MSG["duplicate"]),
        st.Case(lambda r: f'AND(ISTEXT({r["Name"]}),{trimmed(r["Name"])}<>{r["Name"]})',
                lambda c: isinstance(c["Name"], str) and excel_trim(c["Name"]) != c["Name"],
                MSG["spaced"], "Name"),
    )


def player_cases(rule: LedgerRule[Any]) -> tuple[st.Case, ...]:
    keys = ("Name", "Start", *(("Rank",) if rule.has_ranks else ()),
            *(("Prior",) if rule.has_prior else ()))
    return (*name_cases(keys), *(st.bad(key) for key in keys[1:]))


# --- Players: the start and the rating ----------------------------------------------------


def start_formula(r: Row, rule: LedgerRule[Any]) -> str:
    """The start: typed, else the declared rank's, else Settings'; "" when unusable."""
    if rule.has_ranks:
        rank = fx.if_(f"ISBLANK({r['Rank']})", START,
                      f"IFERROR(INDEX({RANK_RATING},{fx.exact_match(r['Rank'], RANK_LABEL)}),\"\")")
    else:
        rank = START
    value = fx.if_(kinds.START.test(r["Start"]), r["Start"],
                   fx.if_(f"ISBLANK({r['Start']})", rank, '""'))
    if rule.has_prior:
        value = fx.if_(fx.bad_if_filled(r["Prior"], fx.is_whole_at_least(r["Prior"], 0)),
                       '""', value)
    return value


def start_value(c: Cells, rule: LedgerRule[Any]) -> object:
    if rule.has_prior and c["Prior"] is not None and not kinds.whole_at_least(0).accepts(
            c["Prior"]):
        return ""
    start = c.number("Start")
    if start is not None and kinds.START.accepts(start):
        return start
    if c["Start"] is not None:
        return ""
    if not rule.has_ranks or c["Rank"] is None:
        return float(c.preset.start)
    return next((float(x) for label, x in rule.rank_starts(c.preset)
                 if same_cell(label, c["Rank"])), "")


def prior_value(c: Cells) -> object:
    prior = c["Prior"]
    return int(c.num("Prior")) if kinds.whole_at_least(0).accepts(prior) else 0


RATED: Test = (lambda r: f"AND({FIRST[0](r)},ISNUMBER({r['StartUsed']}))",
                lambda c: FIRST[1](c) and c.number("StartUsed") is not None)
"""A name's first Players row, with a usable start: the chain reads the player's games."""


def after_games(g: GamesRefs, key: str, start: str | None, usable: Test = RATED,
                seats: Seats = SEATS, player: Formula = pid) -> tuple[Formula, Value]:
    """A player's ``key`` after their last counted game, else their ``start`` (a Players
    column; None: 0), on a row that is ``usable`` ("" on the others); ``player``: the
    row's id."""
    def formula(r: Row) -> str:
        first = "0" if start is None else r[start]
        return fx.if_(usable[0](r), seats.whole_formula(g, r["Last"], player(r), key, first),
                      '""')

    def value(c: Cells) -> object:
        if not usable[1](c):
            return ""
        first = 0 if start is None else c[start]
        return seats.carried_value(games(c), c["Last"], c.k, key, first)

    return formula, value


def now_columns(rule: LedgerRule[Any], g: GamesRefs, shown: bool) -> list[Column]:
    """The rule's carried values now: the shown ones, or the hidden helpers."""
    def column(item: Carried) -> Column:
        formula, value = after_games(g, f"New{item.key}", item.start)
        return Column(f"{item.key}Now", item.label, "computed" if shown else "helper",
                      item.kind, 6.5, number_format="0", formula=formula, value=value)
    return [column(item) for item in rule.carried if item.shown == shown]


def last_column(g: GamesRefs, label: Text, seats: Seats = SEATS, player: Formula = pid,
                width: float = 7) -> Column:
    """The sheet row of the player's last game the chain links (0: none)."""
    return helper("Last", label, "integer",
                  lambda r: seats.last_formula(g.table, player(r), r["Name"]),
                  lambda c: max(seats.linked(games(c), c.k), default=0), width)


def named(r: Row, value: str) -> str:
    return fx.if_(f"ISBLANK({r['Name']})", '""', value)


def since_value(c: Cells) -> int:
    month = latest(c)
    log = games(c)
    return log.table.rows if month == 0 else last_row_by_value(log, month - 1)


def since_column(g: GamesRefs, width: float = 7) -> Column:
    """The last Games row before the log reached the latest month (all rows if none)."""
    return helper("Since", Text("計算用 今月の前の行", "Last row before this month"), "integer",
                  lambda r: fx.if_(f"{LATEST}=0", str(g.table.rows),
                                   last_row_by(g, f"{LATEST}-1")),
                  since_value, width)


def this_month(c: Cells, chain: Seats = SEATS) -> object:
    """The player's counted games in the latest month (0 when no game is dated)."""
    if c["Name"] is None:
        return ""
    month = latest(c)
    return 0 if month == 0 else sum(month_at(c, n) == month for n in played(c, chain))


# --- Players: places in the lists ---------------------------------------------------------


def position_formula(r: Row, key: str) -> str:
    first = r.number == r.table.first_row
    return lx.list_position(
        r[key], r.column(key), r.column("Name"),
        None if first else f"{r.cell(key, r.table.first_row)}:{r.plain(key, r.number - 1)}",
        None if first else f"{r.cell('Name', r.table.first_row)}:{r.plain('Name', r.number - 1)}",
        r["Name"])


def listed(players: Evaluation, key: str) -> list[tuple[int, float]]:
    """(row, rating) of every named player with a number in ``key``."""
    out = []
    for k in range(1, players.table.rows + 1):
        rating = players.value(k, key)
        number = excel_number(rating)
        if players.value(k, "Name") is not None and number is not None \
                and not isinstance(rating, str):
            out.append((k, number))
    return out


def positions(players: Evaluation, key: str) -> dict[int, int]:
    """:func:`lx.list_position` for the whole table at once: row → place (memoised).

    Higher rating first, ties by Players order: the place in that sort.
    """
    memo = players.context.get(f"positions.{key}")
    if not isinstance(memo, dict):
        ranked = sorted(listed(players, key), key=lambda kr: (-kr[1], kr[0]))
        memo = {k: place for place, (k, _) in enumerate(ranked, 1)}
        players.context[f"positions.{key}"] = memo
    return memo


def position_column(key: str, label: Text, source: str, width: float = 7) -> Column:
    """A hidden place in the list ordered by ``source`` (``Rating`` or ``MRating``)."""
    return Column(key, label, "helper", "integer", width,
                  formula=lambda r: position_formula(r, source),
                  value=lambda c: positions(c.evaluation, source).get(c.k, ""))


# --- Players: the monthly list's helpers ------------------------------------------------


def month_key(c: Cells) -> object:
    return table_of(c, "Monthly").value(1, "Key")


UPTO = ("Upto", "UptoPrev")
"""Monthly helpers: the last Games data row of the chosen month's list, and the month's
before (:func:`upto_value`)."""


def month_last_formula(r: Row, g: GamesRefs, back: int) -> str:
    """The player's last counted game in the log up to the end of the chosen month
    (minus ``back``): see :func:`upto_value`."""
    return SEATS.last_upto_formula(g.table, pid(r), r["Name"], f"Monthly_{UPTO[back]}")


def month_last(c: Cells, back: int) -> int:
    upto = table_of(c, "Monthly").value(1, UPTO[back])
    log = games(c)
    lead = log.table.lead_row
    return max((n for n in SEATS.linked(log, c.k) if n - lead <= whole(upto)), default=0)


def upto_formula(r: Row, g: GamesRefs, back: int) -> str:
    """:func:`upto_value`, by :func:`last_row_by`."""
    return fx.if_(f"ISNUMBER({r['Key']})", last_row_by(g, f"{r['Key']}-{back}"), "0")


def last_row_by(g: GamesRefs, month: str) -> str:
    """The last Games data row whose LastMonth is at most ``month`` (0: none), by an
    approximate MATCH (a binary search: LastMonth never falls going down the log, and the
    lead row's is 0) for ``month`` + 0.5. Months are whole numbers, so no cell equals what
    is looked up and the answer is the one boundary between the months up to ``month``
    and the later ones. Looking up ``month`` itself lands anywhere among its equal cells
    (IronCalc lands elsewhere than LibreOffice); COUNTIF(months,"<="&month) is defined
    too, but reads the whole log in every Players row: a typed cell at 20,000 games
    took 1.4 s instead of 0.12 s."""
    letter = g.table.letter("LastMonth")
    months = f"{g.quoted}!${letter}${g.table.lead_row}:${letter}${g.table.last_row}"
    return f"MATCH({month}+0.5,{months},1)-1"


def last_row_by_value(log: Evaluation, month: int) -> int:
    """:func:`last_row_by` in Python (memoised: every Players row asks)."""
    memo = log.context.setdefault("last row by month", {})
    assert isinstance(memo, dict)
    if month not in memo:
        memo[month] = max(k for k in range(log.table.rows + 1)
                          if whole(log.value(k, "LastMonth")) <= month)
    found: int = memo[month]
    return found


def month_count(g: GamesRefs, player: str, upto: str, month: str,
                seats: Seats = SEATS) -> str:
    """How many counted games ``player`` has dated in ``month``, counting only the rows
    below data row ``upto``, the last row before the log reached that month: every game
    of the month lies below it (LastMonth never falls), so the count is exact and costs
    the rows since, not the log. The rows are an ``OFFSET`` (volatile): a summary."""
    def below(key: str) -> str:
        letter, t = g.table.letter(key), g.table
        return f"OFFSET({g.quoted}!${letter}${t.first_row},{upto},0,{t.rows}-{upto},1)"

    counted = lx.count_of(player, [below(k) for k in seats.counted], (below("Month"), month))
    return fx.if_(f"{upto}>={g.table.rows}", "0", counted)


def upto_value(c: Cells, back: int) -> int:
    """The last Games data row whose LastMonth (latest month counted so far) is at most
    the chosen month (minus ``back``), 0 = none: the monthly list is the list as it
    stood there, after the month's last game and any undated games typed after it, up
    to the first game of a later month. In monthly mode every counted game has a date
    and the log runs in month order, so that is each player's last game of the month
    or before."""
    key = c["Key"]
    return last_row_by_value(games(c), key - back) if isinstance(key, int) else 0


def monthly_columns(g: GamesRefs) -> list[Column]:
    def ok(c: Cells) -> bool:
        return c.number("MRating") is not None

    return [
        helper("MLast", Text("計算用 月末の対局", "Last game by month end"), "integer",
               lambda r: month_last_formula(r, g, 0), lambda c: month_last(c, 0)),
        helper("MRating", Text("計算用 月例レート", "Monthly list rating"), "number",
               lambda r: fx.if_(f"AND({r['MLast']}>0,ISNUMBER({r['StartUsed']}))",
                                SEATS.whole_formula(g, r["MLast"], pid(r), "New", '""'), '""'),
               lambda c: SEATS.carried_value(games(c), c["MLast"], c.k, "New", "")
               if c["MLast"] != 0 and c.number("StartUsed") is not None else ""),
        helper("MBefore", Text("計算用 前月のレート", "Previous list rating"), "number",
               lambda r: fx.if_(f"ISNUMBER({r['MRating']})", SEATS.whole_formula(
                   g, month_last_formula(r, g, 1), pid(r), "New", r["StartUsed"]), '""'),
               lambda c: SEATS.carried_value(games(c), month_last(c, 1), c.k, "New",
                                           c["StartUsed"]) if ok(c) else ""),
        helper("MGames", Text("計算用 月の対局数", "Games in the month"), "integer",
               lambda r: fx.if_(f"ISNUMBER({r['MRating']})", month_count(
                   g, pid(r), f"Monthly_{UPTO[1]}", MONTH_KEY), '""'),
               lambda c: sum(month_at(c, n) == month_key(c) for n in played(c))
               if ok(c) else ""),
        position_column("MPos", Text("計算用 月例順位", "Monthly place"), "MRating"),
    ]


# --- Players: the table -------------------------------------------------------------------


@dataclass(frozen=True)
class Roster:
    """A rule's Players columns; :func:`players_table` computes the chain's between them.

    ``rating`` (read from the Games column ``new`` after the player's last counted game,
    else the ``start`` column, on a ``usable`` row), ``games`` and ``month`` (counted
    games, all and in the latest month) bring their heading, type and width; ``last``
    heads the hidden last game row of ``seats``' chain; ``hidden`` holds the list's
    :func:`position_column`.
    """

    inputs: tuple[Column, ...]
    status: Column
    starts: tuple[Column, ...]
    rating: Column
    games: Column
    month: Column
    last: Text
    shown: tuple[Column, ...]
    hidden: tuple[Column, ...]
    new: str
    start: str
    usable: Test
    seats: Seats


def players_table(rows: int, roster: Roster, g: GamesRefs) -> Table:
    """The Players table of ``roster``'s rule, over the Games chain ``g``."""
    seats, width = roster.seats, roster.seats.helper_width

    def this_month_formula(r: Row) -> str:
        return fx.if_(f"{LATEST}=0", "0", month_count(g, pid(r), r["Since"], LATEST, seats))

    rating = after_games(g, roster.new, roster.start, roster.usable, seats)
    games = dataclasses.replace(
        roster.games, value=lambda c: "" if c["Name"] is None else len(played(c, seats)),
        formula=lambda r: named(r, seats.whole_formula(g, r["Last"], pid(r), "Cnt", "0")))
    month = dataclasses.replace(
        roster.month, value=lambda c: this_month(c, seats),
        formula=lambda r: named(r, this_month_formula(r)))
    columns = (*roster.inputs, dataclasses.replace(roster.rating, formula=rating[0],
                                                   value=rating[1]),
               *roster.shown, games, month, roster.status, *roster.starts,
               last_column(g, roster.last, seats, width=width), since_column(g, width),
               *roster.hidden, st.built_column(fixed=True))
    table = Table("Players", PLAYERS, columns, rows, fixed_rows=True)
    name = dataclasses.replace(table.column("Name"), validation=one_name_each(table))
    return dataclasses.replace(table, columns=tuple(name if c.key == "Name" else c
                                                    for c in columns))


def two_player_roster(rule: LedgerRule[P], preset: P, g: GamesRefs, lang: str) -> Roster:
    """A two-player rule's Players: a rank, games before and carried values if declared."""
    def computed(key: str, label: Text, fmt: str = "0", width: float = 6.5) -> Column:
        return Column(key, label, "computed", "number", width, number_format=fmt)

    label = Column("Label", Text("段級", "Rank"), "computed", "text", 6,
                   formula=rule.label_formula, value=rule.label_value)
    prior = helper("PriorUsed", Text("計算用 以前の局数", "Games before used"), "integer",
                   lambda r: fx.if_(fx.is_whole_at_least(r["Prior"], 0), r["Prior"], "0"),
                   prior_value)
    starts = (helper("StartUsed", Text("計算用 開始レート", "Start used"), "number",
                     lambda r: start_formula(r, rule), lambda c: start_value(c, rule)),
              *([prior] if rule.has_prior else []), *rule.player_helpers(preset))
    return Roster(
        tuple(player_inputs(rule, preset)),
        st.status_column(player_cases(rule), lang, width=20, width_en=24), starts,
        computed("Rating", rule.rating_name, rule.rating_format, rule.side_widths[0]),
        computed("Games", Text("対局数", "Games")),
        computed("ThisMonth", Text("今月", "This\nmonth")),
        Text("計算用 最後の対局", "Last game row"),
        shown=(*([label] if rule.rank_labels else []), *now_columns(rule, g, shown=True)),
        hidden=(*now_columns(rule, g, shown=False),
                position_column("Pos", Text("計算用 順位", "List place"), rule.order_key),
                *(monthly_columns(g) if rule.monthly else ())),
        new="New", start="StartUsed", usable=RATED, seats=SEATS)


# --- The lists ----------------------------------------------------------------------------


def placed(c: Cells, pos: str) -> int | None:
    """The Players row at this list place (``MATCH(k, positions, 0)``), or None."""
    players = table_of(c, "Players")
    memo = players.context.get(f"placed.{pos}")
    if not isinstance(memo, dict):
        memo = {players.value(k, pos): k for k in range(players.table.rows, 0, -1)}
        players.context[f"placed.{pos}"] = memo
    found = memo.get(c.k)
    return None if found is None else int(found)


def shown_value(pos: str, column: str) -> Value:
    """The ``column`` of the player at this place; "" past the last player."""
    def value(c: Cells) -> object:
        k = placed(c, pos)
        return "" if k is None else table_of(c, "Players").value(k, column)
    return value


def place_value(c: Cells, pos: str, source: str, own: str) -> object:
    """Competition rank (1, 2, 2, 4): one more than the higher ratings listed."""
    if placed(c, pos) is None:
        return ""
    players = table_of(c, "Players")
    ratings = players.context.get(f"sorted.{source}")
    if not isinstance(ratings, list):
        ratings = sorted(x for _, x in listed(players, source))
        players.context[f"sorted.{source}"] = ratings
    return 1 + len(ratings) - bisect.bisect_right(ratings, c[own])


@dataclass(frozen=True)
class Listing:
    """What a list shows, in sheet order: its ``place`` (heading and width), then its
    ``columns``. A column with no formula of its own shows the Players column of its key
    (or the one ``sources`` maps it to) of the player whose ``pos`` (the Players
    position column) is this place. The place ranks the Players ``order`` column, which
    a shown column must show."""

    pos: str
    order: str
    place: Column
    columns: tuple[Column, ...]
    sources: Mapping[str, str]


def placed_column(pos: str, column: Column, source: str) -> Column:
    """``column`` showing the Players ``source`` of the player whose ``pos`` is this place."""
    return dataclasses.replace(
        column, value=shown_value(pos, source),
        formula=lambda r: lx.at_position(r.k, f"Players_{pos}", f"Players_{source}"))


def list_table(key: str, title: Text, rows: int, listing: Listing, header_row: int = 2
               ) -> Table:
    """A list in rating order: place k shows the player whose Players position is k."""
    pos, order = listing.pos, listing.order
    shown = {c.key: listing.sources.get(c.key, c.key) for c in listing.columns
             if c.formula is None}
    own = next(key for key, source in shown.items() if source == order)
    place = dataclasses.replace(
        listing.place, value=lambda c: place_value(c, pos, order, own),
        formula=lambda r: fx.if_(f"ISNUMBER({r[own]})",
                                 lx.list_rank(r[own], f"Players_{order}", "Players_Name"), '""'))
    columns = (place, *(placed_column(pos, c, shown[c.key]) if c.key in shown else c
                        for c in listing.columns))
    return Table(key, title, columns, rows, header_row=header_row, lead_row=header_row + 1)


def rating_listing(source: Mapping[str, str], rule: LedgerRule[Any]) -> Listing:
    """A two-player rule's list of the Players columns ``source`` maps its keys to
    (``Rating`` → ``MRating`` …; ``Pos``: the position column). The live list
    (``Rating`` → ``Rating``) also shows the rule's ``listed`` columns; a month's list
    does not: the month's end keeps only the rating."""
    pos, live = source["Pos"], source["Rating"] == "Rating"
    order = rule.order_key if live else source["Rating"]

    def shown(k: str, label: Text, kind: ValueType = "number", fmt: str = rule.rating_format,
              width: float = rule.side_widths[0], role: Role = "computed") -> Column:
        return Column(k, label, role, kind, width, number_format=fmt)

    def change(c: Cells) -> object:
        before = shown_value(pos, source["Change"])(c)
        return "" if before == "" else numeric(c["Rating"]) - numeric(before)

    columns = [
        shown("Name", Text("名前", "Name"), "text", "General", 12),
        shown("Rating", rule.rating_name),
        *(shown(key, label, "number", fmt, 5.5) for key, label, fmt in rule.listed if live),
    ]
    if "Change" in source:
        columns.append(Column("Change", Text("前回比", "Change"), "computed", "number", 6.5,
                              number_format="+0;-0;0", formula=lambda r: fx.if_(
                                  f"ISNUMBER({r['Rating']})", f"{r['Rating']}-" + lx.at_position(
                                      r.k, f"Players_{pos}", f"Players_{source['Change']}"),
                                  '""'), value=change))
    if rule.rank_labels and "Label" in source:
        columns.append(shown("Label", Text("段級", "Rank"), "text", "General", 6))
    columns.append(shown("Games", Text("対局数", "Games"), "integer", "0", 6))
    if "ThisMonth" in source:
        columns.append(shown("ThisMonth", Text("今月", "This\nmonth"), "integer", "0", 6))
    if order != source["Rating"]:
        columns.append(shown("Order", Text("計算用 順序", "Order"), role="helper"))
    return Listing(pos, order, Column("Place", Text("順位", "Place"), "computed", "integer", 6),
                   tuple(columns), {**source, "Order": order})


def monthly_table(lang: str, g: GamesRefs) -> Table:
    """The month chooser: blank shows the latest month with a counted game."""
    def key(c: Cells) -> object:
        if c["Month"] is None:
            month = latest(c)
            return month if month > 0 else ""
        return month_of(c["Month"])

    def shown(c: Cells) -> object:
        k = c["Key"]
        return month_start(k) if isinstance(k, int) else ""

    month = Column(
        "Month", Text("月", "Month"), "input", "date", 10, number_format="yyyy/m",
        lead=Text("↓ 月 (空欄=最新)", "↓ month (blank = latest)"),
        validation=v("date", Text("見たい月の日付 (例: 2024/5/1)。空欄は最新の月",
                                  "Any date in the month to show; blank = the latest"),
                     Text("日付を入力してください", "Type a date"), "greaterThanOrEqual", "1"),
        check=kinds.DATE, message=MSG["date"])
    return Table("Monthly", MONTHLY, (
        month,
        Column("Shown", Text("表示中の月", "Shown"), "computed", "date", 10,
               number_format="yyyy/m", value=shown,
               formula=lambda r: fx.if_(f"ISNUMBER({r['Key']})", lx.month_date(r["Key"]), '""')),
        st.status_column((st.bad("Month"),), lang, width=18),
        Column("Key", Text("計算用 月", "Month key"), "helper", "integer", 7,
               formula=lambda r: fx.if_(
                   f"ISBLANK({r['Month']})", fx.if_(f"{LATEST}>0", LATEST, '""'),
                   lx.month_key(r["Month"])), value=key),
        upto_column(g, 0, Text("計算用 表の最後の行", "Last row of the list")),
        upto_column(g, 1, Text("計算用 前月の表の最後の行", "Last row of last month's list")),
    ), 1)


def upto_column(g: GamesRefs, back: int, label: Text) -> Column:
    return Column(UPTO[back], label, "helper", "integer", 7,
                  formula=lambda r: upto_formula(r, g, back), value=lambda c: upto_value(c, back))
