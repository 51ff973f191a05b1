"""The club ledger layout: every game of a club in one log, a live rating list, monthly lists.

One workbook renders any :class:`~.ledger_rule.LedgerRule`. Sheets:

- 名簿 / Players: name, declared rank or starting rating (Club 24: games before), and
  computed: the current rating, games, this month's games, a status marker.
- 対局 / Games: date, player A, player B, A's result, the rule's extras, a note;
  computed: both ratings the game is played at, both changes, both new ratings, Status.
- レーティング表 / Rating list: the players in rating order (ties by Players order).
- 月例リスト / Monthly list (rules with :attr:`~.ledger_rule.LedgerRule.monthly`): the
  list published after a chosen month.
- 設定 / Settings: the rule's constants and tables, and the mode.

- _chain (hidden): the counted ids, last game first (:mod:`.seats`).

Chain (:mod:`.seats`): a game row finds each player's previous counted game with one
lookup that stops at it and reads the rating the player left it with, so editing a
past game recomputes everything after it, and typing a new game only that game. Each
table's cached values come from its columns' ``value`` functions; the tables read each
other's through the context.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..errors import TemplateError
from ..labels import GAMES_TITLE, SETTINGS_TITLE, Text
from ..layout import NameInfo, Setting, Table
from ..messages import say
from ..settings import FIRST_ROW, write_settings
from ..spec import Spec
from ..table import write_table
from .base import Built, SheetType, with_constants
from .cells import Evaluation, cached_by_row
from .frame import decorate_games, page_setup, sheet_title, title_cell
from .howto import LEDGER
from .inputs import START_RANGE
from .ledger_games import SEATS, games_table
from .ledger_lists import (
    MONTHLY,
    PLAYERS,
    list_table,
    monthly_table,
    name_latest,
    players_table,
)
from .ledger_rule import LedgerPreset, LedgerRule, P, v
from .seats import GamesRefs, chain_sheet

if TYPE_CHECKING:
    from ..gamelog import GameLog

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
RATING_LIST = {"Pos": "Pos", "Name": "Name", "Rating": "Rating", "Label": "Label",
               "Games": "Games", "ThisMonth": "ThisMonth"}
MONTH_LIST = {"Pos": "MPos", "Name": "Name", "Rating": "MRating", "Change": "MBefore",
              "Games": "MGames"}


def ledger_settings(rule: LedgerRule[P], preset: P) -> list[Setting]:
    """The default start, the monthly switch (if the rule has it), the rule's constants."""
    start = Setting(
        "Start", Text("開始レート", "Starting rating"),
        Text("名簿で開始レートも段級も空欄の人の開始レート",
             "Start of a player with no start (and no rank) on Players"),
        preset.start, v("decimal", Text("数値", "A number"),
                        Text("-10,000〜100,000 の数値を入力", "Type a number, -10,000 to 100,000"),
                        *(str(x) for x in ("between", *START_RANGE))), preset_field="start")
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
class Sheets:
    """The ledger's worksheets and tables, created in the workbook's sheet order."""

    games: Worksheet
    rating_list: Worksheet
    monthly: Worksheet | None
    players: Worksheet
    settings: Worksheet
    chain: Worksheet
    tables: dict[str, Table] = dataclasses.field(default_factory=dict)
    titles: dict[str, dict[str, object]] = dataclasses.field(default_factory=dict)
    """Sheet title → the cached value of its title cell, where that is a formula."""


def evaluate_tables(tables: Mapping[str, Table],
                    inputs: Mapping[str, Sequence[Mapping[str, object]]],
                    preset: object, lang: str) -> dict[str, list[dict[str, object]]]:
    """Every table's values; Games reads Players' starts, Players reads the Games chain."""
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
    for key in ("List", "MonthList"):
        if key in tables:
            values[key] = new(key, {"Players": players, "Games": games}).run()
    return values


class ClubLedger(SheetType[LedgerPreset]):
    """A club's two-player ledger; ``rules`` maps each preset to its rule's declarations."""

    howto = LEDGER

    rules: ClassVar[Mapping[str, LedgerRule[Any]]]
    input_tables = ("Games", "Players", "Monthly")
    start_field = "start"

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        rule = self.presets[preset]
        values = {f.name: getattr(rule, f.name) for f in dataclasses.fields(rule)}
        return tuple(k for k, x in values.items() if type(x) in (int, float, bool))

    def preset_for(self, spec: Spec) -> LedgerPreset:
        """The preset with the template's constants: a switch is 0 or 1, K and the scale
        are above 0 (as the Settings cells check)."""
        base = self.presets[spec.preset]
        where = f"{spec.source}: " if spec.source else ""
        for key, value in spec.constants.items():
            if isinstance(getattr(base, key), bool) and value not in (0, 1):
                raise TemplateError(say("template.bad", where=where, name=f"constants.{key}",
                                        value=value, reason=say("template.switch")))
            if key in ("k", "scale") and value <= 0:
                raise TemplateError(say("template.bad", where=where, name=f"constants.{key}",
                                        value=value, reason=say("template.above_zero")))
        preset: LedgerPreset = with_constants(base, spec.constants)
        return preset

    def editable(self, spec: Spec) -> tuple[frozenset[str], ...]:
        return self.rules[spec.preset].editable_tables

    def with_tables(self, preset: LedgerPreset, tables: Mapping[str, Sequence[object]],
                    spec: Spec) -> LedgerPreset:
        edited: LedgerPreset = self.rules[spec.preset].with_tables(preset, tables, spec.lang)
        return edited

    def default_title(self, lang: str) -> str:
        return Text("クラブ台帳", "Club ledger")(lang)

    def log_system(self, spec: Spec) -> str:
        return self.rules[spec.preset].engine

    def tables_from_log(self, log: GameLog, spec: Spec) -> dict[str, list[dict[str, object]]]:
        """Players in order of first appearance (starts left blank), one Games row a game."""
        rule = self.rules[spec.preset]
        players: dict[object, None] = {}
        games: list[dict[str, object]] = []
        for game, day in zip(log.games, log.dates, strict=True):
            a, b, result = game[:3]
            players.update({a: None, b: None})
            row: dict[str, object] = {"Date": day, "PlayerA": a, "PlayerB": b, "Result": result,
                                      **rule.log_inputs(tuple(game))}
            games.append({k: x for k, x in row.items() if x is not None})
        return {"Games": games, "Players": [{"Name": name} for name in players]}

    def populate(self, wb: Workbook, spec: Spec, preset: LedgerPreset,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        return self.populate_tables(wb, spec, preset, {"Games": inputs})

    def populate_tables(self, wb: Workbook, spec: Spec, preset: LedgerPreset,
                        tables: Mapping[str, Sequence[Mapping[str, object]]]) -> Built:
        lang, rule = spec.lang, self.rules[spec.preset]
        title = sheet_title(spec, self.default_title(lang))
        sheets = Sheets(wb.create_sheet(GAMES_TITLE(lang)), wb.create_sheet(LIST(lang)),
                        wb.create_sheet(MONTHLY(lang)) if rule.monthly else None,
                        wb.create_sheet(PLAYERS(lang)), wb.create_sheet(SETTINGS_TITLE(lang)),
                        chain_sheet(wb))
        names = write_log(sheets, spec, rule, preset, tables, title)
        names += write_lists(sheets, spec, rule, tables, title)
        settings = ledger_settings(rule, preset)
        names += write_settings(sheets.settings, f"{SETTINGS_TITLE(lang)} ・ {title}",
                                settings, lang, RULE_NOTES)
        top = FIRST_ROW + len(settings) + len(RULE_NOTES) + 2
        table_names, settings_cached = rule.settings_tables(sheets.settings, top, preset, lang)
        names += table_names
        for ws in wb.worksheets:
            page_setup(ws)
        values = evaluate_tables(sheets.tables, tables, preset, lang)
        return Built(names, cached(sheets, values, settings_cached))


def write_log(sheets: Sheets, spec: Spec, rule: LedgerRule[P], preset: P,
              tables: Mapping[str, Sequence[Mapping[str, object]]], title: str) -> list[NameInfo]:
    """The Games and Players sheets, and the name of the latest month counted."""
    lang = spec.lang
    games = games_table(spec.rows, lang, rule, preset)
    refs = GamesRefs(games, sheets.games.title)
    players = players_table(spec.players, rule, preset, refs, lang)
    chain = SEATS.chain_table(refs)
    sheets.tables.update(Games=games, Players=players, Chain=chain)
    names = write_table(sheets.games, games, lang, tables.get("Games", ()), flag="Status")
    watch = (games, players)
    sheets.titles[sheets.games.title] = decorate_games(sheets.games, games, lang, title,
                                                       "Status", "D", watch=watch)
    names.append(name_latest(sheets.games, games))
    names += write_table(sheets.players, players, lang, tables.get("Players", ()), flag="Status")
    sheets.titles[sheets.players.title] = decorate_games(
        sheets.players, players, lang, f"{PLAYERS(lang)} ・ {title}", "Status", "B",
        watch=watch)
    names += write_table(sheets.chain, chain, lang)
    return names


def write_lists(sheets: Sheets, spec: Spec, rule: LedgerRule[Any],
                tables: Mapping[str, Sequence[Mapping[str, object]]], title: str
                ) -> list[NameInfo]:
    """The rating list and, for a monthly rule, the month chooser and its list."""
    lang = spec.lang
    rating_list = list_table("List", LIST, spec.players, RATING_LIST, rule)
    sheets.tables["List"] = rating_list
    names = write_table(sheets.rating_list, rating_list, lang)
    watch = (sheets.tables["Games"], sheets.tables["Players"])
    sheets.titles[sheets.rating_list.title] = title_cell(
        sheets.rating_list, f"{LIST(lang)} ・ {title}", lang, watch)
    sheets.rating_list.freeze_panes = "A3"
    if sheets.monthly is not None:
        chooser = monthly_table(lang, GamesRefs(sheets.tables["Games"], sheets.games.title))
        month_list = list_table("MonthList", MONTHLY, spec.players, MONTH_LIST, rule,
                                header_row=6)
        sheets.tables.update(Monthly=chooser, MonthList=month_list)
        names += write_table(sheets.monthly, chooser, lang, tables.get("Monthly", ()))
        names += write_table(sheets.monthly, month_list, lang)
        hide_shared_helpers(sheets.monthly, chooser)
        sheets.titles[sheets.monthly.title] = title_cell(
            sheets.monthly, f"{MONTHLY(lang)} ・ {title}", lang, watch)
        sheets.monthly.freeze_panes = "A8"
    return names


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


def cached(sheets: Sheets, values: Mapping[str, list[dict[str, object]]],
           settings_cached: dict[str, object]) -> dict[str, dict[str, object]]:
    """Cell → value of every formula cell, by sheet title."""
    def of(key: str) -> dict[str, object]:
        return cached_by_row(sheets.tables[key], values[key])

    out = {sheets.games.title: of("Games"), sheets.players.title: of("Players"),
           sheets.rating_list.title: of("List"), sheets.settings.title: settings_cached,
           sheets.chain.title: of("Chain")}
    if sheets.monthly is not None:
        out[sheets.monthly.title] = {**of("Monthly"), **of("MonthList")}
    return {title: {**sheets.titles.get(title, {}), **cells} for title, cells in out.items()}
