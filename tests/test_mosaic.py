"""MOSAIC against RULES.md §6 and the blog's four cases (seed 004)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rating_rules import RatingInputError, replay
from rating_rules.mosaic import MosaicPreset, first_player, mosaic_delta, mosaic_update

ratings = st.integers(min_value=-500, max_value=1000)


def test_blog_four_cases() -> None:
    # Upper (120) vs lower (100), turn difference 8, 10% of the gap = 2.
    assert mosaic_update(120, 100, 1, 8) == pytest.approx(120 + (8 - 2))   # ① upper wins
    assert mosaic_update(120, 100, 0, 8) == pytest.approx(120 - (8 + 2))   # ② upper loses
    assert mosaic_update(100, 120, 1, 8) == pytest.approx(100 + (8 + 2))   # ③ lower wins
    assert mosaic_update(100, 120, 0, 8) == pytest.approx(100 - (8 - 2))   # ④ lower loses


def test_narrow_win_over_weaker_player_can_lose_points() -> None:
    # The blog: beating a weaker player by a small margin can lower your rating.
    assert mosaic_delta(300, 200, 1, 3) == pytest.approx(-7)


def test_no_rounding() -> None:
    assert mosaic_delta(103, 100, 1, 0) == pytest.approx(-0.3)


def test_first_player_lower_rating_moves_first() -> None:
    assert first_player(90, 100) == "me"
    assert first_player(110, 100) == "opp"
    assert first_player(100, 100) == "rps"


def test_preset_start_and_weight() -> None:
    result = replay("mosaic", [("A", "B", 1, 5)])
    assert result.ratings == {"A": 105, "B": 95}
    assert mosaic_delta(120, 100, 1, 8, MosaicPreset(gap_weight=0.2)) == pytest.approx(4)


@given(ratings, ratings, st.sampled_from([0, 1]), st.integers(0, 60))
def test_zero_sum(my: int, opp: int, result: int, t: int) -> None:
    assert mosaic_delta(my, opp, result, t) == pytest.approx(-mosaic_delta(opp, my, 1 - result, t))


@given(ratings, ratings, ratings, st.sampled_from([0, 1]), st.integers(0, 60))
def test_monotone_in_opponent(my: int, a: int, b: int, result: int, t: int) -> None:
    low, high = sorted((a, b))
    assert mosaic_delta(my, low, result, t) <= mosaic_delta(my, high, result, t)


@pytest.mark.parametrize(
    ("call", "field", "value"),
    [
        (lambda: mosaic_delta(100, 100, 1, -1), "turn_diff", "-1"),
        (lambda: mosaic_delta(100, 100, 1, 2.5), "turn_diff", "2.5"),
        (lambda: mosaic_delta(100, 100, 2, 3), "result", "2"),
        (lambda: mosaic_delta(100, "百", 1, 3), "opp_rating", "'百'"),
        (lambda: replay("mosaic", [("A", "B", 1, -3)]), "games[1].turn_diff", "-3"),
        (lambda: replay("mosaic", [("A", "B", 1)]), "games[1]", "('A', 'B', 1)"),
    ],
)
def test_bad_input_names_field_and_value(call, field: str, value: str) -> None:
    with pytest.raises(RatingInputError) as info:
        call()
    assert str(info.value).startswith(f"{field}: {value} ")
