"""The frame every sheet shares: page setup, the title, the Games sheet's decoration and
the history chart's page."""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from .. import styles
from ..charts import history_chart
from ..desk_url import desk_url
from ..labels import LEGEND_COMPUTED, LEGEND_INPUT, OVERWRITTEN, Text
from ..layout import Table
from ..spec import Spec
from .status import misplaced_count


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


SHIFTED = Text("行がずれています (移動・挿入・削除・並べ替え・コピー): レートは正しくありません"
               " — タップしてクラブ窓口 ({url}) で直すか、repair を実行",
               "rows moved, inserted, deleted, sorted or copied: the ratings are not right — "
               "tap to fix them at the club desk ({url}) or run repair")
"""The banner's words after "⚠ <count>": what happened, what it means, what to do. The
banner is a link to the club desk (:mod:`~workbook_builder.desk_url`): on a phone its
first words show, and a tap opens the page that repairs the file. With the longest
address :mod:`~workbook_builder.desk_url` takes, the text stays within the 255 characters
Excel allows a formula's text constant."""


def title_cell(ws: Worksheet, title: str, lang: str,
               watch: Sequence[Table] = ()) -> dict[str, object]:
    """The sheet's title in A1; its cached value by cell, if it is a formula.

    With tables to ``watch``, the title gives way to a banner when rows of them are out
    of place (:func:`~.status.misplaced_count`): the top-left cell is what a phone shows
    first, and every number below may be wrong then.
    """
    cell = ws.cell(1, 1)
    styles.style_title(cell, lang)
    if not watch:
        cell.value = title
        return {}
    count = "+".join(misplaced_count(table) for table in watch)
    url = desk_url()
    words = fx.text(" " + SHIFTED(lang).format(url=url))
    cell.value = "=" + fx.if_(f"{count}=0", fx.text(title),
                              f'HYPERLINK({fx.text(url)},"⚠ "&({count})&{words})')
    return {"A1": title}


def decorate_games(games: Worksheet, table: Table, lang: str, title: str, legend_at: str,
                   freeze_column: str = "A", watch: Sequence[Table] = ()) -> dict[str, object]:
    """Title, the where-to-type legend, a tall header, frozen panes, the overwrite warning;
    the title's cached value (see :func:`title_cell`)."""
    cached = title_row(games, table, lang, title, legend_at, watch)
    games.row_dimensions[table.header_row].height = 34
    games.freeze_panes = f"{freeze_column}{table.lead_row}"
    overwrite_note(games, table, lang)
    return cached


def title_row(games: Worksheet, table: Table, lang: str, title: str, legend_at: str,
              watch: Sequence[Table] = ()) -> dict[str, object]:
    """The title, and the where-to-type legend above column ``legend_at``."""
    cached = title_cell(games, title, lang, watch)
    legend = games.cell(1, table.index(legend_at),
                        f"{LEGEND_INPUT(lang)} / {LEGEND_COMPUTED(lang)}")
    styles.style_note(legend, lang)
    return cached


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
