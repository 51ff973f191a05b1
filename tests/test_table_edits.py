"""A secretary's edits to the game list, made in LibreOffice: right, or flagged — never silent.

Every workbook kind gets the edits a person makes to a log (cut and paste a game, swap
two, insert a row, type a game into it, delete one, sort, copy a row; for the
four-player sheets also move one seat), made through UNO in real LibreOffice and judged
against the engine by ``tests/edit_matrix.py`` (its docstring has the verdicts). A case
passes when the sheet shows the engine's numbers, or when what it gets wrong is under a
⚠ the person can see; it fails when a wrong number or an error value shows with no
warning. The whole matrix is printed once, so a run shows every verdict.

The LibreOffice work (about a minute on two cores: two soffice processes, each case in
one of them) runs from the start of the session as an :func:`~tests.conftest.early`
job, like the other modules with a LibreOffice run of their own. The judge itself is
tested first, without LibreOffice, on built files whose shown values are changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import early
from tests.edit_matrix import (
    Layout,
    Verdict,
    build_kind,
    cases,
    run_matrix,
    table,
    uno_missing,
    verdict_of,
)
from workbook_builder.cli import main
from workbook_builder.desk_url import desk_url
from workbook_builder.readback import Opened, cells_of, open_project_workbook

MISSING = uno_missing()
CASES = cases()


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> dict[str, Layout]:
    """A personal sheet, a ledger and a four-player sheet as built, with the engine's
    values cached: the judge must find them right."""
    work = tmp_path_factory.mktemp("judge")
    return {kind: build_kind(kind, 7, work) for kind in ("mosaic", "ledger_mosaic", "yonin")}


def opened(layout: Layout) -> Opened:
    return open_project_workbook(layout.path)


def put(book: Opened, name: str, index: int, value: object) -> tuple[str, str]:
    """Show ``value`` in the ``index``-th cell of ``name`` (as if a program computed it)."""
    title, coord = cells_of(book.formulas, name)[index]
    book.values[title][coord].value = value
    return title, coord


@pytest.mark.parametrize("kind", ["mosaic", "ledger_mosaic", "yonin"])
def test_the_engine_s_own_values_are_right(small: dict[str, Layout], kind: str) -> None:
    verdict = verdict_of(opened(small[kind]), small[kind].seats)
    assert verdict.verdict == "RIGHT", verdict.details
    assert verdict.compared > 50


def test_a_wrong_rating_is_silent_until_its_row_shows_a_warning(
        small: dict[str, Layout]) -> None:
    book = opened(small["mosaic"])
    put(book, "Games_Rating", 5, 999)
    assert verdict_of(book, 1).verdict == "SILENTLY WRONG"
    put(book, "Games_Status", 5, "⚠ shifted row")
    assert verdict_of(book, 1).verdict == "FLAGGED"
    put(book, "Games_Status", 5, "")
    put(book, "Games_Status", 6, "⚠ the next row")  # another row's warning does not count
    assert verdict_of(book, 1).verdict == "SILENTLY WRONG"


def test_an_error_value_is_never_flagged(small: dict[str, Layout]) -> None:
    book = opened(small["mosaic"])
    put(book, "Games_Rating", 5, "#REF!")
    put(book, "Games_Status", 5, "⚠ shifted row")
    verdict = verdict_of(book, 1)
    assert verdict.verdict == "SILENTLY WRONG"
    assert any("shows #REF!" in line for line in verdict.details)


def test_a_wrong_list_needs_a_banner_on_its_own_sheet(small: dict[str, Layout]) -> None:
    book = opened(small["ledger_mosaic"])
    title, _ = put(book, "List_Rating", 0, 12345)
    assert verdict_of(book, 1).verdict == "SILENTLY WRONG"
    games = cells_of(book.formulas, "Games_Status")[0][0]
    book.values[games]["A1"].value = "⚠ rows moved"
    assert verdict_of(book, 1).verdict == "SILENTLY WRONG"
    book.values[title]["A1"].value = "⚠ rows moved"
    assert verdict_of(book, 1).verdict == "FLAGGED"


def test_a_four_player_game_is_flagged_by_any_of_its_rows(small: dict[str, Layout]) -> None:
    book = opened(small["yonin"])
    put(book, "Games_NewRate", 4 + 2, 1)  # game 2, seat 3
    put(book, "Games_Status", 4, "⚠ game 2")
    assert verdict_of(book, 4).verdict == "FLAGGED"
    put(book, "Games_Status", 4, "")
    put(book, "Games_Status", 8, "⚠ game 3")
    assert verdict_of(book, 4).verdict == "SILENTLY WRONG"


@early
def edit_matrix(_: dict[str, Path], work: Path) -> list[Verdict]:
    """Every (kind, edit) case, built, edited in LibreOffice and judged."""
    if uno_missing() is not None:
        return []
    return run_matrix(work=work)


@pytest.fixture(scope="module")
def verdicts(early_jobs, request) -> dict[tuple[str, str], Verdict]:
    """The verdicts by (kind, edit), the matrix printed past pytest's capture."""
    found: list[Verdict] = early_jobs["edit_matrix"].result()
    capture = request.config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():
        print("\n" + table(found))
    return {(v.kind, v.edit): v for v in found}


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
@pytest.mark.parametrize(("kind", "edit"), CASES, ids=[f"{k}-{e}" for k, e in CASES])
def test_an_edit_is_right_or_flagged(verdicts: dict[tuple[str, str], Verdict], kind: str,
                                     edit: str) -> None:
    verdict = verdicts[(kind, edit)]
    shown = "\n  ".join(verdict.details)
    harness, silent = verdict.harness_failed, verdict.silent
    assert not harness, f"the edit itself went wrong: {verdict.verdict}\n  {shown}"
    assert not silent, (
        f"{kind} × {edit}: {verdict.verdict}: {verdict.differing} of {verdict.compared} "
        f"computed cells differ from the engine, {verdict.unflagged} with no ⚠\n  {shown}")


CAUSE = {"insert_empty": "inserted", "insert_typed": "inserted", "delete": "deleted",
         "sort": "sorted", "copy_row": "copy"}
"""The word ``audit`` must use for the edit, where the sheet flags it."""
FOLLOWED = frozenset({"none", "move", "swap", "sort", "copy_row", "move_seat"})
"""Edits after which a sheet that is right has nothing to report."""


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
@pytest.mark.parametrize(("kind", "edit"), CASES, ids=[f"{k}-{e}" for k, e in CASES])
def test_audit_names_the_edit_and_repair_carries_everything(
        verdicts: dict[tuple[str, str], Verdict], kind: str, edit: str) -> None:
    verdict = verdicts[(kind, edit)]
    fixed = verdict.fixed
    assert fixed is not None, verdict.verdict
    assert fixed.not_carried == (), "repair lists what it did carry"
    assert fixed.after == (), "the repaired file is not what the engine gives"
    assert not [n for n in fixed.notes if "earlier version" in n], fixed.notes
    if verdict.verdict == "FLAGGED":
        assert any(CAUSE[edit] in line for line in fixed.problems), fixed.problems
    elif edit in FOLLOWED:
        assert fixed.problems == ()


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_audit_says_what_happened_and_the_command_that_fixes_it(
        verdicts: dict[tuple[str, str], Verdict]) -> None:
    verdict = verdicts[("ledger_tokin", "insert_typed")]
    out = CliRunner().invoke(main, ["audit", verdict.saved])
    assert out.exit_code == 1
    assert "problem: sheet '対局', row " in out.output
    assert "inserted (no formulas); typed in row" in out.output
    last = out.output.strip().splitlines()[-1]
    assert last.startswith("to fix: workbook-builder repair "), last
    command, _, desk = last.partition(" (or in a browser, the club desk at ")
    assert command.endswith("-repaired.xlsx"), last
    assert desk == f"{desk_url()})", last
    right = verdicts[("ledger_tokin", "move")]
    assert CliRunner().invoke(main, ["audit", right.saved]).exit_code == 0
