"""The dates a spreadsheet can hold, in one place for every door that takes a date.

Excel's 1900 date system runs from serial 1 (1900-01-01) to 2,958,465 (9999-12-31);
LibreOffice and Google Sheets read the same serials. A date outside that range (12345678
typed as a date, year ~35,800; a year before 1900) shows as ``###`` or an error in one
program or another, and a month list built from it points nowhere. So a sheet's Status
flags it (:data:`~workbook_builder.kit.inputs.DATE`) and the CSV reader refuses it
(:func:`~workbook_builder.gamelog.parse_date`), with these bounds.

A date with a time of day (a fraction of a day) inside the range is a date; a number
below 1 (a time alone, zero, a negative) is not.
"""

from __future__ import annotations

import datetime as dt

FIRST_DATE = dt.date(1900, 1, 1)
LAST_DATE = dt.date(9999, 12, 31)
FIRST_SERIAL = 1
"""FIRST_DATE's serial number."""
LAST_SERIAL = 2958465
"""LAST_DATE's serial number (Excel's documented largest date)."""


def is_usable(day: dt.date) -> bool:
    """``day`` is a date every spreadsheet program can hold."""
    day = day.date() if isinstance(day, dt.datetime) else day
    return FIRST_DATE <= day <= LAST_DATE


def is_usable_serial(number: float) -> bool:
    """``number`` is the serial of a date (perhaps with a time) in the sheets' range."""
    return FIRST_SERIAL <= number < LAST_SERIAL + 1


def serial_test(ref: str) -> str:
    """:func:`is_usable_serial` as a formula: FALSE, never an error, for a text or error."""
    return f"IF(ISNUMBER({ref}),AND({ref}>={FIRST_SERIAL},{ref}<{LAST_SERIAL + 1}),FALSE)"
