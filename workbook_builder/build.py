"""Template → workbook: lay out, protect, describe, save, then the post-save pass."""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from .kit.howto import add_howto
from .lint import formula_text, lambda_names, lint_formula
from .messages import say
from .metadata import META_SHEET, TEXTS, builder_texts, write_meta
from .package import finalize
from .sheets import SHEET_TYPES, Built
from .spec import Spec

FIXED_DATE = dt.datetime(2024, 1, 1)
REPO = Path(__file__).resolve().parent.parent
TEMPLATES = REPO / "templates"
DIST = REPO / "dist"


def protect(ws: Worksheet, password: str | None = None) -> None:
    """Lock the sheet against slips: selecting and resizing stay allowed, charts stay put."""
    p = ws.protection
    p.sheet = True
    p.objects = True
    p.scenarios = True
    p.formatColumns = False
    p.formatRows = False
    p.selectLockedCells = False
    p.selectUnlockedCells = False
    if password:
        p.password = password


def build_workbook(spec: Spec, inputs: Sequence[Mapping[str, object]] = (),
                   password: str | None = None,
                   tables: Mapping[str, Sequence[Mapping[str, object]]] | None = None,
                   ) -> tuple[Workbook, Built]:
    """The workbook for ``spec`` and the engine's values of its formula cells.

    ``inputs`` pre-fills the first Games rows (examples and tests), one mapping of
    input-column key to value per row; ``tables`` does the same for other input
    tables by key (a ledger's ``Players``).
    """
    sheet_type = SHEET_TYPES[spec.system]
    preset = sheet_type.preset_for(spec)
    if spec.settings_tables:
        preset = sheet_type.with_tables(preset, spec.settings_tables, spec)
    wb = Workbook()
    for ws in wb.worksheets:
        wb.remove(ws)
    given = dict(tables or {})
    if inputs or "Games" not in given:
        given["Games"] = inputs
    built = sheet_type.populate_tables(wb, spec, preset, given)
    add_howto(wb, sheet_type.howto, spec.lang, spec.title or sheet_type.default_title(spec.lang),
              built.names)
    lambdas = lambda_names(wb)
    for ws in wb.worksheets:
        protect(ws, password)
        _lint_sheet(ws, lambdas)
    about = {"system": spec.system, "preset": spec.preset, "lang": spec.lang,
             "rows": str(spec.rows), "template": Path(spec.source).name if spec.source else "",
             "builder": "workbook-builder", "output": spec.output, "title": spec.title,
             "club": spec.club, "constants": json.dumps(spec.constants, sort_keys=True)}
    if "Players" in sheet_type.input_tables:
        about["players"] = str(spec.players)
    if spec.settings_tables:  # what the snapshot sheets were generated from
        about["settings_tables"] = json.dumps(spec.settings_tables, ensure_ascii=False,
                                              sort_keys=True)
    about[TEXTS] = builder_texts(wb, built.names)
    write_meta(wb, built.names, about)
    protect(wb[META_SHEET], password)
    wb.active = 0
    # The file carries the engine's values for every formula: Excel need not recompute
    # the whole workbook at each open (openpyxl's default), only what a person changes.
    wb.calculation.fullCalcOnLoad = False
    props = wb.properties
    props.title = spec.title or sheet_type.default_title(spec.lang)
    props.creator = "club-rating-sheets workbook-builder"
    props.lastModifiedBy = props.creator
    props.language = spec.lang
    props.created = props.modified = FIXED_DATE
    return wb, built


def build(spec: Spec, out_dir: Path, password: str | None = None,
          inputs: Sequence[Mapping[str, object]] = (),
          tables: Mapping[str, Sequence[Mapping[str, object]]] | None = None) -> Path:
    """Write ``out_dir/<output>.xlsx`` for ``spec`` (byte-identical on every run)."""
    wb, built = build_workbook(spec, inputs, password, tables)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{spec.output}.xlsx"
    wb.save(path)
    finalize(path, built.cached)
    return path


def build_all(specs: Sequence[Spec], out_dir: Path, password: str | None = None
              ) -> Iterator[Path]:
    """:func:`build` for each spec, one process per core, the paths in the specs' order.

    Each workbook is built alone, so the files are the same as one by one."""
    if len(specs) < 2 or (os.cpu_count() or 1) < 2:
        yield from (build(spec, out_dir, password) for spec in specs)
        return
    with ProcessPoolExecutor(max_workers=min(len(specs), os.cpu_count() or 1)) as pool:
        futures = [pool.submit(build, spec, out_dir, password) for spec in specs]
        for future in futures:
            yield future.result()


def _lint_sheet(ws: Worksheet, lambdas: frozenset[str]) -> None:
    """Refuse to write a formula Excel 2010 or LibreOffice 7.4 could not evaluate (a call
    of the workbook's own LAMBDA names aside)."""
    for row in ws.iter_rows():
        for cell in row:
            if cell.data_type == "f":
                problems = lint_formula(formula_text(cell.value), lambdas=lambdas)
                if problems:
                    raise ValueError(say("lint.at", where=f"{ws.title}!{cell.coordinate}",
                                         problem=problems[0]))
