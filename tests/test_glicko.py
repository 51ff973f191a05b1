"""Glicko against Glickman's paper, "The Glicko system" (1995/1999), and hand arithmetic.

Every expected value is the paper's printed figure or arithmetic written out here from
the paper's formulas, never a number the engine printed. The paper's example: a player
rated 1500 with RD 200 beats 1400/RD 30, loses to 1550/RD 100 and to 1700/RD 300; the
paper prints q = 0.0057565, g = 0.9955, 0.9531, 0.7242, E = 0.639, 0.432, 0.303,
d² = 231.67² = 53670.85, r' = 1464 and RD' = 151.4.
"""

from __future__ import annotations

import datetime as dt
import doctest
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rating_rules import RatingInputError, glicko
from rating_rules.glicko import (
    GLICKO,
    GlickoPreset,
    Q,
    glicko_close,
    glicko_expected,
    glicko_g,
    glicko_game,
    glicko_period,
    glicko_rd_before,
    glicko_update,
    replay_glicko,
)

OPPONENTS = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]
PAPER_G = [0.9955, 0.9531, 0.7242]
PAPER_E = [0.639, 0.432, 0.303]
C_SQUARED = (350**2 - 50**2) / 100  # the paper's c: RD 50 back at 350 after 100 periods


def test_paper_q() -> None:
    assert round(Q, 7) == 0.0057565


def test_paper_g_and_expected_scores() -> None:
    for (opp, opp_rd, _), g, e in zip(OPPONENTS, PAPER_G, PAPER_E, strict=True):
        assert round(glicko_g(opp_rd), 4) == g
        assert round(glicko_expected(1500, opp, opp_rd), 3) == e


def test_paper_example_period() -> None:
    rating, rd = glicko_period(1500, 200, OPPONENTS)
    assert round(rating) == 1464
    assert round(rd, 1) == 151.4


def test_paper_example_game_by_game() -> None:
    """The personal sheet's form: each game's two parts summed down the period, then closed.

    The paper's ``1/d² = q² Σ g² E (1 − E)`` is 1/53670.85 and each part is the paper's
    g times its E's arithmetic.
    """
    parts = [glicko_game(1500, opp, opp_rd, score) for opp, opp_rd, score in OPPONENTS]
    for (info, term), (_, _, score), g, e in zip(parts, OPPONENTS, PAPER_G, PAPER_E,
                                                 strict=True):
        assert info == pytest.approx(g * g * e * (1 - e), rel=2e-3)
        assert term == pytest.approx(g * (score - e), abs=2e-3)
    information = sum(info for info, _ in parts)
    assert 1 / (Q * Q * information) == pytest.approx(53670.85, rel=1e-3)
    rating, rd = glicko_close(1500, 200, information, sum(term for _, term in parts))
    assert round(rating) == 1464
    assert round(rd, 1) == 151.4


def test_a_period_without_games_closes_where_it_started() -> None:
    assert glicko_close(1500, 200, 0, 0) == (1500, 200)
    assert glicko_close(1500, 200, 0, 0, GlickoPreset(rounding=True)) == (1500, 200)


@pytest.mark.parametrize(("call", "field", "shown"), [
    (lambda: glicko_game("x", 1400, 30, 1), "rating", "'x'"),
    (lambda: glicko_game(1500, None, 30, 1), "opp_rating", "None"),
    (lambda: glicko_game(1500, 1400, 0, 1), "opp_rd", "0"),
    (lambda: glicko_game(1500, 1400, 30, 2), "score", "2"),
    (lambda: glicko_game(0, 1e9, 30, 1), "opp_rating", "1000000000.0"),
    (lambda: glicko_close(1500, -1, 0, 0), "rd", "-1"),
    (lambda: glicko_close(1500, 200, "a", 0), "information", "'a'"),
    (lambda: glicko_close(1500, 200, 0, None), "total", "None"),
])
def test_game_and_close_name_a_bad_argument(call, field, shown) -> None:
    with pytest.raises(RatingInputError) as info:
        call()
    assert info.value.field == field
    assert shown in str(info.value)


def test_paper_example_as_columns_with_blank_rows() -> None:
    """The worksheet functions' form: three columns, a blank row inside and at the end."""
    rating, rd = glicko_update(1500, 200, [1400, None, 1550, 1700, ""], [30, None, 100, 300, ""],
                               [1, None, 0, 0, ""])
    assert round(rating) == 1464
    assert round(rd, 1) == 151.4


def test_columns_and_tuples_are_one_rule() -> None:
    columns = [list(column) for column in zip(*OPPONENTS, strict=True)]
    assert glicko_update(1500, 200, *columns) == glicko_period(1500, 200, OPPONENTS)
    assert glicko_update(1480, 60, [None], [None], [None]) == glicko_period(1480, 60, [])


def test_paper_d_squared() -> None:
    # The paper's d² is worked from its rounded figures: q = 0.0057565, g and E as printed.
    printed = 1 / (0.0057565**2 * sum(g * g * e * (1 - e) for g, e in zip(PAPER_G, PAPER_E,
                                                                         strict=True)))
    assert round(printed, 2) == 53670.85
    assert round(math.sqrt(printed), 2) == 231.67
    # The engine works unrounded: its d² (RD' = 1/sqrt(1/RD² + 1/d²)) is the paper's
    # within what rounding g to 4 places and E to 3 moves it (0.03 %).
    _, rd = glicko_period(1500, 200, OPPONENTS)
    d_squared = 1 / (1 / rd**2 - 1 / 200**2)
    assert d_squared == pytest.approx(53670.85, rel=1e-3)
    assert round(math.sqrt(d_squared), 1) == round(231.67, 1)


def test_paper_example_in_a_replay() -> None:
    initial = {"me": (1500, 200), "a": (1400, 30), "b": (1550, 100), "c": (1700, 300)}
    games = [("me", "a", 1), ("b", "me", 1), ("me", "c", 0)]  # one game as player_b
    result = replay_glicko(games, initial=initial, periods=["1999"] * 3)
    assert round(result.ratings["me"]) == 1464
    assert round(result.deviations["me"], 1) == 151.4
    assert result.games == {"me": 3, "a": 1, "b": 1, "c": 1}
    mine = [result.changes[0][0], result.changes[1][1], result.changes[2][0]]
    assert sum(mine) == pytest.approx(result.ratings["me"] - 1500)
    assert mine[0] > 0 > mine[1] and mine[2] < 0


def test_rounding_preset_rounds_the_rating_only() -> None:
    rating, rd = glicko_period(1500, 200, OPPONENTS, GlickoPreset(rounding=True))
    assert rating == 1464.0
    assert round(rd, 1) == 151.4
    assert GLICKO.rounding is False


def test_paper_c_brings_rd_50_back_to_350_in_100_periods() -> None:
    assert round(GLICKO.c, 1) == 34.6
    assert GLICKO.c**2 == pytest.approx(C_SQUARED)  # 1200
    assert glicko_rd_before(50, 100) == pytest.approx(350)
    assert glicko_rd_before(50, 99) == pytest.approx(math.sqrt(2500 + 99 * 1200))  # 348.3
    assert glicko_rd_before(50, 1) == pytest.approx(math.sqrt(3700))  # 60.83
    assert glicko_rd_before(50, 0) == 50


def test_rd_never_grows_past_350() -> None:
    assert glicko_rd_before(300, 50) == 350  # sqrt(90000 + 60000) = 387.3
    assert glicko_rd_before(349, 1000) == 350
    assert glicko_rd_before(100, 30, GlickoPreset(start_rd=200)) == 200  # 214.5 uncapped


def test_a_period_without_games_keeps_the_rating_and_the_grown_rd() -> None:
    onset = glicko_rd_before(50, 1)
    assert glicko_period(1480, onset, []) == (1480, pytest.approx(math.sqrt(3700)))


def _g(rd: float) -> float:
    q = math.log(10) / 400
    return 1 / math.sqrt(1 + 3 * q * q * rd * rd / math.pi**2)


def _after_even_game(rd: float) -> float:
    """RD' after one game against an equal rating and RD: E = 0.5, so 1/d² = q²g²/4."""
    q = math.log(10) / 400
    return 1 / math.sqrt(1 / rd**2 + q * q * _g(rd) ** 2 / 4)


def test_new_players_start_at_1500_and_350() -> None:
    result = replay_glicko([("A", "B", 1)])
    q = math.log(10) / 400
    g = _g(350)
    step = q / (1 / 350**2 + q * q * g * g / 4)  # E = 0.5 for both
    assert result.ratings["A"] == pytest.approx(1500 + step * g * 0.5)
    assert result.ratings["B"] == pytest.approx(1500 - step * g * 0.5)
    assert result.deviations == {"A": pytest.approx(_after_even_game(350)),
                                 "B": pytest.approx(_after_even_game(350))}
    assert result.changes == [(pytest.approx(step * g * 0.5), pytest.approx(-step * g * 0.5))]


def test_rd_grows_by_c_for_each_period_sat_out() -> None:
    """A and B draw in the first period (nobody's rating moves: E = 0.5 exactly), then
    sit out three periods of C and D: their RD grows by c² three times."""
    games = [("A", "B", 0.5), ("C", "D", 1), ("C", "D", 0), ("D", "C", 0.5)]
    result = replay_glicko(games, initial={"A": (1500, 50), "B": (1500, 50)},
                           periods=["2024-01", "2024-02", "2024-03", "2024-04"])
    after = _after_even_game(50)
    assert result.ratings["A"] == result.ratings["B"] == 1500
    assert result.deviations["A"] == pytest.approx(math.sqrt(after**2 + 3 * C_SQUARED))
    assert result.deviations["B"] == pytest.approx(math.sqrt(after**2 + 3 * C_SQUARED))


def test_rd_grows_once_between_consecutive_periods() -> None:
    """The paper's t = 1 for a player who played in the most recent period."""
    games = [("A", "B", 0.5), ("A", "B", 0.5)]
    result = replay_glicko(games, initial={"A": (1500, 50), "B": (1500, 50)},
                           periods=["2024-01", "2024-02"])
    onset = math.sqrt(_after_even_game(50) ** 2 + C_SQUARED)
    assert result.deviations["A"] == pytest.approx(_after_even_game(onset))


def _paper_period(rating: float, rd: float,
                  games: list[tuple[float, float, float]]) -> tuple[float, float]:
    """The paper's steps 2 and 3 written out: r' = r + q/(1/RD² + 1/d²) Σ g(s − E),
    RD' = sqrt(1/(1/RD² + 1/d²)), 1/d² = q² Σ g² E (1 − E)."""
    q = math.log(10) / 400
    inverse_d2, total = 0.0, 0.0
    for opp, opp_rd, s in games:
        e = 1 / (1 + 10 ** (-_g(opp_rd) * (rating - opp) / 400))
        inverse_d2 += q * q * _g(opp_rd) ** 2 * e * (1 - e)
        total += _g(opp_rd) * (s - e)
    precision = 1 / rd**2 + inverse_d2
    return rating + q / precision * total, math.sqrt(1 / precision)


def _grown(rd: float, t: int) -> float:
    """The paper's step 1: min(sqrt(RD² + c²t), 350)."""
    return min(math.sqrt(rd**2 + C_SQUARED * t), 350)


@pytest.mark.parametrize("labels", [["2024-01", "2024-03"], [(2024, 1), (2024, 3)],
                                    [dt.date(2024, 1, 20), dt.date(2024, 3, 2)], [7, 9]])
def test_a_month_nobody_played_still_grows_every_rd(labels) -> None:
    """The paper's t counts the rating periods since the player last played, games in
    them or not: A (1600, RD 80) beats B (1450, RD 120) in January, nobody plays in
    February, B beats A in March, so both RDs grow by c² twice before March."""
    games = [("A", "B", 1), ("B", "A", 1)]
    result = replay_glicko(games, initial={"A": (1600, 80), "B": (1450, 120)},
                           periods=[labels[0], labels[1]])
    a, a_rd = _paper_period(1600, 80, [(1450, 120, 1)])
    b, b_rd = _paper_period(1450, 120, [(1600, 80, 0)])
    a2, a2_rd = _paper_period(a, _grown(a_rd, 2), [(b, _grown(b_rd, 2), 0)])
    b2, b2_rd = _paper_period(b, _grown(b_rd, 2), [(a, _grown(a_rd, 2), 1)])
    assert result.ratings == {"A": pytest.approx(a2, abs=1e-9), "B": pytest.approx(b2, abs=1e-9)}
    assert result.deviations == {"A": pytest.approx(a2_rd), "B": pytest.approx(b2_rd)}
    one_month = _paper_period(a, _grown(a_rd, 1), [(b, _grown(b_rd, 1), 0)])
    assert round(a2, 2) != round(one_month[0], 2)  # the gap matters at the printed figures


def test_rd_now_grows_to_the_latest_month_of_the_log() -> None:
    """A player who sat out the log's last two months: their RD now has grown twice."""
    games = [("A", "B", 0.5), ("C", "D", 1)]
    result = replay_glicko(games, initial={"A": (1500, 50), "B": (1500, 50)},
                           periods=["2024-01", "2024-03"])
    assert result.deviations["A"] == pytest.approx(_grown(_after_even_game(50), 2))


@pytest.mark.parametrize("labels", [["2024-03", "2024-01"], [5, 3], ["2024-02", (2024, 2)]])
def test_a_period_earlier_on_the_clock_is_refused(labels) -> None:
    with pytest.raises(RatingInputError) as info:
        replay_glicko([("A", "B", 1), ("A", "B", 0)], periods=labels)
    assert str(info.value).startswith(f"periods[2]: {labels[1]!r} must come after")


def test_labels_that_are_not_months_are_one_period_each() -> None:
    games = [("A", "B", 0.5), ("A", "B", 0.5)]
    initial = {"A": (1500, 50), "B": (1500, 50)}
    assert (replay_glicko(games, initial=initial, periods=["spring", "autumn"])
            == replay_glicko(games, initial=initial, periods=["2024-01", "2024-02"]))


def test_a_player_in_initial_first_seen_later_has_the_rd_grown_since_the_log_began() -> None:
    games = [("C", "D", 1), ("C", "D", 1), ("A", "B", 0.5)]
    result = replay_glicko(games, initial={"A": (1500, 50), "B": (1500, 50)},
                           periods=[1, 2, 3])
    onset = math.sqrt(50**2 + 2 * C_SQUARED)  # the onsets of periods 2 and 3
    assert result.deviations["A"] == pytest.approx(_after_even_game(onset))


def test_without_periods_every_game_is_a_period() -> None:
    games = [("A", "B", 1), ("C", "D", 0), ("A", "C", 0.5)]
    assert replay_glicko(games) == replay_glicko(games, periods=["x", "y", "z"])


def test_the_games_of_a_period_are_rated_against_its_onset() -> None:
    """A beats B twice in one period: both games score E = 0.5, the same change each."""
    result = replay_glicko([("A", "B", 1), ("A", "B", 1)], periods=["p", "p"])
    assert result.changes[0] == result.changes[1]
    assert result.changes[0][0] == pytest.approx(-result.changes[0][1])


def test_initial_rating_for_everyone() -> None:
    result = replay_glicko([("A", "B", 0.5)], initial=1800)
    assert result.ratings == {"A": 1800, "B": 1800}


def test_doctests() -> None:
    assert doctest.testmod(glicko).failed == 0


@pytest.mark.parametrize(
    ("call", "field", "value"),
    [
        (lambda: glicko_g("200"), "rd", "'200'"),
        (lambda: glicko_g(0), "rd", "0"),
        (lambda: glicko_g(-30), "rd", "-30"),
        (lambda: glicko_expected("x", 1500, 30), "my_rating", "'x'"),
        (lambda: glicko_expected(1500, None, 30), "opp_rating", "None"),
        (lambda: glicko_expected(1500, 1400, 0), "opp_rd", "0"),
        (lambda: glicko_rd_before(50, 1.5), "periods", "1.5"),
        (lambda: glicko_rd_before(50, -1), "periods", "-1"),
        (lambda: glicko_rd_before(float("nan"), 1), "rd", "nan"),
        (lambda: glicko_period(None, 200, []), "rating", "None"),
        (lambda: glicko_period(1500, -1, []), "rd", "-1"),
        (lambda: glicko_period(1500, 200, [(1400, 30, 2)]), "opponents[1].score", "2"),
        (lambda: glicko_period(1500, 200, [(1400, 30, 1), (1550, 100, "0")]),
         "opponents[2].score", "'0'"),
        (lambda: glicko_period(1500, 200, [(1400, "30", 1)]), "opponents[1].opp_rd", "'30'"),
        (lambda: glicko_period(1500, 200, [(1400, 0, 1)]), "opponents[1].opp_rd", "0"),
        (lambda: glicko_period(1500, 200, [("1400", 30, 1)]),
         "opponents[1].opp_rating", "'1400'"),
        (lambda: glicko_period(1500, 200, [(1400, 30)]), "opponents[1]", "(1400, 30)"),
        (lambda: glicko_update("x", 200, [], [], []), "my_rating", "'x'"),
        (lambda: glicko_update(1500, 0, [], [], []), "my_rd", "0"),
        # a row filled in part names its first blank cell
        (lambda: glicko_update(1500, 200, [1400, 1550], [30, None], [1, 0]), "opp_rds[2]",
         "None"),
        (lambda: glicko_update(1500, 200, [None, 1550], [30, 100], [1, 0]), "opp_ratings[1]",
         "None"),
        (lambda: glicko_update(1500, 200, [1400], [30], [""]), "scores[1]", "''"),
        (lambda: glicko_update(1500, 200, [1400], [-30], [1]), "opp_rds[1]", "-30"),
        (lambda: glicko_update(1500, 200, [1400], [30], [0.25]), "scores[1]", "0.25"),
        (lambda: glicko_update(1500, 200, [1400, 1550], [30], [1, 0]), "opp_rds", "[30]"),
        (lambda: glicko_update(1500, 200, [1400], [30], [1, 0]), "scores", "[1, 0]"),
        (lambda: glicko_update(0, 200, [2e6], [30], [1]), "opp_ratings[1]", "2000000.0"),
        (lambda: replay_glicko([("A", "B", 1)], periods=[1, 1]), "periods", "[1, 1]"),
        (lambda: replay_glicko([("A", "B", 1), ("A", "B", 0)], periods=[1]), "periods", "[1]"),
        (lambda: replay_glicko([("A", "B", 1), ("A", "B", 0), ("A", "B", 1)],
                               periods=[1, 2, 1]), "periods[3]", "1"),
        (lambda: replay_glicko([("A", "A", 1)]), "games[1].player_b", "'A'"),
        (lambda: replay_glicko([("A", "B", "1")]), "games[1].result", "'1'"),
        (lambda: replay_glicko([("A", "B")]), "games[1]", "('A', 'B')"),
        (lambda: replay_glicko([("A", "B", 1)], initial="1500"), "initial", "'1500'"),
        (lambda: replay_glicko([("A", "B", 1)], initial={"B": "x"}), "initial['B']", "'x'"),
        (lambda: replay_glicko([("A", "B", 1)], initial={"A": (1500, 0)}),
         "initial['A'].rd", "0"),
        (lambda: replay_glicko([("A", "B", 1)], initial={"A": (1500, 200, 1)}),
         "initial['A']", "(1500, 200, 1)"),
        # the paper's bound: no RD is above an unrated player's 350 (the preset's start_rd)
        (lambda: glicko_g(350.5), "rd", "350.5"),
        (lambda: glicko_expected(1500, 1400, 1e200), "opp_rd", "1e+200"),
        (lambda: glicko_rd_before(400, 0), "rd", "400"),
        (lambda: glicko_rd_before(250, 0, GlickoPreset(start_rd=200)), "rd", "250"),
        (lambda: glicko_period(1500, 351, []), "rd", "351"),
        (lambda: glicko_period(1500, 200, [(1400, 400, 1)]), "opponents[1].opp_rd", "400"),
        (lambda: glicko_update(1500, 200, [1400], [1e200], [1]), "opp_rds[1]", "1e+200"),
        (lambda: glicko_update(1500, 1e200, [1400], [30], [1]), "my_rd", "1e+200"),
        (lambda: glicko_game(1500, 1400, 500, 1), "opp_rd", "500"),
        (lambda: glicko_close(1500, 500, 0, 0), "rd", "500"),
        (lambda: replay_glicko([("A", "B", 1)], initial={"A": (1500, 400)}),
         "initial['A'].rd", "400"),
        (lambda: GlickoPreset(c=-1), "preset.c", "-1"),
        (lambda: GlickoPreset(start_rd=0), "preset.start_rd", "0"),
        (lambda: GlickoPreset(rounding=1), "preset.rounding", "1"),
        # 10^(g × gap / 400) past the largest double (a spreadsheet shows #NUM!)
        (lambda: glicko_expected(0, 2e6, 30), "opp_rating", "2000000.0"),
        (lambda: replay_glicko([("A", "B", 1)], initial={"A": 0, "B": 2e6}),
         "games[1].player_b", "'B'"),
        # 1/RD² is 0 and the opponent's RD leaves the game nothing to say: no 1/RD' to take
        (lambda: glicko_period(1500, 1e200, [(1500, 1e200, 1)], GlickoPreset(start_rd=1e300)),
         "rd", "1e+200"),
    ],
)
def test_bad_input_names_field_and_value(call, field: str, value: str) -> None:
    with pytest.raises(RatingInputError) as info:
        call()
    assert str(info.value).startswith(f"{field}: {value} ")


# --- invariants -------------------------------------------------------------------------------

ratings = st.integers(min_value=0, max_value=3000)
rds = st.floats(min_value=1, max_value=350)
scores = st.sampled_from([0, 0.5, 1])
opponents = st.lists(st.tuples(ratings, rds, scores), min_size=1, max_size=12)


@given(ratings, rds, opponents, st.data())
def test_winning_never_lowers_the_rating(rating: int, rd: float, games, data) -> None:
    i = data.draw(st.integers(min_value=0, max_value=len(games) - 1))
    by_score = []
    for s in (0, 0.5, 1):
        changed = [*games[:i], (games[i][0], games[i][1], s), *games[i + 1:]]
        by_score.append(glicko_period(rating, rd, changed)[0])
    assert by_score[0] <= by_score[1] <= by_score[2]
    wins = [(opp, opp_rd, 1) for opp, opp_rd, _ in games]
    losses = [(opp, opp_rd, 0) for opp, opp_rd, _ in games]
    assert glicko_period(rating, rd, wins)[0] >= rating >= glicko_period(rating, rd, losses)[0]


@given(ratings, rds, opponents)
def test_rd_after_a_period_never_exceeds_rd_before(rating: int, rd: float, games) -> None:
    _, after = glicko_period(rating, rd, games)
    assert 0 < after <= rd * (1 + 1e-12)  # 1/(1/RD²) may come back an ulp off


@given(ratings, ratings, rds)
def test_expected_is_symmetric_at_equal_rds(a: int, b: int, rd: float) -> None:
    assert glicko_expected(a, b, rd) + glicko_expected(b, a, rd) == pytest.approx(1)
    assert glicko_expected(a, a, rd) == 0.5


@given(ratings, ratings, rds, rds)
def test_uncertainty_pulls_the_expected_score_to_one_half(a: int, b: int, x: float,
                                                          y: float) -> None:
    sure, unsure = sorted((x, y))
    assert abs(glicko_expected(a, b, unsure) - 0.5) <= abs(glicko_expected(a, b, sure) - 0.5)
    assert 0 < glicko_g(unsure) <= glicko_g(sure) <= 1


@given(rds, st.integers(min_value=0, max_value=200), st.integers(min_value=0, max_value=200))
def test_rd_growth_is_monotone_and_capped(rd: float, t: int, more: int) -> None:
    before = glicko_rd_before(rd, t)
    assert min(rd, 350) <= before <= glicko_rd_before(rd, t + more) <= 350


@given(ratings, rds, opponents, st.randoms())
def test_order_inside_a_period_does_not_matter(rating: int, rd: float, games, rnd) -> None:
    shuffled = list(games)
    rnd.shuffle(shuffled)
    assert glicko_period(rating, rd, shuffled) == pytest.approx(glicko_period(rating, rd, games))


log = st.lists(st.tuples(st.sampled_from("ABCD"), st.sampled_from("ABCD"), scores), max_size=20)


@given(log)
def test_replay_order_inside_a_period_does_not_matter(games) -> None:
    games = [g for g in games if g[0] != g[1]]
    forward = replay_glicko(games, periods=[1] * len(games))
    backward = replay_glicko(games[::-1], periods=[1] * len(games))
    assert forward.ratings == pytest.approx(backward.ratings)
    assert forward.deviations == pytest.approx(backward.deviations)


@given(log, st.lists(st.integers(min_value=0, max_value=2), max_size=20))
def test_replay_changes_add_up_to_each_period_change(games, steps) -> None:
    games = [g for g in games if g[0] != g[1]]
    labels, label = [], 0
    for i in range(len(games)):
        label += steps[i] if i < len(steps) else 0
        labels.append(label)
    result = replay_glicko(games, periods=labels)
    totals: dict[str, float] = {}
    for (a, b, _), (da, db) in zip(games, result.changes, strict=True):
        totals[a] = totals.get(a, 0.0) + da
        totals[b] = totals.get(b, 0.0) + db
    assert {p: 1500 + d for p, d in totals.items()} == pytest.approx(result.ratings)
    assert all(0 < rd <= 350 for rd in result.deviations.values())


def test_rate_counts_a_month_nobody_played(tmp_path) -> None:
    """``rate --system glicko``: 田中 and 佐藤 (new, 1500/350) draw in January, nobody
    plays in February, 田中 beats 佐藤 in March: both RDs grow by c² twice (the paper's
    t = 2), written out from the paper's formulas."""
    from click.testing import CliRunner

    from workbook_builder.cli import main

    path = tmp_path / "games.csv"
    path.write_text("日付,対局者A,対局者B,勝敗\n2024/1/13,田中,佐藤,分\n"
                    "2024/3/9,田中,佐藤,勝\n", encoding="utf-8")
    rd = _grown(_after_even_game(350), 2)
    winner, winner_rd = _paper_period(1500, rd, [(1500, rd, 1)])
    out = CliRunner().invoke(main, ["rate", str(path), "-s", "glicko", "--format", "csv",
                                    "--lang", "en"])
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines() == [
        "#,player,rating,RD,games", f"1,田中,{winner:.1f},{winner_rd:.1f},2",
        f"2,佐藤,{3000 - winner:.1f},{winner_rd:.1f},2"]
