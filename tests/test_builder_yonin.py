"""The four-player shogi sheet computes what the engine computes, in LibreOffice.

Expected values come from :mod:`rating_rules.yonin` (``rate_game``, ``tournament_score``)
and RULES.md §5's worked examples, never from the sheet's own output. The workbooks are
recalculated in the shared single LibreOffice call (see conftest).
"""

from __future__ import annotations

import zipfile

import pytest
from openpyxl import load_workbook

from rating_rules.yonin import rate_game, tournament_score
from tests.commands import described
from tests.conftest import ERRORS, assert_inputs_kept, column_cells, games_column, lang_of, shipped
from tests.sheetcases.yonin import (
    BAD_FLAGGED,
    BAD_GAMES,
    BAD_INCOMPLETE,
    BAD_QUIET,
    BAD_RATED,
    BAD_ROWS,
    NON_MEMBER_WORDS,
    SEATS,
    assert_games_marked,
    label_in,
)

SHIPPED = shipped("yonin")
INPUTS = {"Player": "text", "Rate": "number", "Place": "choice", "KnockedBy": "choice",
          "Official": "choice", "Member": "choice"}
SHOWN = ("PlacePt", "KoPt", "UpsetPt", "TroublePt", "NewRate", "Rank", "Score", "Win")
COMPUTED = ("Game", "Seat", *SHOWN, "Status")


def expected_game(rows: list[dict[str, object]], lang: str) -> list[dict[str, object]]:
    """Every shown column of one valid game, from the engine."""
    knocked = [row.get("KnockedBy") for row in rows]
    places = [row["Place"] for row in rows]
    outcome = rate_game([row["Rate"] for row in rows], places, knocked,
                        floors=[row.get("Official") for row in rows],
                        members=[row.get("Member") not in NON_MEMBER_WORDS for row in rows])
    # who is credited with each exit: a seat, or the 1st place for T with two left
    credit = [k if isinstance(k, int) else (places.index(1) + 1 if k and p == 2 else 0)
              for k, p in zip(knocked, places, strict=True)]
    out = []
    for s, o in enumerate(outcome):
        out.append({"PlacePt": o.placement_pt, "KoPt": o.knockout_pt, "UpsetPt": o.upset_pt,
                    "TroublePt": o.trouble_pt, "NewRate": o.rate,
                    "Rank": label_in(o.rank, lang),
                    "Score": tournament_score(places[s], credit.count(s + 1), "A"),
                    "Win": tournament_score(places[s], 0, "102")})
    return out


def check_game(wb, rows, game: int, lang: str) -> None:
    got = {key: games_column(wb, key) for key in (*SHOWN, "Status")}
    for s, want in enumerate(expected_game(rows, lang)):
        i = game * SEATS + s
        assert got["Status"][i] in (None, ""), f"game {game} seat {s + 1}: {got['Status'][i]!r}"
        for key, value in want.items():
            if isinstance(value, str):
                assert got[key][i] == value, f"game {game} seat {s + 1} {key}"
            else:
                assert got[key][i] == pytest.approx(value, abs=1e-9), \
                    f"game {game} seat {s + 1} {key}: {got[key][i]!r} != {value!r}"


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_matches_the_engine(recalc, name):
    check_log(name, recalc.inputs[f"conform_{name}"], recalc.results[f"conform_{name}"])


@pytest.mark.parametrize("name", SHIPPED)
def test_the_builders_values_match_the_engine(builder_logs, name):
    """The same check on the builder's cached values, before any spreadsheet program:
    the value functions' side, in the fast loop too (``--fast`` runs no LibreOffice)."""
    check_log(name, *builder_logs[name])


def check_log(name: str, rows, path) -> None:
    """Every game of ``rows`` in the file at ``path`` shows the engine's values."""
    wb = load_workbook(path, data_only=True)
    assert len(rows) == len(games_column(wb, "NewRate")) == 200
    for game in range(len(rows) // SEATS):
        check_game(wb, rows[game * SEATS:(game + 1) * SEATS], game, lang_of(name))


RULES_EXAMPLES = {0: (1761, 1410, 2000, 470), 17: (1767, 1396, 2000, 470)}
"""RULES.md §5's worked example and its time-out variant, typed into games 0 and 17."""


@pytest.mark.parametrize("name", SHIPPED)
def test_rules_worked_examples(recalc, name):
    wb = load_workbook(recalc.results[f"example_{name}"], data_only=True)
    new = games_column(wb, "NewRate")
    for game, rates in RULES_EXAMPLES.items():
        assert new[game * SEATS:(game + 1) * SEATS] == list(rates)
    trouble = games_column(wb, "TroublePt")[17 * SEATS:18 * SEATS]
    upset = games_column(wb, "UpsetPt")[17 * SEATS:18 * SEATS]
    assert trouble == [6, 6, -12, 0] and upset[2] == -10  # C: 2005 − 10 − 12 = 1983 → 2000
    rank = games_column(wb, "Rank")[2]
    assert rank == ("初段" if lang_of(name) == "ja" else "1 dan")


@pytest.mark.parametrize("name", SHIPPED)
def test_bad_games_are_flagged_never_an_error(recalc, name):
    lang = lang_of(name)
    src = load_workbook(recalc.sources[f"example_{name}"])
    wb = load_workbook(recalc.results[f"example_{name}"], data_only=True)
    title, letter, first, _ = column_cells(wb, "Games_Player")
    typed_error_text = {(title, f"{letter}{first + i}") for i, row in enumerate(BAD_ROWS)
                        if row.get("Player") in ERRORS}
    assert typed_error_text  # a name typed as "#N/A" stays text
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                where = f"{ws.title}!{cell.coordinate}"
                assert cell.data_type != "e", where
                if (ws.title, cell.coordinate) not in typed_error_text:
                    assert cell.value not in ERRORS, where
    assert_inputs_kept(src, wb, INPUTS, BAD_ROWS)
    status = games_column(wb, "Status")
    assert_games_marked(status, {key: games_column(wb, key) for key in SHOWN}, lang,
                        BAD_FLAGGED, BAD_INCOMPLETE, BAD_QUIET)
    for game in BAD_RATED:
        check_game(wb, BAD_GAMES[game], game, lang)
    typed = recalc.inputs[f"example_{name}"]  # the bad games, then the sheet's examples
    assert all(v in (None, "") for v in status[len(typed):])


def test_names_protection_and_validation(built, opened):
    for name in SHIPPED:
        wb = opened[name]
        ws = wb.worksheets[0]
        for key in [*INPUTS, *COMPUTED]:
            title, letter, first, last = column_cells(wb, f"Games_{key}")
            assert (title, first, last) == (ws.title, 4, 203), key
            locked = ws[f"{letter}{first}"].protection.locked
            assert locked == (key not in INPUTS), key
        assert all(w.protection.sheet for w in wb.worksheets)
        for dv in ws.data_validations.dataValidation:
            assert dv.showErrorMessage and dv.showInputMessage and dv.prompt
            assert not dv.showDropDown
        lists = {str(dv.sqref)[0]: dv.formula1 for dv in ws.data_validations.dataValidation}
        assert lists["E"] == '"1,2,3,4"' and lists["F"] == '"1,2,3,4,T"'
        _, official, _, _ = column_cells(wb, "Games_Official")
        assert lists[official] == "Settings_RankLabel"
        for setting in ("PlacePt", "KnockBelow", "KnockKo", "KnockUp", "RankMin", "RankLabel",
                        "ScoreA", "ScoreB", "Score102", "ScoreTansho", "TroubleOffender",
                        "TroublePot", "RateFloor", "ScoreRule", "WinRule"):
            assert f"Settings_{setting}" in wb.defined_names, setting
        settings = wb.worksheets[1]
        ((_, ref),) = list(wb.defined_names["Settings_PlacePt"].destinations)
        assert [c.value for (c,) in settings[ref.replace("$", "")]] == [35, 20, 0, -10]
        _, place_pt, first, _ = column_cells(wb, "Games_PlacePt")
        _, ko_given, _, _ = column_cells(wb, "Games_KoGiven")
        assert "Settings_PlacePt" in ws[f"{place_pt}{first}"].value
        assert "Settings_KnockKo" in ws[f"{ko_given}{first + 1}"].value


def test_describe_lists_the_columns(built):
    info, names = described(built["yonin_en"])
    assert info["workbook"]["system"] == "yonin"
    for key, kind in INPUTS.items():
        assert (names[f"Games_{key}"]["role"], names[f"Games_{key}"]["type"]) == ("input", kind)
    assert names["Games_KnockedBy"]["allowed"] == [1, 2, 3, 4, "T"]
    assert "1 dan" in names["Games_Official"]["allowed"]
    assert names["Games_NewRate"]["role"] == "computed"


def test_no_chart_and_no_error_cached(built):
    with zipfile.ZipFile(built["yonin_ja"]) as zf:
        assert not [n for n in zf.namelist() if n.startswith("xl/charts/")]
        xml = zf.read("xl/worksheets/sheet1.xml").decode()
    assert 't="e"' not in xml
