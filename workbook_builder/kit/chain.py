"""The hidden chain every personal rating log keeps, formulas and values together.

Running carries the rating across skipped rows, Count numbers the counted games, and
ChartX/ChartY list game k's point in row k (NA() after the last), which is what the
history chart plots. The lead row ("Me") holds the start.
"""

from __future__ import annotations

from .. import formulas as fx
from ..labels import Text
from ..layout import Column, Formula, Row
from ..package import CellError
from .cells import Cells, Value

NA = CellError("#N/A")


def counted(c: Cells) -> bool:
    """A counted row: only there is the change a number."""
    return c.number("Change") is not None


def chart_point(r: Row, value: str) -> str:
    """Game k's point while k ≤ games counted, else NA() (left out of the chart)."""
    total = r.cell("Count", r.table.last_row)
    return fx.if_(f"{r.k}<={total}", value, "NA()")


def nth_running(r: Row) -> str:
    """The running value after the k-th counted game."""
    return (f"INDEX({r.column('Running', with_lead=True)},"
            f"MATCH({r.k},{r.column('Count', with_lead=True)},0))")


def running_column(label: Text, lead: Formula, lead_value: Value) -> Column:
    """The value after each row: changed by a counted row, carried over a skipped one."""
    def value(c: Cells) -> object:
        change = c.number("Change")
        return c.prev("Running") if change is None else c.prev("Running") + change  # type: ignore[operator]

    return Column("Running", label, "helper", "number", 8, hidden=True, lead=lead,
                  lead_in_name=True,
                  formula=lambda r: fx.if_(f"ISNUMBER({r['Change']})",
                                           f"{r.prev('Running')}+{r['Change']}",
                                           r.prev("Running")),
                  value=value, lead_value=lead_value)


def count_column(label: Text, width: float = 8) -> Column:
    """How many rows have counted so far."""
    return Column("Count", label, "helper", "integer", width, hidden=True,
                  lead=lambda r: "0", lead_in_name=True,
                  formula=lambda r: f"{r.prev('Count')}+IF(ISNUMBER({r['Change']}),1,0)",
                  value=lambda c: c.prev("Count") + (1 if counted(c) else 0),
                  lead_value=0)


def _chart_x(c: Cells) -> object:
    return c.k if c.k <= c.at(c.last_k, "Count") else NA  # type: ignore[operator]


def _chart_y(c: Cells) -> object:
    if c.k > c.at(c.last_k, "Count"):  # type: ignore[operator]
        return NA
    found = c.find("Count", c.k)
    return NA if found is None else c.at(found, "Running")


def chart_columns(y_label: Text, x_width: float = 8) -> tuple[Column, Column]:
    """ChartX (game number) and ChartY (the running value after it), for the chart."""
    return (
        Column("ChartX", Text("グラフ用 対局", "Chart game"), "helper", "integer", x_width,
               hidden=True, lead_in_name=True, lead=lambda r: chart_point(r, str(r.k)),
               formula=lambda r: chart_point(r, str(r.k)),
               value=_chart_x, lead_value=_chart_x, late=True),
        Column("ChartY", y_label, "helper", "number", 8, hidden=True, lead_in_name=True,
               lead=lambda r: chart_point(r, nth_running(r)),
               formula=lambda r: chart_point(r, nth_running(r)),
               value=_chart_y, lead_value=_chart_y, late=True),
    )


def history_columns(lead: Formula, lead_value: Value) -> tuple[Column, ...]:
    """The whole chain of a rating log whose lead row holds the starting rating."""
    return (
        running_column(Text("計算用レート", "Running rating"), lead, lead_value),
        count_column(Text("計算用対局数", "Games counted")),
        *chart_columns(Text("グラフ用 レート", "Chart rating")),
    )
