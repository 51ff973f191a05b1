"""The README documents every worksheet function and every CLI command (sqlite-utils style)."""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType

from click.testing import CliRunner

from workbook_builder.cli import main

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text("utf-8")


def test_readme_function_table_is_the_catalog() -> None:
    generated = CliRunner().invoke(main, ["functions", "--markdown"]).output.strip()
    block = re.search(r"<!-- functions:start -->\n(.*?)\n<!-- functions:end -->", README, re.S)
    assert block, "the README lost its functions markers"
    assert block.group(1).strip() == generated, (
        "README is out of date: paste `workbook-builder functions --markdown` between the markers"
    )


def test_every_cli_command_is_documented() -> None:
    for name in main.commands:
        assert f"`./workbook-builder {name}" in README, f"README does not document {name!r}"


def test_readme_first_screen_has_the_two_commands() -> None:
    first_screen = "\n".join(README.splitlines()[:30])
    assert "bash scripts/build.sh" in first_screen
    assert "bash scripts/test.sh" in first_screen
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text("utf-8")
    assert "scripts/test.sh" in ci


def test_functions_command_lists_signatures() -> None:
    out = CliRunner().invoke(main, ["functions"]).output
    assert "TOKIN_DELTA(my_rating, opp_rating, result, [handicap])" in out
    assert "YONIN_GAME(rates, placements, knocked_by, [floors])" in out


ROLE = re.compile(r":(?:func|data|class|mod|meth|attr|exc):`~?([^`]+)`")
PACKAGES = ("rating_rules", "udfs", "workbook_builder")


def source_modules() -> dict[str, tuple[Path, ModuleType]]:
    """Every module of the three packages, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__main__":
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = (path, importlib.import_module(name))
    return found


def members(prefix: str, owner: object, depth: int = 1) -> set[str]:
    """Dotted names of what ``owner`` holds: its attributes and annotated fields, its
    classes' too (``depth`` levels), inherited ones included."""
    bases = inspect.getmro(owner) if inspect.isclass(owner) else (owner,)
    names = {key for base in bases
             for key in (*vars(base), *getattr(base, "__annotations__", {}))}
    found = {f"{prefix}.{key}" for key in names}
    for key in names:
        value = inspect.getattr_static(owner, key, None)
        if depth and inspect.isclass(value) and value.__module__.startswith(PACKAGES):
            found |= members(f"{prefix}.{key}", value, depth - 1)
    return found


def attribute_path(owner: object, dotted: str) -> bool:
    for part in dotted.split("."):
        try:
            owner = inspect.getattr_static(owner, part)
        except AttributeError:
            return False
    return True


def resolves(ref: str, module: ModuleType, known: set[str]) -> bool:
    """Whether ``ref`` names something, read as Sphinx reads it in ``module``: a leading
    dot searches by suffix; else the module's names, its classes' members, an absolute
    path or a builtin."""
    if ref.startswith("."):
        return any(name.endswith(ref) for name in known)
    classes = [value for value in vars(module).values() if inspect.isclass(value)]
    if any(attribute_path(owner, ref) for owner in (module, *classes, builtins)):
        return True
    parts = ref.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            imported = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        return attribute_path(imported, ".".join(parts[cut:])) if cut < len(parts) else True
    return False


def test_docstring_references_name_what_exists() -> None:
    """A docstring that points at a function, a name or a module by a role (``:func:``,
    ``:data:`` …) points at one that exists: a rename or a removal cannot leave it behind."""
    modules = source_modules()
    known = set(modules).union(*(members(name, module) for name, (_, module)
                                 in modules.items()))
    stale = [f"{path.relative_to(ROOT)}:{node.lineno}: {ref}"
             for path, module in modules.values()
             for node in ast.walk(ast.parse(path.read_text("utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             for ref in ROLE.findall(node.value)
             if not resolves(ref, module, known)]
    assert not stale, "docstrings name what is gone:\n" + "\n".join(stale)


# --- RULES.md: the rules document every sheet and document cites ----------------------

RULES = ROOT / "RULES.md"
CITATION = re.compile(r"RULES\.md`?((?:[\s,]*(?:and\s+)?§\s*\d+(?:\s*[–-]\s*§?\d+)?)+)")
SECTION = re.compile(r"§\s*(\d+)(?:\s*[–-]\s*§?(\d+))?")


def cited_sections(text: str, bare: bool = False) -> set[int]:
    """The § numbers ``text`` cites of RULES.md: "RULES.md §1, §2", "RULES.md §2–3";
    with ``bare``, every § (the README cites no other document's sections)."""
    spans = [text] if bare else [m.group(1) for m in CITATION.finditer(text)]
    found: set[int] = set()
    for span in spans:
        for first, last in SECTION.findall(span):
            found.update(range(int(first), int(last or first) + 1))
    return found


def workbook_texts(path: Path) -> str:
    """Every text of a workbook's parts (cells, comments, names), markup unescaped."""
    import html
    import zipfile

    with zipfile.ZipFile(path) as book:
        return "\n".join(html.unescape(book.read(name).decode("utf-8", "replace"))
                         for name in book.namelist() if name.endswith((".xml", ".rels")))


def rules_sections() -> set[int]:
    return {int(n) for n in re.findall(r"^## §(\d+) ", RULES.read_text("utf-8"), re.M)}


def test_rules_document_has_a_section_for_every_rule_family() -> None:
    """§0 conventions, §1–§6 as the team's specification numbers them, §7 Glicko."""
    assert rules_sections() == set(range(8))


def test_every_cited_rules_section_exists() -> None:
    """Every "RULES.md §N" a shipped workbook, the README, a document, a template or a
    docstring cites is a section of RULES.md, so a reader who follows it finds the rule."""
    cites: dict[str, set[int]] = {"README.md": cited_sections(README, bare=True)}
    documents = [ROOT / "CONTRIBUTING.md", RULES, *sorted((ROOT / "docs").rglob("*.md")),
                 *sorted((ROOT / "templates").glob("*.toml")), ROOT / "dist" / "lite" / "main.py",
                 *(path for package in (*PACKAGES, "tests")
                   for path in sorted((ROOT / package).rglob("*.py")))]
    for path in documents:
        cites[str(path.relative_to(ROOT))] = cited_sections(path.read_text("utf-8"))
    books = sorted((ROOT / "dist").glob("*.xlsx"))
    for path in books:
        cites[str(path.relative_to(ROOT))] = cited_sections(workbook_texts(path))
    in_books = set().union(*(cites[str(p.relative_to(ROOT))] for p in books))
    assert {4, 5} <= in_books, "the Go and four-player sheets cite their rules' sections"
    assert {1, 2, 3, 4, 5, 6} <= cites["README.md"]
    missing = {where: sorted(found - rules_sections()) for where, found in cites.items()
               if found - rules_sections()}
    assert not missing, f"sections cited but not in RULES.md: {missing}"


def test_citations_are_read_as_written() -> None:
    assert cited_sections("(RULES.md §1, §2; seeds 000 and 002)") == {1, 2}
    assert cited_sections("against RULES.md §2–3 and seed 002") == {2, 3}
    assert cited_sections("RULES.md §5's worked example, ECMA §18.2.2") == {5}
    assert cited_sections("| Club 24 (§2) |", bare=True) == {2}


def test_rules_document_names_the_engine_as_it_is() -> None:
    """Each section's "Engine:" line names modules and functions that exist, and each
    "Defaults" line's numbers are its preset's: the document says what the code does."""
    text = RULES.read_text("utf-8")
    engines = re.findall(r"Engine: `(rating_rules/\w+)\.py`\s*\(([^)]*)\)", text)
    assert len(engines) == 7
    for path, names in engines:
        module = importlib.import_module(path.replace("/", "."))
        for name in re.findall(r"`(\w+)`", names):
            assert hasattr(module, name), f"{path} has no {name}"
    modules = [importlib.import_module(path.replace("/", ".")) for path, _ in engines]
    checked = 0
    for preset_name, body in re.findall(r"Defaults \(`(\w+)`\): (.*?)\.\n", text, re.S):
        preset = next(getattr(m, preset_name) for m in modules if hasattr(m, preset_name))()
        for field, value in re.findall(r"\b([a-z_]+) (-?\d+(?:\.\d+)?)\b", body):
            if hasattr(preset, field) and isinstance(getattr(preset, field), (int, float)):
                assert getattr(preset, field) == float(value), f"{preset_name}.{field}"
                checked += 1
    assert checked >= 25
