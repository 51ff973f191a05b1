"""Shogi 16±4%: the Tokin and Club 24 presets against RULES.md §1–2 and seeds 000/002."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rating_rules import RatingInputError, replay
from rating_rules.shogi import (
    CLUB24,
    LEAGUE,
    TOKIN,
    Club24Preset,
    TokinPreset,
    club24_delta,
    club24_rank,
    quick_table,
    tokin_delta,
    tokin_handicap,
    tokin_start,
)

FIXTURES = Path(__file__).parent / "fixtures"
ratings = st.integers(min_value=0, max_value=3500)


def seed_quick_table() -> list[tuple[int, int | None, int, int, int, int]]:
    """The quick table exactly as printed in seed 000 (lines copied from the page)."""
    rows = []
    for line in (FIXTURES / "tokin_quick_table_seed000.txt").read_text("utf-8").splitlines():
        m = re.match(r"(\d+)(?:〜(\d+))?点差(?:以上)?" + r" ([+-]\d+)点" * 4, line)
        assert m, line
        low, high, *points = m.groups()
        rows.append((int(low), int(high) if high else None, *(int(p) for p in points)))
    return rows


def test_quick_table_reproduces_seed_row_for_row() -> None:
    generated = [
        (r.low, r.high, r.upper_win, r.upper_loss, r.lower_win, r.lower_loss)
        for r in quick_table()
    ]
    assert generated == seed_quick_table()
    assert len(generated) == 16


@pytest.mark.parametrize(
    ("my", "opp", "result", "expected"),
    [(2000, 1900, 1, 12), (2000, 1900, 0, -20), (1900, 2000, 1, 20), (1900, 2000, 0, -12)],
)
def test_tokin_worked_example(my: int, opp: int, result: int, expected: int) -> None:
    assert tokin_delta(my, opp, result) == expected


@pytest.mark.parametrize(
    ("gap", "name", "adjustment"),
    [(99, "平手", 0), (100, "香落", 100), (199, "香落", 100), (200, "角落", 250),
     (300, "飛落", 350), (400, "飛香落", 440), (549, "飛香落", 440), (550, "二枚落", 570),
     (700, "四枚落", 750), (899, "四枚落", 750), (900, "六枚落", 900), (1500, "六枚落", 900)],
)
def test_handicap_table(gap: int, name: str, adjustment: int) -> None:
    assert tokin_handicap(1000 + gap, 1000) == name
    assert tokin_handicap(1000, 1000 + gap) == name
    # Playing at that handicap takes the adjustment off the gap: e = gap - adj.
    e = gap - adjustment
    assert tokin_delta(1000 + gap, 1000, 1, name) == tokin_delta(1000 + e, 1000, 1)
    assert tokin_delta(1000 + gap, 1000, 1, adjustment) == tokin_delta(1000 + e, 1000, 1)


def test_handicap_reduces_gap_toward_zero_for_both_sides() -> None:
    # 2000 vs 1850 at 香落: e = 150 - 100 = 50 → upper win 16 - round(2) = 14.
    assert tokin_delta(2000, 1850, 1, "香落") == 14
    assert tokin_delta(1850, 2000, 0, "香落") == -14
    assert tokin_delta(2000, 1850, 1, "lance") == 14
    assert tokin_delta(2000, 1850, 1, "") == tokin_delta(2000, 1850, 1) == 10


@pytest.mark.parametrize(
    ("rank", "rating"),
    [("五段", 2000), ("四段", 1900), ("三段", 1800), ("二段", 1700), ("初段", 1600),
     ("1級", 1500), ("2級", 1400), ("3級", 1300), ("4級", 1200), ("5級", 1100),
     ("6級", 1000), ("7級", 900), ("１級", 1500), (" 初段 ", 1600)],
)
def test_tokin_starting_table(rank: str, rating: int) -> None:
    assert tokin_start(rank) == rating


@pytest.mark.parametrize(
    ("rank", "rating"),
    [("六段", 2300), ("六段格", 2250), ("五段", 2200), ("五段格", 2150), ("四段", 2100),
     ("三段", 2000), ("二段", 1900), ("初段", 1800), ("1級", 1700), ("2級", 1600),
     ("10級", 800)],
)
def test_league_starting_table(rank: str, rating: int) -> None:
    assert tokin_start(rank, LEAGUE) == rating


def test_tokin_constants_are_overridable() -> None:
    local = TokinPreset(base=20, max_change=39)
    assert tokin_delta(1500, 1500, 1, preset=local) == 20
    assert tokin_delta(1000, 2000, 1, preset=local) == 39


@given(ratings, ratings, st.sampled_from([0, 1]), st.sampled_from([None, "香落", "角落", 440, 0]))
def test_tokin_zero_sum_and_bounded(my: int, opp: int, result: int, handicap: object) -> None:
    mine = tokin_delta(my, opp, result, handicap)
    theirs = tokin_delta(opp, my, 1 - result, handicap)
    assert mine == -theirs
    assert 1 <= abs(mine) <= 31
    assert (mine > 0) == (result == 1)


@given(ratings, ratings, ratings, st.sampled_from([0, 1]))
def test_tokin_monotone_in_opponent(my: int, opp1: int, opp2: int, result: int) -> None:
    low, high = sorted((opp1, opp2))
    assert tokin_delta(my, low, result) <= tokin_delta(my, high, result)


# --- Club 24 ---------------------------------------------------------------------------


def test_club24_worked_example() -> None:
    # 1500 beats 1700 → 1524; 1700 → 1676 (seed 002).
    assert 1500 + club24_delta(1500, 1700, 1) == 1524
    assert 1700 + club24_delta(1700, 1500, 0) == 1676


def test_club24_normal_formula_is_sixteen_four() -> None:
    # Gaps of ±375 stay inside the ±31 cap; 0.04 × 25 = 1 point per step.
    for gap in range(-375, 376, 25):
        assert club24_delta(1500 + gap, 1500, 1) == 16 - gap // 25


def test_club24_initial_formula_divides_by_n_plus_one() -> None:
    # ((opp - my) + 400) / (N + 1): game 1 → 400/2, game 3 → 400/4, no ±31 cap.
    assert club24_delta(1500, 1500, 1, game_no=1) == 200
    assert club24_delta(1500, 1500, 0, game_no=3) == -100
    assert club24_delta(1500, 1600, 1, game_no=9) == 50  # 500 / 10
    # At N = 24 both formulas agree; after it, the normal formula.
    for gap in (-300, -50, 0, 120, 390):
        assert club24_delta(1500 + gap, 1500, 1, game_no=24) == club24_delta(1500 + gap, 1500, 1)
        assert club24_delta(1500 + gap, 1500, 0, game_no=25) == club24_delta(1500 + gap, 1500, 0)


def test_club24_caps_and_minimum() -> None:
    assert club24_delta(1000, 1900, 1) == 31   # (900 + 400) / 25 = 52 → cap
    assert club24_delta(1900, 1000, 0) == -31
    assert club24_delta(1900, 1000, 1) == 1    # (−900 + 400)/25 = −20 → at least 1
    assert club24_delta(1000, 1900, 0) == -1


def test_club24_high_and_low_ratings() -> None:
    # ≥ 2800: normal formula even in the first 24 games.
    assert club24_delta(2800, 2800, 1, game_no=1) == 16
    # ≤ 200: normal formula, a loss costs half, never below 0.
    assert club24_delta(200, 200, 1, game_no=1) == 16
    assert club24_delta(200, 200, 0) == -8
    assert club24_delta(5, 200, 0) == -4        # (200 − 5 − 400)/25 = −8.2, halved −4.1
    assert club24_delta(3, 3, 0) == -3          # −16 halved is −8, but never below 0
    assert club24_delta(0, 200, 0) == 0
    # The initial formula could take a 201 below 0: (0 − 201 − 400)/2 = −300.5.
    assert club24_delta(201, 0, 0, game_no=1) == -201


@pytest.mark.parametrize(
    ("rating", "rank"),
    [(3100, "八段"), (2900, "八段"), (2899, "七段"), (2000, "三段"), (1700, "二段"),
     (1699, "初段"), (1550, "初段"), (1549, "1級"), (1450, "1級"), (1449, "2級"),
     (150, "14級"), (100, "15級"), (50, "15級"), (49, "初心者"), (0, "初心者")],
)
def test_club24_rank_boundaries_halfway(rating: int, rank: str) -> None:
    assert club24_rank(rating) == rank


@given(ratings, ratings, st.sampled_from([0, 1]), st.one_of(st.none(), st.integers(1, 60)))
def test_club24_win_gains_loss_costs(my: int, opp: int, result: int, n: int | None) -> None:
    change = club24_delta(my, opp, result, n)
    if result:
        assert change >= 1
    else:
        assert change <= -1 or my + change == 0
        assert my + change >= 0
    if n is None or n > 24:
        assert abs(change) <= 31


@given(st.integers(201, 2799), st.integers(201, 2799), st.sampled_from([0, 1]))
def test_club24_normal_zero_sum(my: int, opp: int, result: int) -> None:
    assert club24_delta(my, opp, result) == -club24_delta(opp, my, 1 - result)


# --- Bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "field", "value"),
    [
        (lambda: tokin_delta("2000", 1900, 1), "my_rating", "'2000'"),
        (lambda: tokin_delta(2000, None, 1), "opp_rating", "None"),
        (lambda: tokin_delta(2000, 1900, 2), "result", "2"),
        (lambda: tokin_delta(2000, 1900, 0.5), "result", "0.5"),
        (lambda: tokin_delta(2000, 1900, 1, "金落"), "handicap", "'金落'"),
        (lambda: tokin_delta(2000, 1900, 1, -5), "handicap", "-5"),
        (lambda: tokin_start("八段"), "rank", "'八段'"),
        (lambda: club24_delta(1500, 1500, 1, game_no=0), "game_no", "0"),
        (lambda: club24_delta(1500, 1500, 1, game_no=2.5), "game_no", "2.5"),
        (lambda: club24_delta(1500, 1500, -1), "result", "-1"),
        (lambda: club24_rank("初段"), "rating", "'初段'"),
        (lambda: tokin_delta(float("nan"), 1500, 1), "my_rating", "nan"),
        (lambda: tokin_delta(True, 1500, 1), "my_rating", "True"),
    ],
)
def test_bad_input_names_field_and_value(call, field: str, value: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert isinstance(info.value, RatingInputError)
    assert str(info.value).startswith(f"{field}: {value} ")


# --- Replay --------------------------------------------------------------------------------


def test_replay_tokin_per_game_uses_moving_ratings() -> None:
    games = [("A", "B", 1), ("A", "B", 1)]
    result = replay("tokin", games, initial={"A": 2000, "B": 1900})
    # Game 1: A +12 (2012 vs 1888, gap 124); game 2: 16 - round(4.96) = 11.
    assert result.changes == [(12, -12), (11, -11)]
    assert result.ratings == {"A": 2023, "B": 1877}
    assert result.games == {"A": 2, "B": 2}


def test_replay_tokin_list_mode_uses_last_list_and_sums_month() -> None:
    games = [("A", "B", 1), ("A", "B", 1), ("B", "A", 1, "平手")]
    result = replay(
        "tokin", games, initial={"A": 2000, "B": 1900}, periods=["05", "05", "06"]
    )
    # May: both games at the list 2000/1900 → +12 each; June list 2024/1876.
    # June: B (1876) beats A (2024), gap 148 → 16 + round(5.92) = 22.
    assert result.changes == [(12, -12), (12, -12), (22, -22)]
    assert result.ratings == {"A": 2002, "B": 1898}


def test_replay_tokin_period_may_not_come_back() -> None:
    with pytest.raises(RatingInputError, match="periods"):
        replay("tokin", [("A", "B", 1)] * 3, periods=["05", "06", "05"])


def test_replay_club24_counts_each_players_games() -> None:
    games = [("A", "B", 1), ("A", "C", 1)]
    result = replay(
        "club24", games, initial={"A": 1500, "B": 1500, "C": 1500}, prior_games={"B": 30}
    )
    # Game 1: A's 1st game → +400/2 = 200; B established → −16.
    # Game 2: A (1700) 2nd game vs C 1st game: A +(−200 + 400)/3 = 67 (66.67);
    # C loses its 1st game: (200 − 400)/2 = −100.
    assert result.changes == [(200, -16), (67, -100)]
    assert result.games == {"A": 2, "B": 31, "C": 1}


def test_replay_checks_every_game() -> None:
    with pytest.raises(RatingInputError, match=r"games\[2\]\.result: 3"):
        replay("tokin", [("A", "B", 1), ("A", "B", 3)])
    with pytest.raises(RatingInputError, match=r"games\[1\]\.player_b"):
        replay("club24", [("A", "A", 1)])


def test_presets_are_frozen() -> None:
    with pytest.raises(AttributeError):
        TOKIN.base = 20  # type: ignore[misc]
    with pytest.raises(AttributeError):
        CLUB24.divisor = 20  # type: ignore[misc]
    assert Club24Preset(divisor=20).divisor == 20


@given(
    st.dictionaries(st.sampled_from("ABC"),
                    st.integers(min_value=0, max_value=7000).map(lambda n: n / 2),
                    min_size=3, max_size=3),
    st.lists(st.tuples(st.sampled_from("ABC"), st.sampled_from("ABC"), st.sampled_from([0, 1]),
                       st.sampled_from([None, "", "香落", "角落", 12.5, 0])), max_size=30),
)
def test_per_game_tokin_replay_is_tokin_delta_game_by_game(initial, games) -> None:
    # replay's loop inlines the change for speed; it must stay tokin_delta exactly
    # (half-point ratings put 0.04 × gap on a half now and then).
    games = [g for g in games if g[0] != g[1]]
    ratings = {p: float(r) for p, r in initial.items()}
    changes = []
    for a, b, result, handicap in games:
        delta = tokin_delta(ratings[a], ratings[b], result, handicap)
        ratings[a] += delta
        ratings[b] -= delta
        changes.append((delta, -delta))
    out = replay("tokin", games, initial=initial)
    assert out.changes == changes
    assert out.ratings == {p: ratings[p] for p in out.ratings}
