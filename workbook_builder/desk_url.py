"""The club desk's web address, which the workbooks name beside the command that fixes them.

The club desk is the project's static site (``site/``): import, audit, repair and rate in
a phone's browser. A person holding a phone at the table cannot run ``repair``, so the
⚠ banner (a link to it), the 使い方 / How to sheet and ``audit``'s "to fix" line give the
desk's address as well as the command.

The address is set when the workbooks are built: :data:`ENV` (``CLUB_DESK_URL``)
overrides :data:`DEFAULT`. GitHub Pages serves a repository's site at
``https://<owner>.github.io/<repo>/``; :data:`DEFAULT` is that address for
:data:`OWNER`/:data:`REPO`, this project's repository. A fork, or a club that serves the
desk elsewhere, builds with its own address::

    CLUB_DESK_URL=https://<owner>.github.io/<repo>/ .venv/bin/python -m workbook_builder build

The shipped ``dist/`` is built without the variable (``tests/test_builder_package.py``
compares it with a fresh build).
"""

from __future__ import annotations

import os
import re

from .errors import BuilderError
from .messages import say

ENV = "CLUB_DESK_URL"
OWNER = "club-rating-sheets"
"""The GitHub account (user or organisation) that holds the project's repository."""
REPO = "club-rating-sheets"
MAX_LENGTH = 100
"""Longest address taken: the banner and the how-to line must stay readable on a phone."""
_SHAPE = re.compile(r"https?://[^\s\"'<>]+")
"""An http(s) address without spaces or quotes (it goes into formula text and a CSV)."""


def pages_url(owner: str, repo: str) -> str:
    """GitHub Pages' address of ``owner/repo``'s site.

    >>> pages_url("octo", "club-rating-sheets")
    'https://octo.github.io/club-rating-sheets/'
    """
    return f"https://{owner.lower()}.github.io/{repo}/"


DEFAULT = pages_url(OWNER, REPO)


def desk_url() -> str:
    """The address the workbooks name: :data:`ENV` if set, else :data:`DEFAULT`.

    A value that is not one http(s) address, or is longer than :data:`MAX_LENGTH`, is
    refused with a message naming the variable and quoting the value."""
    value = os.environ.get(ENV, "").strip()
    if not value:
        return DEFAULT
    if not _SHAPE.fullmatch(value) or len(value) > MAX_LENGTH:
        raise BuilderError(say("desk.bad_url", variable=ENV, value=value, most=MAX_LENGTH))
    return value
