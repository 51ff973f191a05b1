"""Pieces every sheet type uses: the Games sheet's frame, the chart page, printing,
Excel's idea of a number, cached values by row."""

from __future__ import annotations

import datetime as dt

from openpyxl.styles import Alignment
from openpyxl.utils.datetime import to_excel
from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from .. import styles
from ..charts import history_chart
from ..labels import LEGEND_COMPUTED, LEGEND_INPUT, OVERWRITTEN, Text
from ..layout import Column, Formula, Row, Table
from ..spec import Spec


def page_setup(ws: Worksheet) -> None:
    """Portrait A4, one page wide: a printed sheet reads like the phone screen."""
    ws.page_setup.orientation = "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0


def excel_number(value: object) -> float | None:
    """The value as Excel's ISNUMBER sees it (dates are numbers, booleans are not)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (dt.date, dt.datetime)):
        return float(to_excel(value))
    if isinstance(value, (int, float)):
        return float(value)
    return None


def cached_by_row(table: Table, values: list[dict[str, object]]) -> dict[str, object]:
    """Cell reference → value for rows of values keyed by column, from the lead row down."""
    cached: dict[str, object] = {}
    for offset, row_values in enumerate(values):
        number = table.lead_row + offset
        for key, value in row_values.items():
            cached[f"{table.letter(key)}{number}"] = value
    return cached


def sheet_title(spec: Spec, default: str) -> str:
    """The title shown on every sheet: the template's title (or the default) and club."""
    return " ・ ".join(t for t in (spec.title or default, spec.club) if t)


def decorate_games(games: Worksheet, table: Table, lang: str, title: str, legend_at: str,
                   freeze_column: str = "A") -> None:
    """Title, the where-to-type legend, a tall header, frozen panes, the overwrite warning."""
    styles.style_title(games.cell(1, 1, title), lang)
    legend = games.cell(1, table.index(legend_at),
                        f"{LEGEND_INPUT(lang)} / {LEGEND_COMPUTED(lang)}")
    styles.style_note(legend, lang)
    games.row_dimensions[table.header_row].height = 34
    games.freeze_panes = f"{freeze_column}{table.lead_row}"
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


# --- The hidden chain every rating log keeps --------------------------------------------
# Running carries the rating across skipped rows, Count numbers the counted games, and
# ChartX/ChartY list game k's point in row k (NA() after the last), which is what the
# history chart plots. The lead row ("Me") holds the start.


def chart_point(r: Row, value: str) -> str:
    """Game k's point while k ≤ games counted, else NA() (left out of the chart)."""
    total = r.cell("Count", r.table.last_row)
    return fx.if_(f"{r.k}<={total}", value, "NA()")


def nth_running(r: Row) -> str:
    """The running value after the k-th counted game."""
    return (f"INDEX({r.column('Running', with_lead=True)},"
            f"MATCH({r.k},{r.column('Count', with_lead=True)},0))")


def running_column(label: Text, lead: Formula) -> Column:
    """The value after each row: changed by a counted row, carried over a skipped one."""
    return Column("Running", label, "helper", "number", 8, hidden=True, lead=lead,
                  lead_in_name=True,
                  formula=lambda r: fx.if_(f"ISNUMBER({r['Change']})",
                                           f"{r.prev('Running')}+{r['Change']}",
                                           r.prev("Running")))


def count_column(label: Text, width: float = 8) -> Column:
    """How many rows have counted so far."""
    return Column("Count", label, "helper", "integer", width, hidden=True,
                  lead=lambda r: "0", lead_in_name=True,
                  formula=lambda r: f"{r.prev('Count')}+IF(ISNUMBER({r['Change']}),1,0)")


def chart_columns(y_label: Text, x_width: float = 8) -> tuple[Column, Column]:
    """ChartX (game number) and ChartY (the running value after it), for the chart."""
    return (
        Column("ChartX", Text("グラフ用 対局", "Chart game"), "helper", "integer", x_width,
               hidden=True, lead_in_name=True, lead=lambda r: chart_point(r, str(r.k)),
               formula=lambda r: chart_point(r, str(r.k))),
        Column("ChartY", y_label, "helper", "number", 8, hidden=True, lead_in_name=True,
               lead=lambda r: chart_point(r, nth_running(r)),
               formula=lambda r: chart_point(r, nth_running(r))),
    )


def history_columns(lead: Formula) -> tuple[Column, ...]:
    """The whole chain of a rating log whose lead row holds the starting rating."""
    return (
        running_column(Text("計算用レート", "Running rating"), lead),
        count_column(Text("計算用対局数", "Games counted")),
        *chart_columns(Text("グラフ用 レート", "Chart rating")),
    )
