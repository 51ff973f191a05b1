"""Runs where only xlwings is installed (a clean venv, or Pyodide under Node): loads a
generated main.py the way xlwings Lite does and evaluates worksheet-function calls with it.
Imports nothing of this project.

Usage: python lite_probe.py MAIN_PY < cases.json > results.json
In Pyodide (``tests/lite_pyodide.mjs``): ``await answer(MAIN_PY, cases)``.

Each case is {"name": F, "args": [...]}, the arguments as Python gets them (a range as a
list of rows, a blank as null). Per case the answer holds two outcomes, each
{"value": ...} or {"error": message}:
- "lite": through xlwings' own custom-function call (xlwings.server.custom_functions_call,
  which xlwings Lite and xlwings Server run), every argument handed over as a matrix the
  way Office.js hands it, an omitted one as null; in Pyodide the call's data passes
  through a JavaScript object and Pyodide's ``to_py()``, as in the add-in;
- "direct": main.F(*args), a plain Python call.
Also printed: xlwings' registration of main.py (custom_functions_meta), the xlwings
version, and whether the project's packages could have been imported from disk.
"""

from __future__ import annotations

import asyncio
import importlib.machinery
import importlib.util
import json
import sys
from typing import Any

import xlwings as xw
from xlwings import server


def load(path: str) -> Any:
    """As xlwings Lite loads its editor's text: executed into a new module, no file behind."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    spec = importlib.util.spec_from_loader("main", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(text, module.__dict__)
    sys.modules["main"] = module
    return module


def matrix(value: Any) -> Any:
    """An argument as Office.js hands it to xlwings: always a list of rows."""
    if value is None or isinstance(value, list):
        return value
    return [[value]]


def arrived(data: dict[str, Any]) -> Any:
    """The call's data as the add-in's Python gets it from JavaScript: in Pyodide a JS object
    turned into Python by ``to_py()`` (null becomes ``jsnull`` from Pyodide 0.28 on, a whole
    number an int); elsewhere unchanged."""
    if sys.platform != "emscripten":
        return data
    import js  # type: ignore[import-not-found]

    return js.JSON.parse(json.dumps(data)).to_py()


async def lite_call(main: Any, name: str, args: list[Any]) -> dict[str, Any]:
    data = {"func_name": name, "args": [matrix(a) for a in args], "version": xw.__version__,
            "client": "Office.js", "runtime": "1.4", "culture_info_name": "ja-JP",
            "content_language": "ja-JP"}
    try:
        return {"value": await server.custom_functions_call(arrived(data), main)}
    except Exception as exc:  # what the cell's error flag shows
        return {"error": str(exc)}


def direct_call(main: Any, name: str, args: list[Any]) -> dict[str, Any]:
    try:
        return {"value": getattr(main, name)(*args)}
    except Exception as exc:
        return {"error": str(exc)}


async def run(main: Any, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"lite": await lite_call(main, c["name"], c["args"]),
             "direct": direct_call(main, c["name"], c["args"])} for c in cases]


async def answer(main_py: str, cases: list[dict[str, Any]]) -> dict[str, Any]:
    module = load(main_py)
    on_disk = [p for p in ("rating_rules", "udfs")
               if importlib.machinery.PathFinder.find_spec(p) is not None]
    return {"xlwings": xw.__version__, "python": sys.version.split()[0],
            "platform": sys.platform, "on_disk": on_disk,
            "meta": server.custom_functions_meta(module), "results": await run(module, cases)}


def main() -> None:
    cases = json.load(sys.stdin)
    json.dump(asyncio.run(answer(sys.argv[1], cases)), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
