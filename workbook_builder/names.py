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
    return Members(members).near(name)


class Members:
    """Names a new name is checked against, each folded once when it is added.

    A log of thousands of players is read in time that grows with its names, not with
    their square: every way of folding a member is a key, and a new name looks up its
    own folds, its one-character deletions and swaps: one character inserted, dropped,
    or two neighbours swapped (not one changed).
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._order: dict[str, int] = {}
        self._names: list[str] = []
        self._folds: list[dict[str, int]] = [{} for _ in STEPS]
        self._whole: dict[str, int] = {}
        """Fully folded → first member of four or more characters (one-edit candidates)."""
        self._dropped: dict[str, int] = {}
        """Such a member's fold with one character dropped → the first member giving it."""
        for name in names:
            self.add(name)

    def add(self, name: str) -> None:
        if name in self._order:
            return
        at = self._order[name] = len(self._names)
        self._names.append(name)
        for fold, folded in zip(self._folds, _folds(name), strict=True):
            fold.setdefault(folded, at)
        if len(name) >= 4:
            whole = _folded(name, STEPS)
            self._whole.setdefault(whole, at)
            for shorter in _drops(whole):
                self._dropped.setdefault(shorter, at)

    def near(self, name: str, also: Sequence[str] = ()) -> tuple[str, Message] | None:
        """:func:`near_miss` against these members, then ``also`` (a game's other seats)."""
        extra = Members(also)
        if name in self._order or name in extra._order:
            return None
        found = min(self._closest(name), extra._closest(name, len(self._names)),
                    key=lambda f: f[:2])
        level, _, member = found
        if member is None:
            return None
        return member, say("near.edit") if level > len(STEPS) else _why(name, member, level)

    def _closest(self, name: str, offset: int = 0) -> tuple[int, float, str | None]:
        """(steps needed, place in the list, member) of the first close member; the
        level past :data:`STEPS` is one edit; ``(…, inf, None)`` when none is."""
        names = self._names
        for level, (fold, folded) in enumerate(zip(self._folds, _folds(name), strict=True)):
            if folded in fold:
                return level + 1, offset + fold[folded], names[fold[folded]]
        places: list[int] = []
        if len(name) >= 4 and not any(c.isdigit() for c in name):
            whole = _folded(name, STEPS)
            places += [self._whole[w] for w in (*_drops(whole), *_swaps(whole))
                       if w in self._whole]
            if whole in self._dropped:
                places.append(self._dropped[whole])
        if places:
            return len(STEPS) + 1, offset + min(places), names[min(places)]
        return len(STEPS) + 2, float("inf"), None


def _folds(name: str) -> list[str]:
    """``name`` after each of :data:`STEPS` in turn (each on top of the ones before)."""
    folds = []
    for _, step in STEPS:
        name = step(name)
        folds.append(name)
    return folds


def _drops(text: str) -> set[str]:
    return {text[:i] + text[i + 1:] for i in range(len(text))}


def _swaps(text: str) -> set[str]:
    """Two different neighbours swapped."""
    return {text[:i] + text[i + 1] + text[i] + text[i + 2:]
            for i in range(len(text) - 1) if text[i] != text[i + 1]}


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
    index = Members(known)
    for name, games in counts.items():
        close = index.near(name)
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
