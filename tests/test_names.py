"""The misspelling index finds what a plain scan of every member finds.

:class:`~workbook_builder.names.Members` looks names up by their folds so that a log of
thousands of players is checked in linear time. The reference here is the rule as
``names``' docstring states it, checked member by member in the list's order: the
fewest folding steps first, then one character inserted, dropped or two neighbours
swapped, in names of four or more characters with no digit.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from workbook_builder.names import STEPS, Members, near_miss


def folded(text: str, level: int) -> str:
    for _, step in STEPS[:level]:
        text = step(text)
    return text


def one_edit(a: str, b: str) -> bool:
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] \
            and a[diff[1]] == b[diff[0]]
    short, long = sorted((a, b), key=len)
    return len(long) - len(short) == 1 and any(
        long[:i] + long[i + 1:] == short for i in range(len(long)))


def scanned(name: str, members: list[str]) -> str | None:
    """The member a plain scan names, or None."""
    if name in members:
        return None
    for level in range(1, len(STEPS) + 1):
        for member in members:
            if folded(name, level) == folded(member, level):
                return member
    if len(name) >= 4 and not any(c.isdigit() for c in name):
        for member in members:
            if len(member) >= 4 and one_edit(folded(name, len(STEPS)),
                                             folded(member, len(STEPS))):
                return member
    return None


ALIKE = ("たタﾀ", "aAａ", "齋斎", "田", "1")
"""Letters that fold alike (kana, width, case, variant) and two that fold to themselves."""
BASES = st.text(alphabet="".join(group[0] for group in ALIKE), min_size=1, max_size=5)


@st.composite
def respelt(draw: st.DrawFn, base: str) -> str:
    """``base`` spelt another way: each letter as any of its kind, perhaps a space
    (ASCII or full-width) put in, a letter dropped, added or swapped with the next."""
    letters = [draw(st.sampled_from(next(g for g in ALIKE if c in g))) for c in base]
    edit = draw(st.sampled_from(("none", "space", "drop", "add", "swap")))
    at = draw(st.integers(0, len(letters)))
    if edit == "space":
        letters.insert(at, draw(st.sampled_from(" \u3000")))
    elif edit == "drop" and at < len(letters):
        del letters[at]
    elif edit == "add":
        letters.insert(at, draw(st.sampled_from("たa田")))
    elif edit == "swap" and at + 1 < len(letters):
        letters[at], letters[at + 1] = letters[at + 1], letters[at]
    return "".join(letters)


@st.composite
def logs(draw: st.DrawFn, most: int) -> tuple[str, list[str]]:
    """A new name and members, most of them spellings of one or two bases."""
    bases = draw(st.lists(BASES, min_size=1, max_size=2))
    name = draw(respelt(draw(st.sampled_from(bases))))
    members = draw(st.lists(st.sampled_from(bases).flatmap(respelt), max_size=most))
    return name, members


@settings(max_examples=500, deadline=None)
@given(logs(10))
def test_the_index_names_the_member_a_plain_scan_names(log: tuple[str, list[str]]) -> None:
    name, members = log
    found = near_miss(name, members)
    assert (found[0] if found else None) == scanned(name, members)


@settings(max_examples=300, deadline=None)
@given(logs(9), st.integers(0, 3))
def test_a_game_s_other_seats_come_after_the_members(log: tuple[str, list[str]],
                                                     seats: int) -> None:
    name, names = log
    members, others = names[:len(names) - seats], names[len(names) - seats:]
    found = Members(members).near(name, others)
    assert (found[0] if found else None) == scanned(name, names)


def test_a_member_added_later_is_found() -> None:
    index = Members(["田中"])
    assert index.near("すずき") is None
    index.add("スズキ")
    found = index.near("すずき")
    assert found is not None and found[0] == "スズキ" and found[1].key == "near.kana"
