"""Four-player shogi amateur rate (RULES.md §5, seed 003 ■2, ■5, ■6, ■9).

Expected numbers are typed from RULES.md and the seed's worked examples, or worked by
hand from the RULES.md tables (the working is in the comment next to each).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rating_rules.errors import RatingInputError
from rating_rules.yonin import (
    YONIN,
    GameOutcome,
    ko_pt,
    rank_label,
    rank_minimum,
    rate_game,
    rate_update,
    replay_yonin,
    start_rate,
    tournament_score,
    upset_pt,
)

# Seed ■2: 1位A(二級) R1720; 2位B 四級 R1370 ←(A); 3位C 初段(公認) R2005 ←(B);
# 4位D(八級) R480 ←(A).
RATES = (1720, 1370, 2005, 480)
PLACES = (1, 2, 3, 4)
KNOCKED = (None, 1, 2, 1)
FLOORS = (None, None, "初段", None)


def parts(o: GameOutcome) -> tuple[float, ...]:
    return (o.placement_pt, o.knockout_pt, o.upset_pt, o.trouble_pt)


# ---------------------------------------------------------------- worked examples


def test_worked_example_2_every_seat() -> None:
    a, b, c, d = rate_game(RATES, PLACES, KNOCKED, floors=FLOORS)
    # 1位 R1720+35+(3+3)+0=R1761
    assert (a.raw_rate, a.rate, parts(a)) == (1761, 1761, (35, 6, 0, 0))
    # 2位 R1370+20+20+0=R1410
    assert (b.raw_rate, b.rate, parts(b)) == (1410, 1410, (20, 20, 0, 0))
    # 3位 R2005+0+0+(-10)=R1995 =R2000 (公認初段の最低レート)
    assert (c.raw_rate, c.rate, parts(c)) == (1995, 2000, (0, 0, -10, 0))
    # 4位 R480+(-10)+0+0=R470
    assert (d.raw_rate, d.rate, parts(d)) == (470, 470, (-10, 0, 0, 0))
    # rate table after the game: A(二級) B(三級)/四級 C初段 D(八級)
    assert [o.rank for o in (a, b, c, d)] == ["二級", "三級", "初段", "八級"]
    assert [o.change for o in (a, b, c, d)] == [41, 40, -5, -10]


def test_worked_example_2_without_official_rank_is_not_floored() -> None:
    c = rate_game(RATES, PLACES, KNOCKED)[2]
    assert (c.raw_rate, c.rate, c.rank) == (1995, 1995, "一級")


def test_worked_example_6_time_out_with_three_left() -> None:
    a, b, c, d = rate_game(RATES, PLACES, (None, 1, "T", 1), floors=FLOORS)
    # 1位 R1720+35+(3+3)+0+6=R1767
    assert (a.raw_rate, a.rate, parts(a)) == (1767, 1767, (35, 6, 0, 6))
    # 2位 R1370+20+0+0+6=R1396
    assert (b.raw_rate, b.rate, parts(b)) == (1396, 1396, (20, 0, 0, 6))
    # 3位 (時間切れ) R2005+0+0+(-10)+(-12)=R1983=R2000
    assert (c.raw_rate, c.rate, parts(c)) == (1983, 2000, (0, 0, -10, -12))
    # 4位 R480+(-10)+0+0=R470
    assert (d.raw_rate, d.rate, parts(d)) == (470, 470, (-10, 0, 0, 0))


def test_rate_update_reproduces_both_examples() -> None:
    assert rate_update(1720, 1, victim_rates=[1370, 480]) == 1761
    assert rate_update(1370, 2, victim_rates=[2005], knocked_by_rate=1720) == 1410
    assert rate_update(2005, 3, knocked_by_rate=1370) == 1995
    assert rate_update(2005, 3, knocked_by_rate=1370, floor="初段") == 2000
    assert rate_update(2005, 3, knocked_by_rate=1370, floor=2000) == 2000
    assert rate_update(480, 4, knocked_by_rate=1720) == 470
    # ■6: blanks are ignored; a foul takes the worst upset pt among those left.
    assert rate_update(1720, 1, victim_rates=[None, 480, None], trouble_pt=6) == 1761 - 3 + 6
    assert rate_update(1370, 2, knocked_by_rate=1720, trouble_pt=6) == 1396
    assert rate_update(2005, 3, knocked_by_rate=[1720, 1370], trouble_pt=-12) == 1983
    assert rate_update(2005, 3, knocked_by_rate=[1720, 1370], trouble_pt=-12,
                       floor="初段") == 2000


def test_replay_worked_example_with_seats_shuffled() -> None:
    initial = {"A": 1720, "B": 1370, "C": 2005, "D": 480}
    # seats D, C, B, A: D 4th by seat 4 (A), C 3rd by seat 3 (B), B 2nd by seat 4 (A)
    game = (("D", "C", "B", "A"), (4, 3, 2, 1), (4, 3, 4, None))
    res = replay_yonin([game], initial=initial, floors={"C": "初段"})
    assert res.ratings == {"D": 470, "C": 2000, "B": 1410, "A": 1761}
    assert res.changes == [(-10, -5, 40, 41)]
    assert res.games == {"D": 1, "C": 1, "B": 1, "A": 1}
    assert res.ranks == {"D": "八級", "C": "初段", "B": "三級", "A": "二級"}


def test_replay_time_out_example_and_game_counts() -> None:
    initial = {"A": 1720, "B": 1370, "C": 2005, "D": 480}
    game = (("A", "B", "C", "D"), (1, 2, 3, 4), (None, 1, "T", 1))
    res = replay_yonin([game], initial=initial, floors={"C": "初段"})
    assert res.ratings == {"A": 1767, "B": 1396, "C": 2000, "D": 470}
    # a second identical game: C is held at 2000 again, everyone has played twice
    res = replay_yonin([game, game], initial=initial, floors={"C": "初段"})
    assert res.ratings["C"] == 2000
    assert res.games == {"A": 2, "B": 2, "C": 2, "D": 2}


def test_replay_default_starts() -> None:
    # new members start at 0, a non-member at 500 (seed ■5, ■7)
    game = (("m1", "m2", "guest", "m3"), (1, 2, 3, 4), (None, 1, 1, 2))
    res = replay_yonin([game], members={"guest": False})
    # m1: 0+35+ko(m2: equal, 3)+ko(guest: gap 500, 16) = 54; m2: 0+20+ko(m3 equal 3)+0 = 23
    # guest: 500+0+upset(by m1, gap 500: -8) = 492; m3: 0-10+0 = -10 -> 0
    assert res.ratings == {"m1": 54, "m2": 23, "guest": 492, "m3": 0}
    assert replay_yonin([game], initial=1000).ratings["guest"] == 1000 + 0 + 0


# ---------------------------------------------------------------- tables


@pytest.mark.parametrize(
    ("knocker", "victim", "ko", "up"),
    [
        (1000, 1000, 3, 0),  # equal rates
        (1500, 1000, 3, 0),  # knocker higher
        (1000, 1001, 5, -2),
        (1000, 1099, 5, -2),  # g = 99
        (1000, 1100, 8, -4),  # g = 100
        (1000, 1199, 8, -4),  # g = 199
        (1000, 1200, 12, -6),  # g = 200
        (1000, 1399, 12, -6),  # g = 399
        (1000, 1400, 16, -8),  # g = 400
        (1000, 1599, 16, -8),  # g = 599
        (1000, 1600, 20, -10),  # g = 600
        (0, 5000, 20, -10),
    ],
)
def test_knockout_upset_table_edges(knocker: int, victim: int, ko: int, up: int) -> None:
    assert ko_pt(knocker, victim) == ko
    assert upset_pt(victim, knocker) == up


@pytest.mark.parametrize(
    ("rate", "label"),
    [
        (5000, "五段"), (4999, "四段"), (4500, "四段"), (4000, "三段"), (3500, "二段"),
        (3499, "初段"), (2000, "初段"), (1999, "一級"), (1800, "一級"), (1600, "二級"),
        (1400, "三級"), (1200, "四級"), (1000, "五級"), (800, "六級"), (600, "七級"),
        (400, "八級"), (200, "九級"), (199, "十級"), (0, "十級"), (-5, "十級"),
    ],
)
def test_rank_label_thresholds(rate: float, label: str) -> None:
    assert rank_label(rate) == label


@pytest.mark.parametrize(
    ("label", "minimum"),
    [("初段", 2000), ("五段", 5000), ("一級", 1800), ("1級", 1800), ("１級", 1800),
     ("九級", 200), ("9級", 200), ("1段", 2000), ("十級", 0)],
)
def test_rank_minimum(label: str, minimum: float) -> None:
    assert rank_minimum(label) == minimum


def test_start_rates_match_seed_table() -> None:
    # 非会員(八級) R500, CPUレベル1(六級) R800, レベル2(七級) R600, レベル3(九級) R200
    expected = {"member": (0, "十級"), "non_member": (500, "八級"), "cpu1": (800, "六級"),
                "cpu2": (600, "七級"), "cpu3": (200, "九級")}
    for kind, (rate, label) in expected.items():
        assert start_rate(kind) == rate
        assert rank_label(start_rate(kind)) == label
    assert start_rate("non-member") == 500


# ---------------------------------------------------------------- trouble


def test_resignation_with_two_left_counts_as_mated_by_first() -> None:
    resigned = rate_game(RATES, PLACES, (None, "T", 2, 1), floors=FLOORS)
    mated = rate_game(RATES, PLACES, KNOCKED, floors=FLOORS)
    assert resigned == mated
    assert [o.rate for o in resigned] == [1761, 1410, 2000, 470]
    # a non-member is treated like a member with two left (seed ■6 (4))
    guest = rate_game(RATES, PLACES, (None, "T", 2, 1), members=(True, False, True, True))
    assert guest[1].rate == 1410


def test_non_member_foul_gets_only_minus_12() -> None:
    a, b, c, d = rate_game(RATES, PLACES, (None, 1, "T", 1),
                           members=(True, True, False, True))
    # C: R2005+0+0+0+(-12) = R1993; the others as in ■6
    assert (c.raw_rate, parts(c)) == (1993, (0, 0, 0, -12))
    assert [a.rate, b.rate, d.rate] == [1767, 1396, 470]


def test_foul_with_four_left_three_share_twelve() -> None:
    # D (1500) times out first: worst upset among A 1000 (g 500: -8), B 1100 (g 400: -8),
    # C 1300 (g 200: -6) is -8; A, B, C get 12 / 3 = +4 each.
    rates = (1000, 1100, 1300, 1500)
    a, b, c, d = rate_game(rates, PLACES, (None, 1, 1, "T"))
    assert (d.rate, parts(d)) == (1500 - 10 - 8 - 12, (-10, 0, -8, -12))
    # A: 35 + ko(B, g 100: 8) + ko(C, g 300: 12) + 4
    assert (a.rate, parts(a)) == (1000 + 35 + 8 + 12 + 4, (35, 20, 0, 4))
    assert (b.rate, parts(b)) == (1100 + 20 - 4 + 4, (20, 0, -4, 4))
    assert (c.rate, parts(c)) == (1300 + 0 - 6 + 4, (0, 0, -6, 4))


def test_two_fouls() -> None:
    # D fouls with 4 left (+4 to A, B, C), then C with 3 left (+6 to A, B)
    outs = rate_game((1000, 1000, 1000, 1000), PLACES, (None, 1, "T", "T"))
    assert [o.trouble_pt for o in outs] == [10, 10, 4 - 12, -12]
    assert [o.knockout_pt for o in outs] == [3, 0, 0, 0]


def test_preset_overrides_reach_the_arithmetic() -> None:
    local = replace(YONIN, placement_pt=(40, 20, 0, -20), knock_top=(30, -15),
                    trouble_pot=9)
    assert ko_pt(1000, 2000, local) == 30
    outs = rate_game((1000, 1000, 1000, 1000), PLACES, (None, 1, 1, "T"), preset=local)
    assert [o.trouble_pt for o in outs] == [3, 3, 3, -12]
    assert outs[3].placement_pt == -20


# ---------------------------------------------------------------- tournament scoring


@pytest.mark.parametrize(
    ("placement", "knockouts", "rule", "score"),
    [
        (1, 2, "A", 4), (2, 1, "A", 2), (3, 0, "A", 0), (4, 0, "A", -1),
        (1, 3, "B", 6), (2, 0, "B", 1), (3, 1, "B", 1), (4, 0, "B", 0),
        (1, 2, "102", 1), (2, 1, "102式", 0.5), (3, 0, "102", 0), (4, 0, "102", 0),
        (1, 0, "単勝", 1), (2, 2, "単勝式", 0), (4, 0, "単勝", 0),
    ],
)
def test_tournament_score(placement: int, knockouts: int, rule: str, score: float) -> None:
    assert tournament_score(placement, knockouts, rule) == score


# ---------------------------------------------------------------- bad input


@contextmanager
def raises(field: str, value: object) -> Iterator[None]:
    """Expect a RatingInputError (a ValueError) naming ``field`` and quoting ``value``."""
    with pytest.raises(RatingInputError) as info:
        yield
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert field in message and repr(value) in message, message


@pytest.mark.parametrize(
    ("places", "knocked", "field", "value"),
    [
        ((1, 1, 3, 4), KNOCKED, "placements", (1, 1, 3, 4)),  # two 1st
        ((1, 2, 3), KNOCKED, "placements", (1, 2, 3)),
        ((0, 1, 2, 3), KNOCKED, "placements", (0, 1, 2, 3)),
        ((1, 2, 3, 4), (2, 1, 2, 1), "knocked_by[1]", 2),  # winner knocked out
        ((1, 2, 3, 4), ("T", 1, 2, 1), "knocked_by[1]", "T"),  # winner resigned
        ((1, 2, 3, 4), (None, 2, 2, 1), "knocked_by[2]", 2),  # knocked by itself
        ((1, 2, 3, 4), (None, 3, 2, 1), "knocked_by[2]", 3),  # seat 3 was already out
        ((1, 2, 3, 4), (None, 1, 4, 1), "knocked_by[3]", 4),  # seat 4 was already out
        ((1, 2, 3, 4), (None, None, 2, 1), "knocked_by[2]", None),  # nobody mated 2nd
        ((1, 2, 3, 4), (None, 1, 5, 1), "knocked_by[3]", 5),  # bad seat numbers
        ((1, 2, 3, 4), (None, 1, 0, 1), "knocked_by[3]", 0),
        ((1, 2, 3, 4), (None, 1, "X", 1), "knocked_by[3]", "X"),
        ((1, 2, 3, 4), (None, 1, 1.5, 1), "knocked_by[3]", 1.5),
        ((1, 2, 3, 4), (None, 1, True, 1), "knocked_by[3]", True),
        ((1, 2, 3, 4), (None, 1, 2), "knocked_by", (None, 1, 2)),
    ],
)
def test_impossible_games_raise(places: tuple[int, ...], knocked: tuple[object, ...],
                                field: str, value: object) -> None:
    with raises(field, value):
        rate_game(RATES, places, knocked)  # type: ignore[arg-type]
    game = (("A", "B", "C", "D"), places, knocked)
    with raises(f"games[1].{field}", value):
        replay_yonin([game])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("call", "field", "value"),
    [
        (lambda: rate_game((1720, "x", 2005, 480), PLACES, KNOCKED), "rates[2]", "x"),
        (lambda: rate_game((1720, 1370), PLACES, KNOCKED), "rates", (1720, 1370)),
        (lambda: rate_game(RATES, PLACES, KNOCKED, floors=(None, "名人", None, None)),
         "floors[2]", "名人"),
        (lambda: rate_game(RATES, PLACES, KNOCKED, members=(True, "yes", True, True)),
         "members[2]", "yes"),
        (lambda: rate_update(1000, 5), "placement", 5),
        (lambda: rate_update("1000", 1), "rate", "1000"),
        (lambda: rate_update(1000, 1, knocked_by_rate=1200), "knocked_by_rate", 1200),
        (lambda: rate_update(1000, 4, victim_rates=[900]), "victim_rates", [900]),
        (lambda: rate_update(1000, 3, floor="七段"), "floor", "七段"),
        (lambda: ko_pt("x", 1000), "knocker_rate", "x"),
        (lambda: upset_pt(1000, float("nan")), "knocker_rate", float("nan")),
        (lambda: rank_label("初段"), "rate", "初段"),
        (lambda: rank_minimum("名人"), "label", "名人"),
        (lambda: start_rate("cpu4"), "kind", "cpu4"),
        (lambda: tournament_score(5, 0), "placement", 5),
        (lambda: tournament_score(2, 3), "knockouts", 3),
        (lambda: tournament_score(1, 0, "C"), "rule", "C"),
        (lambda: replay_yonin([(("A", "A", "B", "C"), PLACES, KNOCKED)]),
         "games[1].players", ("A", "A", "B", "C")),
        (lambda: replay_yonin([(("A", "B", "C", "D"), PLACES, KNOCKED)],
                              floors={"C": "名人"}), "floors['C']", "名人"),
    ],
)
def test_bad_input_raises(call, field: str, value: object) -> None:  # type: ignore[no-untyped-def]
    with raises(field, value):
        call()


# ---------------------------------------------------------------- properties

rate_values = st.integers(min_value=-50, max_value=6000)
floor_values = st.one_of(st.none(), st.sampled_from([r[0] for r in YONIN.ranks]),
                         st.integers(min_value=0, max_value=3000))


@st.composite
def games(draw: st.DrawFn) -> tuple[list[int], list[int], list[object], list[object], list[bool]]:
    rates = draw(st.lists(rate_values, min_size=4, max_size=4))
    places = draw(st.permutations([1, 2, 3, 4]))
    knocked: list[object] = []
    for p in places:
        better = [s + 1 for s in range(4) if places[s] < p]
        knocked.append(None if p == 1 else draw(st.sampled_from([*better, "T"])))
    floors = draw(st.lists(floor_values, min_size=4, max_size=4))
    members = draw(st.lists(st.booleans(), min_size=4, max_size=4))
    return rates, places, knocked, floors, members


def floor_of(floor: object) -> float:
    if floor is None:
        return 0
    return rank_minimum(floor) if isinstance(floor, str) else float(floor)  # type: ignore[arg-type]


@given(games())
def test_floors_are_never_crossed(game) -> None:  # type: ignore[no-untyped-def]
    rates, places, knocked, floors, members = game
    for o, f in zip(rate_game(rates, places, knocked, floors, members), floors, strict=True):
        assert o.rate >= 0 and o.rate >= floor_of(f)
        assert o.rate == max(o.raw_rate, 0, floor_of(f))


@given(games())
def test_sums_per_game(game) -> None:  # type: ignore[no-untyped-def]
    rates, places, knocked, floors, members = game
    outs = rate_game(rates, places, knocked, floors, members)
    assert sum(o.placement_pt for o in outs) == 45
    assert sum(o.trouble_pt for o in outs) == 0  # the −12 is exactly what the others share
    for r, o in zip(rates, outs, strict=True):
        assert o.raw_rate == r + o.placement_pt + o.knockout_pt + o.upset_pt + o.trouble_pt
        assert o.upset_pt <= 0 <= o.knockout_pt


@given(rate_values, rate_values)
def test_a_knock_gives_the_pair_at_least_three(knocker: int, victim: int) -> None:
    # With the default table ko + upset is 3, 3, 4, 6, 8 or 10: never negative, and a
    # higher victim is worth at least as much to the knocker and costs them at least as much.
    ko, up = ko_pt(knocker, victim), upset_pt(victim, knocker)
    assert ko + up >= 3 and ko >= 3 and up <= 0
    assert ko_pt(knocker, victim + 100) >= ko and upset_pt(victim + 100, knocker) <= up


@given(games(), st.permutations([0, 1, 2, 3]))
def test_seat_order_does_not_matter(game, order: list[int]) -> None:  # type: ignore[no-untyped-def]
    rates, places, knocked, floors, members = game
    outs = rate_game(rates, places, knocked, floors, members)
    new_seat = {old + 1: new + 1 for new, old in enumerate(order)}
    moved = [knocked[i] if knocked[i] in (None, "T") else new_seat[knocked[i]] for i in order]
    outs2 = rate_game([rates[i] for i in order], [places[i] for i in order], moved,
                      [floors[i] for i in order], [members[i] for i in order])
    assert list(outs2) == [outs[i] for i in order]


@given(st.lists(games(), min_size=1, max_size=5), st.permutations(list("ABCDEF")))
def test_replay_chains_rate_game(game_list, names: list[str]) -> None:  # type: ignore[no-untyped-def]
    floors = {"A": "初段", "B": 1500}
    members = {"C": False}
    current: dict[str, float] = {}
    log = []
    for n, (_, places, knocked, _, _) in enumerate(game_list):
        players = tuple(names[(n + i) % 6] for i in range(4))
        pre = [current.get(p, 500 if p == "C" else 0) for p in players]
        outs = rate_game(pre, places, knocked, [floors.get(p) for p in players],
                         [members.get(p, True) for p in players])
        current.update((p, o.rate) for p, o in zip(players, outs, strict=True))
        log.append((players, tuple(places), tuple(knocked)))
    res = replay_yonin(log, floors=floors, members=members)
    assert res.ratings == current
    assert res.ranks == {p: rank_label(r) for p, r in current.items()}
