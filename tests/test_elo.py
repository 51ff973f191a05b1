"""Orthodox Elo and the linear expectation against RULES.md §2–3 and seed 002."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rating_rules import RatingInputError, replay
from rating_rules.common import round_half_away
from rating_rules.elo import (
    EloPreset,
    KBand,
    elo_delta,
    elo_expected,
    elo_update,
    linear_expected,
)

# Seed 002's worked example: 1500 plays six games at K = 32.
OPPONENTS = [1700, 1600, 1850, 1900, 1800, 1550]
SCORES = [0.5, 1, 0, 0.5, 0, 1]
SEED_WE = [0.240, 0.360, 0.118, 0.091, 0.151, 0.429]
ratings = st.integers(min_value=0, max_value=3000)


def test_seed_expected_scores() -> None:
    for opp, we in zip(OPPONENTS, SEED_WE, strict=True):
        assert elo_expected(1500, opp) == pytest.approx(we, abs=0.0005)
    # The seed adds the values as printed (3 places): 1.389; the exact sum is within 0.001.
    assert sum(round(elo_expected(1500, o), 3) for o in OPPONENTS) == pytest.approx(1.389)
    assert sum(elo_expected(1500, o) for o in OPPONENTS) == pytest.approx(1.389, abs=0.001)


def test_seed_period_update() -> None:
    assert elo_update(1500, OPPONENTS, SCORES) == 1552
    assert elo_update(1500, OPPONENTS, SCORES, k=32) == 1552


def test_period_update_skips_blank_rows() -> None:
    assert elo_update(1500, [*OPPONENTS, None, ""], [*SCORES, None, ""]) == 1552


def test_replay_period_matches_seed() -> None:
    initial = {"me": 1500, **{f"o{i}": r for i, r in enumerate(OPPONENTS)}}
    games = [("me", f"o{i}", s) for i, s in enumerate(SCORES)]
    result = replay("elo", games, initial=initial, periods=["2026-05"] * 6)
    assert result.ratings["me"] == 1552


def test_linear_expectation_of_club24() -> None:
    # We = 0.5 + 0.00125 × d: 1500 vs 1700 → 0.25, 1700 vs 1500 → 0.75 (seed 002).
    assert linear_expected(1500, 1700) == pytest.approx(0.25)
    assert linear_expected(1700, 1500) == pytest.approx(0.75)
    # 16±4% is K = 32 with the linear curve: 1500 beats 1700 → +24.
    assert 32 * (1 - linear_expected(1500, 1700)) == pytest.approx(24)
    # Seed: at a gap of 400 the stronger side is expected to win 100%.
    assert linear_expected(1900, 1500) == 1.0
    assert linear_expected(1000, 2000) == 0.0


def test_seed_curve_comparison() -> None:
    # Seed 002: at 200 the Bradley-Terry curve gives about 76%, at 400 about 91%.
    assert elo_expected(1700, 1500) == pytest.approx(0.76, abs=0.005)
    assert elo_expected(1900, 1500) == pytest.approx(0.91, abs=0.005)


def test_k_by_games_and_rating() -> None:
    preset = EloPreset(k=16, k_bands=(KBand(32, below_games=30), KBand(24, below_rating=2100)))
    assert preset.k_for(0, 2500) == 32
    assert preset.k_for(30, 2000) == 24
    assert preset.k_for(30, 2100) == 16
    # Replay uses the player's K: a newcomer moves twice as fast as an established player.
    games = [("new", "old", 1)]
    result = replay("elo", games, initial={"new": 1500, "old": 1500}, preset=preset)
    # Each side scored 0.5 expected: new +32 × 0.5 = 16, old (0 games → also K 32).
    assert result.changes == [(16, -16)]


def test_per_game_replay_rounds_each_game() -> None:
    result = replay("elo", [("A", "B", 1), ("A", "B", 0.5)], initial=1500)
    # Game 1: +16 / −16. Game 2: A 1516 vs B 1484, We(A) = 1/(1+10^(−32/400)) ≈ 0.546,
    # A: 32 × (0.5 − 0.546) ≈ −1.47 → 1514.53 → 1515.
    assert result.ratings == {"A": 1515, "B": 1485}


@given(ratings, ratings, st.sampled_from([0, 0.5, 1]))
def test_elo_zero_sum_and_symmetric(my: int, opp: int, score: float) -> None:
    assert elo_delta(my, opp, score) == pytest.approx(-elo_delta(opp, my, 1 - score))
    assert elo_expected(my, opp) + elo_expected(opp, my) == pytest.approx(1)


@given(ratings, ratings, ratings, st.sampled_from([0, 0.5, 1]))
def test_elo_monotone_in_opponent(my: int, a: int, b: int, score: float) -> None:
    low, high = sorted((a, b))
    assert elo_delta(my, low, score) <= elo_delta(my, high, score)


@given(
    ratings,
    st.lists(st.tuples(ratings, st.sampled_from([0, 0.5, 1])), min_size=1, max_size=12),
    st.randoms(),
)
def test_period_result_independent_of_order(my: int, games, rnd) -> None:
    shuffled = list(games)
    rnd.shuffle(shuffled)
    first = elo_update(my, [o for o, _ in games], [s for _, s in games])
    second = elo_update(my, [o for o, _ in shuffled], [s for _, s in shuffled])
    assert first == second


@given(st.lists(st.tuples(st.sampled_from("ABCD"), st.sampled_from("ABCD"),
                          st.sampled_from([0, 0.5, 1])), max_size=20))
def test_replay_period_order_inside_period_does_not_matter(games) -> None:
    games = [g for g in games if g[0] != g[1]]
    forward = replay("elo", games, periods=[1] * len(games)).ratings
    backward = replay("elo", games[::-1], periods=[1] * len(games)).ratings
    assert forward == backward


@pytest.mark.parametrize(
    ("call", "field", "value"),
    [
        (lambda: elo_expected("1500", 1500), "my_rating", "'1500'"),
        (lambda: elo_delta(1500, 1500, 2), "score", "2"),
        (lambda: elo_delta(1500, 1500, 1, k=0), "k", "0"),
        (lambda: elo_update(1500, [1500, 1600], [1]), "scores", "[1]"),
        (lambda: elo_update(1500, [1500, "x"], [1, 0]), "opp_ratings[2]", "'x'"),
        (lambda: elo_update(1500, [1500, 1600], [1, None]), "scores[2]", "None"),
        (lambda: replay("elo", [("A", "B", "1")]), "games[1].result", "'1'"),
        (lambda: replay("elo", [("A", "B")]), "games[1]", "('A', 'B')"),
        # 10^((opp - my)/400) past the largest double (a spreadsheet shows #NUM!)
        (lambda: elo_expected(0, 2e6), "opp_rating", "2000000.0"),
        (lambda: elo_update(1500, [1500, 1.5e6], [1, 0]), "opp_rating", "1500000.0"),
    ],
)
def test_bad_input_names_field_and_value(call, field: str, value: str) -> None:
    with pytest.raises(RatingInputError) as info:
        call()
    assert str(info.value).startswith(f"{field}: {value} ")


# Starting ratings that make halves likely: whole and half points, negative ones too.
starts = st.integers(min_value=-6000, max_value=6000).map(lambda n: n / 2)


@given(
    st.dictionaries(st.sampled_from("ABCD"), starts, min_size=4, max_size=4),
    st.lists(st.tuples(st.sampled_from("ABCD"), st.sampled_from("ABCD"),
                       st.sampled_from([0, 0.5, 1, 1.0, 0.0])), max_size=30),
    st.sampled_from([1, 3, 15, 32]),
)
@example({"A": 1500, "B": 1500, "C": -1500, "D": -1500}, [("A", "B", 1), ("C", "D", 1)], 3)
def test_per_game_replay_is_the_rule_game_by_game(initial, games, k) -> None:
    # replay's loop inlines the rounding for speed; it must stay round_half_away exactly
    # (equal ratings and an odd K put the new rating on a half).
    games = [g for g in games if g[0] != g[1]]
    ratings = {p: float(r) for p, r in initial.items()}
    changes = []
    for a, b, s in games:
        ra, rb = ratings[a], ratings[b]
        ea = elo_expected(ra, rb)
        na = float(round_half_away(ra + k * (s - ea)))
        nb = float(round_half_away(rb + k * (ea - s)))
        ratings[a], ratings[b] = na, nb
        changes.append((na - ra, nb - rb))
    result = replay("elo", games, initial=initial, k=k)
    assert result.changes == changes
    assert result.ratings == {p: ratings[p] for p in result.ratings}


def test_per_game_replay_rounds_halves_away_from_zero() -> None:
    result = replay("elo", [("A", "B", 1), ("C", "D", 1)], k=3,
                    initial={"A": 1500, "B": 1500, "C": -1500, "D": -1500})
    # Equal ratings, K = 3: ±1.5 puts every new rating on a half.
    assert result.ratings == {"A": 1502, "B": 1499, "C": -1499, "D": -1502}
