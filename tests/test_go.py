"""Tests for the Go points rule (RULES.md §4, seed 001).

Expected values come from the seed's tables and RULES.md, worked out by hand in the
comments; the seed's promotion/demotion table is embedded verbatim (tabs as spaces).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rating_rules.errors import RatingInputError
from rating_rules.go import (
    GO,
    GoRank,
    band,
    exchange,
    go_delta,
    multiplier,
    next_rank,
    rank_difference,
    rank_label,
    regular_handicap,
    replay_go,
    start_points,
)

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
"""The original rule pages, in the shared folder beside the checkout (absent: skipped)."""
SEED_FILE = next(SEEDS.glob("001_*.txt"), None)

# Seed 001, 昇段・昇級と降段・降級のポイント (label (code), promotion, demotion).
SEED_BANDS = """
十段★★★★ (10d)    -    62700
十段★★★★ (9d+)    63700    59900
十段★★ (9d)    60800    57100
十段★ (8d+)    58000    54400
十段 (8d)    55300    51900
九段★ (7d+)    52700    49400
九段 (7d)    50200    47000
八段★ (6d+)    47800    44800
八段 (6d)    45500    42600
七段★ (5d+)    43300    40500
七段 (5d)    41200    38600
六段★ (4d+)    39200    36700
六段 (4d)    37300    34900
五段★ (3d+)    35500    33300
五段 (3d)    33800    31700
四段★ (2d+)    32200    30200
四段 (2d)    30700    28900
三段★ (1d+)    29300    27600
三段 (1d)    28000    26400
二段★ (1k+)    26800    25400
二段 (1k)    25700    24400
初段★ (2k+)    24700    23500
初段 (2k)    23800    22800
1級★ (3k+)    23000    22100
1級 (3k)    22300    21400
2級★ (4k+)    21600    20700
2級 (4k)    20900    20000
3級★ (5k+)    20200    19300
3級 (5k)    19500    18600
4級★ (6k+)    18800    17900
4級 (6k)    18100    17200
5級★ (7k+)    17400    16500
5級 (7k)    16700    15800
6級★ (8k+)    16000    15200
6級 (8k)    15400    14600
7級★ (9k+)    14800    14000
7級 (9k)    14200    13400
8級★ (10k+)    13600    12800
8級 (10k)    13000    12200
9級★ (11k+)    12400    11600
9級 (11k)    11800    11000
10級★ (12k+)    11200    10400
10級 (12k)    10600    9800
11級★ (13k+)    10000    9300
11級 (13k)    9500    8800
12級★ (14k+)    9000    8300
12級 (14k)    8500    7800
13級★ (15k+)    8000    7300
13級 (15k)    7500    6800
14級★ (16k+)    7000    6300
14級 (16k)    6500    5800
15級★ (17k+)    6000    5300
15級 (17k)    5500    4900
ビギナーズクラス (BC)    5勝    -
"""

ROWS = [
    re.fullmatch(r"(\S+) \((\w+\+?)\)\s+(\S+)\s+(\S+)", line).groups()  # type: ignore[union-attr]
    for line in SEED_BANDS.strip().splitlines()
]
LADDER = [code for _, code, _, _ in ROWS if code != "BC"]


def figure(text: str) -> float | None:
    return None if text == "-" else float(text)


# --- the table ---------------------------------------------------------------------------


def test_embedded_table_is_the_seed() -> None:
    if SEED_FILE is None:
        pytest.skip("seed 001 not available")
    seed = SEED_FILE.read_text(encoding="utf-8").replace("\t", "    ")
    for line in SEED_BANDS.strip().splitlines():
        assert line in seed


def test_every_seed_row_is_in_the_preset() -> None:
    assert len(LADDER) == 53
    assert [row[0] for row in GO.table] == LADDER
    for _, code, up, down in ROWS:
        if code == "BC":
            assert (up, down) == ("5勝", "-")
            assert GO.bc_wins_to_leave == 5
        else:
            assert band(code) == (figure(up), figure(down))


@pytest.mark.parametrize(
    ("code", "promotion", "demotion"),
    [("1k", 25700, 24400), ("17k", 5500, 4900), ("10d", None, 62700),
     ("9d+", 63700, 59900), ("1d", 28000, 26400), ("9k+", 14800, 14000)],
)
def test_spot_rows(code: str, promotion: float | None, demotion: float) -> None:
    assert band(code) == (promotion, demotion)


def test_seed_labels() -> None:
    # The seed's label column, except its typo for 9d+ (RULES.md: 十段★★★).
    for label, code, _, _ in ROWS:
        if code != "9d+":
            assert rank_label(code) == label or code == "BC"
            assert GoRank.parse(label).code == code
    assert rank_label("9d+") == "十段★★★"


# --- ranks ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "label"),
    [("1d", "三段"), ("1d+", "三段★"), ("1k", "二段"), ("1k+", "二段★"), ("2k", "初段"),
     ("3k", "1級"), ("17k", "15級"), ("8d", "十段"), ("8d+", "十段★"), ("9d", "十段★★"),
     ("9d+", "十段★★★"), ("10d", "十段★★★★")],
)
def test_labels(code: str, label: str) -> None:
    assert rank_label(code) == label
    assert GoRank.parse(label).code == code


def test_provisional_label() -> None:
    assert rank_label("1d", provisional=True) == "三段仮"


@pytest.mark.parametrize(
    ("text", "code"),
    [("1d+", "1d+"), (" 3K ", "3k"), ("bc", "BC"), ("BC", "BC"), ("10D", "10d"),
     ("三段★", "1d+"), ("1級", "3k"), ("１級", "3k"), (" 十段★★★ ", "9d+"),
     ("ビギナーズクラス", "BC")],
)
def test_parse(text: str, code: str) -> None:
    assert GoRank.parse(text).code == code


@pytest.mark.parametrize(
    ("mine", "theirs", "diff"),
    [("1d+", "1d", 0.5), ("1d", "1k", 1.0), ("1k", "2k", 1.0), ("1k+", "1k", 0.5),
     ("1d", "1k+", 0.5), ("2k", "1d", -2.0), ("10d", "9d+", 0.5), ("17k+", "17k", 0.5),
     ("1d", "17k", 17.0)],
)
def test_rank_difference(mine: str, theirs: str, diff: float) -> None:
    assert rank_difference(mine, theirs) == diff
    assert GoRank.parse(mine).value - GoRank.parse(theirs).value == diff


# --- border zone ---------------------------------------------------------------------------


def test_seed_example_border_zone() -> None:
    # 二段 (1k): above 25700 → 二段★ (1k+); below 24400 → 初段★ (2k+); between: stays.
    assert next_rank("1k", 25701) == "1k+"
    assert next_rank("1k", 24399) == "2k+"
    for points in (24400, 25000, 25700):
        assert next_rank("1k", points) == "1k"
    assert next_rank("二段", 25701) == "1k+"


def test_several_ranks_at_once() -> None:
    # 30000 > 25700 (1k) > 26800 (1k+) > 28000 (1d) > 29300 (1d+); 2d: 28900 ≤ 30000 ≤ 30700.
    assert next_rank("1k", 30000) == "2d"
    # 20000 < 26400, 25400, 24400, 23500, 22800, 22100, 21400, 20700; 4k demotes below 20000.
    assert next_rank("1d", 20000) == "4k"
    assert next_rank("1d", 19999.5) == "5k+"


def test_ends_of_the_ladder() -> None:
    assert next_rank("9d+", 63701) == "10d"
    assert next_rank("10d", 10**6) == "10d"
    assert next_rank("17k", 0) == "17k"  # no demotion into BC
    assert next_rank("BC", 99999) == "BC"


def test_start_points() -> None:
    assert start_points("1k") == (25700 + 24400) / 2
    assert start_points("17k") == (5500 + 4900) / 2
    assert start_points("10d") == 62700 + (63700 - 59900) / 2  # [assumed]
    assert start_points("BC") == 0


# --- handicap ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "text"),
    [("1d", "1d", "置石なし、黒番6目半コミ出し"),     # 0
     ("1d+", "1d", "置石なし、下手半目コミ出し"),     # 0.5
     ("1k", "1d", "置石なし、上手5目半コミ出し"),     # 1
     ("1d+", "1k", "置石2子、下手半目コミ出し"),      # 1.5
     ("2k", "1d", "置石2子、上手5目半コミ出し"),      # 2
     ("1d", "3k+", "置石3子、下手半目コミ出し"),      # 2.5
     ("1d", "3k", "置石3子、上手5目半コミ出し"),      # 3
     ("8d+", "1k", "置石9子、下手半目コミ出し"),      # 8.5
     ("9d", "1k", "置石9子、上手5目半コミ出し"),      # 9
     ("1d", "17k", "置石9子、上手5目半コミ出し")],    # 17 → capped [assumed]
)
def test_regular_handicap_seed_rows(mine: str, theirs: str, text: str) -> None:
    assert regular_handicap(mine, theirs) == text
    assert regular_handicap(theirs, mine) == text


def test_regular_handicap_english() -> None:
    assert regular_handicap("1d", "1d", lang="en") == "Even, black gives 6.5 komi"
    assert regular_handicap("1d+", "1d", lang="en") == (
        "Even, weaker takes black, weaker gives 0.5 komi"
    )
    assert regular_handicap("1d", "1k", lang="en") == (
        "Even, weaker takes black, stronger gives 5.5 komi"
    )
    assert regular_handicap("1d", "2k+", lang="en") == "2 stones, weaker gives 0.5 komi"
    assert regular_handicap("9d", "1k", lang="en") == "9 stones, stronger gives 5.5 komi"


# --- rated games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_no", "points"),
    [(1, 200), (20, 200), (21, 150), (50, 150), (51, 120), (100, 120), (101, 100),
     (None, 100)],
)
def test_regular_game_moves_100_times_multiplier(game_no: int | None, points: float) -> None:
    for mine, theirs in (("1d", "1d"), ("1d", "3k"), ("2k", "5d+"), ("1d", "5k")):
        assert go_delta(mine, theirs, 1, game_no=game_no) == points
        assert go_delta(mine, theirs, 0, game_no=game_no) == -points
    assert multiplier(game_no) == points / 100


# Residual → (favoured side wins, other side wins), from the seed's 正規の手合割でない対局.
EXCHANGE = [(0.5, 92, 108), (1, 84, 116), (1.5, 78, 122), (2, 72, 128), (2.5, 68, 132),
            (3, 64, 136)]
WEAKER_BY = {0.5: "1k+", 1: "1k", 1.5: "2k+", 2: "2k", 2.5: "3k+", 3: "3k"}  # vs 1d


@pytest.mark.parametrize(("residual", "fav", "other"), EXCHANGE)
def test_exchange_under_compensated(residual: float, fav: float, other: float) -> None:
    # Even game (handicap_diff 0): the stronger 1d stays favoured by the whole gap.
    weak = WEAKER_BY[residual]
    assert exchange(residual, 0) == (fav, other)
    assert go_delta("1d", weak, 1, handicap_diff=0) == fav
    assert go_delta(weak, "1d", 0, handicap_diff=0) == -fav
    assert go_delta("1d", weak, 0, handicap_diff=0) == -other
    assert go_delta(weak, "1d", 1, handicap_diff=0) == other


@pytest.mark.parametrize(("residual", "fav", "other"), EXCHANGE)
def test_exchange_over_compensated(residual: float, fav: float, other: float) -> None:
    # 1d vs 1k (gap 1) with a handicap worth 1 + residual: now the weaker 1k is favoured.
    h = 1 + residual
    assert exchange(1, h) == (fav, other)
    assert go_delta("1k", "1d", 1, handicap_diff=h) == fav
    assert go_delta("1d", "1k", 0, handicap_diff=h) == -fav
    assert go_delta("1d", "1k", 1, handicap_diff=h) == other
    assert go_delta("1k", "1d", 0, handicap_diff=h) == -other


def test_exchange_times_own_multiplier_unrounded() -> None:
    assert go_delta("1d", "1k+", 1, game_no=60, handicap_diff=0) == 110.4  # 92 × 1.2
    assert go_delta("1d", "1k+", 0, game_no=30, handicap_diff=0) == -162  # 108 × 1.5
    assert go_delta("1k+", "1d", 1, game_no=5, handicap_diff=0) == 216  # 108 × 2


def test_unrated_gaps() -> None:
    assert exchange(1, 4.5) is None  # residual 3.5
    assert go_delta("1k", "1d", 1, handicap_diff=4.5) == 0
    assert go_delta("1d", "4k+", 1, handicap_diff=0) == 0  # 3.5 apart, not regular
    assert go_delta("1d", "5k", 1, handicap_diff=4.5) == 0  # 5 apart, not regular
    assert go_delta("1d", "5k", 1, handicap_diff=5) == 100  # 5 apart, regular
    assert go_delta("1d", "5k", 0) == -100
    assert go_delta("8d", "2k", 1) == 100  # 9 apart: 9 stones is regular
    assert go_delta("9d", "2k", 1) == 0  # 10 apart: capped 9 stones is not [assumed]
    assert exchange(10, None) is None


def test_handicap_between_equal_ranks_is_unrated() -> None:
    # [assumed] nobody is the stronger, so nobody is known to have given the handicap.
    assert exchange(0, 1) is None
    assert go_delta("1d", "1d", 1, handicap_diff=1) == 0
    assert go_delta("1d", "1d", 1, handicap_diff=0) == 100


def test_forfeit() -> None:
    assert go_delta("1d", "3k", 1, game_type="forfeit", game_no=3) == 50
    assert go_delta("1d", "3k", 0, game_type="forfeit", game_no=3) == -50


def test_provisional_opponent() -> None:
    assert go_delta("1d", "1k", 1, game_type="provisional", game_no=3) == 50
    assert go_delta("1d", "1k", 0, game_type="provisional") == 0
    assert go_delta("1d", "1k", 1, game_type="provisional", prev_two_unrated=True) == 0
    # vs BC: 9k+ (7級★) and stronger get nothing; 9k still gets +50.
    assert go_delta("9k+", "1k", 1, game_type="provisional", opp_is_bc=True) == 0
    assert go_delta("9k", "1k", 1, game_type="provisional", opp_is_bc=True) == 50
    assert go_delta("1d", "BC", 1) == 0
    assert go_delta("12k", "BC", 1) == 50
    assert go_delta("12k", "BC", 0) == 0
    assert go_delta("BC", "12k", 1) == 0


def test_unrated_type() -> None:
    assert go_delta("1d", "1k", 1, game_type="unrated") == 0


def test_preset_is_overridable() -> None:
    local = replace(GO, regular_points=120.0, forfeit_points=30.0)
    assert go_delta("1d", "1k", 1, preset=local) == 120
    assert go_delta("1d", "1k", 0, game_type="forfeit", preset=local) == -30
    assert GO.regular_points == 100
    with pytest.raises(RatingInputError, match=r"preset\.table"):
        replace(GO, table=(("1k", 25700, 24400), ("1d", 28000, 26400)))
    # the largest handicap is a rank difference: a negative one is no rule at all
    with pytest.raises(RatingInputError, match=r"preset\.max_handicap: -1 must be 0 or more"):
        replace(GO, max_handicap=-1)


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "name", "value"),
    [({"my_rank": "3x"}, "my_rank", "3x"), ({"opp_rank": "11d"}, "opp_rank", "11d"),
     ({"result": 2}, "result", 2), ({"result": "1"}, "result", "1"),
     ({"game_no": 0}, "game_no", 0), ({"game_no": 2.5}, "game_no", 2.5),
     ({"handicap_diff": 0.3}, "handicap_diff", 0.3),
     ({"handicap_diff": 9.5}, "handicap_diff", 9.5),
     ({"handicap_diff": -1}, "handicap_diff", -1),
     ({"game_type": "blitz"}, "game_type", "blitz"),
     ({"prev_two_unrated": "no"}, "prev_two_unrated", "no")],
)
def test_bad_input(kwargs: dict[str, object], name: str, value: object) -> None:
    args: dict[str, object] = {"my_rank": "1d", "opp_rank": "1k", "result": 1} | kwargs
    with pytest.raises(ValueError) as info:
        go_delta(**args)  # type: ignore[arg-type]
    assert isinstance(info.value, RatingInputError)
    assert name in str(info.value) and repr(value) in str(info.value)


def test_bad_rank_text() -> None:
    with pytest.raises(RatingInputError, match="rank: '3x'"):
        GoRank.parse("3x")
    with pytest.raises(RatingInputError, match="my_rank: None"):
        GoRank.parse(None, "my_rank")
    with pytest.raises(RatingInputError, match="lang: 'fr'"):
        regular_handicap("1d", "1k", lang="fr")


# --- properties ----------------------------------------------------------------------------

ranks = st.sampled_from(LADDER)
handicaps = st.none() | st.integers(0, 18).map(lambda n: n / 2)


@given(ranks, ranks, st.sampled_from([0, 1]), handicaps)
def test_zero_sum_between_established_players(
    mine: str, theirs: str, result: int, h: float | None
) -> None:
    assert go_delta(mine, theirs, result, handicap_diff=h) == -go_delta(
        theirs, mine, 1 - result, handicap_diff=h
    )


@given(st.integers(-36, 36).map(lambda n: n / 2), handicaps)
def test_favoured_win_pays_less(diff: float, h: float | None) -> None:
    pair = exchange(diff, h)
    if pair is not None:
        assert pair[0] <= pair[1]


@given(ranks, st.floats(0, 80000, allow_nan=False))
def test_next_rank_settles(rank: str, points: float) -> None:
    settled = next_rank(rank, points)
    assert next_rank(settled, points) == settled
    up, down = band(settled)
    if up is not None:
        assert points <= up
    if settled != "17k":
        assert down is not None and points >= down


# --- replay --------------------------------------------------------------------------------


def test_replay_by_hand() -> None:
    games = [
        ("A", "B", 1), ("A", "B", 1), ("A", "B", 1), ("A", "B", 1),
        ("B", "A", 1),
        ("A", "B", 1, 0),
        ("A", "B", 0, None, "unrated"),
        ("B", "A", 1, None, "forfeit"),
    ]
    out = replay_go(games, initial="1k")
    # Both start at (25700 + 24400) / 2 = 25050, provisional, games 1–20 ×2.0.
    # Games 1–4: A +200 each → 25850 > 25700 → 1k+; B −800 → 24250 < 24400 → 2k+.
    # Game 5 (1k+ vs 2k+, 1 apart, regular): B +200 → 24450 ≤ 24700; A 25650 ≥ 25400.
    # Game 6 (handicap_diff 0, residual 1, A favoured and wins): 84 × 2 = 168.
    # Game 7 unrated; game 8 a forfeit: ±50, not counted.
    assert out.changes == [(200, -200)] * 4 + [(200, -200), (168, -168), (0, 0), (50, -50)]
    assert out.ratings == {"A": 25050 + 800 - 200 + 168 - 50, "B": 25050 - 800 + 200 - 168 + 50}
    assert out.ranks == {"A": "1k+", "B": "2k+"}
    assert out.games == {"A": 6, "B": 6}


def test_replay_provisional_opponents() -> None:
    quick = replace(GO, provisional_games=1)
    games = [
        ("P", "Q", 1),                   # both provisional: rated, ±200
        ("P", "R", 1),                   # P established vs provisional R: +50; R rated −200
        ("P", "Q", 1, None, "unrated"),  # P's second unrated game in a row
        ("P", "S", 1),                   # previous two not rated: no +50; S −200
    ]
    out = replay_go(games, initial={"P": "1k", "Q": "1k"}, preset=quick)
    assert out.changes == [(200, -200), (50, -200), (0, 0), (0, -200)]
    assert out.ratings == {"P": 25300, "Q": 24850, "R": 24850, "S": 24850}
    assert out.games == {"P": 1, "Q": 1, "R": 1, "S": 1}


def test_replay_beginners_class() -> None:
    two_wins = replace(GO, bc_wins_to_leave=2)
    games = [("K", "L", 1), ("L", "K", 1), ("K", "L", 1)]
    out = replay_go(games, initial={"K": "BC", "L": "12k"}, preset=two_wins)
    # L (12k, weaker than 9k+) gets +50 only for the win; K leaves BC on the 2nd win.
    assert out.changes == [(0, 0), (50, 0), (0, 0)]
    assert out.ratings == {"K": (5500 + 4900) / 2, "L": (10600 + 9800) / 2 + 50}
    assert out.ranks == {"K": "17k", "L": "12k"}
    assert out.games == {"K": 0, "L": 0}


def test_replay_bad_games() -> None:
    with pytest.raises(RatingInputError, match=r"games\[1\].result: 2"):
        replay_go([("A", "B", 2)])
    with pytest.raises(RatingInputError, match=r"games\[2\].handicap_diff: 0.3"):
        replay_go([("A", "B", 1), ("A", "B", 1, 0.3)])
    with pytest.raises(RatingInputError, match=r"games\[1\].game_type: 'blitz'"):
        replay_go([("A", "B", 1, None, "blitz")])
    with pytest.raises(RatingInputError, match=r"initial\['A'\]: '3x'"):
        replay_go([("A", "B", 1)], initial={"A": "3x"})
