"""The two-player club ledgers compute what ``rating_rules.replay`` computes, in LibreOffice.

Expected values come from the engine's ``replay`` over the log (and RULES.md's rank
tables for the starts), never from the sheet or the builder's own evaluation.
LibreOffice recalculates files built without cached values (see conftest). One test
serves every rule: what differs is read from the rule's declarations (its
``LedgerRule``: ranks, games before, monthly lists, carried values, listed columns)
and the engine's (its ``System``: periods, log fields).
"""

from __future__ import annotations

import datetime as dt

import pytest
from openpyxl import load_workbook

from rating_rules import SYSTEMS, replay
from rating_rules.elo import ELO
from rating_rules.glicko import GLICKO
from rating_rules.go import GO, rank_label, start_points
from rating_rules.mosaic import MOSAIC
from rating_rules.shogi import CLUB24, TOKIN, club24_rank
from tests.conftest import column, shipped
from tests.sheetcases import assert_incomplete
from tests.sheetcases.glicko import ledger_rows
from tests.sheetcases.ledger import ACTIVE, GO_BAD_GAMES, GO_TYPES, HOSTILE, PLAYERS
from workbook_builder.kit.ledger_rule import LedgerRule
from workbook_builder.sheets.ledger import PRESETS, RULES
from workbook_builder.template import load_template

SHIPPED = shipped("ledger")
DEFAULT_START = {"tokin": 1500.0, "club24": 1500.0, "elo": ELO.start, "mosaic": MOSAIC.start,
                 "go": start_points(GO.default_rank), "glicko": GLICKO.start}
"""By engine, a player with no start and no rank: 1級 (1500) for the shogi rules
[assumed], Elo's 1500 and MOSAIC's 100 (RULES.md §6), Go's default rank 1k (the middle
of its band, §4)."""
RANK_START = {"tokin": lambda rank: dict(TOKIN.start_table)[rank],
              "club24": lambda rank: dict(CLUB24.ranks)[rank], "go": start_points}
"""By engine, a declared rank's start (RULES.md §1, §2, §4)."""
GO_LADDER = [code for code, _, _ in GO.table]


def rule_of(name: str) -> LedgerRule:
    """The rule a shipped ledger template declares."""
    return RULES[load_template(f"templates/{name}.toml").preset]


def carries_rank(rule: LedgerRule) -> bool:
    """Whether a player carries a rank from game to game (Go's ladder): the engine then
    starts a player from the declared rank itself, and ranks before points."""
    return any(carried.key == "Rank" for carried in rule.carried)


def by_period(rule: LedgerRule) -> bool:
    """Whether the engine states its rule for rating periods (a month, on the ledger)."""
    return SYSTEMS[rule.engine].by_period


def start_of(rule: LedgerRule, player: dict[str, object]) -> float:
    """RULES.md §1/§2: a typed rating, else the declared rank's, else the default."""
    if "Start" in player:
        return float(player["Start"])  # type: ignore[arg-type]
    if "Rank" in player and rule.has_ranks:
        return float(RANK_START[rule.engine](str(player["Rank"])))
    return DEFAULT_START[rule.engine]


def go_start(player: dict[str, object]) -> tuple[str, object, object]:
    """RULES.md §4: the declared rank (blank: 1k), typed points, rated games before."""
    return (str(player.get("Rank", GO.default_rank)).lower(), player.get("Start"),
            player.get("Prior", 0))


def month(day: dt.date) -> tuple[int, int]:
    return (day.year, day.month)


WORDS = {**GO_TYPES["ja"], **GO_TYPES["en"]}
"""A typed label → the engine's word, for a log field of words (Go's game type)."""


def log_extras(rule: LedgerRule, game: dict[str, object]) -> tuple[object, ...]:
    """The game tuple's fields after the result: the rule's extra inputs, in the order
    of the engine's log fields (a word field's blank is its default)."""
    keys = [column.key for column in rule.extras(preset_for(rule), "ja")]
    fields = SYSTEMS[rule.engine].log_fields
    assert len(keys) == len(fields), (keys, fields)
    return tuple(WORDS.get(game.get(key), field.default)  # type: ignore[arg-type]
                 if field.kind == "word" else game.get(key)
                 for key, field in zip(keys, fields, strict=True))


def preset_for(rule: LedgerRule) -> object:
    """A preset of ``rule`` (its extra columns' keys are the same in every one)."""
    return next(PRESETS[name] for name, known in RULES.items() if known is rule)


def engine_run(rule: LedgerRule, tables, games_idx: list[int] | None = None):
    """``replay`` over the log's games (all of them, or those at ``games_idx``)."""
    players = tables["Players"]
    games = tables["Games"]
    chosen = range(len(games)) if games_idx is None else games_idx
    initial = {p["Name"]: go_start(p) if carries_rank(rule) else start_of(rule, p)
               for p in players if "Name" in p}
    options: dict[str, object] = {"initial": initial}
    log = [(games[i]["PlayerA"], games[i]["PlayerB"], games[i]["Result"],
            *log_extras(rule, games[i])) for i in chosen]
    if rule.monthly:  # both monthly ledgers are built with the monthly lists on
        options["periods"] = [month(games[i]["Date"]) for i in chosen]
    if rule.has_prior and not carries_rank(rule):  # a ranked player's are in its start
        options["prior_games"] = {p["Name"]: p.get("Prior", 0) for p in players}
    return replay(rule.engine, log, **options)


def engine_changes(rule: LedgerRule, tables, games_idx: list[int] | None = None):
    """Each chosen game's (change A, change B) as the ledger shows them: ``replay``'s, or
    for a rule stated for periods (Glicko's month), how much the game moves each
    player's rating if the month closed at it (``ledger_rows``, from the engine's steps)."""
    if not by_period(rule):
        return engine_run(rule, tables, games_idx).changes
    games = tables["Games"]
    chosen = [games[i] for i in (range(len(games)) if games_idx is None else games_idx)]
    starts = {p["Name"]: start_of(rule, p) for p in tables["Players"] if "Name" in p}
    return [(da, db) for da, db, _, _ in ledger_rows(chosen, starts)]


def seeded_log(recalc, name: str):
    """A ledger's seeded log: its rule, its tables, LibreOffice's values, the engine's run."""
    rule, tables = rule_of(name), recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    return rule, tables, wb, engine_run(rule, tables)


def builder_log(builder_logs, name: str):
    """The same log as the builder writes it: its cached values instead of LibreOffice's."""
    rule, (tables, path) = rule_of(name), builder_logs[name]
    return rule, tables, load_workbook(path, data_only=True), engine_run(rule, tables)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_matches_the_engine(recalc, name):
    check_games(name, *seeded_log(recalc, name))


@pytest.mark.parametrize("name", SHIPPED)
def test_the_builders_values_match_the_engine(builder_logs, name):
    """The games and the list as the builder's value functions give them, before any
    spreadsheet program: the checks of the two tests on LibreOffice's values, in the
    fast loop too (``--fast`` runs no spreadsheet program)."""
    log = builder_log(builder_logs, name)
    check_games(name, *log)
    check_list(name, *log)


def check_games(name: str, rule: LedgerRule, tables, wb, expected) -> None:
    """Every game's changes and new ratings in ``wb`` are the engine's."""
    n = len(tables["Games"])
    assert n >= 300
    assert all(s in (None, "") for s in column(wb, "Games_Status")[:n])
    got = {k: column(wb, f"Games_{k}")[:n] for k in ("ChangeA", "ChangeB", "NewA", "NewB")}
    ratings = {p["Name"]: start_of(rule, p) for p in tables["Players"]}
    if by_period(rule):
        check_glicko_games(rule, wb, tables, expected)
        return
    for i, game in enumerate(tables["Games"]):
        da, db = expected.changes[i]
        a, b = game["PlayerA"], game["PlayerB"]
        if not rule.monthly:  # per game: the new rating is the old one plus the change
            ratings[a] += da
            ratings[b] += db
            assert got["NewA"][i] == pytest.approx(ratings[a], abs=1e-9), (name, i)
            assert got["NewB"][i] == pytest.approx(ratings[b], abs=1e-9), (name, i)
        assert got["ChangeA"][i] == pytest.approx(da, abs=1e-9), (name, i)
        assert got["ChangeB"][i] == pytest.approx(db, abs=1e-9), (name, i)


def check_glicko_games(rule: LedgerRule, wb, tables, result) -> None:
    """A month is a period: a game's change is how much it moves the player's rating if
    the month closed at it (``ledger_rows``, from the engine's steps), the last closes
    are ``replay``'s ratings and each player's RD now is its ``deviations``."""
    starts = {p["Name"]: start_of(rule, p) for p in tables["Players"]}
    rows = ledger_rows(tables["Games"], starts)
    ratings = dict(starts)
    for game, (da, db, _, _) in zip(tables["Games"], rows, strict=True):
        ratings[game["PlayerA"]] += da
        ratings[game["PlayerB"]] += db
    assert {p: ratings[p] for p in result.ratings} == pytest.approx(result.ratings, abs=1e-9)
    n = len(rows)
    got = [column(wb, f"Games_{k}")[:n] for k in ("ChangeA", "ChangeB", "NewRDA", "NewRDB")]
    for j, values in enumerate(got):
        assert values == pytest.approx([row[j] for row in rows], abs=1e-9), j
    # Players' RD now: grown to the log's last month, as replay's deviations (and rate)
    shown = dict(zip(column(wb, "Players_Name"), column(wb, "Players_RD"), strict=True))
    assert {p: shown[p] for p in result.deviations} == pytest.approx(result.deviations,
                                                                      abs=1e-9)
    assert all(shown[p["Name"]] == GLICKO.start_rd for p in tables["Players"][ACTIVE:])


@pytest.mark.parametrize("name", SHIPPED)
def test_rating_list_is_the_engine_ranking(recalc, name):
    check_list(name, *seeded_log(recalc, name))


def check_list(name: str, rule: LedgerRule, tables, wb, result) -> None:
    """The rating list in ``wb`` is the engine's ranking, with its games and ranks."""
    players = tables["Players"]
    final = {p["Name"]: result.ratings.get(p["Name"], start_of(rule, p)) for p in players}
    ranks = {p["Name"]: result.ranks.get(p["Name"], go_start(p)[0]) for p in players}
    strength: dict[object, tuple[float, ...]] = {  # Go: rank first, then points (§4)
        w: (-GO_LADDER.index(ranks[w]), x) if carries_rank(rule) else (x,)
        for w, x in final.items()}
    order = sorted(range(len(players)), key=lambda i: strength[players[i]["Name"]],
                   reverse=True)  # stable: ties keep the Players order
    latest = max(month(g["Date"]) for g in tables["Games"])
    listed = [column(wb, f"List_{k}")[:PLAYERS] for k in ("Name", "Rating", "Games", "ThisMonth",
                                                          "Place")]
    for k, i in enumerate(order):
        who = players[i]["Name"]
        mine = [g for g in tables["Games"] if who in (g["PlayerA"], g["PlayerB"])]
        this_month = sum(month(g["Date"]) == latest for g in mine)
        place = 1 + sum(r > strength[who] for r in strength.values())
        assert [x[k] for x in listed] == [who, pytest.approx(final[who]), len(mine),
                                          this_month, place], (name, k)
    assert column(wb, "List_Name")[PLAYERS] in (None, "")
    idle = [p["Name"] for p in players[ACTIVE:]]
    assert all(p not in result.ratings for p in idle) and all(p in listed[0] for p in idle)
    if "RD" in [key for key, _, _ in rule.listed]:  # each listed RD is the engine's:
        # replay's deviations, or a new player's starting RD
        rds = dict(zip(listed[0], column(wb, "List_RD")[:PLAYERS], strict=True))
        assert rds == pytest.approx({p["Name"]: result.deviations.get(p["Name"], GLICKO.start_rd)
                                     for p in players}, abs=1e-9)
    else:
        assert "List_RD" not in wb.defined_names
    if not rule.rank_labels:
        return
    labels = dict(zip(listed[0], column(wb, "List_Label")[:PLAYERS], strict=True))
    if not carries_rank(rule):  # the label of the rating (Club 24's table)
        assert all(labels[p] == club24_rank(final[p]) for p in final)
        return
    # the rank after the border zone, 仮 until 20 rated games
    rated = {p["Name"]: result.games.get(p["Name"], go_start(p)[2]) for p in players}
    assert all(labels[p] == rank_label(ranks[p], rated[p] < 20) for p in final)
    assert ranks != {p["Name"]: go_start(p)[0] for p in players}  # some ranks moved


@pytest.mark.parametrize("name", [n for n in SHIPPED
                                  if rule_of(n).monthly and not by_period(rule_of(n))])
def test_monthly_list_is_the_list_after_the_latest_month(recalc, name):
    """RULES.md §1: a month's games use the last list; the month's changes make the next
    (a rule stated for periods closes each month instead: its changes are checked game
    by game)."""
    rule, tables = rule_of(name), recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    games = tables["Games"]
    latest = max(month(g["Date"]) for g in games)
    upto = [i for i, g in enumerate(games) if month(g["Date"]) <= latest]
    before = [i for i, g in enumerate(games) if month(g["Date"]) < latest]
    after, previous = engine_run(rule, tables, upto), engine_run(rule, tables, before)
    starts = {p["Name"]: start_of(rule, p) for p in tables["Players"]}
    rows = zip(*(column(wb, f"MonthList_{k}") for k in ("Name", "Rating", "Change", "Games")),
               strict=True)
    shown = {r[0]: r[1:] for r in rows if r[0] not in (None, "")}
    assert set(shown) == set(after.ratings)  # only players with a game by then are listed
    for who, rating in after.ratings.items():
        played = sum(who in (games[i]["PlayerA"], games[i]["PlayerB"]) for i in upto
                     if month(games[i]["Date"]) == latest)
        change = rating - previous.ratings.get(who, starts[who])
        assert shown[who] == (pytest.approx(rating), pytest.approx(change), played), who
    ratings = [shown[w][0] for w in column(wb, "MonthList_Name") if w in shown]
    assert ratings == sorted(ratings, reverse=True)


@pytest.mark.parametrize("name", [n for n in SHIPPED if n.endswith("_ja")])
def test_editing_a_past_game_recomputes_everything_after_it(recalc, name):
    rule = rule_of(name)
    before = engine_changes(rule, recalc.inputs[f"conform_{name}"])
    edited = recalc.inputs[f"edited_{name}"]
    after = engine_changes(rule, edited)
    wb = load_workbook(recalc.results[f"edited_{name}"], data_only=True)
    n = len(edited["Games"])
    changes = list(zip(column(wb, "Games_ChangeA")[:n], column(wb, "Games_ChangeB")[:n],
                       strict=True))
    assert changes == [pytest.approx(c, abs=1e-9) for c in after]
    moved = [i for i in range(n) if after[i] != before[i]]
    if carries_rank(rule):  # a Go change moves with a rank only; the points always follow
        points = points_of_a(rule, edited, after)
        assert column(wb, "Games_NewA")[:n] == [pytest.approx(x, abs=1e-9) for x in points]
        old = points_of_a(rule, recalc.inputs[f"conform_{name}"], before)
        moved = [i for i in range(n) if points[i] != old[i]]
    assert len(moved) > 3 and max(moved) > 50  # the edit reached games far below it


def points_of_a(rule: LedgerRule, tables, changes) -> list[float]:
    """Player A's rating after each game: the start plus the engine's changes so far."""
    ratings = {p["Name"]: start_of(rule, p) for p in tables["Players"] if "Name" in p}
    out = []
    for game, (da, db) in zip(tables["Games"], changes, strict=True):
        ratings[game["PlayerA"]] += da
        ratings[game["PlayerB"]] += db
        out.append(ratings[game["PlayerA"]])
    return out


@pytest.mark.parametrize("name", SHIPPED)
def test_bad_input_is_flagged_never_an_error_and_kept(recalc, name):
    rule = rule_of(name)
    tables = recalc.inputs[f"bad_{name}"]
    wb = load_workbook(recalc.results[f"bad_{name}"], data_only=True)
    raw = load_workbook(recalc.results[f"bad_{name}"])
    for ws in raw.worksheets:  # formula cells only: "#N/A" is also a name typed as text
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":  # an error value, not a name shown as text
                    shown = wb[ws.title][cell.coordinate]
                    assert shown.data_type != "e", (name, ws.title, cell.coordinate, shown.value)
    for table in ("Players", "Games"):
        for i, row in enumerate(tables[table]):
            for key, value in row.items():
                if key == "Rank" and not rule.has_ranks:
                    continue
                cells = column(raw, f"{table}_{key}")
                typed = value if not isinstance(value, dt.date) else dt.datetime.combine(
                    value, dt.time())
                assert cells[i] == typed, (table, key, i)
    status = column(wb, "Games_Status")
    names = column(wb, "Players_Name")
    assert all(h in names for h in HOSTILE)
    en = name.endswith("_en")
    assert status[1] == ("⚠ not on the Players sheet: 'Tanaka'" if en
                         else "⚠ 名簿にない名前: 「Tanaka」")
    spaced = len(tables["Games"]) - 5  # SPACED_GAMES, then FAR_START's game
    texts = status[spaced + 2:spaced + 4]  # a result typed as text "1" and "１"
    assert all(s.startswith(("⚠ 勝敗は", "⚠ result must be")) for s in texts), texts
    assert status[spaced:spaced + 2] == (
        ["⚠ not on the Players sheet: 'P05 ' — a space too many?",
         "⚠ not on the Players sheet: '\u3000p05' — a space too many?"] if en
        else ["⚠ 名簿にない名前: 「P05 」 — 前後に余分な空白? (全角も)",
              "⚠ 名簿にない名前: 「\u3000p05」 — 前後に余分な空白? (全角も)"])
    spaced_player = players_status_of(wb)[len(tables["Players"]) - 2]
    assert spaced_player == ("⚠ extra space in the name: 'P06\u3000'" if en
                             else "⚠ 名前に余分な空白 (全角も): 「P06\u3000」")
    assert status[3].startswith("⚠") and status[4].startswith("⚠")  # same player; bad start
    assert status[5].startswith("⚠") and status[6].startswith("⚠")  # result 2; text date
    assert status[7] in (None, "")  # blank row
    assert_incomplete(status[9], "en" if en else "ja", "row 9")  # player B missing
    assert_incomplete(status[14], "en" if en else "ja", "row 14")  # the result to come
    assert status[10].startswith("⚠")  # result "x"
    if rule.has_ranks:
        assert status[12].startswith("⚠")  # P04 declared a rank the table does not have
    if GO_BAD_GAMES[0] in tables["Games"]:  # handicap 0.3, 12, text; type "blitz"; a
        # forfeit win A lost
        assert all(s.startswith("⚠") for s in status[15:20]), status[15:21]
        assert status[20] in (None, "")
        assert all(s.startswith("⚠") for s in players_status_of(wb)[14:16])  # BC; prior -3
    players_status = column(wb, "Players_Status")
    duplicate = ("⚠ same name above: this row is not used" if en
                 else "⚠ 同じ名前が上にある (この行は使わない)")
    assert players_status[9] == duplicate  # p01 repeats P01 in another case: not used,
    assert column(wb, "Players_Rating")[9] in (None, "")  # so not rated and not listed
    assert "p01" not in column(wb, "List_Name")
    assert players_status[12] == ("⚠ name is missing" if en else "⚠ 名前がない")  # a start
    assert players_status[10].startswith("⚠")  # start "abc"
    last = len(tables["Players"]) - 1  # FAR_START: a start out of range is flagged …
    assert players_status[last].startswith("⚠") and "100,000" in players_status[last]
    game = len(tables["Games"]) - 1  # … and so is its game, quoting the player
    assert status[game].startswith("⚠") and "P99" in status[game], status[game]


def players_status_of(wb) -> list[object]:
    return column(wb, "Players_Status")


@pytest.mark.parametrize("name", SHIPPED)
def test_valid_rows_among_bad_ones_follow_the_engine(recalc, name):
    rule = rule_of(name)
    tables = recalc.inputs[f"bad_{name}"]
    wb = load_workbook(recalc.results[f"bad_{name}"], data_only=True)
    counted = [i for i, s in enumerate(column(wb, "Games_Status")[:len(tables["Games"])])
               if s in (None, "") and tables["Games"][i].get("Result") in (0, 1, 0.5)
               and "PlayerB" in tables["Games"][i]]
    assert {0, 2, 8, 13} <= set(counted)
    if GO_BAD_GAMES[0] in tables["Games"]:
        assert {20} <= set(counted) and not set(counted) & set(range(15, 20))
    players = [p for p in tables["Players"] if "Name" in p and p["Name"] != "p01"
               and isinstance(p.get("Start", 0), (int, float)) and p.get("Rank") != "九段"]
    expected = engine_changes(rule, {**tables, "Players": players}, counted)
    got = list(zip(column(wb, "Games_ChangeA"), column(wb, "Games_ChangeB"), strict=True))
    assert [got[i] for i in counted] == [pytest.approx(c) for c in expected]


@pytest.mark.parametrize("name", [n for n in SHIPPED if n.endswith("_ja")])
def test_repair_round_trip_keeps_every_input_and_value(recalc, tmp_path, name):
    """Fill a ledger, let LibreOffice save it, repair it: inputs and values all survive."""
    from workbook_builder.audit import audit
    from workbook_builder.repair import repair

    saved = recalc.results[f"conform_{name}"]
    assert audit(saved).findings == []
    report = repair(saved, tmp_path / "repaired.xlsx")
    assert report.restored == []
    before_raw, after_raw = load_workbook(saved), load_workbook(tmp_path / "repaired.xlsx")
    before = load_workbook(saved, data_only=True)
    after = load_workbook(tmp_path / "repaired.xlsx", data_only=True)
    tables = recalc.inputs[f"conform_{name}"]
    for table, rows in tables.items():
        for key in {k for row in rows for k in row}:
            if key == "Rank" and not rule_of(name).has_ranks:
                continue
            assert column(after_raw, f"{table}_{key}") == column(before_raw, f"{table}_{key}")
    for key in ("Games_NewA", "Games_NewB", "Games_Status", "Players_Rating", "List_Name",
                "List_Rating"):
        assert column(after, key) == [pytest.approx(x, abs=1e-9) if isinstance(x, float) else x
                                      for x in column(before, key)], key
