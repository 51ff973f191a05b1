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

    ``reason`` is a fixed English text; what varies (a limit, a list of names) is a
    ``{detail}`` in it, filled from ``details``. The fixed text is how the command line
    and the worksheet functions find the reason's Japanese (``workbook_builder.messages``,
    which this package does not import; ``udfs._excel.cell_text``).

    >>> str(RatingInputError("result", 2, "must be 1 (win) or 0 (loss)"))
    'result: 2 must be 1 (win) or 0 (loss)'
    >>> str(RatingInputError("k", 0, "must be {minimum} or more", minimum=1))
    'k: 0 must be 1 or more'
    """

    def __init__(self, field: str, value: object, reason: str, **details: object) -> None:
        self.field = field
        self.value = value
        self.template = reason
        """The reason before its details are filled in."""
        self.details = details
        self.reason = reason = reason.format(**details)
        super().__init__(f"{field}: {value!r} {reason}")

    def __reduce__(self) -> tuple[object, ...]:
        # built again from its parts: the default would call __init__ with the message
        # alone (a build in a worker process hands its error back pickled)
        return _rebuilt, (type(self), self.field, self.value, self.template, self.details)


def _rebuilt(cls: type[RatingInputError], field: str, value: object, reason: str,
             details: dict[str, object]) -> RatingInputError:
    return cls(field, value, reason, **details)


class UnknownSystemError(RatingInputError):
    """``replay`` was asked for a rule system it does not know."""
