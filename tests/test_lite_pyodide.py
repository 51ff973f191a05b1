"""xlwings Lite in the add-in's own Python: the generated main.py run in real Pyodide.

``tests/lite_pyodide.mjs`` starts Pyodide under Node (npm, the version that
``scripts/install-pyodide.sh`` pins), installs an xlwings wheel with micropip as the
add-in installs requirements.txt, and runs ``tests/lite_probe.py`` on ``test_lite``'s
cases in one batch: each call's data reaches xlwings' custom-function code through a
JavaScript object, so a blank cell or an omitted argument arrives as Pyodide's ``jsnull``,
the way it arrives in the add-in. The wheels: the floor of the generated requirements.txt
and the newest on PyPI, which must both answer as udfs does, and the newest below the
floor, which must not (else the floor could be lower). Expected values come from udfs
imported here; CPython alone cannot show this (it has no ``jsnull``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import parse_wheel_filename
from packaging.version import Version

from tests.conftest import REPO
from tests.test_lite import LITE_ENV, PROBE, cases, differences, registration_problems

RUNNER = Path(__file__).with_name("lite_pyodide.mjs")
CACHE = REPO / ".cache" / "pyodide"
SAFE_INTEGER = 2**53 - 1
NODE = shutil.which("node")


def handed_over(value: Any) -> Any:
    """A value after its trip from JavaScript into Pyodide (``to_py``): a whole number within
    JavaScript's safe integers arrives as an int, as a typed 2 reaches the add-in."""
    if isinstance(value, list):
        return [handed_over(v) for v in value]
    if isinstance(value, float) and value.is_integer() and abs(value) <= SAFE_INTEGER:
        return int(value)
    return value


@pytest.fixture(scope="module")
def pyodide() -> Path:
    """Pyodide's npm package, installed (once) with micropip's wheel beside it."""
    if NODE is None:
        pytest.skip("node is not installed: Pyodide runs under Node")
    setup = subprocess.run(["bash", str(REPO / "scripts" / "install-pyodide.sh")],
                           capture_output=True, text=True)
    assert setup.returncode == 0, f"install-pyodide.sh failed:\n{setup.stderr}"
    return CACHE / "node_modules" / "pyodide"


@pytest.fixture(scope="module")
def lock(pyodide: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    return found


@pytest.fixture(scope="module")
def floor(lite_files: Path) -> Version:
    """The lowest xlwings the generated requirements.txt allows."""
    lines = (lite_files / "requirements.txt").read_text("utf-8").split()
    (xlwings,) = [r for r in map(Requirement, lines) if r.name == "xlwings"]
    (lowest,) = [s.version for s in xlwings.specifier if s.operator == ">="]
    return Version(lowest)


def wheel(requirement: str, lock: dict[str, Any], folder: Path) -> Path:
    """The pure-Python wheel pip picks for ``requirement``: the only kind micropip installs
    in Pyodide, whose platform no compiled wheel fits."""
    python = ".".join(lock["info"]["python"].split(".")[:2])
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
         "--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
         "--abi", "none", "--python-version", python, "-d", str(folder), requirement],
        capture_output=True, text=True)
    assert pip.returncode == 0, f"no pure-Python wheel for {requirement}:\n{pip.stderr}"
    (found,) = folder.glob("*.whl")
    return found


def run_in_pyodide(pyodide: Path, lock: dict[str, Any], xlwings_wheel: Path, main_py: Path,
                   calls: list[dict[str, Any]]) -> dict[str, Any]:
    """One Pyodide process: xlwings installed by micropip, every call in one batch."""
    micropip = CACHE / "wheels" / lock["packages"]["micropip"]["file_name"]
    run = subprocess.run(
        [str(NODE), str(RUNNER), str(pyodide), str(micropip), str(xlwings_wheel), str(main_py),
         str(PROBE)],
        input=json.dumps(calls), capture_output=True, text=True, timeout=300,
        env=LITE_ENV)
    assert run.returncode == 0, run.stderr[-3000:]
    answer: dict[str, Any] = json.loads(run.stdout)
    return answer


@pytest.fixture(scope="module", params=["floor", "newest"])
def answered(request: pytest.FixtureRequest, pyodide: Path, lock: dict[str, Any],
             lite_files: Path, floor: Version, tmp_path_factory: pytest.TempPathFactory,
             ) -> tuple[Path, dict[str, Any]]:
    requirement = f"xlwings=={floor}" if request.param == "floor" else "xlwings"
    found = wheel(requirement, lock, tmp_path_factory.mktemp(request.param))
    return found, run_in_pyodide(pyodide, lock, found, lite_files / "main.py", cases())


def test_every_function_gives_udfs_answers_in_pyodide(
        answered: tuple[Path, dict[str, Any]], floor: Version) -> None:
    xlwings_wheel, answer = answered
    version = parse_wheel_filename(xlwings_wheel.name)[1]
    assert (answer["platform"], Version(answer["xlwings"])) == ("emscripten", version)
    assert version >= floor
    assert answer["on_disk"] == [], "Pyodide could import the project from disk"
    calls = cases()
    found = differences(calls, answer["results"], handed_over)
    assert not found, (f"xlwings {version}: {len(found)} of {len(calls)} calls differ, e.g.\n"
                       + "\n".join(found[:5]))


def test_xlwings_registers_the_catalog_in_pyodide(answered: tuple[Path, dict[str, Any]]) -> None:
    assert registration_problems(answered[1]["meta"]) == []


def test_the_xlwings_below_the_floor_fails_in_pyodide(
        pyodide: Path, lock: dict[str, Any], lite_files: Path, floor: Version,
        tmp_path: Path) -> None:
    """The floor is no higher than it must be: the release before it gets calls wrong."""
    below = wheel(f"xlwings<{floor}", lock, tmp_path)
    calls = cases()
    answer = run_in_pyodide(pyodide, lock, below, lite_files / "main.py", calls)
    found = differences(calls, answer["results"], handed_over)
    assert found or registration_problems(answer["meta"]), (
        f"{below.name} answers every call as udfs does: the floor {floor} could be lower")


def test_readme_names_the_pyodide_tested(pyodide: Path, lock: dict[str, Any]) -> None:
    version = json.loads((pyodide / "package.json").read_text("utf-8"))["version"]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    readme = (REPO / "README.md").read_text("utf-8")
    assert f"version {version} (Python {python})" in readme, "README names another Pyodide"
