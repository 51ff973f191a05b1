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
from collections.abc import Callable, Iterable, Sequence

from .messages import Lang, Message, say

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
    for level in range(1, len(STEPS) + 1):
        for member in known:
            if _folded(name, STEPS[:level]) == _folded(member, STEPS[:level]):
                return member, _why(name, member, level)
    if len(name) >= 4 and not any(c.isdigit() for c in name):
        for member in known:
            if len(member) >= 4 and _one_edit(_folded(name, STEPS), _folded(member, STEPS)):
                return member, say("near.edit")
    return None


def _why(name: str, member: str, level: int) -> Message:
    """Every kind of difference between two names that the first ``level`` steps make
    alike: each step without which they would still differ (Ｔａｎａｋａ and tanaka: width
    and case; 田 中 and 田中: a space inside the name, not around it)."""
    steps = STEPS[:level]
    needed = [key for key, _ in steps
              if _folded(name, [s for s in steps if s[0] != key])
              != _folded(member, [s for s in steps if s[0] != key])] or [steps[-1][0]]
    if needed == ["space"] and name.strip() != member.strip():
        return say("near.space_inside")
    if len(needed) == 1:
        return say(f"near.{needed[0]}")
    return say("near.several", kinds=Kinds(tuple(say(f"near.kind.{k}") for k in needed)))


class Kinds(tuple[Message, ...]):
    """Kinds of difference, listed as the message's language lists them."""

    def text(self, lang: Lang) -> str:
        return ("と" if lang == "ja" else " and ").join(k.text(lang) for k in self)


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
    return unicodedata.normalize("NFKC", text)


def _kana(text: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def _case(text: str) -> str:
    return text.casefold()


def _variant(text: str) -> str:
    return text.translate(VARIANTS)


STEPS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("space", _spaces), ("width", _width), ("kana", _kana), ("case", _case),
    ("variant", _variant))
"""The ways one name is spelt two ways, tried in this order, each on top of the ones
before (full-width ｶﾀｶﾅ become katakana before katakana become hiragana)."""


def _folded(text: str, steps: Sequence[tuple[str, Callable[[str], str]]]) -> str:
    for _, step in steps:
        text = step(text)
    return text


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
