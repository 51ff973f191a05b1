"""A renamed, deleted, moved or hidden sheet: audit and repair give a clear message or
the same repair, never a traceback (issue #48 §2).

Every personal-sheet and ledger kind is built small with seeded games (as
``tests/edit_matrix.py`` builds them), and one computed cell of its game log is typed
over, so that audit has something to find. That file, untouched, is the baseline: its
audit and its repair are what an edited copy must give. The edits, made with openpyxl
(which leaves the defined names as they were) and, for two kinds, in LibreOffice (which
moves them with the sheet):

- every sheet renamed at once, titles with a space and an apostrophe: the same findings,
  the same cell count, and a repaired file byte for byte the baseline's;
- the sheets' order reversed or rotated, every sheet hidden in one of two copies: the
  same audit output and the same repaired bytes;
- each sheet deleted: a sheet with typed inputs (games, players, settings, a monthly
  list's months) gives one line naming the sheet, exit code 1, and nothing written; any
  other sheet is an audit problem naming it, and repair rebuilds it (the baseline's
  bytes again).

The baseline repair itself must hold every input the built file holds (read by the
defined names, openpyxl only); that its cached values are the engine's is
``tests/test_cached_values.py``'s and the ``builder_logs`` checks' (the same builder).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from openpyxl import load_workbook

from bench.edit import uno_missing
from tests.edit_matrix import KINDS, SCRIPT, SYSTEM_PYTHON, build_kind, same_input
from workbook_builder.cli import main
from workbook_builder.describe import describe
from workbook_builder.metadata import META_SHEET

SEED = 48
FAST = {("mosaic", "*"), ("ledger_tokin", "{title} o'clock"), ("ledger_tokin", "even"),
        ("ledger_tokin", "名簿"), ("ledger_tokin", "_chain"), ("ledger_tokin", "_meta")}
"""The fast set: every edit of a personal sheet, and of a ledger (a monthly list, a
hidden helper sheet) one rename, one order, a deleted sheet of inputs and one of
formulas; the rest is slow (about 20 s alone on two cores)."""
LIBREOFFICE_KINDS = ("ledger_tokin", "go")
INPUT_ROLES = ("input", "setting")
EXPLAINED = re.compile(r"^note: sheet .* was read as the '.*' sheet \(renamed|"
                       r"^restored: sheet .* is called '.*' again$|"
                       r"^restored: sheet '.*' was missing \(deleted\): rebuilt$")
"""The lines an edit adds to a report (:mod:`workbook_builder.roles`)."""
UNO_MISSING = uno_missing()


def sheets_of(kind: str) -> list[str]:
    """The builder's sheet titles of ``kind`` (from dist/, ``_meta`` aside)."""
    wb = load_workbook(Path("dist") / f"{KINDS[kind]}.xlsx", read_only=True)
    try:
        return [title for title in wb.sheetnames if title != META_SHEET]
    finally:
        wb.close()


@dataclass(frozen=True)
class Run:
    """One command through the CLI."""

    code: int
    stdout: str
    stderr: str
    crashed: str
    """The exception that escaped, if any (what a person would see as a traceback)."""

    @classmethod
    def of(cls, result: Result) -> Run:
        escaped = result.exception
        crashed = "" if escaped is None or isinstance(escaped, SystemExit) else repr(escaped)
        return cls(result.exit_code, result.stdout, result.stderr, crashed)


def audit(path: Path) -> Run:
    return Run.of(CliRunner().invoke(main, ["--lang", "en", "audit", str(path)]))


def repair(path: Path, out: Path) -> tuple[Run, bytes | None]:
    result = CliRunner().invoke(main, ["--lang", "en", "repair", str(path), "--out", str(out)])
    return Run.of(result), out.read_bytes() if out.exists() else None


@dataclass(frozen=True)
class Base:
    """A kind built with games and one computed cell typed over, and what audit and
    repair make of it untouched."""

    path: Path
    sheets: list[str]
    inputs: dict[str, list[object]]
    """Every input and setting name's values, as the built file holds them."""
    audit: Run
    repaired: bytes
    repair: Run


def tamper(path: Path, out: Path, sheet: str) -> None:
    """Type 999 over the first formula of the first computed column on ``sheet``."""
    wb = load_workbook(path)
    for entry in describe(path)["names"]:  # type: ignore[union-attr]
        if entry["role"] == "computed" and entry["sheet"] == sheet:
            cell = wb[sheet][entry["range"].replace("$", "").split(":")[0]]
            if cell.data_type == "f":
                cell.value = 999
                break
    wb.save(out)


def named_values(path: Path) -> dict[str, list[object]]:
    """Each input or setting name's cell values, top to bottom, by the file's names."""
    wb = load_workbook(path)
    out = {}
    for entry in describe(path)["names"]:  # type: ignore[union-attr]
        if entry["role"] in INPUT_ROLES:
            cells = wb[entry["sheet"]][entry["range"].replace("$", "")]
            rows = cells if isinstance(cells, tuple) else ((cells,),)
            out[entry["name"]] = [c.value for row in rows
                                  for c in (row if isinstance(row, tuple) else (row,))]
    return out


_BASES: dict[str, Base] = {}


def base_of(kind: str, work: Path) -> Base:
    """:class:`Base` of ``kind``, made once a session."""
    if kind not in _BASES:
        folder = work / kind
        layout = build_kind(kind, SEED, folder)
        path = folder / "base.xlsx"
        tamper(layout.path, path, layout.sheet)
        run, repaired = repair(path, folder / "base-repaired.xlsx")
        assert run.code == 0 and repaired is not None, run
        _BASES[kind] = Base(path, sheets_of(kind), named_values(path), audit(path), repaired,
                            run)
    return _BASES[kind]


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sheet_fuzz")


def speed(kind: str, edit: str) -> tuple[pytest.MarkDecorator, ...]:
    """No mark for a case of :data:`FAST`, else slow."""
    fast = (kind, "*") in FAST or (kind, edit) in FAST or edit == "*"
    return () if fast else (pytest.mark.slow,)


def marked(kinds: list[str], edits: list[str]) -> list[object]:
    return [pytest.param(kind, edit, marks=speed(kind, edit)) for kind in kinds
            for edit in edits]


@pytest.mark.parametrize("kind", [pytest.param(k, marks=speed(k, "*" if any(
    k == fast for fast, _ in FAST) else "")) for k in KINDS])
def test_the_baseline_repair_holds_every_typed_input(kind: str, work: Path) -> None:
    base = base_of(kind, work)
    assert "[overwritten]" in base.audit.stdout and base.audit.code == 1, base.audit
    repaired = work / kind / "check.xlsx"
    repaired.write_bytes(base.repaired)
    again = named_values(repaired)
    assert any(value is not None for values in base.inputs.values() for value in values)
    for name, typed in base.inputs.items():
        kept = again[name][: len(typed)]
        assert all(same_input(a, b) for a, b in zip(typed, kept, strict=True)), name


def assert_same_repair(base: Base, edited: Path, why: str) -> None:
    """The baseline's repaired bytes, and its report but for what the edit explains: a
    sheet renamed back, a deleted one rebuilt."""
    out = edited.with_name(edited.stem + "-repaired.xlsx")
    run, repaired = repair(edited, out)
    assert not run.crashed and "Traceback" not in run.stdout, run
    assert run.code == 0, run
    said = [line for line in run.stdout.replace(str(out), "OUT").splitlines()
            if not EXPLAINED.search(line)]
    assert said == base.repair.stdout.replace(
        str(base.path.with_name("base-repaired.xlsx")), "OUT").replace(
        str(base.path.with_name("control-repaired.xlsx")), "OUT").splitlines(), run
    assert repaired is not None and hashlib.sha256(repaired).digest() == \
        hashlib.sha256(base.repaired).digest(), f"{why}: the repair differs from the baseline's"


def assert_same_audit(base: Base, edited: Path, exact: bool) -> None:
    """The same findings and count; ``exact``: the same notes too (nothing renamed)."""
    run = audit(edited)
    assert not run.crashed, run
    assert run.code == base.audit.code and run.stdout == base.audit.stdout, run
    summary = [line for line in run.stderr.splitlines() if "checked" in line]
    assert summary == [line for line in base.audit.stderr.splitlines() if "checked" in line]
    said = run.stderr.replace(str(edited.with_suffix("")), str(base.path.with_suffix("")))
    if not exact:  # nothing but the renamed sheets' own lines is new
        said = "".join(line for line in said.splitlines(keepends=True)
                       if not EXPLAINED.search(line))
    assert said == base.audit.stderr, run


RENAMES = ("{title} o'clock", "Log of {title}")


@pytest.mark.parametrize(("kind", "pattern"), marked(list(KINDS), list(RENAMES)))
def test_every_sheet_renamed_at_once_gives_the_same_audit_and_repair(
        kind: str, pattern: str, work: Path) -> None:
    """openpyxl leaves every defined name pointing at the old titles: each sheet is found
    by the texts the builder wrote on it."""
    base = base_of(kind, work)
    wb = load_workbook(base.path)
    for title in base.sheets:
        wb[title].title = pattern.format(title=title)[:31]
    edited = work / kind / f"renamed-{RENAMES.index(pattern)}.xlsx"
    wb.save(edited)
    assert_same_audit(base, edited, exact=False)
    notes = audit(edited).stderr
    assert all(f"as the {title!r} sheet" in notes for title in base.sheets), notes
    assert_same_repair(base, edited, "renamed")


@pytest.mark.parametrize(("kind", "half"), marked(list(KINDS), ["even", "odd"]))
def test_sheets_reordered_and_hidden_change_nothing(kind: str, half: str, work: Path) -> None:
    base = base_of(kind, work)
    wb = load_workbook(base.path)
    titles = [ws.title for ws in wb.worksheets]
    hidden = base.sheets[half == "odd"::2]
    order = titles[::-1] if half == "even" else titles[1:] + titles[:1]
    wb._sheets = [wb[title] for title in order]
    for title in hidden:
        wb[title].sheet_state = "hidden"
    wb.active = next(i for i, ws in enumerate(wb.worksheets) if ws.sheet_state == "visible")
    edited = work / kind / f"moved-{half}.xlsx"
    wb.save(edited)
    assert [ws.title for ws in load_workbook(edited, read_only=True).worksheets] == order
    assert_same_audit(base, edited, exact=True)
    assert_same_repair(base, edited, "reordered and hidden")


def deletions(kinds: list[str]) -> list[object]:
    return [pytest.param(kind, title, marks=speed(kind, title), id=f"{kind}-{title}")
            for kind in kinds for title in sheets_of(kind)]


def holds_inputs(path: Path, title: str) -> bool:
    return any(entry["sheet"] == title and entry["role"] in INPUT_ROLES
               for entry in describe(path)["names"])  # type: ignore[union-attr]


@pytest.mark.parametrize(("kind", "title"), deletions(list(KINDS)))
def test_a_deleted_sheet_is_named_or_rebuilt(kind: str, title: str, work: Path) -> None:
    base = base_of(kind, work)
    wb = load_workbook(base.path)
    del wb[title]
    edited = work / kind / f"deleted-{base.sheets.index(title)}.xlsx"
    wb.save(edited)
    if holds_inputs(base.path, title):
        assert_refused(edited, title)
        return
    run = audit(edited)
    assert not run.crashed and run.code == 1, run
    assert f"problem: sheet {title!r} is missing (deleted)" in run.stdout, run
    assert_same_repair(base, edited, "deleted")


def assert_refused(edited: Path, title: str) -> None:
    """One line naming the sheet from both commands, exit code 1, nothing written."""
    out = edited.with_name(edited.stem + "-repaired.xlsx")
    for run in (audit(edited), repair(edited, out)[0]):
        assert not run.crashed and run.code == 1, run
        lines = (run.stdout + run.stderr).splitlines()
        assert len(lines) == 1 and f"{title!r}, is missing" in lines[0], lines
        assert "Traceback" not in lines[0]
    assert not out.exists()


def test_a_deleted_sheet_is_named_in_japanese(work: Path) -> None:
    base = base_of("ledger_tokin", work)
    wb = load_workbook(base.path)
    del wb["名簿"]
    edited = work / "ledger_tokin" / "deleted-ja.xlsx"
    wb.save(edited)
    result = CliRunner().invoke(main, ["--lang", "ja", "repair", str(edited), "--out",
                                       str(work / "never.xlsx")])
    assert result.exit_code == 1
    assert result.output.startswith(f"エラー: {edited}: 名簿のシート '名簿' がありません")
    assert "元に戻す" in result.output


# --- in LibreOffice, which moves the defined names with the sheet -----------------------

def in_libreoffice(jobs: list[dict[str, object]], work: Path) -> None:
    """Run ``tests/uno_edits.py`` on ``jobs`` (each recalculates and saves as xlsx)."""
    job_file = work / "jobs.json"
    job_file.write_text(json.dumps(jobs, ensure_ascii=False), "utf-8")
    done = subprocess.run([SYSTEM_PYTHON, str(SCRIPT), str(job_file)], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-1500:]
    results = json.loads(done.stdout.strip().splitlines()[-1])
    assert all(r["ok"] for r in results), results


@pytest.mark.slow
@pytest.mark.skipif(UNO_MISSING is not None, reason=str(UNO_MISSING))
@pytest.mark.parametrize("kind", LIBREOFFICE_KINDS)
def test_a_sheet_renamed_or_deleted_in_libreoffice(kind: str, work: Path) -> None:
    """The case of the issue: renamed in LibreOffice, audit checked 1,407 of 31,415 cells
    and repair carried a footnote into a game's date. Compared with the same file only
    recalculated and saved by LibreOffice (the control)."""
    base = base_of(kind, work)
    folder = work / kind / "lo"
    folder.mkdir()
    games = base.sheets[0]
    computed = next(t for t in base.sheets if not holds_inputs(base.path, t))
    jobs = [{"file": str(base.path), "out": str(folder / f"{name}.xlsx"), "sheet": sheet,
             "edits": edits} for name, sheet, edits in (
                 ("control", games, []),
                 ("renamed", games, [{"op": "rename", "name": f"{games} o'clock"}]),
                 ("renamed2", games, [{"op": "rename", "name": f"{games}2"}]),
                 ("hidden", games, [{"op": "hide"}]),
                 ("games_gone", games, [{"op": "remove_sheet"}]),
                 ("computed_gone", computed, [{"op": "remove_sheet"}]))]
    in_libreoffice(jobs, folder)
    control = folder / "control.xlsx"
    run, repaired = repair(control, folder / "control-repaired.xlsx")
    assert run.code == 0 and repaired is not None
    lo_base = Base(control, base.sheets, base.inputs, audit(control), repaired, run)
    assert "[overwritten]" in lo_base.audit.stdout
    for name in ("renamed", "renamed2", "hidden"):
        assert_same_audit(lo_base, folder / f"{name}.xlsx", exact=name == "hidden")
        assert_same_repair(lo_base, folder / f"{name}.xlsx", f"{name} in LibreOffice")
    assert_refused(folder / "games_gone.xlsx", games)
    run = audit(folder / "computed_gone.xlsx")
    assert not run.crashed and f"sheet {computed!r} is missing (deleted)" in run.stdout, run
    assert_same_repair(lo_base, folder / "computed_gone.xlsx", "deleted in LibreOffice")


def test_references_to_a_renamed_sheet_are_respelt_and_text_is_not() -> None:
    """What ``as_built`` does to a formula LibreOffice respelt for a renamed sheet: the
    references follow, quoted as Excel needs, a text that looks like one does not."""
    from workbook_builder.roles import respelt

    moved = {"対局 o'clock": "対局", "Log": "How to"}
    assert respelt("=SUM('対局 o''clock'!A1:A3)+Log!$B$1&\"Log!B1\"", moved) == \
        "=SUM('対局'!A1:A3)+'How to'!$B$1&\"Log!B1\""
    assert respelt("'対局 o''clock'!$A$4:$A$23", moved, formula=False) == "'対局'!$A$4:$A$23"
    assert respelt("=Logbook!A1+LOG(2)", moved) == "=Logbook!A1+LOG(2)"


@pytest.mark.parametrize("kind", [pytest.param(k, marks=speed(k, META_SHEET)) for k in KINDS])
def test_the_hidden_meta_sheet_renamed_or_deleted(kind: str, work: Path) -> None:
    """``_meta`` is very hidden, but a LibreOffice save leaves it only hidden: renamed, it
    is found by its first cell; deleted, the file is named as not readable."""
    base = base_of(kind, work)
    wb = load_workbook(base.path)
    wb[META_SHEET].title = "notes"
    renamed = work / kind / "meta-renamed.xlsx"
    wb.save(renamed)
    assert_same_audit(base, renamed, exact=True)
    assert_same_repair(base, renamed, "_meta renamed")
    del wb["notes"]
    gone = work / kind / "meta-gone.xlsx"
    wb.save(gone)
    for run in (audit(gone), repair(gone, work / kind / "never.xlsx")[0]):
        assert not run.crashed and run.code == 1, run
        assert f"no {META_SHEET} sheet" in run.stderr + run.stdout, run
