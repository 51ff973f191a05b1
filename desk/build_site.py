"""Builds the club desk, a static site, into ``site/`` (``bash scripts/build.sh`` runs it
after the workbooks; ``python desk/build_site.py`` alone rebuilds the site).

The site holds everything it loads, so the page fetches nothing from another origin: the
page's own files (this folder), Pyodide's core files from npm (the version
``scripts/install-pyodide.sh`` pins, installed here when missing), the project's wheel,
pure wheels of its dependencies from PyPI (kept in ``.cache/desk-wheels``, so a rebuild
needs no network), the ledger templates, the ready-made workbooks of ``dist/`` with their
pictures, and ``desk.json``: what the page lists and its words in Japanese and English
(the ``desk.*`` keys and the rating list's headings of ``workbook_builder.messages``).
``site/`` is built, like ``dist/``, and not committed: Pyodide alone is 13 MB.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "desk"
SITE = REPO / "site"
PYODIDE = REPO / ".cache" / "pyodide" / "node_modules" / "pyodide"
WHEEL_CACHE = REPO / ".cache" / "desk-wheels"
PAGE_FILES = ("index.html", "desk.css", "desk.js", "worker.js")
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
DEPENDENCIES = ("openpyxl==3.1.5", "et_xmlfile==2.0.0", "defusedxml==0.7.1", "click==8.5.1")
"""Pure wheels the page installs (xlwings is left out: the desk uses no worksheet
functions). Pinned, so the site is the same from one build to the next."""


def main(site: Path = SITE) -> None:
    """Build the site into ``site`` (``site/`` of the checkout unless told)."""
    sys.path.insert(0, str(REPO))
    if site.exists():
        shutil.rmtree(site)
    (site / "pyodide").mkdir(parents=True)
    for name in PAGE_FILES:
        shutil.copy2(SOURCE / name, site / name)
    install_pyodide()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, site / "pyodide" / name)
    wheels = copy_wheels(site / "wheels")
    rules = copy_templates(site / "templates")
    sheets = copy_sheets(site)
    manifest = {"pyodide": json.loads((PYODIDE / "package.json").read_text("utf-8"))["version"],
                "wheels": wheels, "rules": rules, "sheets": sheets, "words": words()}
    (site / "desk.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1),
                                    encoding="utf-8")
    print(f"site: {site}")


def install_pyodide() -> None:
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        subprocess.run(["bash", str(REPO / "scripts" / "install-pyodide.sh")], check=True)


def copy_wheels(folder: Path) -> list[str]:
    """The project's wheel (built from this checkout) and its pure dependencies."""
    folder.mkdir()
    python = ".".join(json.loads((PYODIDE / "pyodide-lock.json").read_text("utf-8"))
                      ["info"]["python"].split(".")[:2])
    missing = [d for d in DEPENDENCIES if not list(WHEEL_CACHE.glob(_wheel_glob(d)))]
    if missing:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q",
                        "--disable-pip-version-check", "--no-deps", "--only-binary=:all:",
                        "--platform", "any", "--implementation", "py", "--abi", "none",
                        "--python-version", python, "-d", str(WHEEL_CACHE), *missing],
                       check=True)
    for dependency in DEPENDENCIES:
        (found,) = WHEEL_CACHE.glob(_wheel_glob(dependency))
        shutil.copy2(found, folder / found.name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check",
                    "--no-deps", "-w", str(folder), str(REPO)],
                   check=True, cwd=REPO)
    shutil.rmtree(REPO / "build", ignore_errors=True)
    return sorted(p.name for p in folder.glob("*.whl"))


def _wheel_glob(requirement: str) -> str:
    name, _, version = requirement.partition("==")
    return f"{name.replace('-', '_')}-{version}-*.whl"


def copy_templates(folder: Path) -> list[dict[str, str]]:
    """Every ledger template, with its title: the rules the page offers."""
    from workbook_builder.sheets import SHEET_TYPES
    from workbook_builder.template import load_template

    folder.mkdir()
    rules = []
    for path in sorted((REPO / "templates").glob("*.toml")):
        spec = load_template(path)
        if "Players" not in SHEET_TYPES[spec.system].input_tables:
            continue
        shutil.copy2(path, folder / path.name)
        rules.append({"file": path.name, "lang": spec.lang, "title": spec.title})
    return rules


def copy_sheets(site: Path) -> list[dict[str, object]]:
    """Each ready-made workbook of dist/ in both languages, its picture and what it is for
    (the second line of its template, which says so)."""
    (site / "sheets").mkdir()
    (site / "img").mkdir()
    sheets = []
    for ja in sorted((REPO / "dist").glob("*_ja.xlsx")):
        name = ja.stem.removesuffix("_ja")
        entry: dict[str, object] = {"name": name}
        for lang in ("ja", "en"):
            book = REPO / "dist" / f"{name}_{lang}.xlsx"
            picture = REPO / "docs" / "img" / f"{name}_{lang}.png"
            template = REPO / "templates" / f"{name}_{lang}.toml"
            shutil.copy2(book, site / "sheets" / book.name)
            if picture.exists():
                shutil.copy2(picture, site / "img" / picture.name)
            first, second = template.read_text("utf-8").splitlines()[:2]
            title = first.lstrip("# ").partition(": `")[0].rpartition(" (")[0]
            entry[lang] = {"file": book.name, "picture": picture.name, "title": title,
                           "line": second.lstrip("# ")}
        sheets.append(entry)
    return sheets


def words() -> dict[str, list[str]]:
    """The page's words from the one table, Japanese then English."""
    from workbook_builder.messages import TABLE

    return {key: list(pair) for key, pair in TABLE.items() if key.startswith("desk.")}


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else SITE)
