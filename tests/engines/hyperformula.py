"""HyperFormula (npm, run by node) recalculating a workbook given as JSON.

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

from tests.engines.gaps import pinned_by, respelled_for
from tests.engines.sheets import Book, Values, engine_input

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


def _content(formula: str | None, value: object) -> object:
    if formula is None:
        return value
    if pinned_by("HyperFormula", formula) is not None:
        return engine_input(value)
    # HyperFormula knows the functions without Excel's file prefixes
    return "=" + respelled_for("HyperFormula", formula.replace("_xlfn.", ""))[0]


def recalculate(source: Path, book: Book, work: Path) -> Values:
    """(sheet title, cell) → the value HyperFormula computes for each formula cell of
    ``book``, gap cells pinned or respelled (:mod:`tests.engines.gaps`)."""
    sheets = []
    for title, cells in book.cells.items():
        rows = []
        for ref, (formula, value) in cells.items():
            row, col = coordinate_to_tuple(ref)
            rows.append([row - 1, col - 1, _content(formula, value)])
        sheets.append([title, rows])
    names = [[name, "=" + text] for name, text in book.names.items()]
    given = work / "hyperformula.json"
    given.write_text(json.dumps({"sheets": sheets, "names": names}), encoding="utf-8")
    done = subprocess.run(["node", "--max-old-space-size=4096", str(SCRIPT), str(given)],
                          capture_output=True, check=True, timeout=1800,
                          env={**os.environ, "HYPERFORMULA_DIR": str(MODULES)})
    shown = json.loads(done.stdout)
    return {(title, f"{get_column_letter(col + 1)}{row + 1}"): value
            for title, cells in shown.items() for row, col, value in cells}
