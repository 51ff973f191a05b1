"""Formula text from cell references and Settings names.

Each function returns formula text without the leading ``=`` so callers can nest
them. The sheets and the formula catalog both call these, so the catalog's examples
are the very formulas the sheets use. Arguments are references or
defined names (``"B4"``, ``"Settings_GapWeight"``) or literal numbers.

Only functions Excel 2010 and LibreOffice 7.4 both evaluate appear here; the lint in
:mod:`workbook_builder.lint` checks every emitted formula.

This module holds the shared pieces, the case-blind lookups among them, and
``formulas/ledger.py`` what every club ledger's formulas share. A rule's own builders
stand at the top of its ``sheets/<system>.py`` (the two shogi rules' shared start in
``sheets/shogi.py``), where its ledger reads them too.
"""

from __future__ import annotations


def text(value: str) -> str:
    """A string literal: ``text('a"b')`` → ``"a""b"``."""
    return '"' + value.replace('"', '""') + '"'


def if_(condition: str, then: str, otherwise: str) -> str:
    """``IF(condition, then, otherwise)``."""
    return f"IF({condition},{then},{otherwise})"


def is_blank(ref: str) -> str:
    """TRUE for a truly empty input cell (a typed value, even text, is not blank)."""
    return f"ISBLANK({ref})"


def is_one_of(ref: str, values: tuple[float, ...]) -> str:
    """TRUE when ``ref`` holds one of the numbers ``values``; never an error for text.

    The ISNUMBER guard comes first because ``"x"=1`` is FALSE but an error value in
    ``ref`` would spread through a plain OR.
    """
    tests = ",".join(f"{ref}={number(v)}" for v in values)
    return f"IF(ISNUMBER({ref}),OR({tests}),FALSE)"


def is_whole_at_least(ref: str, minimum: int) -> str:
    """TRUE when ``ref`` holds a whole number ≥ ``minimum`` (3.0 counts, 2.5 and text do not)."""
    return f"IF(ISNUMBER({ref}),AND({ref}>={minimum},{ref}=INT({ref})),FALSE)"


def is_number_above(ref: str, least: str = "0", or_equal: bool = False) -> str:
    """TRUE when ``ref`` holds a number above ``least`` (``or_equal``: or equal to it);
    FALSE for text or a blank, never an error."""
    return f"IF(ISNUMBER({ref}),{ref}>{'=' if or_equal else ''}{least},FALSE)"


def bad_if_filled(ref: str, valid: str) -> str:
    """TRUE when ``ref`` holds something and ``valid`` (a test of it) is FALSE."""
    return f"AND(NOT(ISBLANK({ref})),NOT({valid}))"


def first_match(cases: list[tuple[str, str]], otherwise: str) -> str:
    """Nested IFs: the value of the first case whose condition holds; a last case whose
    condition is ``TRUE`` is the ``otherwise``."""
    if cases and cases[-1][0] == "TRUE":
        *cases, (_, otherwise) = cases
    formula = otherwise
    for condition, value in reversed(cases):
        formula = if_(condition, value, formula)
    return formula


def number(value: float) -> str:
    """A number as formula text: ``3`` for 3.0, ``0.5`` as is."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def literal(value: str) -> str:
    """``value`` as a MATCH/COUNTIF criterion that means itself: ``~``, ``*``, ``?`` escaped.

    The result is text (a number becomes its digits), so match it against text.
    """
    return (f'SUBSTITUTE(SUBSTITUTE(SUBSTITUTE({value},"~","~~"),"*","~*"),"?","~?")')


def exact_match(value: str, names: str) -> str:
    """Position of ``value`` in ``names`` compared as text: no wildcards, any case.

    ``MATCH(x, range, 0)`` treats ``*`` and ``?`` in ``x`` as wildcards in Excel,
    LibreOffice's xlsx mode and Gnumeric, so ``*`` would pick the first row; escaping
    them (:func:`literal`) makes them plain characters. Unlike ``MATCH(TRUE,INDEX(names=x,
    0),0)``, every engine computes it (Gnumeric gives #REF! for ``INDEX(array, 0)``).
    A blank ``value`` matches nothing (#N/A).
    """
    return f"MATCH({literal(value)},{names},0)"


def is_listed(value: str, *lists: str) -> str:
    """TRUE when ``value`` is a name of one of ``lists`` (see :func:`exact_match`)."""
    tests = ",".join(f"ISNUMBER({exact_match(value, names)})" for names in lists)
    return f"OR({tests})"
