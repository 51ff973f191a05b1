"""The rating-history chart, drawn from played games only.

Design (checked by rendering in LibreOffice 7.4; Excel behaviour as documented):
an XY scatter chart over two hidden helper columns, game number and rating, where
rows past the last played game hold ``NA()`` in *both* columns. A scatter point
with ``#N/A`` coordinates is left out by Excel and by LibreOffice, whereas a line
chart plots ``NA()`` as 0 in LibreOffice, and ``""`` plots as 0 everywhere. A
dynamic OFFSET name as the series source works in Excel but LibreOffice draws an
empty chart. The helper columns are compact (game k in row k), so skipped rows
leave no gaps. ``plotVisOnly`` is off because the helper columns are hidden.
"""

from __future__ import annotations

from openpyxl.chart import Reference, ScatterChart, Series
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.drawing.line import LineProperties
from openpyxl.worksheet.worksheet import Worksheet


def history_chart(data: Worksheet, x_col: int, y_col: int, first_row: int, last_row: int,
                  title: str, x_title: str, y_title: str) -> ScatterChart:
    """A line-with-markers XY chart of ``y_col`` against ``x_col`` on ``data``."""
    chart = ScatterChart()
    chart.title = title
    chart.style = 2
    chart.scatterStyle = "lineMarker"
    chart.legend = None
    chart.visible_cells_only = False
    chart.display_blanks = "span"
    xs = Reference(data, min_col=x_col, min_row=first_row, max_row=last_row)
    ys = Reference(data, min_col=y_col, min_row=first_row, max_row=last_row)
    series = Series(ys, xs, title=y_title)
    series.smooth = False
    series.marker.symbol = "circle"
    series.marker.size = 6
    series.graphicalProperties = GraphicalProperties(ln=LineProperties(solidFill="305496", w=22000))
    series.marker.graphicalProperties = GraphicalProperties(solidFill="305496")
    chart.series.append(series)
    chart.x_axis.title = x_title
    chart.y_axis.title = y_title
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.x_axis.number_format = "0"
    chart.x_axis.majorGridlines = None
    chart.y_axis.number_format = "0"
    chart.width = 15
    chart.height = 9
    return chart
