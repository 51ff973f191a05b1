"""The club ledger layout: every game of a club in one log, a live rating list, monthly lists.

One workbook renders any :class:`~.ledger_rule.LedgerRule` (its sheets:
:meth:`ClubLedger.layout`). Chain (:mod:`.seats`): a game row finds each player's
previous counted game with one lookup that stops at it and reads the rating the player
left it with, so editing a past game recomputes everything after it, and typing a new
game only that game. Each table's cached values come from its columns' ``value``
functions; the tables read each other's through the context.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..labels import GAMES_TITLE, SETTINGS_TITLE, Text
from ..layout import NameInfo, Setting, Table
from ..logdata import GameLog
from ..settings import FIRST_ROW, refuse, write_settings
from ..spec import Spec
from ..table import has_lead_formula, write_table
from .base import Built, SheetType, with_constants
from .cells import Evaluation, cached_by_row
from .frame import decorate_games, page_setup, sheet_title, title_cell
from .howto import LEDGER
from .inputs import start_validation
from .ledger_games import games_table
from .ledger_lists import (
    MONTHLY,
    PLAYERS,
    Listing,
    Roster,
    list_table,
    monthly_table,
    name_latest,
    players_table,
    rating_listing,
    two_player_roster,
)
from .ledger_rule import LedgerBook, LedgerRule, P, v
from .seats import CHAIN_SHEET, GamesRefs, chain_sheet

LIST = Text("レーティング表", "Rating list")
RULE_NOTES = (
    Text("使い方", "How to use"),
    Text("1. 名簿に全員の名前と開始レート (または申告段級) を入れる",
         "1. List every player on Players with a start (or declared rank)"),
    Text("2. 対局シートに1局1行: 日付、対局者A・B (名簿から選ぶ)、Aの勝敗",
         "2. One game per row on Games: date, players A and B (from Players), A's result"),
    Text("3. レーティング表は自動で並びます (並べ替え不要)",
         "3. The rating list sorts itself (no sorting by hand)"),
    Text("過去の対局を直すと、その後のレートはすべて計算し直されます。",
         "Editing a past game recomputes every rating after it."),
    Text("⚠ の行と入力途中の行は計算に入りません。",
         "Rows marked ⚠ and unfinished rows are not counted."),
)
RATING_LIST = {key: key for key in ("Pos", "Name", "Rating", "Label", "Games", "ThisMonth")}
MONTH_LIST = {"Pos": "MPos", "Name": "Name", "Rating": "MRating", "Change": "MBefore",
              "Games": "MGames"}


Inputs = Mapping[str, Sequence[Mapping[str, object]]]
"""The typed rows of each input table, by its key."""


def ledger_settings(rule: LedgerRule[P], preset: P) -> list[Setting]:
    """The default start, the monthly switch (if the rule has it), the rule's constants."""
    start = Setting(
        "Start", Text("開始レート", "Starting rating"),
        Text("名簿で開始レートも段級も空欄の人の開始レート",
             "Start of a player with no start (and no rank) on Players"),
        preset.start, start_validation(Text("数値", "A number")), preset_field="start")
    mode = [Setting(
        "Monthly", Text("月例リスト方式", "Monthly lists"),
        Text("1 = 月内の対局は前月末のリストのレートで計算、0 = 対局ごと",
             "1 = a month's games use the last list; 0 = after every game"),
        int(rule.monthly_mode(preset)), v("list", Text("1 = 月例リスト、0 = 対局ごと",
                                            "1 = monthly lists, 0 = per game"),
                               Text("0 か 1 を選んでください", "Choose 0 or 1"), None, '"0,1"'),
        type="choice", preset_field="monthly")] if rule.monthly else []
    return [start, *mode, *rule.settings(preset)]


@dataclass
class Book:
    """A ledger workbook being written: the names defined, the tables by key, and the
    tables each sheet shows (whose engine values become the cached values)."""

    wb: Workbook
    spec: Spec
    title: str
    """The ledger's title, which every sheet's heading repeats."""
    heading: str
    rows: int
    """Games sheet rows: the template's, made whole games."""
    rule: LedgerBook[Any]
    preset: Any
    inputs: Inputs
    names: list[NameInfo] = dataclasses.field(default_factory=list)
    tables: dict[str, Table] = dataclasses.field(default_factory=dict)
    shown: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    """Sheet title → the keys of the tables written on it."""
    cached: dict[str, dict[str, object]] = dataclasses.field(default_factory=dict)
    """Sheet title → the cached values of its formula cells outside the tables (a title
    cell, the Settings tables)."""

    def headline(self, sheet: Text) -> str:
        """The heading of ``sheet``: its name and the ledger's title, in :attr:`heading`."""
        return self.heading.format(sheet=sheet(self.spec.lang), title=self.title)

    def at(self, title: Text) -> Worksheet:
        ws: Worksheet = self.wb[title(self.spec.lang)]
        return ws

    @property
    def refs(self) -> GamesRefs:
        """The Games table written, for formulas on other sheets."""
        return GamesRefs(self.tables["Games"], self.at(GAMES_TITLE).title)

    @property
    def watch(self) -> tuple[Table, Table]:
        """The tables whose Status a list's title watches."""
        return self.tables["Games"], self.tables["Players"]

    def write(self, ws: Worksheet, table: Table, flag: str | None = None) -> None:
        """``table`` on ``ws``, filled with its typed rows."""
        self.tables[table.key] = table
        self.shown.setdefault(ws.title, []).append(table.key)
        self.names += write_table(ws, table, self.spec.lang, self.inputs.get(table.key, ()),
                                  flag=flag)

    def keep(self, ws: Worksheet, cells: Mapping[str, object]) -> None:
        """Cached values of formula cells ``ws`` holds outside its tables."""
        self.cached.setdefault(ws.title, {}).update(cells)

    def finish(self) -> Built:
        """Every sheet set up for print, the tables evaluated together, the cached values."""
        for ws in self.wb.worksheets:
            page_setup(ws)
        values = evaluate_tables(self.tables, self.inputs, self.preset, self.spec.lang)
        out: dict[str, dict[str, object]] = {}
        for ws in self.wb.worksheets:
            cells = dict(self.cached.get(ws.title, {}))
            for key in self.shown.get(ws.title, ()):
                table, rows = self.tables[key], values[key]  # the lead row: only its formulas
                lead = {k: x for k, x in rows[0].items() if has_lead_formula(table.column(k))}
                cells.update(cached_by_row(table, [lead, *rows[1:]]))
            out[ws.title] = cells
        return Built(self.names, out)


def evaluate_tables(tables: Mapping[str, Table],
                    inputs: Inputs,
                    preset: object, lang: str) -> dict[str, list[dict[str, object]]]:
    """Every table's values; Games reads Players' starts, Players reads the Games chain,
    and every other table (a list) reads Players and Games."""
    def new(key: str, context: dict[str, object]) -> Evaluation:
        return Evaluation(tables[key], inputs.get(key, ()), preset, lang, context)

    players = new("Players", {})
    games = new("Games", {"Players": players})
    values = {"Games": games.run(), "Chain": new("Chain", {"Games": games}).run()}
    players.context["Games"] = games
    if "Monthly" in tables:
        monthly = new("Monthly", {"Games": games})
        values["Monthly"] = monthly.run()
        players.context["Monthly"] = monthly
    values["Players"] = players.run()
    for key in tables:  # the lists
        if key not in values:
            values[key] = new(key, {"Players": players, "Games": games}).run()
    return values


Dress = Callable[[Book, Worksheet, Table], dict[str, object]]
"""Dresses a sheet's table (heading, legend, notes); returns the heading's cached value."""
SheetWriter = Callable[[Book], None]
"""Writes part of a ledger on the sheets its :class:`Layout` made."""


@dataclass(frozen=True)
class Layout:
    """What a ledger lays out where: its ``sheets`` in tab order (the hidden chain goes
    last), the ``games`` table and the Players of ``roster``, each dressed, then the
    ``writers`` of the other sheets in turn: every name and cell in a fixed order."""

    sheets: tuple[Text, ...]
    games: Table
    roster: Roster
    dress_games: Dress
    dress_players: Dress
    writers: tuple[SheetWriter, ...]


def write_log(book: Book, layout: Layout) -> None:
    """The Games and Players sheets, dressed, and the name of the latest month counted."""
    games_ws, players_ws, games = book.at(GAMES_TITLE), book.at(PLAYERS), layout.games
    players = players_table(book.spec.players, layout.roster, GamesRefs(games, games_ws.title))
    book.tables.update(Games=games, Players=players)  # the Games heading watches both
    book.write(games_ws, games, flag="Status")
    book.keep(games_ws, layout.dress_games(book, games_ws, games))
    book.names.append(name_latest(games_ws, games))
    book.write(players_ws, players, flag="Status")
    book.keep(players_ws, layout.dress_players(book, players_ws, players))


def write_chain(book: Book) -> None:
    """The hidden chain: each counted game's ids, last first."""
    book.write(book.wb[CHAIN_SHEET], book.rule.seats.chain_table(book.refs))


def write_list(book: Book, key: str, sheet: Text, listing: Listing, header_row: int = 2
               ) -> Table:
    """``listing`` on ``sheet``, under a heading that watches the Games and Players."""
    ws = book.at(sheet)
    table = list_table(key, sheet, book.spec.players, listing, header_row)
    book.write(ws, table)
    book.keep(ws, title_cell(ws, book.headline(sheet), book.spec.lang, book.watch))
    return table


def write_lists(rule: LedgerRule[Any], book: Book) -> None:
    """The rating list and, for a monthly rule, the month chooser and its list."""
    write_list(book, "List", LIST, rating_listing(RATING_LIST, rule))
    book.at(LIST).freeze_panes = "A3"
    if not rule.monthly:
        return
    monthly_ws, chooser = book.at(MONTHLY), monthly_table(book.spec.lang, book.refs)
    book.write(monthly_ws, chooser)
    write_list(book, "MonthList", MONTHLY, rating_listing(MONTH_LIST, rule), header_row=6)
    hide_shared_helpers(monthly_ws, chooser)
    monthly_ws.freeze_panes = "A8"


def write_rule_settings(rule: LedgerRule[Any], book: Book) -> None:
    """The default start, the monthly switch, the rule's constants and tables, the notes."""
    lang, settings_ws, preset = book.spec.lang, book.at(SETTINGS_TITLE), book.preset
    settings = ledger_settings(rule, preset)
    book.names += write_settings(settings_ws, book.headline(SETTINGS_TITLE), settings, lang,
                                 RULE_NOTES)
    top = FIRST_ROW + len(settings) + len(RULE_NOTES) + 2
    table_names, settings_cached = rule.settings_tables(settings_ws, top, preset, lang)
    book.names += table_names
    book.keep(settings_ws, settings_cached)


def dress_games(book: Book, ws: Worksheet, table: Table) -> dict[str, object]:
    """The two-player Games sheet's heading (the ledger's title alone), legend and header."""
    return decorate_games(ws, table, book.spec.lang, book.title, "Status", "D", book.watch)


def dress_players(book: Book, ws: Worksheet, table: Table) -> dict[str, object]:
    return decorate_games(ws, table, book.spec.lang, book.headline(PLAYERS), "Status", "B",
                          book.watch)


class ClubLedger(SheetType[Any]):
    """A club's ledger; ``rules`` maps each preset to its rule's declarations. The
    :meth:`layout` is the two-player ledger's here; a ledger over other seats declares
    its own."""

    howto = LEDGER
    title: ClassVar[Text] = Text("クラブ台帳", "Club ledger")

    rules: ClassVar[Mapping[str, LedgerBook[Any]]]
    input_tables: ClassVar[tuple[str, ...]] = ("Games", "Players", "Monthly")
    start_field = "start"
    heading: ClassVar[str] = "{sheet} ・ {title}"
    """How a sheet's heading joins the sheet's name and the ledger's title."""

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        return self.rules[preset].constant_fields(self.presets[preset])

    def preset_for(self, spec: Spec) -> Any:
        """The preset with the template's constants: a switch is 0 or 1, and the rule's
        declared constants are refused as its Settings cells refuse them."""
        base = self.presets[spec.preset]
        switches = [(key, lambda x: x not in (0, 1), "template.switch") for key in spec.constants
                    if isinstance(getattr(base, key.partition(".")[0]), bool)]
        refuse([*switches, *self.rules[spec.preset].refused], spec)
        return with_constants(base, spec.constants)

    def editable(self, spec: Spec) -> tuple[frozenset[str], ...]:
        return self.rules[spec.preset].editable_tables

    def with_tables(self, preset: Any, tables: Mapping[str, Sequence[object]],
                    spec: Spec) -> Any:
        return self.rules[spec.preset].with_tables(preset, tables, spec.lang)

    def default_title(self, lang: str) -> str:
        return self.title(lang)

    def log_system(self, spec: Spec) -> str:
        return self.rules[spec.preset].engine

    def tables_from_log(self, log: GameLog, spec: Spec) -> dict[str, list[dict[str, object]]]:
        """Players in order of first appearance (starts left blank), the Games rows of
        each game as its rule lays them out."""
        rule = self.rules[spec.preset]
        players: dict[object, None] = {}
        games: list[dict[str, object]] = []
        for game, day in zip(log.games, log.dates, strict=True):
            names, rows = rule.log_game(tuple(game), day)
            players.update(dict.fromkeys(names))
            games += rows
        return {"Games": games, "Players": [{"Name": name} for name in players]}

    def populate(self, wb: Workbook, spec: Spec, preset: Any,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        return self.populate_tables(wb, spec, preset, {"Games": inputs})

    def populate_tables(self, wb: Workbook, spec: Spec, preset: Any,
                        tables: Inputs) -> Built:
        """The sheets of the :meth:`layout` in tab order, the hidden chain, the Games and
        Players, then each of its writers."""
        rule = self.rules[spec.preset]
        size = rule.seats.rows
        book = Book(wb, spec, sheet_title(spec, self.default_title(spec.lang)), self.heading,
                    -(-spec.rows // size) * size, rule, preset, tables)
        layout = self.layout(book)
        for title in layout.sheets:
            wb.create_sheet(title(spec.lang))
        chain_sheet(wb)
        write_log(book, layout)
        for writer in layout.writers:
            writer(book)
        return book.finish()

    def layout(self, book: Book) -> Layout:
        """Games, the lists, Players, Settings: the two-player rule's tables."""
        rule, lang = book.rule, book.spec.lang
        assert isinstance(rule, LedgerRule), rule
        games = games_table(book.rows, lang, rule, book.preset)
        refs = GamesRefs(games, GAMES_TITLE(lang))
        return Layout(
            sheets=(GAMES_TITLE, LIST, *([MONTHLY] if rule.monthly else []), PLAYERS,
                    SETTINGS_TITLE),
            games=games, roster=two_player_roster(rule, book.preset, refs, lang),
            dress_games=dress_games, dress_players=dress_players,
            writers=(write_chain, partial(write_lists, rule), partial(write_rule_settings, rule)))


def hide_shared_helpers(ws: Worksheet, chooser: Table) -> None:
    """The chooser's helpers whose columns the month list below shows: their numbers and
    headings are not for reading (a hidden column would hide the list's column too)."""
    for column in chooser.columns:
        letter = chooser.letter(column.key)
        if column.role != "helper" or ws.column_dimensions[letter].hidden:
            continue
        header = ws.cell(chooser.header_row, chooser.index(column.key))
        header.value, header.style = None, "Normal"
        for number in range(chooser.first_row, chooser.last_row + 1):
            ws[f"{letter}{number}"].number_format = ";;;"
