"""``replay`` names a game log row it cannot read, whatever the system: a row that is
None, a number or a list of the wrong size is a :class:`RatingInputError` quoting
``games[n]`` and the row, never a TypeError from deep inside a rule."""

from __future__ import annotations

import pytest

from rating_rules import SYSTEMS, RatingInputError, replay

ROWS = [None, 5, ("A",), ("A", "B", 1, 0, "rated", "extra")]
"""Rows no system takes: nothing, a number, one field, six fields."""


def modes(name: str) -> list[dict[str, object]]:
    """Each way the system replays a log: per game, and by period where it has periods."""
    return [{}, {"periods": [1, 1]}] if SYSTEMS[name].periods else [{}]


@pytest.mark.parametrize("name", list(SYSTEMS))
@pytest.mark.parametrize("row", ROWS, ids=repr)
def test_a_row_it_cannot_read_is_named(name: str, row: object) -> None:
    good = (("A", "B", "C", "D"), (1, 2, 3, 4), (None, 1, 2, 1)) if SYSTEMS[name].seats == 4 \
        else ("A", "B", 1, 0) if name == "mosaic" else ("A", "B", 1)
    for options in modes(name):
        with pytest.raises(RatingInputError) as raised:
            replay(name, [good, row], **options)
        assert str(raised.value).startswith(f"games[2]: {row!r} "), (options, str(raised.value))


def test_four_players_that_are_not_a_list_are_named() -> None:
    with pytest.raises(RatingInputError, match=r"^games\[1\]\.players: None "):
        replay("yonin", [(None, (1, 2, 3, 4), (None, 1, 2, 1))])
