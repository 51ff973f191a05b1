"""Apply a club secretary's edits to workbooks in real LibreOffice: run by ``/usr/bin/python3``.

Debian's ``uno`` module imports only under the system Python, so ``tests/edit_matrix.py``
(the venv) writes the jobs as JSON and reads one JSON result line back. Standard library
and ``uno`` only. Like ``bench/uno_typing.py`` it starts its own ``soffice`` (own pipe,
own profile), so it never touches a desktop session or another run, and always ends it.

A job: ``{"file": in.xlsx, "out": out.xlsx, "sheet": title, "edits": [step, ...]}``; the
file may also hold a list of jobs, done one after the other in the same soffice (its
start-up costs 2-3 s). Each step is one UNO call, as a person's action makes it:

    {"op": "unprotect"}                              the sheet's protection lifted ("")
    {"op": "move", "src": "A8:E8", "dest": "A20"}    cut and paste (XCellRangeMovement)
    {"op": "copy", "src": "A8:AC8", "dest": "A20"}   copy and paste, formulas included
    {"op": "insert_rows", "index": 7, "count": 1}    whole rows, 0-based sheet row index
    {"op": "remove_rows", "index": 7, "count": 1}
    {"op": "sort", "range": "A4:AC15", "field": 1, "ascending": false, "formats": true}
                                                     rows of the range by its column 1;
                                                     formats false = "Include formats" off
    {"op": "unmerge", "range": "A52:A55"}            Format > Merge > Unmerge
    {"op": "set", "cell": "A8", "value": "P03"}      typed: text, number, or None (clear)
    {"op": "rename", "name": "Log"}                   the sheet renamed (its names follow)
    {"op": "hide"}                                    Sheet > Hide Sheet
    {"op": "remove_sheet"}                            Sheet > Delete Sheet
    {"op": "set", "sheet": "Players", "cell": "C4", "value": 1500}   on another sheet
    {"op": "autocalc", "on": false}                  Data > Calculate > AutoCalculate

After the steps ``calculateAll()`` (Data > Calculate > Recalculate Hard), then the
document is stored as xlsx to ``out``. The file may also be ``{"settings": {...},
"jobs": [...]}``: LibreOffice options for the run (``bench.uno_typing.write_settings``).

    /usr/bin/python3 tests/uno_edits.py JOBS.json
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import uno  # type: ignore[import-not-found]

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.uno_typing import in_office, prop

CLEAR = 1 | 2 | 4 | 16  # CellFlags VALUE | DATETIME | STRING | FORMULA: the Delete key
Step = dict[str, Any]


def range_address(sheet: Any, ref: str) -> Any:
    """The CellRangeAddress of ``ref`` (``A8:E8`` or ``A8``) on ``sheet``."""
    return sheet.getCellRangeByName(ref).getRangeAddress()


def cell_address(sheet: Any, ref: str) -> Any:
    """The CellAddress of the top-left cell of ``ref``: where a paste lands."""
    return sheet.getCellRangeByName(ref).getCellByPosition(0, 0).getCellAddress()


def sort_rows(sheet: Any, ref: str, field: int, ascending: bool, formats: bool) -> None:
    """Data > Sort on ``ref``'s rows by its column ``field`` (0-based), no header row.

    With ``formats`` (the default, BindFormatsToContent) LibreOffice silently leaves a
    range with merged cells unsorted; without, it sorts and the merges stay put."""
    cells = sheet.getCellRangeByName(ref)
    key = uno.createUnoStruct("com.sun.star.table.TableSortField")
    key.Field, key.IsAscending, key.IsCaseSensitive = field, ascending, False
    descriptor = list(cells.createSortDescriptor())
    for item in descriptor:
        if item.Name == "SortFields":
            item.Value = uno.Any("[]com.sun.star.table.TableSortField", (key,))
        elif item.Name == "ContainsHeader":
            item.Value = False
        elif item.Name == "IsSortColumns":
            item.Value = False  # rows are sorted (the columns stay where they are)
        elif item.Name == "BindFormatsToContent":
            item.Value = formats
    uno.invoke(cells, "sort", (tuple(descriptor),))


def type_value(cell: Any, value: object) -> None:
    """What typing ``value`` leaves: a string as text, a number as a number, None cleared."""
    if value is None:
        cell.clearContents(CLEAR)
    elif isinstance(value, str):
        cell.setString(value)
    else:
        cell.setValue(float(value))  # type: ignore[arg-type]


def apply(doc: Any, sheet: Any, step: Step) -> None:
    """One step of a job (see the module docstring) on ``sheet``, or on its own."""
    op = step["op"]
    if "sheet" in step:
        sheet = doc.Sheets.getByName(step["sheet"])
    if op == "autocalc":
        doc.enableAutomaticCalculation(bool(step["on"]))
    elif op == "unprotect":
        sheet.unprotect("")
    elif op == "move":
        sheet.moveRange(cell_address(sheet, step["dest"]), range_address(sheet, step["src"]))
    elif op == "copy":
        sheet.copyRange(cell_address(sheet, step["dest"]), range_address(sheet, step["src"]))
    elif op == "insert_rows":
        sheet.getRows().insertByIndex(int(step["index"]), int(step["count"]))
    elif op == "remove_rows":
        sheet.getRows().removeByIndex(int(step["index"]), int(step["count"]))
    elif op == "sort":
        sort_rows(sheet, step["range"], int(step["field"]), bool(step["ascending"]),
                  bool(step.get("formats", True)))
    elif op == "unmerge":
        sheet.getCellRangeByName(step["range"]).merge(False)
    elif op == "set":
        type_value(sheet.getCellRangeByName(step["cell"]), step["value"])
    elif op == "rename":
        sheet.setName(str(step["name"]))
    elif op == "hide":
        sheet.IsVisible = False
    else:
        raise ValueError(f"unknown step {op!r}")


def edit_and_store(desktop: Any, job: dict[str, Any]) -> None:
    """Load hidden, apply the steps, recalculate everything, store as xlsx, close."""
    doc = desktop.loadComponentFromURL(Path(job["file"]).resolve().as_uri(), "_blank", 0,
                                       (prop("Hidden", True),))
    if doc is None:  # soffice refused the file: no exception, no document
        raise RuntimeError(f"LibreOffice could not load {job['file']}")
    try:
        sheet = doc.Sheets.getByName(job["sheet"])
        for step in job["edits"]:
            if step["op"] == "remove_sheet":
                doc.Sheets.removeByName(sheet.getName())
            else:
                apply(doc, sheet, step)
        doc.calculateAll()
        doc.storeToURL(Path(job["out"]).resolve().as_uri(),
                       (prop("FilterName", "Calc MS Excel 2007 XML"),))
    finally:
        doc.close(True)


def run_job(desktop: Any, job: dict[str, Any]) -> dict[str, Any]:
    """:func:`edit_and_store`, and what happened: one bad job must not lose the others'
    results (if soffice itself died, the jobs after it say so one by one)."""
    start = time.perf_counter()
    result: dict[str, Any] = {"out": job["out"], "ok": False, "error": ""}
    try:
        edit_and_store(desktop, job)
        result["ok"] = True
    except Exception as exc:
        result["error"] = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()[-1500:]}"
    result["seconds"] = time.perf_counter() - start
    return result


def run_all(jobs: list[dict[str, Any]],
            settings: dict[str, object] | None = None) -> list[dict[str, Any]]:
    """Every job in one soffice of our own, ended whatever happens."""
    return in_office("edit_matrix", lambda desktop: [run_job(desktop, job) for job in jobs],
                     settings)


def main(argv: list[str]) -> int:
    loaded = json.loads(Path(argv[1]).read_text("utf-8"))
    settings = loaded.get("settings") if isinstance(loaded, dict) else None
    if isinstance(loaded, dict):
        loaded = loaded.get("jobs", loaded)
    jobs = loaded if isinstance(loaded, list) else [loaded]
    print(json.dumps(run_all(jobs, settings), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
