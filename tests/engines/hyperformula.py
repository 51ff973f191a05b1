"""HyperFormula (npm, run by node) recalculating workbooks given as JSON.

``scripts/install-hyperformula.sh`` installs the pinned version into
``.cache/hyperformula``; :func:`missing` says why the tests cannot run here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

from openpyxl.utils.cell import coordinate_to_tuple, get_column_letter

from tests.engines.compare import Plan
from tests.engines.sheets import Book, Key, Values

REPO = Path(__file__).resolve().parents[2]
MODULES = REPO / ".cache" / "hyperformula" / "node_modules"
SCRIPT = Path(__file__).with_name("hyperformula.js")
INSTALL = REPO / "scripts" / "install-hyperformula.sh"


def missing() -> str | None:
    """Why HyperFormula cannot run here (None: it can), installing it when npm is there."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (MODULES / "hyperformula").is_dir():
        subprocess.run(["bash", str(INSTALL)], check=True, capture_output=True, timeout=600)
    if not (MODULES / "hyperformula").is_dir():
        return f"HyperFormula is not installed: run {INSTALL.relative_to(REPO)} (needs npm)"
    return None


def _content(formula: str | None, value: object, key: Key, planned: Plan) -> object:
    if formula is None:
        return value
    if key in planned.given:
        given = planned.given[key]
        # an empty text as a value, not a formula: a cell HyperFormula need not compute
        # (an apostrophe marks text, as in Excel; a cell "" would be blank)
        return "'" if given == '=""' else given
    # HyperFormula knows the functions without Excel's file prefixes
    return "=" + planned.respelled.get(key, formula).replace("_xlfn.", "")


class Batch:
    """One node process that recalculates every workbook given to it, in turn, while
    the caller goes on (:meth:`add` returns at once; :meth:`results` waits)."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.jobs: dict[str, Path] = {}
        self.errors = (work / "node.stderr").open("wb")
        self.node = subprocess.Popen(
            ["node", "--max-old-space-size=4096", str(SCRIPT)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.errors, text=True,
            env={**os.environ, "HYPERFORMULA_DIR": str(MODULES)})

    def add(self, job: str, book: Book, planned: Plan) -> None:
        """Give node ``book`` as ``planned`` (:func:`tests.engines.compare.plan`)."""
        sheets = []
        for title, cells in book.cells.items():
            rows = []
            for ref, (formula, value) in cells.items():
                row, col = coordinate_to_tuple(ref)
                rows.append([row - 1, col - 1, _content(formula, value, (title, ref), planned)])
            sheets.append([title, rows])
        names = [[name, "=" + text] for name, text in book.names.items()]
        given = self.work / f"{job}.json"
        given.write_text(json.dumps({"sheets": sheets, "names": names}), encoding="utf-8")
        self.jobs[job] = given
        assert self.node.stdin is not None
        self.node.stdin.write(f"{given}\n")
        self.node.stdin.flush()

    def results(self) -> dict[str, tuple[Values, float, float]]:
        """Job → (the value HyperFormula computes for each formula cell, its seconds, its
        processor seconds)."""
        done, _ = self.node.communicate(timeout=1800)
        self.errors.close()
        if self.node.returncode != 0:
            tail = (self.work / "node.stderr").read_text(encoding="utf-8")[-2000:]
            raise RuntimeError(f"HyperFormula's node process failed: {tail}")
        assert done.split() == [str(p) for p in self.jobs.values()], done
        out = {}
        for job, given in self.jobs.items():
            shown = json.loads(Path(f"{given}.out").read_text(encoding="utf-8"))
            out[job] = ({(title, f"{get_column_letter(col + 1)}{row + 1}"): value
                         for title, cells in shown["values"].items()
                         for row, col, value in cells}, shown["ms"] / 1000,
                        shown["cpuMs"] / 1000)
        return out
