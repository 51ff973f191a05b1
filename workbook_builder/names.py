"""Names that probably mean a member: a misspelling caught before it becomes a new player.

A club's log is typed by hand on phones and PCs, so one person gets spelt two ways: a
space too many (ASCII or full-width), full-width letters or digits (ＡＢ for AB), the other
kana (タナカ for たなか), upper/lower case, the old or the simple form of a kanji (齋藤 for
斎藤, 髙橋 for 高橋), or one letter too many, too few or swapped. :func:`near_miss` says
which member a new name is close to in one of those ways, and how.

Changing one character is *not* taken as a misspelling: 佐藤 and 加藤, or member numbers
like P0001 and P0002, are different people as often as not. Inserting, dropping or
swapping one character counts only in names of four or more characters with no digit,
for the same reason.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .messages import Message, say

VARIANTS = str.maketrans({
    "齋": "斎", "齊": "斉", "斉": "斎", "邊": "辺", "邉": "辺", "髙": "高", "﨑": "崎",
    "嶋": "島", "嶌": "島", "濱": "浜", "澤": "沢", "廣": "広", "國": "国", "櫻": "桜",
    "眞": "真", "實": "実", "藏": "蔵", "德": "徳", "惠": "恵", "瀨": "瀬", "冨": "富",
    "槇": "槙", "曾": "曽", "萬": "万", "龍": "竜", "圓": "円", "壽": "寿", "彌": "弥",
})
"""Old or variant forms of kanji common in Japanese names → the everyday form."""


def near_miss(name: str, members: Iterable[str]) -> tuple[str, Message] | None:
    """The first of ``members`` that ``name`` (not itself a member) probably means, with
    the kind of difference, or None."""
    known = list(members)
    if name in known:
        return None
    for test, why in ((_spaces, "near.space"), (_width, "near.width"), (_kana, "near.kana"),
                      (_case, "near.case"), (_variant, "near.variant")):
        for member in known:
            if test(name) == test(member):
                return member, say(why)
    if len(name) >= 4 and not any(c.isdigit() for c in name):
        for member in known:
            if len(member) >= 4 and _one_edit(_variant(name), _variant(member)):
                return member, say("near.edit")
    return None


def misspelt(typed: Iterable[object], members: Iterable[object]) -> list[Message]:
    """One line per name typed in games that is not on the players list but is probably
    a member's misspelt (``audit``: the sheet's ⚠ says only that it is not on the list)."""
    known = [str(m) for m in members if m not in (None, "")]
    folded = {m.lower() for m in known}
    counts: dict[str, int] = {}
    for name in typed:
        if isinstance(name, str) and name and name.lower() not in folded:
            counts[name] = counts.get(name, 0) + 1
    lines = []
    for name, games in counts.items():
        close = near_miss(name, known)
        if close is not None:
            lines.append(say("audit.misspelt", name=name, games=games, member=close[0],
                             why=close[1]))
    return lines


def _spaces(text: str) -> str:
    return "".join(text.replace("\u3000", " ").split())


def _width(text: str) -> str:
    return unicodedata.normalize("NFKC", _spaces(text))


def _kana(text: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in _width(text))


def _case(text: str) -> str:
    return _kana(text).casefold()


def _variant(text: str) -> str:
    return _case(text).translate(VARIANTS)


def _one_edit(a: str, b: str) -> bool:
    """One character inserted, dropped, or two neighbours swapped (not one changed)."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] \
            and a[diff[1]] == b[diff[0]]
    short, long = sorted((a, b), key=len)
    if len(long) - len(short) != 1:
        return False
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))
