"""The engine's one exceptions module.

Every error a caller can cause by passing bad input is a :class:`RatingInputError`,
which subclasses :class:`ValueError` so plain ``except ValueError`` keeps working.
The message always names the argument and quotes the value, because the message is
what a spreadsheet cell or the CLI shows to a person who has to fix their typing.
"""

from __future__ import annotations


class RatingError(Exception):
    """Base class of every error raised by :mod:`rating_rules`."""


class RatingInputError(RatingError, ValueError):
    """An argument is outside what the rules accept.

    >>> str(RatingInputError("result", 2, "must be 1 (win) or 0 (loss)"))
    'result: 2 must be 1 (win) or 0 (loss)'
    """

    def __init__(self, field: str, value: object, reason: str) -> None:
        self.field = field
        self.value = value
        self.reason = reason
        super().__init__(f"{field}: {value!r} {reason}")


class UnknownSystemError(RatingInputError):
    """``replay`` was asked for a rule system it does not know."""
