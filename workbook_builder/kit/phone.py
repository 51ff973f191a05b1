"""What a phone shows: the first 390 px of a Games sheet at 100 % zoom.

A club member types a game on a phone held upright (390 px wide, Excel for iPhone or
Android, LibreOffice at 100 %) and wants the answer beside what they typed: the Status
and the new ratings. Columns are therefore ordered inputs, answers, Status, then the
details (the ratings the game was played at, the changes, hints), and the columns in
view are narrowed to fit; a desktop shows every column at once anyway. Nothing typed
moves: only computed columns change places, and every formula finds its cells by key.

Widths are Excel's units: about 7 px each plus 5 px of padding at 100 %.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from ..layout import Column

SCREEN_PX = 390
"""An upright phone's width in CSS pixels (iPhone 12 to 15)."""
DATE_FORMAT = "m/d"
"""Short enough for a narrow column; the year is in the cell (and its formula bar)."""

DATE_WIDTH = (5.0, 5.0)
"""(ja, en) units of a phone's date column: the widest m/d, 12/28, fits in both programs
(at 4.5, October to December printed as ###; ``tests/test_printed.py``)."""

Widths = Mapping[str, tuple[float, float]]
"""Column key → (Japanese width, English width)."""


def narrowed(columns: Iterable[Column], widths: Widths) -> tuple[Column, ...]:
    """``columns`` with the widths of ``widths`` where it names them."""
    def fit(column: Column) -> Column:
        if column.key not in widths:
            return column
        ja, en = widths[column.key]
        return dataclasses.replace(column, width=ja, width_en=en)
    return tuple(fit(column) for column in columns)


def answers_first(columns: Sequence[Column], first: Sequence[str]) -> tuple[Column, ...]:
    """The columns named in ``first`` in that order, then the others as declared."""
    by_key = {column.key: column for column in columns}
    return (*(by_key[key] for key in first),
            *(column for column in columns if column.key not in first))
