"""The builder's one exceptions module.

Every error a user can cause with a file or a value subclasses :class:`ValueError` and
carries a one-line message that names the file, line or field and quotes the bad value;
the command line prints it as ``Error: …`` and exits with status 1.
"""

from __future__ import annotations


class BuilderError(ValueError):
    """Base class: the message is one line a club secretary can act on."""


class UnreadableWorkbook(BuilderError):
    """The file cannot be used; the message is one line naming the file and why."""


class GameLogError(BuilderError):
    """The file as a whole cannot be read as a game log (encoding, header, size)."""


class ImportFailed(BuilderError):
    """The import cannot go ahead; the message is one line naming the file and why."""


class WriteFailed(BuilderError):
    """The output could not be written (read-only folder, full disk …); nothing was left."""


class TemplateError(BuilderError):
    """A template key has a bad value; the message is one line naming both."""
