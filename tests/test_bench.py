"""Smoke test of the benchmark (``python -m bench.run``): it runs and prints figures.

Tiny counts, one run each, and no assertion on any timing: speed is measured by the
benchmark's printed figures, never by a test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from bench import edit, engine, recalc
from bench.games import two_player_games
from bench.report import Config, Section
from bench.run import main, run
from rating_rules import replay
from tests.conftest import early
from workbook_builder.package import finalize

TINY = Config(games=2_000, players=50, yonin_games=300, rows=200, repeats=1, quick=True)
SOFFICE = bool(shutil.which("soffice") or shutil.which("libreoffice"))
UNO = edit.uno_missing() is None
"""LibreOffice and Debian's python3-uno: the edit benchmark drives LibreOffice."""


def test_hand_loop_is_replay_to_the_point() -> None:
    games = two_player_games(3_000, 40, seed=7).elo
    assert engine.hand_loop(games) == replay("elo", games).ratings
    ratings, changes, played = engine.hand_loop_with_records(games)
    assert ratings == replay("elo", games).ratings
    assert len(changes) == 3_000 and sum(played.values()) == 6_000


@early
def bench_sections(_: dict[str, Path], work: Path) -> list[Section]:
    """Every benchmark at the tiny sizes, run from the start of the session."""
    return run(TINY)


def test_every_benchmark_returns_figures_and_passes_its_checks(early_jobs) -> None:
    sections = early_jobs["bench_sections"].result()
    assert [s.key for s in sections] == ["engine", "udfs", "build", "recalc", "ledger", "edit",
                                        "desk", "calc"]
    for section in sections:
        if section.key in ("recalc", "ledger") and not SOFFICE:
            assert not section.rows
            continue
        if section.key == "edit" and not UNO:
            assert not section.rows and section.notes[0].startswith("skipped: ")
            continue
        if section.key == "recalc":
            assert section.rows[0][0] == "empty workbook (start-up)"
        assert section.rows and all(len(r) == len(section.headers) for r in section.rows)
        assert section.checks and all(section.checks.values()), section.checks
    engine_checks = sections[0].checks
    assert any("identical to the hand-written loop" in name for name in engine_checks)


def test_quick_command_prints_figures_and_writes_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "RESULTS.md"  # recalc (LibreOffice, slow) runs in the test above
    assert main(["--quick", "--only", "engine,udfs,build", "--write", str(target)]) == 0
    printed = capsys.readouterr().out
    for text in ("Games/s", 'replay("elo")', "hand-written", "Rows/s", "Python: ", "CPU: ",
                 "Build time", "1,000 rows", " KB"):
        assert text in printed
    written = target.read_text()
    assert "### Engine replay" in written and "| Speed ratio |" in written
    assert "elote" in written and "quick" in written
    assert "### Workbook build" in written and "| mosaic_ja at 1,000 rows |" in written


def test_values_only_keeps_each_formula_cells_value(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws["A1"], ws["B1"], ws["C1"], ws["D1"] = 1, "=A1+1", '="x"&"y"', '=""'
    wb.save(tmp_path / "f.xlsx")
    finalize(tmp_path / "f.xlsx", {ws.title: {"B1": 2, "C1": "xy", "D1": ""}})
    assert recalc.values_only(tmp_path / "f.xlsx", tmp_path / "v.xlsx") == 3
    values = load_workbook(tmp_path / "v.xlsx")[ws.title]
    assert [c.value for c in values[1]] == [1, 2, "xy", ""]
    assert all(c.data_type != "f" for c in values[1])


def test_time_recalc_refuses_two_files_of_one_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="must differ"):
        recalc.time_recalc([tmp_path / "a" / "x.xlsx", tmp_path / "b" / "x.xlsx"])


def test_only_rejects_unknown_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--quick", "--only", "engine,nonsense"])
    assert "nonsense" in capsys.readouterr().err


def test_write_results_replaces_only_the_marked_section(tmp_path: Path) -> None:
    from bench.run import END, START, write_results

    readme = tmp_path / "README.md"
    readme.write_text(f"# Title\n\n## Performance\n{START}\nold figures\n{END}\n\n## Layout\n")
    write_results(readme, "new figures\n")
    assert readme.read_text() == (
        f"# Title\n\n## Performance\n{START}\nnew figures\n{END}\n\n## Layout\n"
    )
