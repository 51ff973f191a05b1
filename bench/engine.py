"""Part 1: replaying game logs, against a hand-written loop and the elote library.

* ``replay`` for elo, tokin and MOSAIC on the same 1,000,000 two-player games, and
  yonin on 250,000 four-player games;
* the same Elo update as a minimal hand-written loop: the practical limit for pure
  Python, and the registry's Elo replay must match rating for rating;
* that loop again, also recording what ``replay`` returns (each game's changes, each
  player's game count), to show what the API's bookkeeping alone costs;
* elote's ``EloCompetitor``, the library a Python user would pick.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

from rating_rules import replay
from rating_rules.elo import ELO, EloPreset, replay_elo
from rating_rules.systems import SYSTEMS

from .games import TwoPlayerLog, YoninGame, two_player_games, yonin_games
from .report import Config, Contender, Ratio, Section, count, measure, seconds, times

ELO_NAME = next(s.name for s in SYSTEMS.values() if s.replay is replay_elo)
"""The registry's name of the rule the hand-written loop and elote implement."""


def system_logs(log: TwoPlayerLog, four: list[YoninGame]) -> dict[str, list[Any]]:
    """Each registered system the seeded games fit: the two-player logs by the system's
    name (:class:`TwoPlayerLog` has one per system whose game tuple it knows), and the
    four-player games for every four-seat system."""
    logs: dict[str, list[Any]] = {}
    for system in SYSTEMS.values():
        games = four if system.seats == 4 else getattr(log, system.name, None)
        if games is not None:
            logs[system.name] = games
    return logs


def replayer(name: str, games: list[Any]) -> Callable[[], Any]:
    """``replay(name, games)``, to be timed."""
    return lambda: replay(name, games)


def hand_loop(
    games: list[tuple[str, str, float]], k: float = 32.0, scale: float = 400.0,
    start: float = 1500.0,
) -> dict[str, float]:
    """Per-game Elo, rounded after every game, written the direct way.

    ``floor(x + 0.5)`` is Excel's ROUND for the positive ratings of these games; the
    engine also handles negatives and values a hair off a half (``round_half_away``).
    """
    ratings: dict[str, float] = {}
    get = ratings.get
    floor = math.floor
    for a, b, s in games:
        ra = get(a, start)
        rb = get(b, start)
        ea = 1.0 / (1.0 + 10.0 ** ((rb - ra) / scale))
        ratings[a] = floor(ra + k * (s - ea) + 0.5)
        ratings[b] = floor(rb + k * (ea - s) + 0.5)
    return ratings


def hand_loop_with_records(
    games: list[tuple[str, str, float]], k: float = 32.0, scale: float = 400.0,
    start: float = 1500.0,
) -> tuple[dict[str, float], list[tuple[float, float]], dict[str, int]]:
    """:func:`hand_loop` that also returns what ``replay`` must: changes and game counts."""
    ratings: dict[str, float] = {}
    played: dict[str, int] = {}
    changes: list[tuple[float, float]] = []
    get = ratings.get
    floor = math.floor
    append = changes.append
    for a, b, s in games:
        ra = get(a, start)
        rb = get(b, start)
        ea = 1.0 / (1.0 + 10.0 ** ((rb - ra) / scale))
        na = ratings[a] = floor(ra + k * (s - ea) + 0.5)
        nb = ratings[b] = floor(rb + k * (ea - s) + 0.5)
        played[a] = played.get(a, 0) + 1
        played[b] = played.get(b, 0) + 1
        append((na - ra, nb - rb))
    return ratings, changes, played


def elote_replay(games: list[tuple[str, str, float]], start: float = 1500.0) -> dict[str, float]:
    """The games through elote's Elo, as its README shows: one competitor per player,
    ``beat`` for a win and ``tied`` for a draw."""
    from elote import EloCompetitor

    players: dict[str, Any] = {}
    for a, b, s in games:
        if a not in players:
            players[a] = EloCompetitor(initial_rating=start)
        if b not in players:
            players[b] = EloCompetitor(initial_rating=start)
        if s == 1:
            players[a].beat(players[b])
        elif s == 0:
            players[b].beat(players[a])
        else:
            players[a].tied(players[b])
    return {p: c.rating for p, c in players.items()}


def _elote_rules() -> str:
    try:
        from elote import EloCompetitor
    except ImportError:
        return "elote is not installed"
    k = EloCompetitor._k_factor
    floor = EloCompetitor._minimum_rating
    return (f"elote's EloCompetitor: K = {k:g}, scale {EloCompetitor._base_rating:g}, ratings "
            f"never rounded and held at {floor:g} or more")


def _progress(message: str) -> None:
    print(f"engine: {message}", file=sys.stderr, flush=True)


def run(config: Config) -> Section:
    """Time every contender on the same seeded games and compare the final ratings."""
    _progress(f"generating {count(config.games)} two-player games and "
              f"{count(config.yonin_games)} four-player games (seed {config.seed})")
    log = two_player_games(config.games, config.players, config.seed)
    four = yonin_games(config.yonin_games, config.players, config.seed)
    try:
        import elote  # noqa: F401
        have_elote = True
    except ImportError:
        have_elote = False

    def summary(result: Any) -> Any:
        return result.ratings, result.games, len(result.changes)

    logs = system_logs(log, four)
    contenders = [
        Contender("loop", lambda: hand_loop(log.elo)),
        Contender("loop+records", lambda: hand_loop_with_records(log.elo),
                  keep=lambda r: r[0]),
        *(Contender(name, replayer(name, games), keep=summary) for name, games in logs.items()),
    ]
    if have_elote:
        contenders.append(Contender("elote", lambda: elote_replay(log.elo),
                                     repeats=min(2, config.repeats)))
    _progress(f"timing, best of {config.repeats} round-robin runs (elote: at most 2)")
    timing, kept = measure(contenders, config.repeats)

    sizes = {name: config.yonin_games for name in logs if SYSTEMS[name].seats == 4}
    labels = {
        "loop": "hand-written Elo loop (the pure-Python limit)",
        "loop+records": "hand-written loop + changes and game counts",
        "elote": "elote EloCompetitor (beat / tied)",
        **{name: f'replay("{name}")' + (", four-player games" if name in sizes else "")
           for name in logs},
    }
    order = ["loop", "loop+records", ELO_NAME, "elote",
             *(name for name in logs if name != ELO_NAME)]
    rows = []
    for name in order:
        if name not in timing:
            continue
        t = timing[name]
        games = sizes.get(name, config.games)
        rows.append([labels[name], count(games), seconds(t.best), count(games / t.best),
                     str(len(t.runs))])

    best = {name: t.best for name, t in timing.items()}
    elo = labels[ELO_NAME]
    ratios = [Ratio(f"{elo} ÷ hand-written loop", best["loop"] / best[ELO_NAME], 0.7)]
    if have_elote:
        ratios.append(Ratio(f"{elo} ÷ elote", best["elote"] / best[ELO_NAME], 10))
    ratios.append(Ratio("hand-written loop + records ÷ hand-written loop",
                        best["loop"] / best["loop+records"]))

    loop_ratings = kept["loop"]
    elo_ratings, elo_games, elo_changes = kept[ELO_NAME]
    checks = {
        f"{elo} final ratings identical to the hand-written loop's "
        f"({count(len(loop_ratings))} players)": elo_ratings == loop_ratings,
        f"{elo} reports one change per game and every player's game count":
            elo_changes == config.games and sum(elo_games.values()) == 2 * config.games,
        "the loop with records ends on the same ratings": kept["loop+records"] == loop_ratings,
    }

    notes = [
        f"Same seeded games for every two-player contender: {count(config.games)} games among "
        f"{count(config.players)} players, winners drawn from a hidden strength per player, "
        "10% draws for Elo; tokin and MOSAIC take the same pairings and winners without "
        f"draws (MOSAIC: turn difference 0–7). Four-player: {count(config.yonin_games)} "
        "random tables, placements and knock-outs, 3% resignations.",
        f"Elo preset: K = {ELO.k:g}, scale {ELO.scale:g}, start {ELO.start:g}, the new rating "
        "rounded half away from zero after every game.",
        "Wall-clock time (time.perf_counter), best of the runs in the table, taken round "
        "robin so that a busy moment of a shared machine hits every contender alike; elote "
        "runs at most twice (several seconds a run). Game generation is not timed; garbage "
        "collection stays on, as for a user.",
    ]
    notes.extend(_why(best, config.games))
    if have_elote:
        elote_ratings = kept["elote"]
        unrounded = replay(ELO_NAME, log.elo, preset=EloPreset(rounding=False)).ratings
        worst = max(abs(elote_ratings[p] - elo_ratings[p]) for p in elo_ratings)
        worst_raw = max(abs(elote_ratings[p] - unrounded[p]) for p in unrounded)
        notes.append(
            f"{_elote_rules()}. So its final ratings differ from ours (which round after "
            f"every game, as the clubs' sheets do) by up to {worst:.1f} points; against "
            f"replay without rounding (EloPreset(rounding=False)) they agree within "
            f"{worst_raw:.1e}. elote is {times(best['elote'] / best['loop'])} slower than the "
            "loop: each game is a beat/tied call that checks both competitors' types and the "
            "optional scores, makes five debug-log calls, computes 10^(r/400) for both "
            "players and sets both ratings through a validating property."
        )
    return Section(
        key="engine",
        title="Engine replay",
        headers=["Run", "Games", "Best time", "Games/s", "Runs"],
        rows=rows,
        ratios=ratios,
        checks=checks,
        notes=notes,
    )


def _why(best: dict[str, float], games: int) -> list[str]:
    """Where replay's time goes, and what a missed target would have needed."""
    loop, records, elo = best["loop"], best["loop+records"], best[ELO_NAME]
    notes = [
        f"Where replay's time goes: the bare loop takes {seconds(loop)}; recording what "
        f"the API returns and the loop does not (each game's change as a tuple, each "
        f"player's game count) brings it to {seconds(records)}; replay takes {seconds(elo)}, "
        "the rest being its checks of every game (players, score) and the test for a value "
        "at a half, which Excel's ROUND takes away from zero."
    ]
    needs = [("0.7× the loop", loop / 0.7)]
    if "elote" in best:
        needs.append(("10× elote", best["elote"] / 10))
    for label, limit in needs:
        if elo <= limit:
            continue
        if loop > limit:
            reason = (f"even the bare hand-written loop takes {seconds(loop)}, so no pure-Python "
                      "replay can meet it on this machine")
        elif records > limit:
            reason = (f"the hand-written loop that only records the changes and game counts "
                      f"already takes {seconds(records)}: out of reach in pure Python without "
                      "dropping part of replay's result")
        else:
            reason = (f"the loop with the records takes {seconds(records)}, so replay's "
                      "per-game checks make the difference")
        notes.append(f"Missed: {label} means at most {seconds(limit)} for {count(games)} "
                     f"games; {reason}.")
    return notes
