"""Worksheet functions of the four-player shogi (四人将棋) amateur rate."""

from __future__ import annotations

from typing import Any

from rating_rules import yonin

from ._excel import arg, blank, cellwise, flat, grid, udf


@udf(ja="四人将棋: 詰ませた人の撃破pt (対局前のレート差で決まる)。")
@arg("knocker_rate", "Rate of the player who mated", ndim=2)
@arg("victim_rate", "Rate of the player who was mated", ndim=2)
def YONIN_KO_PT(knocker_rate: Any, victim_rate: Any) -> Any:
    """Four-player shogi: knockout pt (撃破pt) for mating a player, by the rate gap."""
    return cellwise(yonin.ko_pt, knocker_rate, victim_rate)


@udf(ja="四人将棋: 下位に詰まされた人の下克上pt (0以下)。")
@arg("victim_rate", "Rate of the player who was mated", ndim=2)
@arg("knocker_rate", "Rate of the player who mated them", ndim=2)
def YONIN_UPSET_PT(victim_rate: Any, knocker_rate: Any) -> Any:
    """Four-player shogi: upset pt (下克上pt, 0 or less) for being mated by a lower-rated player."""
    return cellwise(yonin.upset_pt, victim_rate, knocker_rate)


@udf(ja="四人将棋: 新レート = レート + 順位pt + 撃破pt + 下克上pt + トラブルpt (下限つき)。")
@arg("rate", "My rate before the game")
@arg("placement", "My place, 1 to 4")
@arg("victim_rates", "Rates of the players I mated (a range; blanks ignored)", ndim=1)
@arg("knocked_by_rate", "Rate of who mated me (blank if I won)")
@arg("trouble_pt", "Trouble pt: −12 for my foul, my share of another's (blank = 0)")
@arg("floor", "Official rank (e.g. 初段) or a minimum rate (blank = 0)")
def YONIN_UPDATE(
    rate: Any, placement: Any, victim_rates: Any, knocked_by_rate: Any,
    trouble_pt: Any = None, floor: Any = None,
) -> Any:
    """Four-player shogi: new rate = rate + place pt + knockout pt + upset pt + trouble pt, floored."""
    victims = [v for v in flat(victim_rates) if not blank(v)]
    return yonin.rate_update(
        rate, placement, victims, None if blank(knocked_by_rate) else knocked_by_rate,
        0 if blank(trouble_pt) else trouble_pt, None if blank(floor) else floor,
    )


@udf(ja="四人将棋: 1局の4人の新レート (rates と同じ向きで)。")
@arg("rates", "The four rates before the game (a row or a column)", ndim=2)
@arg("placements", "The four places, 1 to 4, same order", ndim=2)
@arg("knocked_by", "Per seat: seat number (1–4) of who mated them, blank for the winner, T for resign/time-out", ndim=2)
@arg("floors", "Per seat: official rank or minimum rate (blank = 0)", ndim=2)
def YONIN_GAME(rates: Any, placements: Any, knocked_by: Any, floors: Any = None) -> Any:
    """Four-player shogi: the four new rates of one game, in the same orientation as rates."""
    seats = flat(rates)
    knockers = [None if blank(k) else _seat(k) for k in flat(knocked_by)]
    seat_floors = None if floors is None else [None if blank(f) else f for f in flat(floors)]
    outcome = yonin.rate_game(seats, flat(placements), knockers, seat_floors)
    values = [o.rate for o in outcome]
    shape = grid(rates)
    if len(shape) == 1:
        return [values]
    return [[v] for v in values]


def _seat(value: Any) -> Any:
    """Excel gives seat numbers as floats (3.0) and T as text: pass them on as typed."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().upper() == "T":
        return "T"
    return value


@udf(ja="四人将棋: レートの段級 (2000から初段、200未満は十級)。")
@arg("rate", "A four-player shogi rate", ndim=2)
def YONIN_RANK(rate: Any) -> Any:
    """Four-player shogi: the rank of a rate (初段 from 2000, 十級 below 200)."""
    return cellwise(yonin.rank_label, rate)


def _score(placement: Any, knockouts: Any, rule: Any) -> float:
    if isinstance(rule, float) and rule.is_integer():
        rule = int(rule)  # Excel hands a typed 102 over as 102.0
    return yonin.tournament_score(
        placement, 0 if blank(knockouts) else knockouts, "A" if blank(rule) else rule
    )


@udf(ja="四人将棋の大会得点: A 2/1/0/−1、B 3/1/0/0 + 撃破1人につき1。102式・単勝式は 勝1 分0.5 "
        "負0。")
@arg("placement", "Place, 1 to 4", ndim=2)
@arg("knockouts", "How many players I mated (blank = 0)", ndim=2)
@arg("rule", "A (default), B, 102 or 単勝", ndim=2)
def YONIN_SCORE(placement: Any, knockouts: Any = None, rule: Any = None) -> Any:
    """Four-player tournament score: A 2/1/0/−1 or B 3/1/0/0 plus 1 per knockout; 102/単勝 give 1 win, 0.5 draw, 0 loss."""
    return cellwise(_score, placement, knockouts, rule, required=1)
