"""Time typed cells in LibreOffice through UNO: run by ``/usr/bin/python3``, not the venv.

Debian's ``uno`` module imports only under the system Python, so ``bench/edit.py``
hands this script a job as JSON (file, edits, repeats) and reads JSON timings back
from the last line of its output. Standard library and ``uno`` only. It starts its own
``soffice`` (own pipe name, own profile) so it never touches a desktop session or
another run, and always ends that process, also on error.

    /usr/bin/python3 bench/uno_typing.py JOB.json
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]

T = TypeVar("T")
CONNECT_SECONDS = 60
CLEAR = 1 | 2 | 4  # CellFlags VALUE | DATETIME | STRING: what deleting a typed cell clears
Edit = list[Any]
"""``[sheet, "D1003", value]``; value None deletes the cell's content, and
``[sheet, "A7:M9", {"fill": 1}]`` drags the range's first row(s) down over the rest, as
the fill handle does, after lifting the sheet's protection."""


def prop(name: str, value: object) -> Any:
    """A PropertyValue, the argument type of UNO's load/store/sort calls."""
    item = PropertyValue()
    item.Name, item.Value = name, value
    return item


def connect(pipe: str) -> Any:
    """The desktop of the soffice listening on ``pipe``, waiting while it starts."""
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        try:
            ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _apply(doc: Any, edits: list[Edit]) -> None:
    for sheet, address, value in edits:
        cell = doc.Sheets.getByName(sheet).getCellRangeByName(address)
        if isinstance(value, dict):  # on a protected sheet a fill does nothing
            doc.Sheets.getByName(sheet).unprotect("")
            cell.fillAuto(uno.Enum("com.sun.star.sheet.FillDirection", "TO_BOTTOM"),
                          int(value["fill"]))
        elif value is None:
            cell.clearContents(CLEAR)
        elif isinstance(value, str):
            cell.setString(value)
        else:
            cell.setValue(value)


def _enough(runs: list[float], repeats: int, long: float) -> bool:
    """``repeats`` timings, or one when it alone took over ``long`` seconds: at 20,000
    games a repeat costs minutes and adds little next to such a figure."""
    return len(runs) >= repeats or (len(runs) == 1 and runs[0] > long)


def _timed(doc: Any, states: list[list[Edit]], repeats: int, long: float) -> list[float]:
    """Apply the states in turn (each a change from the one before), ``calculate()``
    after each: seconds of each edit plus its dirty-cell recalculation."""
    runs: list[float] = []
    while not _enough(runs, repeats, long):
        start = time.perf_counter()
        _apply(doc, states[len(runs) % len(states)])
        doc.calculate()
        runs.append(time.perf_counter() - start)
    return runs


def _full(doc: Any, repeats: int, long: float) -> list[float]:
    runs: list[float] = []
    while not _enough(runs, repeats, long):
        start = time.perf_counter()
        doc.calculateAll()
        runs.append(time.perf_counter() - start)
    return runs


def measure(desktop: Any, job: dict[str, Any]) -> dict[str, Any]:
    """Load, time the edits, store the edited document as xlsx; seconds as JSON."""
    repeats, long = int(job["repeats"]), float(job["long"])
    start = time.perf_counter()
    doc = desktop.loadComponentFromURL(Path(job["file"]).resolve().as_uri(), "_blank", 0,
                                       (prop("Hidden", True),))
    result: dict[str, Any] = {"load": time.perf_counter() - start}
    try:
        doc.calculate()  # anything left dirty by the load is not the typed cell's cost
        result["typed"] = _timed(doc, job["typed"], repeats, long)
        result["fix"] = _timed(doc, job["fix"], repeats, long)
        if "date" in job:  # the edit benchmark's; other jobs time a typed cell and a fix
            result["date"] = _timed(doc, job["date"], repeats, long)
        result["full"] = _full(doc, repeats, long)
        start = time.perf_counter()
        doc.storeToURL(Path(job["out"]).resolve().as_uri(),
                       (prop("FilterName", "Calc MS Excel 2007 XML"),))
        result["store"] = time.perf_counter() - start
    finally:
        doc.close(True)
    for key in ("typed", "fix", "date", "full") if "date" in job else ("typed", "fix", "full"):
        result[f"{key}_median"] = statistics.median(result[key])
    return result


def stop(proc: subprocess.Popen[bytes], asked: bool) -> None:
    """End our soffice: it quits by itself after ``terminate()``; otherwise (an error)
    its process group (the wrapper and ``soffice.bin``) gets SIGTERM, then SIGKILL."""
    try:
        proc.wait(timeout=20 if asked else 0.1)
        return
    except subprocess.TimeoutExpired:
        pass
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=10)
            return
        except (ProcessLookupError, subprocess.TimeoutExpired):
            continue


SETTINGS_FILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
{items}</oor:items>
"""
SETTING = ('<item oor:path="{path}"><prop oor:name="{name}" oor:op="fuse">'
           "<value>{value}</value></prop></item>\n")


def write_settings(profile: Path, settings: dict[str, object]) -> None:
    """LibreOffice options (``/org.openoffice.Office.Calc/Formula/Calculation/Name`` →
    value) written into a new profile, as Tools > Options would leave them."""
    items = "".join(SETTING.format(path=key.rpartition("/")[0], name=key.rpartition("/")[2],
                                   value=str(value).lower() if isinstance(value, bool) else value)
                    for key, value in settings.items())
    (profile / "user").mkdir(parents=True, exist_ok=True)
    (profile / "user" / "registrymodifications.xcu").write_text(
        SETTINGS_FILE.format(items=items), "utf-8")


def in_office(name: str, work: Callable[[Any], T],
              settings: dict[str, object] | None = None) -> T:
    """``work(desktop)`` in a soffice of our own (own pipe, own profile), ended whatever
    happens; ``name`` tells the pipe and profile apart from another run's. ``settings``:
    LibreOffice options of that profile (:func:`write_settings`)."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        raise SystemExit("soffice not found")
    pipe = f"{name}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory(prefix=f"{name}-profile-") as profile:
        if settings:
            write_settings(Path(profile), settings)
        proc = subprocess.Popen(
            [soffice, f"-env:UserInstallation={Path(profile).as_uri()}", "--headless",
             "--invisible", "--norestore", "--nologo", f"--accept=pipe,name={pipe};urp;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        asked = False
        try:
            desktop = connect(pipe)
            result = work(desktop)
            try:
                asked = True
                desktop.terminate()
            except Exception:
                pass  # the bridge drops when soffice quits: expected
        finally:
            stop(proc, asked)
    return result


def main(argv: list[str]) -> int:
    job = json.loads(Path(argv[1]).read_text("utf-8"))
    print(json.dumps(in_office("bench_edit", lambda desktop: measure(desktop, job))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
