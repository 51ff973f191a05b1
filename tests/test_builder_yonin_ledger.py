"""The four-player club ledger computes what the engine computes, in LibreOffice.

Expected values come from ``rating_rules.replay("yonin", …)`` and
:func:`rating_rules.yonin.rate_game` run on the typed tables, and from RULES.md §5's
worked example, never from the sheet's own output. The workbooks are built with their
Players and Games tables and recalculated in the shared LibreOffice call (see conftest).
"""

from __future__ import annotations

import datetime as dt

import pytest
from openpyxl import load_workbook

from rating_rules import replay
from rating_rules.yonin import rate_game
from tests.commands import described
from tests.conftest import ERRORS, column, column_cells, lang_of, shipped
from tests.sheetcases.yonin import NON_MEMBER_WORDS, assert_games_marked, label_in
from tests.sheetcases.yonin_ledger import (
    BAD_FLAGGED,
    BAD_GAMES,
    BAD_INCOMPLETE,
    BAD_PLAYER_FLAGGED,
    BAD_PLAYER_NOTED,
    BAD_QUIET,
    BAD_RATED,
    BAD_TABLES,
    EDITED_GAME,
    ODD_NAMES,
    RANKS,
    SEATS,
)

SHIPPED = shipped("yonin_ledger")
GAME_INPUTS = {"Player": "text", "Place": "choice", "KnockedBy": "choice", "Date": "date"}
PLAYER_INPUTS = {"Name": "text", "Start": "number", "Official": "choice", "Member": "choice",
                 "Mark": "text", "Rest": "choice", "MonthBefore": "integer"}
POINTS = ("Rate", "PlacePt", "KoPt", "UpsetPt", "TroublePt", "NewRate", "Rank")
START_MEMBER, START_NON_MEMBER = 0, 500  # RULES.md §5, which the shipped templates keep


# ---- what the engine says -----------------------------------------------------------------

MEMBER_WORDS = ("会員", "member", *NON_MEMBER_WORDS)


def roster(players: list[dict[str, object]]) -> dict[str, dict[str, object]]:
    """Usable Players rows by name, with start, floor and member flag.

    The first row of a name (in any case) holds it; a row with a bad start, rank or
    member word is not usable, and neither is a later row of the same name.
    """
    out: dict[str, dict[str, object]] = {}
    seen: set[str] = set()
    for index, row in enumerate(players):
        name = row.get("Name")
        if not isinstance(name, str) or name.lower() in seen:
            continue
        seen.add(name.lower())
        start, official, member = row.get("Start"), row.get("Official"), row.get("Member")
        if (not (start is None or isinstance(start, (int, float)))
                or official not in (None, *(label for label, _ in RANKS))
                or member not in (None, *MEMBER_WORDS)):
            continue
        non_member = member in NON_MEMBER_WORDS
        out[name.lower()] = {
            "name": name, "index": index, "official": official, "member": not non_member,
            "start": start if start is not None else
            (START_NON_MEMBER if non_member else START_MEMBER)}
    return out


def expected(tables, rated_games: list[int]) -> dict[str, object]:
    """Every counted seat's values and the final table, by ``rating_rules.replay``."""
    players = roster(tables["Players"])
    rows = tables["Games"]
    logged = []
    for g in rated_games:
        game = rows[g * SEATS:(g + 1) * SEATS]
        who = [players[str(row["Player"]).lower()]["name"] for row in game]
        logged.append((who, [row["Place"] for row in game],
                       [row.get("KnockedBy") for row in game], game[0].get("Date")))
    by_name = {p["name"]: p for p in players.values()}
    initial = {n: p["start"] for n, p in by_name.items()}
    floors = {n: p["official"] for n, p in by_name.items() if p["official"]}
    members = {n: p["member"] for n, p in by_name.items()}
    result = replay("yonin", [g[:3] for g in logged], initial=initial, floors=floors,
                    members=members)
    current = dict(initial)
    seats: dict[int, list[dict[str, object]]] = {}
    for g, (who, places, knocked, _), change in zip(rated_games, logged, result.changes,
                                                   strict=True):
        pre = [current[n] for n in who]
        outcome = rate_game(pre, places, knocked, floors=[floors.get(n) for n in who],
                            members=[members[n] for n in who])
        seats[g] = []
        for s, n in enumerate(who):
            current[n] = pre[s] + change[s]
            o = outcome[s]
            assert o.rate == pytest.approx(current[n], abs=1e-9)  # the two engine paths agree
            seats[g].append({"Rate": pre[s], "PlacePt": o.placement_pt, "KoPt": o.knockout_pt,
                             "UpsetPt": o.upset_pt, "TroublePt": o.trouble_pt,
                             "NewRate": current[n], "Rank": o.rank})
    months = [d.year * 12 + d.month for *_, d in logged if d is not None]
    latest = max(months, default=None)
    month_games = {n: 0 for n in by_name}
    for who, *_, d in logged:
        if d is not None and d.year * 12 + d.month == latest:
            for n in who:
                month_games[n] += 1
    final = {n: result.ratings.get(n, float(initial[n])) for n in by_name}
    order = sorted(by_name, key=lambda n: (-final[n], by_name[n]["index"]))
    return {"seats": seats, "final": final, "played": result.games, "order": order,
            "month": month_games, "ranks": {n: label for n, label in result.ranks.items()},
            "latest": latest, "players": by_name}


def check_seats(wb, want: dict[int, list[dict[str, object]]], lang: str) -> None:
    got = {key: column(wb, f"Games_{key}") for key in (*POINTS, "Status")}
    for g, seats in want.items():
        for s, values in enumerate(seats):
            i = g * SEATS + s
            assert got["Status"][i] in (None, ""), f"game {g}: {got['Status'][i]!r}"
            for key, value in values.items():
                if key == "Rank":
                    assert got[key][i] == label_in(str(value), lang), f"game {g} seat {s + 1}"
                else:
                    assert got[key][i] == pytest.approx(value, abs=1e-9), \
                        f"game {g} seat {s + 1} {key}: {got[key][i]!r} != {value!r}"


def check_table(wb, want: dict[str, object], lang: str) -> None:
    """Players' Rate, Games and Month, and the rate table's order, against the engine."""
    names = column(wb, "Players_Name")
    rates, games, month = (column(wb, f"Players_{k}") for k in ("Rate", "Games", "Month"))
    for name, p in want["players"].items():  # type: ignore[union-attr]
        i = p["index"]
        assert rates[i] == pytest.approx(want["final"][name], abs=1e-9), name
        assert games[i] == want["played"].get(name, 0), name
        assert month[i] == want["month"][name], name
    order = want["order"]
    listed = column(wb, "RateTable_Name")[:len(order)]
    assert listed == order
    table_rates = column(wb, "RateTable_Rate")
    assert table_rates[:len(order)] == pytest.approx([want["final"][n] for n in order])
    assert column(wb, "RateTable_Games")[:len(order)] == [want["played"].get(n, 0)
                                                          for n in order]
    assert column(wb, "RateTable_Month")[:len(order)] == [want["month"][n] for n in order]
    places = column(wb, "RateTable_Place")[:len(order)]
    assert places == [1 + sum(want["final"][m] > want["final"][n] for m in order)
                      for n in order]
    assert all(v in (None, "") for v in column(wb, "RateTable_Name")[len(order):])
    assert len([n for n in names if n is not None]) >= len(order)


# ---- conformance --------------------------------------------------------------------------

@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_and_the_rate_table_match_the_engine(recalc, name):
    check_log(name, recalc.inputs[f"conform_{name}"], recalc.results[f"conform_{name}"])


@pytest.mark.parametrize("name", SHIPPED)
def test_the_builders_values_match_the_engine(builder_logs, name):
    """The same checks on the builder's cached values, before any spreadsheet program:
    the value functions' side, in the fast loop too (``--fast`` runs no LibreOffice)."""
    check_log(name, *builder_logs[name])


def check_log(name: str, tables, path) -> None:
    """Every seat, the Players' rates and the rate table in the file at ``path`` are the
    engine's for ``tables``."""
    wb = load_workbook(path, data_only=True)
    count = len(tables["Games"]) // SEATS
    assert count >= 500 and len(column(wb, "Games_NewRate")) >= count * SEATS
    assert all(v in (None, "") for v in column(wb, "Games_NewRate")[count * SEATS:])
    want = expected(tables, list(range(count)))
    check_seats(wb, want["seats"], lang_of(name))
    check_table(wb, want, lang_of(name))
    title, letter, first, _ = column_cells(wb, "RateTable_LatestMonth")
    shown = wb[title][f"{letter}{first}"].value
    assert shown.year * 12 + shown.month == want["latest"] and shown.day == 1


def test_random_club_covers_every_branch(recalc):
    """Trouble exits with 2, 3 and 4 left, floors, non-members, idle players, no dates."""
    for name in SHIPPED:
        tables = recalc.inputs[f"conform_{name}"]
        rows, players = tables["Games"], tables["Players"]
        games = [rows[g:g + SEATS] for g in range(0, len(rows), SEATS)]
        assert {row["Place"] for row in rows if isinstance(row.get("KnockedBy"), str)} == \
            {2, 3, 4}
        non_members = {p["Name"] for p in players if p.get("Member") in NON_MEMBER_WORDS}
        assert any(row["Player"] in non_members and row.get("KnockedBy") == "T"
                   and row["Place"] > 2 for row in rows)
        want = expected(tables, list(range(len(games))))
        assert {p["Name"] for p in players} - set(want["played"])  # listed, never played
        assert any(game[0].get("Date") is None for game in games)
        assert any(game[1].get("Date") is not None for game in games)
        officials = {p["Name"] for p in players if p.get("Official")}
        seats = [(row["Player"], s) for g, game in enumerate(games)
                 for row, s in zip(game, want["seats"][g], strict=True)]
        raw = [(n, s["Rate"] + s["PlacePt"] + s["KoPt"] + s["UpsetPt"] + s["TroublePt"],
                s["NewRate"]) for n, s in seats]
        assert any(r < 0 and n not in officials for n, r, _ in raw)       # the 0 floor
        assert any(r < new and new > 0 and n in officials for n, r, new in raw)  # rank floor
        assert {s["UpsetPt"] for _, s in seats} >= {0, -2, -4, -6, -8, -10}


@pytest.mark.parametrize("name", SHIPPED)
def test_rules_worked_example_and_the_chain(recalc, name):
    """RULES.md §5's game typed first (starts on the Players sheet); game 7 follows it."""
    wb = load_workbook(recalc.results[f"bad_{name}"], data_only=True)
    assert column(wb, "Games_NewRate")[:SEATS] == [1761, 1410, 2000, 470]
    assert column(wb, "Games_Rate")[:SEATS] == [1720, 1370, 2005, 480]
    assert column(wb, "Games_Rank")[2] == ("初段" if lang_of(name) == "ja" else "1 dan")
    rate_before = column(wb, "Games_Rate")
    assert rate_before[7 * SEATS + 1] == 1410  # B: game 0's result, past six skipped games
    assert rate_before[7 * SEATS + 2] == 1761  # A


@pytest.mark.parametrize("name", SHIPPED)
def test_bad_input_is_flagged_never_an_error(recalc, name):
    lang = lang_of(name)
    src = load_workbook(recalc.sources[f"bad_{name}"])
    wb = load_workbook(recalc.results[f"bad_{name}"], data_only=True)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                where = f"{ws.title}!{cell.coordinate}"
                assert cell.data_type != "e", where
                if cell.value in ERRORS:  # only the typed name "#N/A", as text
                    assert cell.value in ODD_NAMES, where
    for table, inputs in (("Games", GAME_INPUTS), ("Players", PLAYER_INPUTS)):
        typed = BAD_TABLES[table]
        for key in inputs:  # every typed value is still there, unchanged, never a formula
            want = [row.get(key) for row in typed]
            assert column(src, f"{table}_{key}")[:len(typed)] == want, (table, key)
            got = column(wb, f"{table}_{key}")[:len(typed)]
            assert [v.replace(tzinfo=None) if isinstance(v, dt.datetime) else v
                    for v in got] == want, (table, key)
    title, letter, first, _ = column_cells(src, "Players_Name")
    for i, row in enumerate(BAD_TABLES["Players"]):
        if row.get("Name") in ODD_NAMES:
            assert src[title][f"{letter}{first + i}"].data_type == "s", row["Name"]
    status = column(wb, "Games_Status")
    assert_games_marked(status, {key: column(wb, f"Games_{key}") for key in POINTS}, lang,
                        BAD_FLAGGED, BAD_INCOMPLETE, BAD_QUIET)
    assert set(range(len(BAD_GAMES))) == {*BAD_FLAGGED, *BAD_INCOMPLETE, *BAD_QUIET, *BAD_RATED}
    want = expected(BAD_TABLES, list(BAD_RATED))
    check_seats(wb, want["seats"], lang)
    check_table(wb, want, lang)
    assert set(ODD_NAMES) <= set(column(wb, "RateTable_Name"))
    player_status = column(wb, "Players_Status")
    for i in range(len(BAD_TABLES["Players"])):
        words = BAD_PLAYER_FLAGGED.get(i) or BAD_PLAYER_NOTED.get(i)
        if words:
            assert str(player_status[i]).startswith("⚠"), i
            assert (words[0] if lang == "ja" else words[1]) in player_status[i], i
            if i in BAD_PLAYER_FLAGGED:
                assert column(wb, "Players_Rate")[i] in (None, ""), i
        else:
            assert player_status[i] in (None, ""), (i, player_status[i])
    assert all(v in (None, "") for v in status[len(BAD_GAMES) * SEATS:])  # after the last game


# ---- editing a past game ------------------------------------------------------------------

def test_editing_a_past_game_recomputes_everything_after_it(recalc):
    """Game 2 of the conformance log corrected (the runner-up won): every later game and
    the rate table follow the engine's replay of the edited log, not the old one."""
    (name,) = [n for n in SHIPPED if f"edited_{n}" in recalc.results]
    tables, edited = recalc.inputs[f"conform_{name}"], recalc.inputs[f"edited_{name}"]
    changed = [i for i, (a, b) in enumerate(zip(tables["Games"], edited["Games"], strict=True))
               if a != b]
    assert changed and {i // SEATS for i in changed} == {EDITED_GAME}
    wb = load_workbook(recalc.results[f"edited_{name}"], data_only=True)
    count = len(edited["Games"]) // SEATS
    before = expected(tables, list(range(count)))
    after = expected(edited, list(range(count)))
    check_seats(wb, after["seats"], lang_of(name))
    check_table(wb, after, lang_of(name))
    moved = {g for g in range(EDITED_GAME + 1, count) for s in range(SEATS)
             if after["seats"][g][s]["Rate"] != before["seats"][g][s]["Rate"]}
    assert len(moved) > 50  # the edit reached far into the log, and the sheet followed
    assert after["final"] != before["final"]


# ---- structure ------------------------------------------------------------------------------

def test_names_protection_and_validation(built, opened):
    for name in SHIPPED:
        wb = opened[name]
        games, players, rate_table = wb.worksheets[:3]
        for table, inputs, ws in (("Games", GAME_INPUTS, games), ("Players", PLAYER_INPUTS,
                                                                  players)):
            for key in inputs:
                title, letter, first, _ = column_cells(wb, f"{table}_{key}")
                assert title == ws.title and first == 4
                assert not ws[f"{letter}{first}"].protection.locked, key
        for key in ("Rate", "NewRate", "Status", "Id", "PrevRow"):
            title, letter, first, last = column_cells(wb, f"Games_{key}")
            assert ws_locked(wb[title], f"{letter}{first}") and (last - first + 1) % SEATS == 0
        assert column_cells(wb, "RateTable_Name")[0] == rate_table.title
        assert all(w.protection.sheet for w in wb.worksheets)
        for ws in (games, players):
            for dv in ws.data_validations.dataValidation:
                assert dv.showErrorMessage and dv.showInputMessage and dv.prompt
                assert not dv.showDropDown
        lists = {str(dv.sqref)[0]: dv.formula1 for dv in games.data_validations.dataValidation}
        assert lists["C"] == "Players_Name"
        assert lists["D"] == '"1,2,3,4"' and lists["E"] == '"1,2,3,4,T"'
        official = {str(dv.sqref)[0]: dv.formula1 for dv in players.data_validations.dataValidation}
        assert official["C"] == "Settings_RankLabel"
        assert any("Settings_StartNonMember" in str(c.value) for c in players[4])
        for setting in ("PlacePt", "KnockKo", "KnockUp", "RankMin", "RankLabel", "RateFloor",
                        "StartMember", "StartNonMember", "TroubleOffender", "TroublePot"):
            assert f"Settings_{setting}" in wb.defined_names, setting


def ws_locked(ws, ref: str) -> bool:
    return bool(ws[ref].protection.locked)


def test_describe_lists_both_tables(built):
    info, names = described(built[SHIPPED[-1]])
    assert info["workbook"]["system"] == "yonin_ledger"
    assert int(info["workbook"]["players"]) >= 30
    for table, inputs in (("Games", GAME_INPUTS), ("Players", PLAYER_INPUTS)):
        for key, kind in inputs.items():
            entry = names[f"{table}_{key}"]
            assert (entry["role"], entry["type"]) == ("input", kind), key
    assert names["Games_KnockedBy"]["allowed"] == [1, 2, 3, 4, "T"]
    assert names["Games_NewRate"]["role"] == "computed"
    assert names["Players_Rate"]["role"] == "computed"
    assert names["RateTable_LatestMonth"]["type"] == "date"
    assert len(RANKS) == len(names["Players_Official"]["allowed"])


def test_audit_finds_nothing_to_fix_in_a_recalculated_ledger(recalc):
    """audit reads both tables back by their names and rebuilds the same numbers."""
    from workbook_builder.audit import audit

    report = audit(recalc.results[f"bad_{SHIPPED[-1]}"])
    assert report.findings == [] and report.not_calculated == 0
