"""Runs in a clean venv that has only xlwings: loads a generated main.py the way xlwings Lite
does and evaluates worksheet-function calls with it. Imports nothing of this project.

Usage: python lite_probe.py MAIN_PY < cases.json > results.json

Each case is {"name": F, "args": [...]}, the arguments as Python gets them (a range as a
list of rows, a blank as null). Per case the answer holds two outcomes, each
{"value": ...} or {"error": message}:
- "lite": through xlwings' own custom-function call (xlwings.server.custom_functions_call,
  which xlwings Lite and xlwings Server run), every argument handed over as a matrix the
  way Office.js hands it, an omitted one as null;
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
    spec = importlib.util.spec_from_file_location("main", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["main"] = module
    spec.loader.exec_module(module)
    return module


def matrix(value: Any) -> Any:
    """An argument as Office.js hands it to xlwings: always a list of rows."""
    if value is None or isinstance(value, list):
        return value
    return [[value]]


async def lite_call(main: Any, name: str, args: list[Any]) -> dict[str, Any]:
    data = {"func_name": name, "args": [matrix(a) for a in args], "version": xw.__version__,
            "client": "Office.js", "runtime": "1.4", "culture_info_name": "ja-JP",
            "content_language": "ja-JP"}
    try:
        return {"value": await server.custom_functions_call(data, main)}
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


def main() -> None:
    cases = json.load(sys.stdin)
    module = load(sys.argv[1])
    on_disk = [p for p in ("rating_rules", "udfs")
               if importlib.machinery.PathFinder.find_spec(p) is not None]
    out = {"xlwings": xw.__version__, "on_disk": on_disk,
           "meta": server.custom_functions_meta(module),
           "results": asyncio.run(run(module, cases))}
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
