"""The README's first screen works as written, on a fresh clone.

Every command line in the ``sh`` blocks above "## English" runs literally, in order, in a
fresh ``git clone`` of this repository (its own ``.venv``, set up by the commands
themselves), with a Japanese locale; only ``bash scripts/test.sh`` is left out, since it
is this suite. The clone is of the committed tree: CI runs on a clean clone, so there
it is the tree under test.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.conftest import REPO, early

SECTION_END = "\n## English"


@dataclass(frozen=True)
class Ran:
    line: str
    code: int
    output: str


def quickstart_lines(readme: str) -> list[str]:
    """The command lines of the README's Japanese first screen, in order."""
    head = readme.split(SECTION_END, 1)[0]
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", head, re.S):
        for raw in block.splitlines():
            line = raw.strip()
            if line and not line.startswith(("#", "$")) and "scripts/test.sh" not in line:
                lines.append(line)
    return lines


@early
def quickstart(_: dict[str, Path], work: Path) -> tuple[Path, list[Ran]] | str:
    if shutil.which("git") is None:
        return "git is not installed"
    clone = work / "clone"
    subprocess.run(["git", "clone", "--quiet", str(REPO), str(clone)], check=True)
    env = {**os.environ, "LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    env.pop("VIRTUAL_ENV", None)
    ran = []
    for line in quickstart_lines((clone / "README.md").read_text(encoding="utf-8")):
        done = subprocess.run(["bash", "-c", line], cwd=clone, env=env, capture_output=True,
                              text=True, timeout=1800)
        ran.append(Ran(line, done.returncode, done.stdout + done.stderr))
        if done.returncode:
            break
    return clone, ran


def test_the_first_screen_has_the_commands_a_user_needs() -> None:
    lines = quickstart_lines((REPO / "README.md").read_text(encoding="utf-8"))
    assert lines[0].startswith("bash scripts/build.sh")
    assert any(line.startswith("./workbook-builder import") for line in lines)


def test_the_readme_quickstart_runs_as_written(early_jobs) -> None:
    result = early_jobs["quickstart"].result()
    if isinstance(result, str):
        pytest.skip(result)
    _, ran = result
    for step in ran:
        assert step.code == 0, f"{step.line!r} failed:\n{step.output[-2000:]}"
    assert len(ran) == len(quickstart_lines((REPO / "README.md").read_text(encoding="utf-8")))
    imported = [step for step in ran if " import " in step.line]
    assert imported and all("局、" in step.output for step in imported), \
        "the import's summary is not in Japanese"


def test_what_the_quickstart_made_opens(early_jobs) -> None:
    result = early_jobs["quickstart"].result()
    if isinstance(result, str):
        pytest.skip(result)
    clone, ran = result
    outputs = [Path(m) for step in ran for m in re.findall(r"--out (\S+\.xlsx)", step.line)]
    assert outputs
    assert len(list((clone / "dist").glob("*.xlsx"))) == len(list((REPO / "dist").glob("*.xlsx")))
    for out in outputs:
        wb = load_workbook(clone / out, read_only=True)
        assert wb.sheetnames
        wb.close()
