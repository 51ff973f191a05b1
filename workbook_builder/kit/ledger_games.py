"""The ledger's Games sheet: one game a row, each computed column with its engine value.

A row's Status is its first problem (:func:`check_cases`), judged from the row alone; a
flagged row is skipped. In Tokin's monthly mode a month is the calendar month of the
game's date, and the log runs in month order (:func:`status_cases`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import Any

from openpyxl.utils.datetime import from_excel

from rating_rules.common import round_half_away

from .. import formulas as fx
from ..dates import is_usable_serial
from ..formulas import ledger as lx
from ..labels import Text
from ..layout import Column, Formula, Row, Table, ValueType, helper
from . import inputs as kinds
from . import phone
from . import status as st
from .cells import Cells, Evaluation, Value, excel_number, excel_serial, numeric, whole
from .ledger_rule import MONTHLY_MODE, SIDES, LedgerRule, P, v
from .seats import SeatKey, Seats
from .status import text_of

SEATS = LedgerRule.seats
"""The two-player ledger's seats: A and B on one row."""
MSG = {
    "settings": st.SETTINGS,
    "unknown": Text("⚠ 名簿にない名前: ", "⚠ not on the Players sheet: "),
    "spaced": Text("⚠ 名前に余分な空白 (全角も): ", "⚠ extra space in the name: "),
    "same": Text("⚠ 対局者AとBが同じ人", "⚠ players A and B are the same"),
    "start": Text("⚠ 名簿の開始レートを確認: ", "⚠ check the start on Players: "),
    "result": kinds.RESULT_MESSAGE,
    "score": Text("⚠ 勝敗は 1・0.5・0", "⚠ result must be 1, 0.5 or 0"),
    "date": kinds.DATE_MESSAGE,
    "need_date": Text("⚠ 日付がない (月例リストに必要)", "⚠ date missing (monthly lists need it)"),
    "order": Text("⚠ 日付が前の対局より前の月", "⚠ month earlier than a game above"),
    "incomplete": st.INCOMPLETE,
}
LEDGER_WIDTHS: phone.Widths = {
    "Date": phone.DATE_WIDTH, "PlayerA": (5.5, 5), "PlayerB": (5.5, 5), "Result": (3.5, 5),
    "NewA": (5.5, 5), "NewB": (5.5, 5), "ShownA": (6.5, 6.5), "ShownB": (6.5, 6.5),
}
"""The Games columns a phone shows beside the answers (:mod:`.phone`), (ja, en); a rule
adds its inputs' in :attr:`.LedgerRule.phone_widths`."""
SPACES = Text(" — 前後に余分な空白? (全角も)", " — a space too many?")


# --- Values the sheet compares as text --------------------------------------------------


def excel_trim(text: str) -> str:
    """``TRIM(SUBSTITUTE(text,"　"," "))``: full-width spaces made plain, spaces at either
    end dropped, runs of spaces inside made one."""
    return " ".join(part for part in text.replace("\u3000", " ").split(" ") if part)


def trimmed(name: str) -> str:
    """The formula of :func:`excel_trim` on the cell ``name``."""
    return f'TRIM(SUBSTITUTE({name}&"","　"," "))'


def space_hint(player: str) -> tuple[Callable[[Row, str], str], Callable[[Cells], str]]:
    """The hint after an unknown name with a space too many (a phone keyboard's, or a
    full-width one). The member it probably means is not looked up: the lookup doubled
    the Status formula, which every row of a 20,000-game ledger carries."""
    def formula(r: Row, lang: str) -> str:
        name = r[player]
        return fx.if_(f'{trimmed(name)}<>{name}&""', fx.text(SPACES(lang)), '""')

    def value(c: Cells) -> str:
        name = text_of(c[player])
        return "" if excel_trim(name) == name else SPACES(c.lang)

    return formula, value


def same_cell(a: object, b: object) -> bool:
    """``a=b`` in a spreadsheet: text any case, numbers by value, text never a number."""
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    na, nb = excel_number(a), excel_number(b)
    return na is not None and na == nb and not isinstance(a, str) and not isinstance(b, str)


def month_of(value: object) -> object:
    """:func:`lx.month_key` in Python: ``YEAR×12 + MONTH − 1`` of a date the sheets can
    hold, else ""."""
    number = excel_number(value)
    if number is None or not is_usable_serial(number):
        return ""
    day = from_excel(number)
    return day.year * 12 + day.month - 1


def month_start(key: int) -> float:
    """The serial of the first day of the month :func:`month_of` keys as ``key``."""
    return excel_serial(dt.datetime(key // 12, key % 12 + 1, 1))


def table_of(c: Cells, key: str) -> Evaluation:
    """Another table's values (``Players`` …), handed in through the context."""
    found = c.context[key]
    assert isinstance(found, Evaluation), key
    return found


def player_id(players: Evaluation, name: object) -> int:
    """:func:`lx.player_id`: the first Players row whose name is ``name`` as text, else 0."""
    index = players.context.get("names")
    if not isinstance(index, dict):  # lower-case name → its first row: the last one set
        index = {
            text_of(listed).lower(): k
            for k in range(players.table.rows, 0, -1)
            if (listed := players.value(k, "Name")) is not None
        }
        players.context["names"] = index
    return 0 if name is None else int(index.get(text_of(name).lower(), 0))


# --- Status -------------------------------------------------------------------------------


def complete_formula(r: Row, rule: LedgerRule[Any]) -> str:
    """Both players known and the result (and the required extras) typed."""
    needed = [r["Result"], *(r[key] for key in rule.required)]
    return f"AND({r['IdA']}>0,{r['IdB']}>0,COUNT({','.join(needed)})={len(needed)})"


def complete(c: Cells, rule: LedgerRule[Any]) -> bool:
    return c["IdA"] != 0 and c["IdB"] != 0 and c.numbers("Result", *rule.required)


def side_cases(side: str) -> tuple[st.Case, st.Case]:
    """An unknown name (quoted) and a known player without a usable start.

    The start is read on Players, not through the row's rating: a player's games count
    only from a usable start on, so the rating is a number exactly when the start is.
    Testing the rating would make whether a row counts depend on the chain of every
    game above it, and a result fixed far up would recalculate the log row by row.
    """
    player, pid = f"Player{side}", f"Id{side}"
    hint, hint_value = space_hint(player)
    return (st.Case(lambda r: f"AND(NOT(ISBLANK({r[player]})),{r[pid]}=0)",
                    lambda c: c[player] is not None and c[pid] == 0, MSG["unknown"], player,
                    hint, hint_value),
            st.Case(lambda r: f"AND({r[pid]}>0,NOT(ISNUMBER(INDEX(Players_StartUsed,{r[pid]}))))",
                    lambda c: c[pid] != 0
                    and excel_number(player_value(c, c[pid], "StartUsed")) is None,
                    MSG["start"], player))


def status_cases(rule: LedgerRule[P], preset: P, lang: str) -> tuple[st.Case, ...]:
    """The Games Status column, first case first: for a monthly rule, the hidden Check's
    message, else the month-order flag (:func:`check_cases`)."""
    if not rule.monthly:
        return check_cases(rule, preset, lang)
    is_monthly = rule.monthly_mode(preset)
    order = st.Case(  # dated in an earlier month than a dated row above
        lambda r: f"AND({MONTHLY_MODE}=1,{complete_formula(r, rule)},"
                  f"{r['Month']}<{r.prev('DatedMonth')})",
        lambda c: is_monthly and complete(c, rule)
        and whole(c["Month"]) < whole(c.prev("DatedMonth")),
        MSG["order"])
    return (st.cell_message(lambda r: r["Check"], lambda c: c["Check"]), order)


def check_cases(rule: LedgerRule[P], preset: P, lang: str) -> tuple[st.Case, ...]:
    """Every check of a row but its month order: what the chain links a row by
    (``KA``, ``KB``: :func:`counted_columns`). The Status of a rule without monthly lists."""
    keys = ("Date", "PlayerA", "PlayerB", "Result",
            *(e.key for e in rule.extras(preset, lang)), "Note")
    monthly = f"{MONTHLY_MODE}=1" if rule.monthly else "FALSE"
    is_monthly = rule.monthly and rule.monthly_mode(preset)
    unknown_a, start_a = side_cases("A")
    unknown_b, start_b = side_cases("B")
    return (
        st.empty(keys),
        st.settings_unusable(lambda r: rule.settings_ok(preset)),
        unknown_a, unknown_b,
        st.Case(lambda r: f"AND({r['IdA']}>0,{r['IdA']}={r['IdB']})",
                lambda c: c["IdA"] != 0 and c["IdA"] == c["IdB"], MSG["same"]),
        start_a, start_b,
        st.bad("Result"),
        *(st.bad(e.key) for e in rule.extras(preset, lang)),
        st.bad("Date"),
        *rule.game_cases(),
        st.Case(lambda r: f"AND({monthly},{complete_formula(r, rule)},NOT(ISNUMBER({r['Date']})))",
                lambda c: is_monthly and complete(c, rule) and c.number("Date") is None,
                MSG["need_date"]),
        st.Case(lambda r: complete_formula(r, rule), lambda c: complete(c, rule)),
        st.unfinished(MSG["incomplete"]),
    )


# --- The chain ----------------------------------------------------------------------------


def player_value(c: Cells, pid: object, key: str) -> object:
    """The Players column ``key`` (``StartUsed`` …) of player ``pid``."""
    return table_of(c, "Players").value(whole(pid), key)


SeatFormula = Callable[[Row, str], str]
SeatValue = Callable[[Cells, str], object]
"""A per-seat helper's formula and value (:func:`seat_helpers`)."""


def before_game(key: str, start: str | None, step: int = 0) -> tuple[SeatFormula, SeatValue]:
    """What a seat's player brings to the game (plus ``step``): ``key`` of their seat on
    their previous counted row, else their Players ``start`` (None: 0); "" when the
    player is unknown. Club 24's game number is the one before plus 1, counting on from
    the games before the ledger."""
    def formula(r: Row, side: str) -> str:
        pid, prev = r[f"Id{side}"], r[f"Prev{side}"]
        first = "0" if start is None else f"INDEX(Players_{start},{pid})"
        before = SEATS.carried_formula(r, prev, pid, key, first)
        return fx.if_(f"{pid}=0", '""', f"{before}+{step}" if step else before)

    def value(c: Cells, side: str) -> object:
        pid = c[f"Id{side}"]
        if pid == 0:
            return ""
        first = 0 if start is None else player_value(c, pid, start)
        before = SEATS.carried_value(c.evaluation, c[f"Prev{side}"], pid, key, first)
        return numeric(before) + step if step else before

    return formula, value


def rating_formula(r: Row, side: str, rule: LedgerRule[Any]) -> str:
    """The rating the game is played at: the last list's (Tokin monthly) or the current one."""
    if not rule.monthly:
        return r[f"Run{side}"]
    pid, prev = r[f"Id{side}"], r[f"Prev{side}"]
    # IF, not AND: AND evaluates INDEX(…, 0) too, the whole range, an error off its rows.
    same_month = (f"AND({MONTHLY_MODE}=1,IF({prev}>0,INDEX("
                  f"{SEATS.before(r, 'LastMonth', '1')},{prev})={list_month_formula(r)},FALSE))")
    listed = SEATS.carried_formula(r, prev, pid, "Rating", '""')
    return fx.if_(f"{pid}=0", '""', fx.if_(same_month, listed, r[f"Run{side}"]))


def rating_value(c: Cells, side: str, rule: LedgerRule[Any]) -> object:
    pid, prev = c[f"Id{side}"], c[f"Prev{side}"]
    if not rule.monthly or pid == 0:
        return c[f"Run{side}"]
    lead = c.table.lead_row
    if rule.monthly_mode(c.preset) and prev != 0 and \
            c.at(whole(prev) - lead, "LastMonth") == list_month(c):
        return SEATS.carried_value(c.evaluation, prev, pid, "Rating", "")
    return c[f"Run{side}"]


def list_month_formula(r: Row) -> str:
    """The month whose list a row's game is played at, as the previous row's LastMonth
    shows it: the row's month, or, on a row out of month order (linked, not counted),
    the latest month counted so far, so that the game after it reads the list its
    player's last counted game was played at (:meth:`.Seats.key_of`)."""
    return fx.if_(f"ISNUMBER({r['Month']})", f"MAX({r['Month']},{r['LastMonth']})", '""')


def list_month(c: Cells) -> object:
    month = c["Month"]
    return max(whole(month), whole(c["LastMonth"])) if isinstance(month, int) else ""


# --- The table ----------------------------------------------------------------------------


Test = tuple[Formula, Callable[[Cells], bool]]
"""A condition on a Games row: its formula and its value."""
COUNTED: Test = (lambda r: f"{r['CA']}>0", lambda c: c["CA"] != 0)
"""A counted row of the two-player ledger."""


def if_counted(formula: Formula, value: Value, carried: Formula | None = None,
               carried_value: Value | None = None, seats: Seats = SEATS,
               counts: Test = COUNTED) -> tuple[Formula, Value]:
    """A column shown only on a row that ``counts`` ("" elsewhere), or ``carried`` on a
    row ``seats`` link without counting it (:meth:`.Seats.links_uncounted`: a monthly
    rule's row out of month order, which carries the player's values through)."""
    def linked(table: Table) -> str | None:
        links = carried is not None and seats.links_uncounted(table)
        return seats.key_of(table, seats.names[0]) if links else None

    def otherwise(r: Row) -> str:
        key = linked(r.table)
        return '""' if key is None or carried is None else fx.if_(
            f"{r[key]}>0", carried(r), '""')

    def shown(c: Cells) -> object:
        if counts[1](c):
            return value(c)
        key = linked(c.table)
        return "" if key is None or carried_value is None or c[key] == 0 else carried_value(c)

    return (lambda r: fx.if_(counts[0](r), formula(r), otherwise(r)), shown)


PICK_PLAYER = v("list", Text("名簿の名前から選ぶ", "Pick a name from the Players sheet"),
                Text("名簿シートにある名前を選んでください (新しい人は先に名簿へ)",
                     "Pick a name from the Players sheet (add new players there)"),
                None, "Players_Name")
"""A Games player cell of any ledger: a name on the Players sheet."""


def input_columns(rule: LedgerRule[P], preset: P, lang: str) -> list[Column]:
    """Date, the players, A's result and the rule's extras."""
    draws = 0.5 in rule.scores
    score_prompt = (
        Text("Aの勝ち=1、引き分け=0.5、Aの負け=0", "A wins = 1, draw = 0.5, A loses = 0")
        if draws else Text("Aの勝ち=1、Aの負け=0", "A wins = 1, A loses = 0"))
    listing = ",".join(text_of(s) for s in rule.scores)
    return [
        kinds.date_column(9.5),
        *(Column(f"Player{s}", Text(f"対局者{s}", s), "input", "text", 9, width_en=10,
                 validation=PICK_PLAYER) for s in SIDES),
        Column("Result", Text("A\n勝敗", "A's\nscore" if draws else "A\nwon"), "input",
               "choice", 5.5, width_en=6.5, number_format="General", allowed=rule.scores,
               validation=v("list", score_prompt, Text(f"{listing} から選ぶ", f"Choose {listing}"),
                            None, f'"{listing}"'),
               check=kinds.one_of(rule.scores), message=MSG["score" if draws else "result"]),
        *rule.extras(preset, lang),
    ]


def side_columns(rule: LedgerRule[Any], lang: str) -> list[Column]:
    """Each side's rating the game is played at, its change and its new rating."""
    fmt, name, widths = rule.rating_format, rule.rating_name, rule.side_widths
    short = rule.short_name or name
    columns: list[Column] = []
    for key, label, width, number_format in (
            ("Rating", (f"\n{name.ja}", f"\n{name.en.lower()}"), widths[0], fmt),
            ("Change", ("\n増減", "\n±"), widths[1], rule.change_format),
            ("New", (f"新\n{short.ja}", "\nnew"), widths[2], fmt)):
        for side in SIDES:
            formula, value = side_rule(key, side, rule)
            columns.append(Column(f"{key}{side}", Text(side + label[0], side + label[1]),
                                  "computed", "number", width, number_format=number_format,
                                  formula=formula, value=value))
    if not rule.monthly:
        return columns
    shown = [Column(f"Shown{side}", Text(f"{side}新\n{short.ja}", f"{side}\nnew"), "computed",
                    "number", widths[2], number_format=fmt, formula=shown_formula(side, lang),
                    value=shown_value(side, rule, lang)) for side in SIDES]
    kept = [dataclasses.replace(c, role="helper", hidden=True, label=Text(
        f"計算用 {c.key[-1]}の月末レート", f"{c.key[-1]} by month end"))
        if c.key.startswith("New") else c for c in columns]
    return [*shown, *kept]


MONTH_END = Text("月末", " later")
"""After the change on a monthly ledger's row: it applies when the month's list is made
(RULES.md §1), so the row does not show a new rating the player does not have yet."""


def shown_formula(side: str, lang: str) -> Formula:
    """What a monthly rule's row shows as the new rating: in monthly mode the change and
    月末 (+16月末), since the month's changes are summed into the next list; game by game,
    the new rating (the hidden ``New``, which the chain and the lists read)."""
    def formula(r: Row) -> str:
        change = r[f"Change{side}"]
        words = f'IF({change}>0,"+","")&ROUND({change},0)&"{MONTH_END(lang)}"'
        return fx.if_(f"AND({MONTHLY_MODE}=1,{COUNTED[0](r)})", words, r[f"New{side}"])
    return formula


def shown_value(side: str, rule: LedgerRule[Any], lang: str) -> Value:
    def value(c: Cells) -> object:
        if not (rule.monthly_mode(c.preset) and c["CA"] != 0):
            return c[f"New{side}"]
        change = numeric(c[f"Change{side}"])  # the sign of the change, as the formula
        return f"{'+' if change > 0 else ''}{round_half_away(change)}{MONTH_END(lang)}"
    return value


def side_rule(key: str, side: str, rule: LedgerRule[Any]) -> tuple[Formula, Value]:
    """Formula and value of ``Rating``/``Change``/``New`` for one side."""
    if key == "Rating":
        return (lambda r: rating_formula(r, side, rule),
                lambda c: rating_value(c, side, rule))
    if key == "Change":
        return if_counted(lambda r: rule.change_formula(r, side),
                          lambda c: rule.change_value(c, side))
    run = f"Run{side}"  # a linked row out of month order shows the rating it leaves
    return if_counted(lambda r: f"{r[run]}+{r[f'Change{side}']}",
                      lambda c: numeric(c[run]) + numeric(c[f"Change{side}"]),
                      lambda r: r[run], lambda c: c[run])


def seat_helpers(stem: str, label: tuple[str, str], kind: ValueType, formula: SeatFormula,
                 value: SeatValue, counted: bool = False, carried: bool = False,
                 shown: tuple[float, str] | None = None, seats: Seats = SEATS) -> list[Column]:
    """One hidden helper per seat (``IdA``, ``IdB`` …); ``label`` has ``{}`` for the seat.

    ``counted``: "" off the counted rows (:func:`if_counted`); ``carried`` as well, but a
    row the chain links without counting it passes on the seat's value before the game
    (the helper ``New<key>`` shows ``<key>``); both read the two-player ledger's counted
    row (:data:`COUNTED`). ``shown``: a column a person reads instead, of this width and
    number format. ``seats``: the seats of another ledger (one column each)."""
    def column(side: str) -> Column:
        shown_formula: Formula = lambda r: formula(r, side)  # noqa: E731
        shown_value: Value = lambda c: value(c, side)  # noqa: E731
        if counted or carried:
            before = stem.removeprefix("New")
            shown_formula, shown_value = if_counted(
                shown_formula, shown_value,
                (lambda r: r[f"{before}{side}"]) if carried else None,
                (lambda c: c[f"{before}{side}"]) if carried else None)
        built = helper(f"{stem}{side}", Text(label[0].format(side), label[1].format(side)),
                       kind, shown_formula, shown_value, seats.helper_width)
        if shown is None:
            return built
        return dataclasses.replace(built, role="computed", hidden=False, width=shown[0],
                                   number_format=shown[1])
    return [column(side) for side in seats.names]


def id_columns(seats: Seats) -> list[Column]:
    """Each seat's player id (:attr:`.Seats.id`), by the name typed on the row."""
    return seat_helpers(seats.id.stem, seats.id.label, "integer",
                        lambda r, s: lx.player_id(r[f"Player{s}"], "Players_Name"),
                        lambda c, s: player_id(table_of(c, "Players"), c[f"Player{s}"]),
                        seats=seats)


def previous_columns(seats: Seats) -> list[Column]:
    """Each seat's previous counted game (:attr:`.Seats.previous`)."""
    return seat_helpers(seats.previous.stem, seats.previous.label, "integer",
                        seats.previous_formula, seats.previous_value, seats=seats)


def count_columns(seats: Seats, counts: Test) -> list[Column]:
    """On a row that ``counts``, the player's counted games so far, this one included (on
    a row the chain links without counting it, so far): the Players sheet reads it at the
    player's last game instead of counting the log.

    The range read ends at the row above on every seat (no seat's count reads its own
    game's), so each row holds the same formula relative to it: in LibreOffice fixing an
    early game of four rows then costs about a full recalculation, against more than
    twice that with the range ending above the game, which differs from seat to seat."""
    key, previous, player = seats.count.stem, seats.previous.at, seats.id.at

    def so_far(r: Row, s: str) -> str:
        return seats.carried_formula(r, r[previous(s)], r[player(s)], key, "0", own_game=True)

    def so_far_value(c: Cells, s: str) -> int:
        return whole(seats.carried_value(c.evaluation, c[previous(s)], c[player(s)], key, 0))

    def rule(s: str) -> tuple[Formula, Value]:
        return if_counted(lambda r: f"{so_far(r, s)}+1", lambda c: so_far_value(c, s) + 1,
                          lambda r: so_far(r, s), lambda c: so_far_value(c, s), seats, counts)

    return seat_helpers(key, seats.count.label, "integer", lambda r, s: rule(s)[0](r),
                        lambda c, s: rule(s)[1](c), seats=seats)


def counted_ids(seats: Seats, key: SeatKey, counts: Test, lead: bool = True) -> list[Column]:
    """Each seat's id (as ``key``) on a row where ``counts`` holds, 0 elsewhere: the first
    seat's by ``counts``, the others' where the first's is set; ``lead``: a 0 on the lead
    row too."""
    first = key.at(seats.names[0])

    def column(seat: str) -> Column:
        player = seats.id.at(seat)
        if seat == seats.names[0]:
            formula, holds = counts
        else:
            formula, holds = (lambda r: f"{r[first]}>0"), (lambda c: c[first] != 0)
        return helper(key.at(seat), key.label_at(seat), "integer",
                      lambda r: fx.if_(formula(r), r[player], "0"),
                      lambda c: c[player] if holds(c) else 0, seats.helper_width,
                      lead=(lambda r: "0") if lead else None, lead_value=0)

    return [column(seat) for seat in seats.names]


def chain_columns(rule: LedgerRule[Any]) -> list[Column]:
    """The hidden helpers: ids, month, each side's previous game and rating before it."""
    columns = [
        *id_columns(SEATS),
        helper("Month", Text("計算用 月", "Month key"), "integer",
               lambda r: lx.month_key(r["Date"]), lambda c: month_of(c["Date"])),
        *previous_columns(SEATS),
        *seat_helpers("Run", ("計算用 {}対局前", "{} before"), "number",
                      *before_game("New", "StartUsed")),
        *count_columns(SEATS, COUNTED),
    ]
    if rule.has_prior:
        columns += seat_helpers("No", ("計算用 {}局数", "{} game no."), "integer",
                                *before_game("No", "PriorUsed", step=1))
    for item in rule.carried:  # each seat's value before the game
        label = (f"計算用 {{}}{item.label.ja}", f"{{}} {item.label.en}")
        before = before_game(f"New{item.key}", item.start)
        columns += seat_helpers(item.key, label, item.kind, *before)
    return columns


def month_so_far(key: str, label: Text, test: Callable[[Row], str] | None,
                 holds: Callable[[Cells], bool], width: float = 7) -> Column:
    """A running latest month: this row's month where ``test`` holds (every dated row
    when ``test`` is None), else the row above's."""
    def formula(r: Row) -> str:
        dated = f"ISNUMBER({r['Month']})"
        counts = dated if test is None else f"AND({test(r)},{dated})"
        return f"MAX({r.prev(key)},IF({counts},{r['Month']},0))"

    def value(c: Cells) -> object:
        month = c["Month"]
        return max(whole(c.prev(key)), month if holds(c) and isinstance(month, int) else 0)

    return helper(key, label, "integer", formula, value, width, lead=lambda r: "0",
                  lead_value=0)


def counted_columns(rule: LedgerRule[Any]) -> list[Column]:
    """Who counted on the row, the latest month counted so far, and the latest month of
    any dated row so far; a monthly rule first has who the chain links (``KA``, ``KB``).

    A game dated earlier than that last month is out of month order. The test reads
    dates alone: had it read the latest *counted* month, whether a row counts would
    depend on whether every row above counted, so fixing one result far up would make
    the whole log below it dirty (every row's Status, counted ids and lookups), which
    LibreOffice recalculates many times slower than the ratings alone. For the same
    reason the chain links rows by ``KA``/``KB``, which leave the month order out: a
    date fixed far up then changes which rows count below it, not how they are linked.
    """
    linked = (id_pair("Check", rule, SEATS.chain_id)
              if rule.monthly and SEATS.chain_id else [])
    return [
        *linked,
        *id_pair("Status", rule, SEATS.counted_id),
        month_so_far("LastMonth", Text("計算用 最新の月", "Latest month"), *COUNTED),
        month_so_far("DatedMonth", Text("計算用 日付の最新の月", "Latest month dated"), None,
                     lambda c: True),
    ]


def id_pair(status: str, rule: LedgerRule[Any], key: SeatKey) -> list[Column]:
    """Each side's id on a complete row whose ``status`` column is empty (0 elsewhere):
    ``CA``/``CB`` from Status (counted), ``KA``/``KB`` from Check (linked)."""
    return counted_ids(SEATS, key, (
        lambda r: f"AND({r[status]}=\"\",{complete_formula(r, rule)})",
        lambda c: c[status] == "" and complete(c, rule)))


def games_table(rows: int, lang: str, rule: LedgerRule[P], preset: P) -> Table:
    """The Games table: inputs, each side's computed columns, Status, the hidden chain."""
    status = st.status_column(status_cases(rule, preset, lang), lang, width=20, width_en=26)
    check = dataclasses.replace(
        st.status_column(check_cases(rule, preset, lang), lang), key="Check",
        label=Text("計算用 月の順以外の確認", "Checks but month order"), role="helper",
        hidden=True)
    note = Column("Note", Text("メモ", "Note"), "input", "text", 10,
                  validation=v(None, Text("自由なメモ (計算には使わない)", "Free note (not used)"),
                               None))
    anchor = Column("Anchor", Text("計算用 行の目印", "Row anchor"), "helper", "integer", 2,
                    formula=lambda r: "0", value=lambda c: 0)
    sides = {c.key: c for c in side_columns(rule, lang)}
    shown = "Shown" if rule.monthly else "New"
    answers = [sides.pop(f"{shown}{side}") for side in SIDES]
    columns = (*input_columns(rule, preset, lang), anchor, *answers, status,
               *sides.values(), *rule.outcomes(preset, lang), note, *chain_columns(rule),
               *([check] if rule.monthly else []), *counted_columns(rule),
               *rule.game_helpers(preset, lang),
               st.built_column(fixed=True))
    widths = {**LEDGER_WIDTHS, **rule.phone_widths}
    return Table.games(phone.narrowed(columns, widths), rows, fixed_rows=True,
                       anchor="Anchor")
