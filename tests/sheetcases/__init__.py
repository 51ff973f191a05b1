"""Per sheet type, what the LibreOffice tests type into its inputs.

Each module here names its ``SYSTEM`` and gives ``random_inputs(seed, count)`` (valid
rows for the conformance test) and ``BAD_ROWS`` (the bad-input test), keyed by the
sheet's ``Games_<Column>`` names. The session fixture in ``conftest`` builds every
shipped template and recalculates all of them in one LibreOffice call.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def _discover() -> dict[str, ModuleType]:
    cases = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        cases[module.SYSTEM] = module
    return cases


CASES: dict[str, ModuleType] = _discover()
