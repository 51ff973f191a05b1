"""LibreOffice headless: recalculate workbooks and render them to pictures.

One ``soffice`` process handles a whole batch (start-up is most of its ~2 s), with a
private ``-env:UserInstallation`` profile so parallel runs and a desktop session do
not clash. Tests, the ``render`` command and benchmarks all go through here.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .messages import say

TIMEOUT = 120
"""Seconds one ``soffice`` call may take before it is given up: start-up and one file..."""
PER_FILE = 15
"""...and this much more for each further file of the batch. A shipped workbook takes
about a second alone (28 in 26–34 s, measured); the allowance is for a busy machine:
a test run's batch of about 40 shared two cores with other LibreOffice jobs and ran past
a fixed 300 s."""


def soffice() -> str:
    """Path of the ``soffice`` binary, or a clear error when LibreOffice is missing."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        raise RuntimeError(say("office.missing"))
    return found


def convert(paths: Sequence[Path], outdir: Path, target: str) -> list[Path]:
    """``soffice --convert-to target`` for all ``paths`` in one process."""
    outdir.mkdir(parents=True, exist_ok=True)
    names = [Path(p).stem for p in paths]
    if len(set(names)) != len(names):
        raise ValueError(say("office.same_names", names=names))
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        cmd = [soffice(), f"-env:UserInstallation=file://{profile}", "--headless",
               "--norestore", "--calc", "--convert-to", target, "--outdir", str(outdir),
               *map(str, paths)]
        allowed = TIMEOUT + PER_FILE * (len(paths) - 1)
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=allowed)
    ext = target.split(":")[0]
    out = [outdir / f"{name}.{ext}" for name in names]
    missing = [p for p in out if not p.exists()]
    if done.returncode != 0 or missing:
        raise RuntimeError(say("office.failed", code=done.returncode, missing=missing,
                               stderr=done.stderr.strip()[-500:]))
    return out


def recalculate(paths: Sequence[Path], outdir: Path) -> list[Path]:
    """Open each workbook in LibreOffice and save it as xlsx into ``outdir``.

    Cells without cached values are computed on load, so read the results with
    ``openpyxl.load_workbook(path, data_only=True)``. Strip cached values first
    (:func:`workbook_builder.package.strip_cached_values`) to force every formula.
    """
    return convert(paths, outdir, "xlsx:Calc MS Excel 2007 XML")

