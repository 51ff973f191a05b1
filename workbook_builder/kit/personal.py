"""The personal sheet: one player's own game log, rendered for any rating system.

A system states its columns, settings and notes, and may dress its Games sheet and lay
out its Settings its own way; this layout owns the frame, so every sheet gets the same
protection, validation, names, chart and cached values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import ClassVar

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..labels import CHART_TITLE, GAMES_TITLE, SETTINGS_TITLE, Text
from ..layout import Column, NameInfo, Setting, Table
from ..settings import write_settings
from ..spec import Spec
from ..table import write_table
from . import phone
from . import status as st
from .base import Built, P, SheetType
from .cells import cached_by_row, evaluate
from .frame import COUNTED_ONLY, add_history_chart, decorate_games, page_setup, sheet_title
from .howto import PERSONAL

PHONE_WIDTHS: phone.Widths = {
    "Opponent": (5.5, 5.5), "OppRating": (5, 5.5), "Result": (3.5, 4.5), "Score": (3.5, 4),
    "Period": (6.5, 6.5), "Date": phone.DATE_WIDTH, "Rating": (5.5, 6), "InPeriod": (5.5, 5),
}
"""Widths (ja, en) a phone shows of the Games columns the kit declares (:mod:`.phone`);
a system adds its own columns' in :attr:`PersonalSheet.phone_widths`. A period fits
2024-05, the label its prompt suggests (at 4 units a phone cut it to 2024)."""


class PersonalSheet(SheetType[P]):
    """A system's personal sheet; subclasses declare, this class renders."""

    title: ClassVar[Text]
    howto = PERSONAL
    notes: ClassVar[tuple[Text, ...]] = ()
    """Lines printed under the settings: the rule in a few words."""
    chart: ClassVar[tuple[Text, Text] | None] = (Text("レートの推移", "Rating history"),
                                                 Text("レート", "rating"))
    """The history chart's title and its axis label; None = no Chart sheet."""
    rows_per_game: ClassVar[int] = 1
    """Sheet rows a game takes (four-player: a row per seat); the row count is rounded up."""
    chart_note: ClassVar[Text] = COUNTED_ONLY
    """The line under the chart: which rows it plots."""
    legend_at: ClassVar[str] = "Status"
    """The Games column above which the where-to-type legend is printed."""
    freeze_column: ClassVar[str] = "B"
    """The first Games column that scrolls sideways (B keeps the opponent in view)."""
    phone_first: ClassVar[tuple[str, ...]] = ()
    """The Games columns a phone shows first (:mod:`.phone`): what is typed, the new
    rating and the Status; the other columns follow in their declared order."""
    phone_widths: ClassVar[phone.Widths] = {}
    """The system's own phone widths (ja, en), over :data:`PHONE_WIDTHS`."""
    reference_after_settings: ClassVar[bool] = False
    """Whether the reference sheets follow Settings instead of preceding it (a system
    whose quick tables are views of its Settings tables puts them after)."""

    def default_title(self, lang: str) -> str:
        return self.title(lang)

    def columns(self, lang: str, preset: P) -> tuple[Column, ...]:
        """The Games columns, in sheet order (hidden helpers last)."""
        raise NotImplementedError

    def settings(self, preset: P) -> list[Setting]:
        """The Settings rows: every constant of the preset as a named cell."""
        raise NotImplementedError

    def check(self, preset: P) -> None:
        """Refuse a preset the sheet cannot start from (raise ValueError)."""

    def reference_sheets(self, wb: Workbook, preset: P,
                         lang: str) -> dict[str, dict[str, object]]:
        """Read-only sheets between Chart and Settings; their cached values by title."""
        return {}

    def settings_tables(self, ws: Worksheet, top: int, preset: P,
                        lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        """Named tables under the settings (from row ``top``); names and cached values."""
        names, cached, _ = self.tables.write(ws, top, preset, lang)
        return names, cached

    def dress_games(self, ws: Worksheet, table: Table, lang: str,
                    title: str) -> dict[str, object]:
        """The Games sheet's title, legend, header and frozen panes, once its table is
        written; the cached values of the formulas it wrote (the title's banner)."""
        return decorate_games(ws, table, lang, title, self.legend_at, self.freeze_column,
                              watch=(table,))

    def settings_sheet(self, ws: Worksheet, title: str, preset: P,
                       lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        """The whole Settings sheet (the constants, their notes, then the system's
        :meth:`settings_tables`); names and cached values."""
        names = write_settings(ws, title, self.settings(preset), lang, self.notes)
        table_names, cached = self.settings_tables(ws, ws.max_row + 2, preset, lang)
        return names + table_names, cached

    def table(self, rows: int, lang: str, preset: P) -> Table:
        return self.phone_view(Table.games(self.columns(lang, preset), rows))

    def phone_view(self, table: Table) -> Table:
        """``table`` with :attr:`phone_first` first and the phone's widths."""
        columns = phone.answers_first(table.columns, self.phone_first)
        widths = {**PHONE_WIDTHS, **self.phone_widths}
        return dataclasses.replace(table, columns=phone.narrowed(columns, widths))

    def populate(self, wb: Workbook, spec: Spec, preset: P,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        self.check(preset)
        lang = spec.lang
        rows = -(-spec.rows // self.rows_per_game) * self.rows_per_game
        table = st.with_built(self.table(rows, lang, preset), fixed=self.rows_per_game > 1)
        games = wb.create_sheet(GAMES_TITLE(lang))
        chart_ws = wb.create_sheet(CHART_TITLE(lang)) if self.chart else None
        after = self.reference_after_settings
        cached = {} if after else self.reference_sheets(wb, preset, lang)
        settings_ws = wb.create_sheet(SETTINGS_TITLE(lang))
        title = sheet_title(spec, self.default_title(lang))

        names = write_table(games, table, lang, inputs, flag="Status")
        dressed = self.dress_games(games, table, lang, title)
        settings_names, settings_cached = self.settings_sheet(
            settings_ws, f"{SETTINGS_TITLE(lang)} ・ {title}", preset, lang)
        names += settings_names
        if chart_ws is not None and self.chart is not None:
            add_history_chart(chart_ws, games, table, lang, *self.chart, self.chart_note)
        if after:
            cached.update(self.reference_sheets(wb, preset, lang))
        for ws in wb.worksheets:
            page_setup(ws)
        cached[games.title] = {**dressed,
                               **cached_by_row(table, evaluate(table, inputs, preset, lang))}
        if settings_cached:
            cached[settings_ws.title] = settings_cached
        return Built(names, cached, snapshots=frozenset(cached) - {games.title,
                                                                   settings_ws.title})
