"""The hidden chain every personal rating log keeps, formulas and values together.

Running carries the rating across skipped rows, Count numbers the counted games, and
ChartX/ChartY give a counted row's point (NA() on a skipped row), which is what the
history chart plots. The lead row ("Me") holds the start.
"""

from __future__ import annotations

from typing import Any

from .. import formulas as fx
from ..labels import Text
from ..layout import Column, Formula, Row, ValueType
from ..package import CellError
from .cells import Cells, Value, numeric

NA = CellError("#N/A")


def counted(c: Cells) -> bool:
    """A counted row: only there is the change a number."""
    return c.number("Change") is not None


def chart_point(r: Row, value: str) -> str:
    """This row's point when it counted, else NA() (left out of the chart, which joins the
    points either side). The row looks at itself only: a test of the last row's count
    would make every typed cell recalculate the whole column."""
    return fx.if_(f"ISNUMBER({r['Change']})", value, "NA()")


def counted_column(key: str, label: Text, kind: ValueType, width: float, formula: Formula,
                   value: Value, lead: Formula | None = None, lead_value: Value | None = None,
                   **extra: Any) -> Column:
    """A column that shows ``formula`` (the engine's ``value``) on a counted row and stays
    blank on a skipped one; the lead row shows ``lead`` (``lead_value``), else the same."""
    return Column(key, label, "computed", kind, width, lead=lead or formula,
                  lead_value=value if lead_value is None else lead_value,
                  formula=lambda r: fx.if_(f"ISNUMBER({r['Change']})", formula(r), '""'),
                  value=lambda c: value(c) if counted(c) else "", **extra)


def running_column(label: Text, lead: Formula, lead_value: Value) -> Column:
    """The value after each row: changed by a counted row, carried over a skipped one."""
    def value(c: Cells) -> object:
        change = c.number("Change")
        return c.prev("Running") if change is None else numeric(c.prev("Running")) + change

    return Column("Running", label, "helper", "number", 8, lead=lead,
                  lead_in_name=True,
                  formula=lambda r: fx.if_(f"ISNUMBER({r['Change']})",
                                           f"{r.prev('Running')}+{r['Change']}",
                                           r.prev("Running")),
                  value=value, lead_value=lead_value)


def change_column(formula: Formula, value: Value, width: float = 6.5,
                  number_format: str = "+0.0;-0.0;0.0") -> Column:
    """A counted game's change, blank on a skipped row: to one decimal unless the rule
    rounds it (a period's games add up unrounded)."""
    return Column("Change", Text("増減", "Change"), "computed", "number", width, width_en=7.5,
                  number_format=number_format, formula=formula, value=value)


def rating_column(lead: Formula, lead_value: Value, number_format: str = "General") -> Column:
    """The rating after each counted game, blank on a skipped row; the lead row shows the
    start (``lead``, its engine value ``lead_value``)."""
    return counted_column("Rating", Text("レート", "Rating"), "number", 7.5,
                          lambda r: r["Running"], lambda c: c["Running"], lead, lead_value,
                          number_format=number_format)


def count_column(label: Text, width: float = 8) -> Column:
    """How many rows have counted so far."""
    return Column("Count", label, "helper", "integer", width,
                  lead=lambda r: "0", lead_in_name=True,
                  formula=lambda r: f"{r.prev('Count')}+IF(ISNUMBER({r['Change']}),1,0)",
                  value=lambda c: c.prev("Count") + (1 if counted(c) else 0),
                  lead_value=0)


def chart_columns(y_label: Text, x_width: float = 8) -> tuple[Column, Column]:
    """ChartX (game number) and ChartY (the running value after it), for the chart; the
    lead row is game 0, the start."""
    return (
        Column("ChartX", Text("グラフ用 対局", "Chart game"), "helper", "integer", x_width,
               lead_in_name=True, lead=lambda r: "0",
               formula=lambda r: chart_point(r, r["Count"]),
               value=lambda c: c["Count"] if counted(c) else NA, lead_value=0),
        Column("ChartY", y_label, "helper", "number", 8, lead_in_name=True,
               lead=lambda r: r["Running"], lead_value=lambda c: c["Running"],
               formula=lambda r: chart_point(r, r["Running"]),
               value=lambda c: c["Running"] if counted(c) else NA),
    )


def history_columns(lead: Formula, lead_value: Value) -> tuple[Column, ...]:
    """The whole chain of a rating log whose lead row holds the starting rating."""
    return (
        running_column(Text("計算用レート", "Running rating"), lead, lead_value),
        count_column(Text("計算用対局数", "Games counted")),
        *chart_columns(Text("グラフ用 レート", "Chart rating")),
    )
