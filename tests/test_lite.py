"""xlwings Lite: the generated main.py gives udfs' numbers and messages, with only xlwings.

The generated main.py is imported in a fresh virtual environment holding nothing but what
its requirements.txt installs (pip's cache allowed), by ``tests/lite_probe.py``, which
calls every worksheet function twice: through xlwings' custom-function call, the code
xlwings Lite runs (arguments as Office.js hands them over), and directly. Expected values
and messages come from :mod:`udfs` imported here from the checkout, never from the file.
xlwings' custom-function code is under its noncommercial licence key here, as xlwings
Server's own WebAssembly build sets it; no Excel runs on these machines.
"""

from __future__ import annotations

import copy
import inspect
import json
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import udfs
from tests.conftest import REPO
from tests.test_builder_catalog import BAD, RANDOM
from workbook_builder import lite
from workbook_builder.cli import main
from workbook_builder.sheets.catalog import ENTRIES, example_values

PROBE = Path(__file__).with_name("lite_probe.py")
LITE_ENV = {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"}
RANDOM_COUNT = 12
EXTRA_BAD = {"GO_HANDICAP": [("my_rank", "0k")]}
"""Bad inputs beside the catalog test's, where udfs accepts all of those (三段 is a rank)."""
SEED_GAME = ([1720, 1370, 2005, 480], [1, 2, 3, 4], [None, 1, 2, 1], [None, None, "初段", None])


# --- the cases: catalog examples, seeded random inputs, bad inputs, ranges -----------------

def _number(value: Any, floats: bool) -> Any:
    """Excel (desktop) hands numbers over as floats; Pyodide turns whole ones into ints."""
    if floats and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def _shaped(arg: Any, value: Any, floats: bool) -> Any:
    if isinstance(value, (list, tuple)):
        cells = [_number(v, floats) for v in value] + [None] * (arg.cells - len(value))
        return [[v] for v in cells] if arg.down else [cells]
    return _number(value, floats)


def _calls(entry: Any, values: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for floats in (True, False):
        yield {"name": entry.name, "args": [_shaped(a, values.get(a.name), floats)
                                            for a in entry.args]}


def _column_call(entry: Any, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One call over whole columns: each row's own answer or message (``cellwise``)."""
    return {"name": entry.name,
            "args": [[[_number(r.get(a.name), True)] for r in rows] for a in entry.args]}


def _yonin_game_calls(rng: random.Random) -> Iterator[dict[str, Any]]:
    rates, places, knocked, floors = SEED_GAME
    yield {"name": "YONIN_GAME", "args": [[rates], [places], [knocked], [floors]]}
    yield {"name": "YONIN_GAME", "args": [[[v] for v in column] for column in
                                          (rates, places, [None, 1, "T", 1], floors)]}
    yield {"name": "YONIN_GAME", "args": [[rates], [[1, 1, 3, 4]], [knocked], None]}
    yield {"name": "YONIN_GAME", "args": [[rates], [places], [[None, 1, 9, 1]], None]}
    for _ in range(RANDOM_COUNT):
        shuffled = rng.sample(range(4), 4)  # seats in another order, other rates
        seat = {old: new for new, old in enumerate(shuffled)}
        game = [[float(rng.randint(0, 3000)) for _ in range(4)], [places[i] for i in shuffled],
                [None if knocked[i] is None else seat[knocked[i] - 1] + 1 for i in shuffled],
                [rng.choice([None, "初段", 1500.0]) for _ in range(4)]]
        yield {"name": "YONIN_GAME", "args": [[column] for column in game]}


def cases() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for entry in ENTRIES:
        example = example_values(entry)
        rng = random.Random(f"lite-{entry.name}")
        randoms = [RANDOM[entry.name](rng) for _ in range(RANDOM_COUNT)]
        bads = [{**example, name: value}
                for name, value in BAD[entry.name] + EXTRA_BAD.get(entry.name, [])]
        for values in [example, *randoms, *bads]:
            out.extend(_calls(entry, values))
        if all(o.get("ndim") == 2 for o in getattr(udfs, entry.name)._udf_args.values()):
            out.append(_column_call(entry, [*randoms, *bads, {}]))
    out.extend(_yonin_game_calls(random.Random("lite-YONIN_GAME")))
    return json.loads(json.dumps(out))  # exactly what the probe reads


def expected(case: dict[str, Any]) -> dict[str, Any]:
    """The outcome from udfs itself, imported from the checkout."""
    try:
        value = getattr(udfs, case["name"])(*copy.deepcopy(case["args"]))
    except Exception as exc:
        return {"error": str(exc)}
    return {"value": json.loads(json.dumps(value))}


def as_cells(outcome: dict[str, Any]) -> dict[str, Any]:
    """A value as xlwings hands it to Excel: always a list of rows."""
    if "value" in outcome and not isinstance(outcome["value"], list):
        return {"value": [[outcome["value"]]]}
    return outcome


def differences(cases: list[dict[str, Any]], results: list[dict[str, Any]],
                handed_over: Callable[[Any], Any] = lambda args: args) -> list[str]:
    """Each call's outcomes against udfs'; ``handed_over``: the arguments as the call
    through xlwings gets them (Pyodide turns whole numbers into ints on the way)."""
    found = []
    for case, result in zip(cases, results, strict=True):
        want = expected(case)
        if result["direct"] != want:
            found.append(f"{case}: direct {result['direct']} != udfs {want}")
        want = expected({**case, "args": handed_over(case["args"])})
        if result["lite"] != as_cells(want):
            found.append(f"{case}: through xlwings {result['lite']} != udfs {want}")
    return found


def registration_problems(meta: dict[str, Any]) -> list[str]:
    """How xlwings' registration misses the catalog: names, arguments, optional ones, help."""
    functions = {f["name"]: f for f in meta.get("functions", [])}
    if sorted(functions) != sorted(e.name for e in udfs.catalog()):
        return [f"registered {sorted(functions)}"]
    found = []
    for entry in udfs.catalog():
        function = functions[entry.name]
        if function["description"] != entry.doc:
            found.append(f"{entry.name}: help {function['description']!r}")
        parameters = inspect.signature(entry.function).parameters
        if [p["name"] for p in function["parameters"]] != list(parameters):
            found.append(f"{entry.name}: arguments {function['parameters']}")
            continue
        for p in function["parameters"]:
            optional = parameters[p["name"]].default is not inspect.Parameter.empty
            if p["description"] != entry.args[p["name"]] or p.get("optional", False) != optional:
                found.append(f"{entry.name}: argument {p}")
    return found


# --- the clean environment and the probe ---------------------------------------------------

@pytest.fixture(scope="module")
def lite_python(lite_files: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment with only what the generated requirements.txt installs."""
    venv = tmp_path_factory.mktemp("lite-venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
         "--disable-pip-version-check", "-r", str(lite_files / "requirements.txt")],
        capture_output=True, text=True)
    assert pip.returncode == 0, f"pip could not install requirements.txt:\n{pip.stderr}"
    return python


def probe(python: Path, main_py: Path, calls: list[dict[str, Any]]) -> dict[str, Any]:
    here = main_py.parent / "probe.py"  # run from beside main.py: no checkout on sys.path
    shutil.copy(PROBE, here)
    run = subprocess.run([str(python), "-E", "-s", str(here), str(main_py)],
                         input=json.dumps(calls), capture_output=True, text=True,
                         cwd=main_py.parent, env={"PATH": "/usr/bin:/bin", **LITE_ENV},
                         timeout=120)
    assert run.returncode == 0, run.stderr
    answer: dict[str, Any] = json.loads(run.stdout)
    return answer


@pytest.fixture(scope="module")
def answer(lite_python: Path, lite_files: Path) -> dict[str, Any]:
    return probe(lite_python, lite_files / "main.py", cases())


# --- tests ---------------------------------------------------------------------------------

def test_every_function_gives_udfs_numbers_and_messages(answer: dict[str, Any]) -> None:
    calls = cases()
    found = differences(calls, answer["results"])
    assert not found, f"{len(found)} of {len(calls)} calls differ, e.g.\n" + "\n".join(found[:5])
    assert answer["on_disk"] == [], "the probe could import the project from disk"
    outcomes = [(c["name"], expected(c)) for c in calls]
    answered = {name for name, want in outcomes if "value" in want}
    refused = {name for name, want in outcomes if "error" in want}
    assert answered == refused == {e.name for e in udfs.catalog()}, (
        "a function lacks a case with an answer or one with a message")


def test_xlwings_registers_the_catalog(answer: dict[str, Any]) -> None:
    """Each function under its name, its arguments, optional ones marked, the help texts."""
    assert registration_problems(answer["meta"]) == []
    meta = {f["name"]: f for f in answer["meta"]["functions"]}
    assert any(p.get("optional") for f in meta.values() for p in f["parameters"])


def test_a_wrong_rule_or_message_in_main_py_is_noticed(
        lite_python: Path, lite_files: Path, tmp_path: Path) -> None:
    text = (lite_files / "main.py").read_text("utf-8")
    for old, new in (("    base: float = 16\n", "    base: float = 17\n"),
                     ("'is not a number': '数ではありません',", "'is not a number': '数です',")):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    wrong = tmp_path / "main.py"
    wrong.write_text(text, "utf-8")
    calls = [c for c in cases() if c["name"] == "TOKIN_DELTA"]
    found = differences(calls, probe(lite_python, wrong, calls)["results"])
    assert any("'value'" in f and "'error'" not in f for f in found), "a wrong number passed"
    assert any("'error'" in f for f in found), "a wrong message passed"


def test_rebuild_is_byte_identical_and_dist_is_current(lite_files: Path) -> None:
    for name, text in (("main.py", lite.main_py()), ("requirements.txt", lite.requirements_txt())):
        assert (lite_files / name).read_bytes() == text.encode("utf-8"), \
            f"two builds of {name} differ"
        committed = REPO / "dist" / "lite" / name
        assert committed.read_bytes() == text.encode("utf-8"), (
            f"dist/lite/{name} is stale: run workbook-builder build")


def test_main_py_carries_every_module_verbatim(lite_files: Path) -> None:
    text = (lite_files / "main.py").read_text("utf-8")
    for name, (_, source) in lite.module_sources().items():
        assert f'    "{name}": (' in text
        assert lite.text_literal(source) in text
    assert "xlwings" in (lite_files / "requirements.txt").read_text("utf-8")


def test_cli_writes_the_files_and_names_a_path_it_cannot_write(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["lite", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["main.py", "requirements.txt"]
    (tmp_path / "taken").write_text("a file where the folder should be")
    result = CliRunner().invoke(main, ["lite", "--out", str(tmp_path / "taken" / "lite")])
    assert result.exit_code == 1
    assert result.output == (f"Error: {tmp_path / 'taken' / 'lite' / 'main.py'}: "
                             "cannot be written (not a directory)\n")


def test_text_literal_survives_quotes_and_backslashes() -> None:
    for text in ("a'''b", "ends with '", "ends with ''", "''''''", "'", "'''",
                 "back\\slash\\n", "\\", "x\\'", "\\''"):
        module: dict[str, Any] = {}  # parsed as main.py is
        exec(compile(f"X = {lite.text_literal(text)}\n", "main.py", "exec"), module)
        assert module["X"] == text
