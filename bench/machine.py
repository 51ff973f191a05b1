"""Where the figures were measured: CPU, cores, load, OS, Python and library versions."""

from __future__ import annotations

import os
import platform
from importlib import metadata
from pathlib import Path

PACKAGES = ["club-rating-sheets", "elote"]
"""Libraries whose versions the results name; later benchmarks append theirs."""


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def versions(packages: list[str] = PACKAGES) -> dict[str, str]:
    found = {}
    for name in packages:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def describe() -> dict[str, str]:
    """Machine facts as label → value, in the order they are shown."""
    return {
        "CPU": cpu_model(),
        "Cores": str(os.cpu_count()),
        "Load average (1, 5, 15 min) at start": load_average(),
        "OS": platform.platform(),
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "Libraries": ", ".join(f"{k} {v}" for k, v in versions().items()),
    }
