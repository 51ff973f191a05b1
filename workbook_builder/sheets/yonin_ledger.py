"""The four-player shogi club ledger (四人将棋 対局台帳, RULES.md §5, seed 003).

One workbook for the whole club: every game in one log, each player's rate carried from
their previous counted game (the chain), and the federation's rate table (レート表).

Sheets:

* 対局 / Games: one game is four rows, one per seat. The secretary types ``Player``
  (picked from the Players sheet), ``Place`` 1-4, ``KnockedBy`` (seat 1-4 of who mated
  them, blank for the winner, T for a resignation or time-out) and, on the game's first
  row, its ``Date``. Computed: ``Rate`` before the game (the chain), the four points,
  ``NewRate`` (floored by the player's official rank), ``Rank``, the tournament
  ``Score``/``Win`` and ``Status``. Hidden helpers: ``RowCheck``, ``Id`` (the player's
  row on the Players sheet, 0 = not listed), ``Filled``, ``Later`` (anything typed in a
  later game, carried up from the bottom so no game scans the rest of the log),
  ``Rated``, ``Knocker``, ``Foul``, ``KoGiven`` (as the personal sheet), ``CountedId``
  (the id on a counted game, else 0), ``PrevRow`` (sheet row of the player's previous
  counted game, 0 = none) and ``Month`` (the counted game's month key).
* 名簿 / Players: ``Name``, ``Start`` (blank = the Settings start of a member or a
  non-member), ``Official`` rank (dropdown, blank = none), ``Member`` (blank = member).
  Computed: current ``Rate``, ``Rank``, counted ``Games``, ``Month`` (games in the
  latest month) and ``Status``.
* レート表 / Rate table: the federation's table in rate order (ties keep the Players
  order), with the one-line notation of the seed (``Aさん(二級):R1761(6)``).
* 設定 / Settings: the personal four-player sheet's constants and tables.

``rows`` of the template counts SHEET rows of the Games table (four per game), as on the
personal four-player sheet: ``audit`` and ``repair`` read a log back row by row and
rebuild it with at least that many rows, so a game count there would be read as rows.

"Latest month" is the month of the latest dated counted game in the log, not today's:
``TODAY()`` is volatile, so the file's cached values would depend on the day it is built
or previewed. A game's date is optional; an undated game counts for the rate and the
total, not for a month.

Game rules (formulas and :func:`evaluate` alike): the personal sheet's rules, plus a
name not on the Players sheet, a player whose Players row is faulty, the same player
twice in one game, or a date anywhere but the game's first row (a repeat of it is
fine) flag the game at once; a flagged game is skipped and every chain passes over it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, PatternFill, Side
from openpyxl.utils.datetime import from_excel
from openpyxl.worksheet.worksheet import Worksheet

from rating_rules.yonin import TROUBLE, YONIN, YoninPreset

from .. import formulas as fx
from .. import styles
from ..formulas import ledger as fl
from ..formulas import yonin as fy
from ..kit.seats import Seats
from ..labels import LEGEND_COMPUTED, LEGEND_INPUT, OVERWRITTEN, SETTINGS_TITLE, Text
from ..layout import Column, NameInfo, Row, Setting, Table, Validation
from ..settings import write_settings
from ..spec import Spec
from ..table import define_name, write_table
from . import Built, SheetType
from . import yonin as yn
from .common import excel_number, page_setup

GAMES = Text("対局", "Games")
PLAYERS = Text("名簿", "Players")
RATE_TABLE = Text("レート表", "Rate table")
SEATS = yn.SEATS
CHAIN = Seats(("",), rows=SEATS, counted_key="CountedId")
"""The ledger's chain with one seat a row, four rows a game (:mod:`workbook_builder.kit.seats`)."""
GAME_INPUTS = ("Player", "Place", "KnockedBy", "Date")
"""Games input columns, in sheet order (contiguous C:F)."""
PLAYER_INPUTS = ("Name", "Start", "Official", "Member")
"""Players input columns, in sheet order (contiguous A:D)."""
DATE_FORMAT = "yyyy/m/d"
LEAD_ROW = 3
FIRST_ROW = LEAD_ROW + 1
"""Every table here: header on row 2, the hint row 3, data from row 4."""

MSG = {
    "date": Text("⚠ 日付は 5/26 の形で", "⚠ date: type it like 5/26"),
    "date_row": Text("⚠ 席{n}: 日付は各局の1行目に", "⚠ seat {n}: the date goes on the first row"),
    "unknown": Text("⚠ 席{n}: 「{name}」は名簿にない",
                    '⚠ seat {n}: "{name}" not in Players'),
    "player_row": Text("⚠ 席{n}: 名簿の「{name}」の行を確認",
                       '⚠ seat {n}: check "{name}" in Players'),
    "twice": Text("⚠ 席{n}: 「{name}」が同じ局に2回",
                  '⚠ seat {n}: "{name}" plays twice'),
}
"""Games markers beyond the personal sheet's (:data:`yonin.MSG`)."""
PLAYER_MSG = {
    "name": Text("⚠ 名前がない", "⚠ name is missing"),
    "duplicate": Text("⚠ 同じ名前が上にある (この行は使わない)",
                      "⚠ same name above: this row is not used"),
    "start": Text("⚠ 開始レートは数値で", "⚠ start rate must be a number"),
    "official": Text("⚠ 公認段級は一覧から", "⚠ official rank: pick from the list"),
    "member": Text("⚠ 会員欄は 会員 か 非会員", "⚠ member or non-member"),
}
GAP = {"ja": "", "en": " "}
"""Between a name and its ranks in the federation's line (Aさん(二級), A (2 kyu))."""
LATEST = "RateTable_LatestMonth"
"""The first day of the latest month with a dated counted game ("" if none)."""


def msg(key: str, lang: str, seat: int | None = None, name: str = "") -> str:
    if key not in MSG:
        return yn.msg(key, lang, seat)
    return MSG[key](lang).format(n=seat, name=name)


def quoted(key: str, lang: str, seat: int, name_ref: str) -> str:
    """A marker quoting the typed name: ``"…「" & C5 & "」…"``."""
    before, after = MSG[key](lang).format(n=seat, name="\0").split("\0")
    return f"{fx.text(before)}&{name_ref}&{fx.text(after)}"


PERSONAL_MSG = ("settings", "incomplete", "places", "place", "knocked", "winner", "missing",
                "self", "out")
"""The personal sheet's markers the ledger shows too (its rate/rank/member ones are on the
Players sheet here)."""


def all_messages(lang: str) -> tuple[str, ...]:
    """Games markers, for ``describe`` (the name markers with a placeholder name)."""
    out = ["", msg("date", lang)]
    for key in (*PERSONAL_MSG, *(k for k in MSG if k != "date")):
        text = MSG[key](lang) if key in MSG else yn.MSG[key](lang)
        if "{n}" in text:
            out += [msg(key, lang, s, "…") for s in range(1, SEATS + 1)]
        else:
            out.append(msg(key, lang))
    return tuple(out)


def general(value: object) -> str:
    """A value as Excel's ``&`` writes it (General format, up to 15 digits)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.15g}"
    if isinstance(value, (dt.date, dt.datetime)):
        return general(excel_number(value))
    return "" if value is None else str(value)


# ---- where things are -------------------------------------------------------------------

def whole(table: Table, key: str, sheet: str | None = None) -> str:
    """``$X$1:$X$<last>`` of a column, so INDEX takes a sheet row; ``sheet`` qualifies it."""
    col = table.letter(key)
    ref = f"${col}$1:${col}${table.last_row}"
    return ref if sheet is None else f"{_sheet(sheet)}!{ref}"


def _sheet(title: str) -> str:
    return "'" + title.replace("'", "''") + "'"


def per_game(key: str, formula):
    """A per-game value: computed on the game's first row, referenced by the other three."""
    def build(r: Row) -> str:
        top, seat = yn.block(r)
        return formula(r) if seat == 1 else f"{r.table.letter(key)}{top}"
    return build


def block_range(r: Row, first_key: str, last_key: str, offset: int = 0) -> str:
    """A game's four rows across ``first_key``..``last_key`` (``offset`` games later)."""
    top = yn.block(r)[0] + offset * SEATS
    t = r.table
    return f"${t.letter(first_key)}${top}:${t.letter(last_key)}${top + SEATS - 1}"


def helper(key: str, label: Text, kind: str, formula) -> Column:
    """A hidden helper column other formulas read."""
    return Column(key, label, "helper", kind, 8, formula=formula, hidden=True)  # type: ignore[arg-type]


# ---- Games formulas ---------------------------------------------------------------------

def of_player(name: str, r: Row) -> str:
    """The Players column ``name`` of this row's player (id > 0)."""
    return f"INDEX(Players_{name},{r['Id']})"


def row_check_formula(r: Row, lang: str) -> str:
    """The row's first problem: date, name, the player's Players row, place, out-by."""
    top, seat = yn.block(r)
    date, name, pid = r["Date"], r["Player"], r["Id"]
    if seat == 1:
        date_case = (fx.bad_if_filled(date, f"ISNUMBER({date})"), fx.text(msg("date", lang)))
    else:
        same = f"IF(ISNUMBER({date}),{date}={r.cell('Date', top)},FALSE)"
        date_case = (fx.bad_if_filled(date, same), fx.text(msg("date_row", lang, seat)))
    # MAX(id,1): INDEX(…,0) would be the whole column; AND is not lazy
    usable = f"INDEX(Players_Ok,MAX({pid},1))"
    cases = [
        date_case,
        (f"AND(NOT(ISBLANK({name})),{pid}=0)", quoted("unknown", lang, seat, name)),
        (f"AND({pid}>0,{usable}=0)", quoted("player_row", lang, seat, name)),
        (f"AND({pid}>0,COUNTIF({yn.game_range(r, 'Id')},{pid})>1)",
         quoted("twice", lang, seat, name)),
        (fx.bad_if_filled(r["Place"], fx.is_one_of(r["Place"], (1, 2, 3, 4))),
         fx.text(yn.msg("place", lang, seat))),
        (fx.bad_if_filled(r["KnockedBy"], yn.knocked_ok(r["KnockedBy"])),
         fx.text(yn.msg("knocked", lang, seat))),
    ]
    return fx.first_match(cases, '""')


def filled_formula(r: Row) -> str:
    players, places = yn.game_range(r, "Player"), yn.game_range(r, "Place")
    out_given = ",".join(f"OR({p}=1,NOT(ISBLANK({k})))" for p, k in
                         zip(yn.seat_cells(r, "Place"), yn.seat_cells(r, "KnockedBy"), strict=True))
    return f"IF(AND(COUNTA({players})=4,COUNT({places})=4),IF(AND({out_given}),2,1),0)"


def later_formula(r: Row) -> str:
    top, _ = yn.block(r)
    if top + SEATS > r.table.last_row:
        return "0"
    nxt = block_range(r, GAME_INPUTS[0], GAME_INPUTS[-1], 1)
    return f"IF(OR(COUNTA({nxt})>0,{r.table.letter('Later')}{top + SEATS}=1),1,0)"


def status_formula(r: Row, lang: str, preset: YoninPreset) -> str:
    top, _ = yn.block(r)
    t = r.table
    typed = f"COUNTA({block_range(r, GAME_INPUTS[0], GAME_INPUTS[-1])})"
    later = f"{t.letter('Later')}{top}=1"
    places = yn.game_range(r, "Place")
    seats = list(zip(range(1, SEATS + 1), yn.seat_cells(r, "Place"),
                     yn.seat_cells(r, "KnockedBy"), strict=True))
    cases = [(f"{typed}=0", '""'),
             (f"NOT({yn.settings_ok(preset)})", fx.text(yn.msg("settings", lang)))]
    cases += [(f'{ref}<>""', ref) for ref in yn.seat_cells(r, "RowCheck")]
    cases.append((f"{t.letter('Filled')}{top}=0",
                  fx.if_(later, fx.text(yn.msg("incomplete", lang)), '""')))
    cases.append((f"NOT(AND(COUNTIF({places},1)=1,COUNTIF({places},2)=1,"
                  f"COUNTIF({places},3)=1))", fx.text(yn.msg("places", lang))))
    cases += [(f"AND({p}=1,NOT(ISBLANK({k})))", fx.text(yn.msg("winner", lang, s)))
              for s, p, k in seats]
    cases += [(f"AND({p}<>1,ISBLANK({k}))",
               fx.if_(later, fx.text(yn.msg("missing", lang, s)), '""')) for s, p, k in seats]
    cases += [(f"{k}={s}", fx.text(yn.msg("self", lang, s))) for s, p, k in seats]
    cases += [(f"IF(ISNUMBER({k}),INDEX({places},{k})>{p},FALSE)",
               fx.text(yn.msg("out", lang, s))) for s, p, k in seats]
    return fx.first_match(cases, '""')


def rate_formula(r: Row) -> str:
    """The chain: the new rate of the player's previous counted game, or their start.

    The ranges end above the game: a range that took in this row's own NewRate would be
    a circular reference to Excel (it tracks ranges, not the row INDEX picks).
    """
    before = CHAIN.carried_formula(r, r["PrevRow"], r["Id"], "NewRate",
                                   of_player("StartRate", r))
    return yn.when_rated(r, before)


def upset_formula(r: Row) -> str:
    """As the personal sheet, with the member flag from the Players sheet."""
    rates, places = yn.seat_cells(r, "Rate"), yn.seat_cells(r, "Place")
    remaining = [(rates[o], f"{places[o]}<{r['Place']}") for o in yn.others(r)]
    foul = (f"IF({r['Foul']}=1,IF({of_player('NonMember', r)}=0,"
            f"{fy.worst_upset_pt(r['Rate'], remaining)},0),0)")
    return yn.when_rated(r, f"IF({r['Knocker']}>0,"
                            f"{fy.upset_pt(r['Rate'], yn.knocker_rate(r))},{foul})")


def new_rate_formula(r: Row) -> str:
    raw = "+".join(r[k] for k in ("Rate", "PlacePt", "KoPt", "UpsetPt", "TroublePt"))
    return yn.when_rated(r, f"MAX({raw},{of_player('Floor', r)})")


def prev_row_formula(r: Row) -> str:
    return CHAIN.previous_formula(r, "")


def games_table(rows: int, lang: str, preset: YoninPreset) -> Table:
    def v(kind, prompt, error, op=None, f1=None, f2=None) -> Validation:
        return Validation(kind, op, f1, f2, prompt, error)

    base = {c.key: c for c in yn.games_table(SEATS, lang, preset).columns}
    columns = (
        Column("Game", Text("局", "Game"), "computed", "integer", 4, width_en=5.5,
               formula=lambda r: str((r.number - r.table.first_row) // SEATS + 1)
               if yn.block(r)[1] == 1 else '""'),
        base["Seat"],
        Column("Player", Text("名前", "Player"), "input", "text", 8.5, width_en=9,
               lead=Text("▼名簿", "▼list"),
               validation=v("list", Text("名簿の名前から選ぶ",
                                         "Pick a name from the Players sheet"),
                            Text("名簿にない名前です。先に名簿に追加してください",
                                 "Not on the Players sheet: add the player there first"),
                            None, "Players_Name")),
        base["Place"],
        base["KnockedBy"],
        Column("Date", Text("日付", "Date"), "input", "date", 9.5, number_format=DATE_FORMAT,
               lead=Text("1行目", "1st row"),
               validation=v("date", Text("対局日を各局の1行目に (5/26 のように)",
                                         "The game's date, on its first row (like 5/26)"),
                            Text("日付を入力してください", "Type a date"),
                            "greaterThanOrEqual", "1")),
        Column("Rate", Text("対局前\nレート", "Rate\nbefore"), "computed", "number", 7,
               formula=rate_formula),
        base["PlacePt"], base["KoPt"],
        Column("UpsetPt", Text("下克上\npt", "Upset\npt"), "computed", "number", 6,
               formula=upset_formula),
        base["TroublePt"],
        Column("NewRate", Text("新レート", "New\nrate"), "computed", "number", 7.5,
               formula=new_rate_formula),
        base["Rank"], base["Score"], base["Win"],
        Column("Status", Text("状態", "Status"), "computed", "text", 26, width_en=34,
               allowed=all_messages(lang),
               formula=per_game("Status", lambda r: status_formula(r, lang, preset))),
        Column("RowCheck", Text("計算用 行の確認", "Row check"), "helper", "text", 8,
               hidden=True, formula=lambda r: row_check_formula(r, lang)),
        Column("Id", Text("計算用 名簿の行", "Player id"), "helper", "integer", 8, hidden=True,
               formula=lambda r: fl.player_id(r["Player"], "Players_Name")),
        helper("Filled", Text("計算用 入力済み", "Filled"), "integer", formula=per_game(
            "Filled", filled_formula)),
        helper("Later", Text("計算用 後の対局", "Later games typed"), "integer",
               formula=per_game("Later", later_formula)),
        base["Rated"], base["Knocker"], base["Foul"], base["KoGiven"],
        helper("CountedId", Text("計算用 計算した名簿の行", "Counted id"), "integer",
               formula=lambda r: f"IF({r['Rated']}=1,{r['Id']},0)"),
        helper("PrevRow", Text("計算用 前の対局の行", "Previous row"), "integer",
               formula=prev_row_formula),
        helper("Month", Text("計算用 月", "Month key"), "integer", formula=per_game(
            "Month", lambda r: yn.when_rated(r, fl.month_key(r["Date"])))),
    )
    return Table("Games", GAMES, columns, rows)


# ---- Players ----------------------------------------------------------------------------
# Kept apart from the Games code: the two-player ledgers have a Players sheet too, and the
# shared parts will move to one place.

def player_index(r: Row) -> int:
    """This Players row's id (1 = first data row), what Games_Id holds for the name."""
    return r.number - r.table.first_row + 1


def player_check_formula(r: Row, lang: str) -> str:
    """The Players row's marker: the first problem, "" when fine or blank."""
    name = r["Name"]
    first, last = r.table.letter(PLAYER_INPUTS[0]), r.table.letter(PLAYER_INPUTS[-1])
    checks = [
        (f"COUNTA({first}{r.number}:{last}{r.number})=0", '""'),
        (f"ISBLANK({name})", fx.text(PLAYER_MSG["name"](lang))),
        (f"{r['First']}<>{player_index(r)}", fx.text(PLAYER_MSG["duplicate"](lang))),
        (fx.bad_if_filled(r["Start"], f"ISNUMBER({r['Start']})"),
         fx.text(PLAYER_MSG["start"](lang))),
        (fx.bad_if_filled(r["Official"], fy.is_rank(r["Official"])),
         fx.text(PLAYER_MSG["official"](lang))),
        (fx.bad_if_filled(r["Member"], yn.any_of(r["Member"], yn.MEMBER_WORDS)),
         fx.text(PLAYER_MSG["member"](lang))),
    ]
    return fx.first_match(checks, '""')


def players_table(count: int, games: Table, lang: str, preset: YoninPreset) -> Table:
    def v(kind, prompt, error, op=None, f1=None, f2=None) -> Validation:
        return Validation(kind, op, f1, f2, prompt, error)

    labels = yn.rank_labels(preset, lang)
    g = GAMES(lang)
    counted = "Games_CountedId"
    columns = (
        Column("Name", Text("名前", "Name"), "input", "text", 10, width_en=11,
               lead=Text("名前", "name"),
               validation=v("custom", Text("対局者の名前 (同じ名前は1回だけ)",
                                           "Player's name (each name once)"),
                            Text("同じ名前がもうあります", "This name is already listed"),
                            None, f"SUMPRODUCT(--($A${FIRST_ROW}:$A${LEAD_ROW + count}"
                                  f"=A{FIRST_ROW}))<=1")),
        Column("Start", Text("開始\nレート", "Start\nrate"), "input", "number", 7,
               lead=Text("空欄=既定", "blank=default"),
               validation=v("decimal", Text("最初のレート。空欄なら設定の新会員/非会員の値",
                                            "Starting rate; blank = the Settings start for "
                                            "a member or a non-member"),
                            Text("数値を入力してください", "Type a number"),
                            "between", "-1000000", "1000000")),
        Column("Official", Text("公認\n段級", "Official\nrank"), "input", "choice", 6,
               width_en=8, allowed=tuple(labels), lead=Text("▼", "▼"),
               validation=v("list", Text("公認段級があれば選ぶ (その段級の下限より下がらない)",
                                         "Official rank, if any: the rate never drops below "
                                         "its minimum"),
                            Text("一覧から選んでください", "Pick a rank from the list"),
                            None, fy.RANK_LABEL)),
        Column("Member", Text("会員", "Member"), "input", "choice", 6.5, width_en=11,
               allowed=(yn.MEMBER(lang), yn.NON_MEMBER(lang)),
               lead=Text("空欄=会員", "blank=member"),
               validation=v("list", Text("非会員なら選ぶ (空欄は会員)",
                                         "Pick non-member if so (blank = member)"),
                            Text("会員 か 非会員", "member or non-member"),
                            None, f'"{yn.MEMBER(lang)},{yn.NON_MEMBER(lang)}"')),
        Column("Rate", Text("レート", "Rate"), "computed", "number", 7,
               formula=lambda r: fx.if_(f"{r['Ok']}=1", fl.seat_value(
                   r["Last"], r["Id"], [(whole(games, "CountedId", g), whole(games, "NewRate", g))],
                   r["StartRate"]), '""')),
        Column("Rank", Text("段級", "Rank"), "computed", "text", 5.5, width_en=7,
               allowed=tuple(labels),
               formula=lambda r: fx.if_(f"ISNUMBER({r['Rate']})", fy.rank_label(r["Rate"]),
                                        '""')),
        Column("Games", Text("対局数", "Games"), "computed", "integer", 5.5, width_en=7,
               formula=lambda r: fx.if_(f"{r['Ok']}=1", fl.count_of(r["Id"], [counted]), '""')),
        Column("Month", Text("月間\n対局数", "Month\ngames"), "computed", "integer", 6,
               width_en=7, formula=lambda r: fx.if_(
                   f"{r['Ok']}=1", fx.if_(f"ISNUMBER({LATEST})", fl.count_of(
                       r["Id"], [counted], ("Games_Month", fl.month_key(LATEST))), "0"), '""')),
        Column("Status", Text("状態", "Status"), "computed", "text", 22, width_en=28,
               allowed=("", *(m(lang) for m in PLAYER_MSG.values())),
               formula=lambda r: player_check_formula(r, lang)),
        helper("Id", Text("計算用 番号", "Id"), "integer",
               formula=lambda r: str(player_index(r))),
        helper("First", Text("計算用 同じ名前の最初の行", "First row of the name"), "integer",
               formula=lambda r: fl.player_id(r["Name"], "Players_Name")),
        helper("Ok", Text("計算用 使える行", "Usable"), "integer",
               formula=lambda r: fx.if_(f"AND({r['First']}={player_index(r)},"
                                        f"{player_check_formula_ok(r)})", "1", "0")),
        helper("NonMember", Text("計算用 非会員", "Non-member"), "integer",
               formula=lambda r: fx.if_(yn.any_of(r["Member"], yn.NON_MEMBER), "1", "0")),
        helper("StartRate", Text("計算用 開始レート", "Start used"), "number",
               formula=lambda r: fx.if_(
                   f"ISBLANK({r['Start']})",
                   fx.if_(f"{r['NonMember']}=1", "Settings_StartNonMember",
                          "Settings_StartMember"),
                   fx.if_(f"ISNUMBER({r['Start']})", r["Start"], '""'))),
        helper("OfficialLabel", Text("計算用 公認段級の表記", "Official rank label"), "text",
               formula=lambda r: fx.if_(f"ISBLANK({r['Official']})", '""',
                                        f"IFERROR({official_label(r['Official'])},\"\")")),
        helper("Floor", Text("計算用 下限", "Floor"), "number",
               formula=lambda r: fy.floor_value(r["Official"])),
        helper("Last", Text("計算用 最後の対局の行", "Last game row"), "integer",
               formula=lambda r: fl.previous_row(r["Id"], [f"{_sheet(g)}!"
                                                           f"{games_column(games, 'CountedId')}"])),
        helper("Position", Text("計算用 表の順", "List position"), "integer",
               formula=position_formula),
    )
    return Table("Players", PLAYERS, columns, count)


def official_label(official: str) -> str:
    """The rank table's label (in the sheet's language) of a typed label or alias."""
    hits = f"INDEX((EXACT({official},{fy.RANK_LABEL})+EXACT({official},{fy.RANK_ALIAS}))>0,0)"
    return f"INDEX({fy.RANK_LABEL},MATCH(TRUE,{hits},0))"


def games_column(games: Table, key: str) -> str:
    col = games.letter(key)
    return f"${col}${games.first_row}:${col}${games.last_row}"


def player_check_formula_ok(r: Row) -> str:
    """The Players row is usable: named, and every typed value fits."""
    return (f"NOT(ISBLANK({r['Name']})),"
            f"NOT({fx.bad_if_filled(r['Start'], 'ISNUMBER(' + r['Start'] + ')')}),"
            f"NOT({fx.bad_if_filled(r['Official'], fy.is_rank(r['Official']))}),"
            f"NOT({fx.bad_if_filled(r['Member'], yn.any_of(r['Member'], yn.MEMBER_WORDS))})")


def position_formula(r: Row) -> str:
    above = None if r.number == r.table.first_row else r.number - 1
    first = r.table.first_row

    def upto(key: str) -> str | None:
        col = r.table.letter(key)
        return None if above is None else f"${col}${first}:{col}{above}"

    return fl.list_position(r["Rate"], "Players_Rate", "Players_Name", upto("Rate"),
                            upto("Name"), r["Name"])


# ---- the rate table ---------------------------------------------------------------------

def rate_table(count: int, lang: str) -> Table:
    def at(column: str):
        return lambda r: fl.at_position(r.k, "Players_Position", f"Players_{column}")

    columns = (
        Column("Place", Text("順位", "#"), "computed", "integer", 4.5, width_en=4.5,
               formula=lambda r: fx.if_(f"ISNUMBER({r['Rate']})", fl.list_rank(
                   r["Rate"], "Players_Rate", "Players_Name"), '""')),
        Column("Name", Text("名前", "Name"), "computed", "text", 10, width_en=11,
               formula=at("Name")),
        Column("Rate", Text("レート", "Rate"), "computed", "number", 7, formula=at("Rate")),
        Column("Rank", Text("段級", "Rank"), "computed", "text", 5.5, width_en=7,
               formula=at("Rank")),
        Column("Official", Text("公認", "Official"), "computed", "text", 5.5, width_en=8,
               formula=at("OfficialLabel")),
        Column("Month", Text("月間", "Month"), "computed", "integer", 6.5, width_en=7,
               lead=lambda r: fx.if_("MAX(Games_Month)>0",
                                     fl.month_date("MAX(Games_Month)"), '""'),
               formula=at("Month")),
        Column("Games", Text("対局数", "Games"), "computed", "integer", 5.5, width_en=7,
               formula=at("Games")),
        Column("Line", Text("表記 (連盟のレート表の形)", "Line (the federation's notation)"),
               "computed", "text", 24, width_en=24,
               formula=lambda r: fx.if_(f'{r["Name"]}=""', '""', fy.rate_table_line(
                   r["Name"], r["Rank"], r["Official"], r["Rate"], r["Month"],
                   GAP[lang]))),
    )
    return Table("RateTable", RATE_TABLE, columns, count)


# ---- the engine's values ----------------------------------------------------------------

def excel_equal(a: object, b: object) -> bool:
    """Excel's ``=`` between a typed value ``a`` and a Players cell ``b`` (blank: 0 or "").

    Text compares without regard to case, a number only with a number.
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return (a == b and type(a) is type(b)) or (b is None and a is False)
    number = excel_number(a)
    if number is not None:
        return number == (0.0 if b is None else excel_number(b))
    if isinstance(a, str):
        return a == "" if b is None else isinstance(b, str) and a.lower() == b.lower()
    return False


def find_player(name: object, names: Sequence[object]) -> int:
    """:func:`formulas.ledger.player_id`: the first matching row (1-based), 0 if none."""
    if name is None:
        return 0
    for i, other in enumerate(names, 1):
        if excel_equal(name, other):
            return i
    return 0


def month_of(serial: float) -> int:
    day = from_excel(serial)
    return day.year * 12 + day.month - 1


def _is_member_word(value: object, words: Sequence[str]) -> bool:
    return isinstance(value, str) and value.casefold() in [w.casefold() for w in words]


def evaluate_players(preset: YoninPreset, rows: Sequence[Mapping[str, object]], count: int,
                     lang: str) -> list[dict[str, object]]:
    """Inputs-only helpers of every Players row (Id, First, Ok, NonMember, StartRate,
    Floor) and its Status; the game-dependent columns come later."""
    labels = yn.rank_lookup(preset, lang)
    padded = [dict(rows[i]) if i < len(rows) else {} for i in range(count)]
    names = [row.get("Name") for row in padded]
    out = []
    for k, row in enumerate(padded, 1):
        name, start = row.get("Name"), row.get("Start")
        official, member = row.get("Official"), row.get("Member")
        first = find_player(name, names)
        start_ok = start is None or excel_number(start) is not None
        official_ok = official is None or (isinstance(official, str) and official in labels)
        member_ok = member is None or _is_member_word(member, yn.MEMBER_WORDS)
        status = ""
        if any(row.get(key) is not None for key in PLAYER_INPUTS):
            for bad, key in ((name is None, "name"), (first != k, "duplicate"),
                             (not start_ok, "start"), (not official_ok, "official"),
                             (not member_ok, "member")):
                if bad:
                    status = PLAYER_MSG[key](lang)
                    break
        ok = int(name is not None and first == k and start_ok and official_ok and member_ok)
        non_member = int(_is_member_word(member, yn.NON_MEMBER))
        if start is None:
            start_rate: object = float(preset.start_non_member if non_member
                                       else preset.start_member)
        else:
            start_rate = excel_number(start) if start_ok else ""
        if official is None:
            floor = float(preset.rate_floor)
        else:
            minimum = preset.ranks[labels[official]][1] if official_ok else 0
            floor = float(max(minimum, preset.rate_floor))
        label = yn.rank_labels(preset, lang)[labels[official]] if official_ok and official else ""
        out.append({"Id": k, "First": first, "Ok": ok, "NonMember": non_member,
                    "StartRate": start_rate, "OfficialLabel": label, "Floor": floor,
                    "Status": status, "_name": name})
    return out


def _row_check(row: Mapping[str, object], seat: int, first_date: object, ids: Sequence[int],
               players: Sequence[Mapping[str, Any]], lang: str) -> str:
    date, name, pid = row.get("Date"), row.get("Player"), ids[seat - 1]
    if date is not None:
        number = excel_number(date)
        if seat == 1 and number is None:
            return msg("date", lang)
        if seat > 1 and (number is None or number != (excel_number(first_date) or 0.0)):
            return msg("date_row", lang, seat)
    place_bad = row.get("Place") is not None and \
        excel_number(row["Place"]) not in (1.0, 2.0, 3.0, 4.0)
    k = row.get("KnockedBy")
    knocked_bad = k is not None and not (excel_number(k) in (1.0, 2.0, 3.0, 4.0) or
                                         (isinstance(k, str) and k.casefold() == "t"))
    if name is not None and pid == 0:
        return msg("unknown", lang, seat, general(name))
    if pid != 0:
        if players[pid - 1]["Ok"] == 0:
            return msg("player_row", lang, seat, general(name))
        if list(ids).count(pid) > 1:
            return msg("twice", lang, seat, general(name))
    if place_bad:
        return yn.msg("place", lang, seat)
    if knocked_bad:
        return yn.msg("knocked", lang, seat)
    return ""


def _game_status(game: Sequence[Mapping[str, object]], checks: Sequence[str], filled: int,
                 later: bool, lang: str) -> str:
    if all(row.get(k) is None for row in game for k in GAME_INPUTS):
        return ""
    for check in checks:
        if check:
            return check
    if filled == 0:
        return yn.msg("incomplete", lang) if later else ""
    # the personal sheet's game rules from here on (places, winner, knockers)
    rest = yn._game_status([{k: row.get(k) for k in ("Place", "KnockedBy")} for row in game],
                           ["", "", "", ""], filled, later, lang)
    return rest


GAME_VALUES = ("Rate", "Knocker", "Foul", "KoGiven", "PlacePt", "KoPt", "UpsetPt",
               "TroublePt", "NewRate", "Rank", "Score", "Win")
"""Games columns that show a value only on a counted game."""
LIST_COLUMNS = ("Place", "Name", "Rate", "Rank", "Official", "Month", "Games", "Line")


def evaluate(preset: YoninPreset, tables: Mapping[str, Sequence[Mapping[str, object]]],
             rows: int, players: int, lang: str) -> dict[str, Any]:
    """What every formula shows, by the engine: ``{"Games": [...], "Players": [...],
    "RateTable": [...], "Latest": value}``, one dict per data row.

    The chain follows :func:`rating_rules.yonin.rate_game` game by game; the tests check
    the result against ``rating_rules.replay`` and LibreOffice, not against this.
    """
    people = evaluate_players(preset, tables.get("Players", ()), players, lang)
    games, chain = evaluate_games(preset, tables.get("Games", ()), rows, people, lang)
    latest = max((m for _, m in chain.counted if m != ""), default=None)
    for k, person in enumerate(people, 1):
        person["Last"] = chain.last_row.get(k, 0)
        if person["Ok"]:
            rate = chain.rate_of.get(k, person["StartRate"])
            months = [m for pid, m in chain.counted if pid == k]
            person.update(Rate=rate, Rank=_rank(rate, preset, lang), Games=len(months),
                          Month=months.count(latest) if latest is not None else 0)
        else:
            person.update(Rate="", Rank="", Games="", Month="")
    latest_date = "" if latest is None else excel_number(
        dt.datetime(latest // 12, latest % 12 + 1, 1))
    return {"Games": games, "Players": people, "RateTable": evaluate_list(people, players, lang),
            "Latest": latest_date}


@dataclass
class Chain:
    """What the log carries from game to game."""

    rate_of: dict[int, float] = field(default_factory=dict)
    """Player id → rate after their last counted game."""
    last_row: dict[int, int] = field(default_factory=dict)
    """Player id → sheet row of their last counted game."""
    counted: list[tuple[int, object]] = field(default_factory=list)
    """(player id, month key or "") of every counted seat, in log order."""


def evaluate_games(preset: YoninPreset, inputs: Sequence[Mapping[str, object]], rows: int,
                   people: Sequence[Mapping[str, Any]], lang: str,
                   ) -> tuple[list[dict[str, object]], Chain]:
    padded = [dict(inputs[i]) if i < len(inputs) else {} for i in range(rows)]
    names = [p["_name"] for p in people]
    typed = [any(row.get(k) is not None for k in GAME_INPUTS) for row in padded]
    later = [False] * (rows // SEATS)
    for g in range(rows // SEATS - 2, -1, -1):
        later[g] = any(typed[(g + 1) * SEATS:(g + 2) * SEATS]) or later[g + 1]
    chain = Chain()
    out: list[dict[str, object]] = []
    for g in range(rows // SEATS):
        game = padded[g * SEATS:(g + 1) * SEATS]
        ids = [find_player(row.get("Player"), names) for row in game]
        checks = [_row_check(row, s, game[0].get("Date"), ids, people, lang)
                  for s, row in enumerate(game, 1)]
        places = [excel_number(row.get("Place")) for row in game]
        filled = 0
        if all(row.get("Player") is not None for row in game) and None not in places:
            filled = 2 if all(p == 1 or row.get("KnockedBy") is not None
                              for p, row in zip(places, game, strict=True)) else 1
        status = _game_status(game, checks, filled, later[g], lang)
        rated = int(status == "" and filled == 2)
        date = excel_number(game[0].get("Date"))
        month: object = month_of(date) if rated and date is not None else ""
        rows_out = [{"Game": g + 1 if s == 0 else "", "Seat": s + 1, "RowCheck": checks[s],
                     "Id": pid, "Filled": filled, "Later": int(later[g]), "Rated": rated,
                     "Status": status, "CountedId": pid if rated else 0,
                     "PrevRow": chain.last_row.get(pid, 0), "Month": month}
                    for s, pid in enumerate(ids)]
        if rated:
            _rate_game(game, ids, rows_out, people, chain.rate_of, preset, lang)
            for s, pid in enumerate(ids):
                chain.rate_of[pid] = rows_out[s]["NewRate"]  # type: ignore[assignment]
                chain.last_row[pid] = FIRST_ROW + g * SEATS + s
                chain.counted.append((pid, month))
        else:
            for row in rows_out:
                row.update(dict.fromkeys(GAME_VALUES, ""))
        out += rows_out
    return out, chain


def evaluate_list(people: Sequence[Mapping[str, Any]], count: int,
                  lang: str) -> list[dict[str, object]]:
    """The rate table: named players with a rate, highest first, ties in Players order.

    Also sets each player's ``Position`` (what :func:`formulas.ledger.list_position` gives).
    """
    listed = [(i, p) for i, p in enumerate(people)
              if p["_name"] is not None and isinstance(p["Rate"], float)]
    order = sorted(listed, key=lambda ip: (-ip[1]["Rate"], ip[0]))
    for person in people:
        person["Position"] = ""  # type: ignore[index]
    table = []
    for pos, (i, p) in enumerate(order, 1):
        people[i]["Position"] = pos  # type: ignore[index]
        official = p["OfficialLabel"]
        table.append({"Place": 1 + sum(q["Rate"] > p["Rate"] for _, q in listed),
                      "Name": p["_name"], "Rate": p["Rate"], "Rank": p["Rank"],
                      "Official": official, "Month": p["Month"], "Games": p["Games"],
                      "Line": rate_line(p["_name"], p["Rank"], official, p["Rate"], p["Month"],
                                        lang)})
    table += [dict.fromkeys(LIST_COLUMNS, "") for _ in range(count - len(table))]
    return table


def _rank(rate: float, preset: YoninPreset, lang: str) -> str:
    from rating_rules.yonin import rank_label

    label = rank_label(rate, preset)
    return yn.RANK_EN.get(label, label) if lang == "en" else label


def rate_line(name: object, rank: str, official: str, rate: float, month: object,
              lang: str) -> str:
    """:func:`formulas.yonin.rate_table_line` in Python."""
    if official == "":
        ranks = f"({rank})"
    elif official.lower() == rank.lower():
        ranks = official
    else:
        ranks = f"({rank})/{official}"
    return f"{general(name)}{GAP[lang]}{ranks}:R{general(rate)}({general(month)})"


def _rate_game(game, ids, rows_out, people, rate_of, preset, lang) -> None:
    before = [rate_of.get(pid, people[pid - 1]["StartRate"]) for pid in ids]
    rates = [float(r) for r in before]
    places = [int(excel_number(row["Place"])) for row in game]  # type: ignore[arg-type]
    knocked = [TROUBLE if isinstance(row.get("KnockedBy"), str) else
               (None if row.get("KnockedBy") is None else int(excel_number(row["KnockedBy"])))
               for row in game]  # type: ignore[arg-type]
    floors = [people[pid - 1]["Floor"] for pid in ids]
    members = [people[pid - 1]["NonMember"] == 0 for pid in ids]
    values = yn.seat_values(rates, places, knocked, floors, members, "A", "102", preset, lang)
    for row, rate, seat in zip(rows_out, rates, values, strict=True):
        row.update(Rate=rate, **seat)


# ---- examples and the sheet type --------------------------------------------------------

EXAMPLE_PLAYERS = {"ja": ("田中", "鈴木", "佐藤", "高橋", "伊藤", "非会員"),
                   "en": ("Alice", "Bob", "Carol", "Dan", "Eve", "Guest")}


def example_tables(lang: str) -> dict[str, list[dict[str, object]]]:
    """RULES.md §5's game first, then a few more: the README pictures."""
    a, b, c, d, e, guest = EXAMPLE_PLAYERS[lang]
    shodan = "初段" if lang == "ja" else yn.RANK_EN["初段"]
    players = [{"Name": a, "Start": 1720}, {"Name": b, "Start": 1370},
               {"Name": c, "Start": 2005, "Official": shodan}, {"Name": d, "Start": 480},
               {"Name": e}, {"Name": guest, "Member": yn.NON_MEMBER(lang)}]
    day = dt.datetime(2024, 5, 26)

    def game(date, *seats):
        rows = [{"Player": n, "Place": p, "KnockedBy": k} for n, p, k in seats]
        rows[0]["Date"] = date
        return [{k: v for k, v in row.items() if v is not None} for row in rows]

    games = [
        *game(day, (a, 1, None), (b, 2, 1), (c, 3, 2), (d, 4, 1)),
        *game(day, (a, 1, None), (b, 2, 1), (c, 3, TROUBLE), (d, 4, 1)),
        *game(day + dt.timedelta(days=3), (e, 2, 3), (guest, 4, TROUBLE), (c, 1, None),
              (a, 3, 3)),
        *game(day + dt.timedelta(days=6), (a, 1, None), ("Tanaka" if lang == "en" else "田中さん",
                                                          2, 1), (d, 3, 1), (e, 4, 1)),
    ]
    return {"Games": games, "Players": players}


class YoninLedgerSheet(SheetType):
    """Workbook type ``system = "yonin_ledger"``: the club's four-player ledger."""

    system = "yonin_ledger"
    presets: ClassVar[Mapping[str, Any]] = {"default": YONIN}
    input_tables = ("Games", "Players")
    start_field = "start_member"

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        return example_tables(lang)["Games"]

    def example_tables(self, spec: Spec) -> dict[str, list[dict[str, object]]]:
        return example_tables(spec.lang)

    def default_title(self, lang: str) -> str:
        return Text("四人将棋 対局台帳", "Four-player shogi club ledger")(lang)

    def populate(self, wb: Workbook, spec: Spec, preset: Any,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        return self.populate_tables(wb, spec, preset, {"Games": inputs})

    def populate_tables(self, wb: Workbook, spec: Spec, preset: Any,
                        tables: Mapping[str, Sequence[Mapping[str, object]]]) -> Built:
        lang = spec.lang
        rows = -(-spec.rows // SEATS) * SEATS
        title = " ・ ".join(t for t in (spec.title or self.default_title(lang), spec.club) if t)
        games_t = games_table(rows, lang, preset)
        players_t = players_table(spec.players, games_t, lang, preset)
        list_t = rate_table(spec.players, lang)
        games_ws = wb.create_sheet(GAMES(lang))
        players_ws = wb.create_sheet(PLAYERS(lang))
        list_ws = wb.create_sheet(RATE_TABLE(lang))
        settings_ws = wb.create_sheet(SETTINGS_TITLE(lang))

        names = write_table(games_ws, games_t, lang, tables.get("Games", ()), flag="Status")
        dress_games(games_ws, games_t, lang, title)
        names += write_table(players_ws, players_t, lang, tables.get("Players", ()),
                             flag="Status")
        dress_players(players_ws, players_t, lang, title)
        names += write_table(list_ws, list_t, lang)
        names += dress_rate_table(list_ws, list_t, lang, title)
        names += write_ledger_settings(settings_ws, preset, lang, title)
        for ws in (games_ws, players_ws, list_ws, settings_ws):
            page_setup(ws)

        values = evaluate(preset, tables, rows, spec.players, lang)
        cached = {
            games_ws.title: by_row(games_t, values["Games"]),
            players_ws.title: by_row(players_t, values["Players"]),
            list_ws.title: {**by_row(list_t, values["RateTable"]),
                            f"{list_t.letter('Month')}{list_t.lead_row}": values["Latest"]},
        }
        return Built(names, cached)


def by_row(table: Table, values: Sequence[Mapping[str, object]]) -> dict[str, object]:
    """Cell → value of the formula columns, one mapping per data row."""
    keys = [c.key for c in table.columns if c.role != "input"]
    return {f"{table.letter(key)}{table.first_row + i}": row[key]
            for i, row in enumerate(values) for key in keys}


# ---- looks ------------------------------------------------------------------------------

LATER_ROWS_FILL = PatternFill("solid", fgColor="F2F2F2")


def _hint_row(ws: Worksheet, table: Table, lang: str) -> None:
    for i, column in enumerate(table.columns, 1):
        cell = ws.cell(table.lead_row, i)
        if not column.hidden:
            cell.font = styles.font(lang, size=9, color="595959")
            cell.alignment = Alignment(horizontal="center", shrink_to_fit=True)


def _title(ws: Worksheet, table: Table, lang: str, title: str, sheet: Text, legend_at: str,
           note: Text | None = None) -> None:
    styles.style_title(ws.cell(1, 1, f"{title} ・ {sheet(lang)}"), lang)
    legend = ws.cell(1, table.index(legend_at), f"{LEGEND_INPUT(lang)} / {LEGEND_COMPUTED(lang)}")
    styles.style_note(legend, lang)
    if note is not None:
        styles.style_note(ws.cell(table.last_row + 3, 1, note(lang)), lang)


def dress_games(ws: Worksheet, table: Table, lang: str, title: str) -> None:
    """Title, hint row, a line under each game, the date cells past a game's first row grey."""
    _title(ws, table, lang, title, GAMES, "Status")
    ws.row_dimensions[table.header_row].height = 48
    _hint_row(ws, table, lang)
    ws.freeze_panes = f"D{table.first_row}"
    centred = [table.index(k) for k in ("Game", "Seat", "Place", "KnockedBy", "Rank")]
    date = table.index("Date")
    last_visible = max(i for i, c in enumerate(table.columns, 1) if not c.hidden)
    thick = Side(style="medium", color="305496")
    for top in range(table.first_row, table.last_row + 1, SEATS):
        for s in range(SEATS):
            for col in centred:
                ws.cell(top + s, col).alignment = Alignment(horizontal="center")
            if s:
                ws.cell(top + s, date).fill = LATER_ROWS_FILL
        bottom = top + SEATS - 1
        for col in range(1, last_visible + 1):
            cell = ws.cell(bottom, col)
            b = cell.border
            cell.border = Border(left=b.left, right=b.right, top=b.top, bottom=thick)
    styles.style_note(ws.cell(table.last_row + 2, 1, OVERWRITTEN(lang)), lang, color="C00000")


PLAYERS_NOTE = Text("対局シートの名前はここから選びます。レートは対局から自動で計算します。",
                    "The Games sheet picks names from here; rates follow from the Games sheet.")
RATE_TABLE_NOTES = (
    Text("レート順 (同じレートは名簿の順)。", "By rate; equal rates keep the Players order."),
    Text("月間 = 上の月 (日付のある最後の対局の月) の対局数。",
         "Month: games in the month above (that of the latest dated game)."),
)


def dress_players(ws: Worksheet, table: Table, lang: str, title: str) -> None:
    _title(ws, table, lang, title, PLAYERS, "Status")
    ws.row_dimensions[table.header_row].height = 34
    _hint_row(ws, table, lang)
    ws.freeze_panes = f"B{table.first_row}"
    styles.style_note(ws.cell(table.last_row + 2, 1, PLAYERS_NOTE(lang)), lang)
    styles.style_note(ws.cell(table.last_row + 3, 1, OVERWRITTEN(lang)), lang, color="C00000")


def dress_rate_table(ws: Worksheet, table: Table, lang: str, title: str) -> list[NameInfo]:
    """Title, the month shown above the Month column (named), the notes."""
    styles.style_title(ws.cell(1, 1, f"{title} ・ {RATE_TABLE(lang)}"), lang)
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
    define_name(ws, LATEST, ref)
    return [NameInfo(LATEST, ws.title, ref, "computed", "date",
                     label=Text("対象月", "Month shown")(lang))]


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


def ledger_settings(preset: YoninPreset, lang: str) -> list[Setting]:
    """The personal sheet's settings; the starts are the Players sheet's defaults, and CPU
    levels are typed there as a start rate (800, 600, 200), so their settings go."""
    out = []
    for setting in yn.settings_for(preset, lang):
        if setting.key.startswith("StartCpu"):
            continue
        if setting.key in START_NOTES:
            setting = dataclasses.replace(setting, note=START_NOTES[setting.key])
        out.append(setting)
    return out


def write_ledger_settings(ws: Worksheet, preset: YoninPreset, lang: str,
                          title: str) -> list[NameInfo]:
    """The personal four-player sheet's Settings: constants, then the tables and notes."""
    names = write_settings(ws, f"{SETTINGS_TITLE(lang)} ・ {title}", ledger_settings(preset, lang),
                           lang)
    for number in range(3, ws.max_row + 1):
        ws.cell(number, 3).alignment = Alignment(vertical="center")
    for letter in "CDEF":
        ws.column_dimensions[letter].width = 8.5
    tables, row = yn.write_tables(ws, preset, lang, ws.max_row + 2)
    names += tables
    for line in (*yn.RULE_NOTES, *LEDGER_NOTES):
        styles.style_note(ws.cell(row, 1, line(lang)), lang)
        row += 1
    return names
