"""Formulas an earlier version wrote where this one writes another, respelled as this
version writes them.

``repair`` reports a formula in one of the builder's places that is not the builder's as
one's own (:mod:`~workbook_builder.kept`). On a sheet where an earlier version's
formulas differ in one cell or two (a list sheet's banner, its month), that cell cannot
be told from a person's by counting; so each change of such a formula leaves here how
its earlier spelling reads now.
"""

from __future__ import annotations

from collections.abc import Callable

from ..dates import serial_test
from ..labels import Text

SHIFTED_BEFORE = Text("行が移動・挿入・削除・並べ替え・コピーでずれています: "
                      "レートは正しくありません — repair を実行 (README「間違いを直す」)",
                      "rows moved, inserted, deleted, sorted or copied out of place: the "
                      "ratings are not right — run repair (README, Fixing mistakes)")
""":data:`~workbook_builder.kit.frame.SHIFTED` before the banner linked to the club desk."""


def _argument(text: str, start: int) -> int:
    """The index of the parenthesis closing the one before ``start``; -1 if none."""
    depth, quoted = 1, False
    for i in range(start, len(text)):
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "()":
            depth += 1 if ch == "(" else -1
            if depth == 0:
                return i
    return -1


def _dates(text: str) -> str:
    """A date's month (:func:`~.ledger.month_key`) and a date's check (``NOT(ISNUMBER(x))``
    before the date ⚠) before dates were checked against the sheets' range
    (:mod:`~workbook_builder.dates`)."""
    from ..kit.inputs import DATE_MESSAGE

    out, at = [], 0
    while (found := text.find("ISNUMBER(", at)) >= 0:
        close = _argument(text, found + len("ISNUMBER("))
        if close < 0:
            break
        ref, rest = text[found + len("ISNUMBER("):close], text[close + 1:]
        month = f",YEAR({ref})*12+MONTH({ref})-1,\"\")"
        checked = text[:found].endswith("NOT(") and any(
            rest.startswith(f')),"{DATE_MESSAGE(lang)}"') for lang in ("ja", "en"))
        if (text[:found].endswith("IF(") and rest.startswith(month)) or checked:
            out.append(text[at:found] + serial_test(ref))
        else:
            out.append(text[at:close + 1])
        at = close + 1
    return "".join(out) + text[at:]


def _banner(text: str) -> str:
    from ..desk_url import desk_url
    from ..kit.frame import SHIFTED

    for lang in ("ja", "en"):
        old = '"' + " " + SHIFTED_BEFORE(lang).replace('"', '""') + '")'
        if text.endswith(old):
            start = text.rfind('"⚠ "&(', 0, len(text) - len(old))
            if start < 0:
                return text
            count = text[start + len('"⚠ "&('):len(text) - len(old) - len(")&")]
            new = " " + SHIFTED(lang).format(url=desk_url())
            return (text[:start] + f'HYPERLINK("{desk_url()}","⚠ "&({count})&"'
                    + new.replace('"', '""') + '"))')
    return text


RESPELLINGS: tuple[Callable[[str], str], ...] = (_dates, _banner)


def respell_earlier(text: str) -> str:
    """``text`` with every earlier spelling this module knows written as now."""
    for respell in RESPELLINGS:
        text = respell(text)
    return text
