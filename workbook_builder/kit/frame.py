"""The frame every sheet shares: page setup, the title, the Games sheet's decoration and
the history chart's page."""

from __future__ import annotations

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from .. import styles
from ..charts import history_chart
from ..labels import LEGEND_COMPUTED, LEGEND_INPUT, OVERWRITTEN, Text
from ..layout import Table
from ..spec import Spec


def page_setup(ws: Worksheet) -> None:
    """Portrait A4, one page wide: a printed sheet reads like the phone screen."""
    ws.page_setup.orientation = "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    setup = ws.sheet_properties.pageSetUpPr
    assert setup is not None, "openpyxl makes one for every sheet"
    setup.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0


def sheet_title(spec: Spec, default: str) -> str:
    """The title shown on every sheet: the template's title (or the default) and club."""
    return " ・ ".join(t for t in (spec.title or default, spec.club) if t)


def decorate_games(games: Worksheet, table: Table, lang: str, title: str, legend_at: str,
                   freeze_column: str = "A") -> None:
    """Title, the where-to-type legend, a tall header, frozen panes, the overwrite warning."""
    title_row(games, table, lang, title, legend_at)
    games.row_dimensions[table.header_row].height = 34
    games.freeze_panes = f"{freeze_column}{table.lead_row}"
    overwrite_note(games, table, lang)


def title_row(games: Worksheet, table: Table, lang: str, title: str, legend_at: str) -> None:
    """The title, and the where-to-type legend above column ``legend_at``."""
    styles.style_title(games.cell(1, 1, title), lang)
    legend = games.cell(1, table.index(legend_at),
                        f"{LEGEND_INPUT(lang)} / {LEGEND_COMPUTED(lang)}")
    styles.style_note(legend, lang)


def overwrite_note(games: Worksheet, table: Table, lang: str) -> None:
    """The warning under the table: a formula cell typed over shows red."""
    styles.style_note(games.cell(table.last_row + 2, 1, OVERWRITTEN(lang)), lang,
                      color="C00000")


COUNTED_ONLY = Text("入力は「対局」シートで。グラフは計算に入った対局だけを表示します。",
                    "Type games on the Games sheet; the chart shows counted games only.")


def add_history_chart(chart_ws: Worksheet, games: Worksheet, table: Table, lang: str,
                      title: Text, y_label: Text, note: Text = COUNTED_ONLY) -> None:
    """The rating-history chart over the hidden ChartX/ChartY columns, with its note."""
    chart = history_chart(games, table.index("ChartX"), table.index("ChartY"),
                          table.lead_row, table.last_row, title(lang),
                          Text("対局数", "games")(lang), y_label(lang))
    chart_ws.add_chart(chart, "A1")
    cell = chart_ws.cell(20, 1, note(lang))
    styles.style_note(cell, lang)
    cell.alignment = Alignment(wrap_text=False)
