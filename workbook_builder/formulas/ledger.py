"""Formula text a club ledger shares across rule systems: players, chains, rating lists.

A ledger keeps every game of a club in one log, so a game row must find each player's
rating after *their* previous game: :mod:`workbook_builder.kit.seats` finds that game
with an exact ``MATCH`` that stops at it; the formulas here read what the player left
it with, name players and order the lists.

Players are identified by their row on the Players sheet (``id``): a name is matched
once per seat by exact matching (no wildcards), and
every later test compares small whole numbers, not text.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dates import serial_test
from . import exact_match


def name_match(name: str, names: str) -> str:
    """Position of ``name`` in ``names``, compared as text (#N/A when absent).

    :func:`~workbook_builder.formulas.exact_match` finds a name as text with ``*``
    and ``?`` as plain characters, any case; a name typed as a number is also looked up
    as that number, so ``123`` finds a Players ``123`` typed either way (a name typed as
    text ``"123"`` finds only text). A blank Players cell never matches; a blank
    ``name`` gives 0, not an error, so a test such as ``AND(NOT(ISBLANK(n)), …)`` holds.
    """
    as_number = f"IF(ISNUMBER({name}),MATCH({name},{names},0),NA())"
    return f"IF({name}&\"\"=\"\",0,IFERROR({exact_match(name, names)},{as_number}))"


def player_id(name: str, names: str) -> str:
    """The row of ``name`` among the Players ``names`` (1 = first), 0 when not listed.

    A blank ``name`` gives 0 too; the status column says which case it is.
    """
    return f"IF(ISBLANK({name}),0,IFERROR({name_match(name, names)},0))"


def seat_value(row: str, player: str, seats: Sequence[tuple[str, str]], otherwise: str) -> str:
    """What ``player`` carried out of sheet row ``row``: the value column of their seat there.

    ``seats`` pairs each seat's counted-id column with the column to read when the
    player sat there (both as ``$X$1:$X$<last>`` so INDEX takes the sheet row).
    ``otherwise`` is used when ``row`` is 0 (no earlier game: the starting value).
    """
    value = f"INDEX({seats[-1][1]},{row})"
    for ids, column in reversed(seats[:-1]):
        value = f"IF(INDEX({ids},{row})={player},INDEX({column},{row}),{value})"
    return f"IF({row}=0,{otherwise},{value})"


def count_of(player: str, seats: Sequence[str], *conditions: tuple[str, str]) -> str:
    """How many counted games ``player`` has over whole seat columns (``COUNTIFS``)."""
    extra = "".join(f",{rng},{test}" for rng, test in conditions)
    fn = "COUNTIFS" if conditions else "COUNTIF"
    return "+".join(f"{fn}({seat},{player}{extra})" for seat in seats)


def list_position(rating: str, ratings: str, names: str, above_ratings: str | None,
                  above_names: str | None, name: str) -> str:
    """Place of a player in the rating list: higher rating first, ties by Players order.

    Only named players with a numeric rating take a place; ``above_*`` are the same
    columns from the first Players row to the row above (None on the first row). A
    rating column holds a number or "" (never an error), so ``<>""`` tests for a number:
    Gnumeric does not evaluate ``ISNUMBER`` over a range inside ``SUMPRODUCT``.
    """
    higher = f"SUMPRODUCT(({ratings}<>\"\")*({names}<>\"\")*({ratings}>{rating}))"
    tied = ("0" if above_ratings is None else
            f"SUMPRODUCT(({above_ratings}<>\"\")*({above_names}<>\"\")"
            f"*({above_ratings}={rating}))")
    return f"IF(AND({name}<>\"\",ISNUMBER({rating})),1+{higher}+{tied},\"\")"


def list_rank(rating: str, ratings: str, names: str) -> str:
    """Competition rank shown in a list (1, 2, 2, 4): one more than the higher ratings."""
    return f"1+SUMPRODUCT(({ratings}<>\"\")*({names}<>\"\")*({ratings}>{rating}))"


def at_position(k: int | str, positions: str, column: str) -> str:
    """The ``column`` value of the player in list place ``k``; "" past the last player."""
    match = f"MATCH({k},{positions},0)"
    return f"IF(ISNUMBER({match}),INDEX({column},{match}),\"\")"


def month_key(date: str) -> str:
    """A date's month as one number (``YEAR×12 + MONTH − 1``), "" without a date or with
    one no spreadsheet can hold (:mod:`~workbook_builder.dates`): no list reaches past them."""
    return f"IF({serial_test(date)},YEAR({date})*12+MONTH({date})-1,\"\")"


def month_date(key: str) -> str:
    """The first day of the month ``key`` (:func:`month_key`) as a date serial."""
    return f"DATE(INT({key}/12),MOD({key},12)+1,1)"
