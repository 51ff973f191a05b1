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

INCOMPLETE = {"ja": "入力途中", "en": "incomplete"}
"""What a half-filled row's Status says (no ⚠: nothing typed is wrong, and the game
being typed shows it too): each case's ``BAD_INCOMPLETE`` rows."""


def chart_points(values: list[object]) -> list[object]:
    """A chart helper column's points: the counted rows' values, #N/A elsewhere left out."""
    return [v for v in values if v != "#N/A"]


def assert_incomplete(status: object, lang: str, where: str) -> None:
    """A half-filled row: marked incomplete (so not counted), without a ⚠."""
    assert isinstance(status, str) and INCOMPLETE[lang] in status, f"{where}: {status!r}"
    assert not status.startswith("⚠"), f"{where}: {status!r}"
