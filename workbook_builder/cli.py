"""The ``workbook-builder`` command line.

Library errors (bad input, an unreadable or unwritable file) become a one-line message
``Error: …`` and exit status 1 (click's ``ClickException``), never a traceback: a club
secretary should see what to fix, not Python internals.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click

from rating_rules import SYSTEMS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="club-rating-sheets")
def main() -> None:
    """Rating sheets for clubs: build workbooks, list the worksheet functions."""


@main.command()
@click.option("--markdown", is_flag=True, help="Print a Markdown table (the README's).")
def functions(markdown: bool) -> None:
    """List the worksheet functions with their signatures and one line of help."""
    from udfs import catalog

    if markdown:
        click.echo("| function | what it gives |\n|---|---|")
        for entry in catalog():
            click.echo(f"| `{entry.signature}` | {entry.summary} |")
        return
    for entry in catalog():
        click.echo(f"{entry.signature}\n    {entry.summary}")


@main.command()
@click.argument("games_csv", type=click.Path(dir_okay=False))
@click.option("--system", "-s", required=True, type=click.Choice(
    list(SYSTEMS)), help="The rating rule.")
@click.option("--monthly", is_flag=True, help="Rating periods by month (systems that have "
              "them: " + ", ".join(s.name for s in SYSTEMS.values() if s.periods) + ").")
@click.option("--initial", type=float, help="Starting rating of every player.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv"]), default="table")
@click.option("--lang", type=click.Choice(["ja", "en"]), default="ja")
@click.option("--skip-bad", is_flag=True, help="Rate the good rows and list the bad ones.")
def rate(
    games_csv: str, system: str, monthly: bool, initial: float | None, fmt: str, lang: str,
    skip_bad: bool,
) -> None:
    """Print the rating list computed by the engine from a game log (CSV with a header)."""
    import math

    from .gamelog import read_game_log
    from .rating_list import rate_log, rating_list, render

    if initial is not None and not math.isfinite(initial):
        raise click.ClickException(f"--initial {initial!r} is not a finite number")
    try:
        log = read_game_log(games_csv, system, monthly=monthly)
        for note in log.notes:
            click.echo(f"{games_csv}: {note}", err=True)
        for bad in log.bad:
            click.echo(f"{games_csv}:{bad.line}: {bad.reason}", err=True)
        if log.bad and not skip_bad:
            raise click.ClickException(
                f"{len(log.bad)} row(s) could not be read; fix them or pass --skip-bad"
            )
        result = rate_log(log, monthly=monthly, initial=initial)
    except ValueError as exc:
        where = log if "log" in locals() else None
        raise click.ClickException(_with_line(str(exc), where)) from None
    click.echo(render(rating_list(result), fmt, lang), nl=False)


@main.command("import")
@click.argument("games_csv", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--template", "-t", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="A ledger template, e.g. templates/ledger_tokin_ja.toml.")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The new ledger (.xlsx); an existing file is never overwritten.")
@click.option("--skip-bad", is_flag=True, help="Import the good rows and list the bad ones.")
def import_(games_csv: Path, template: Path, out: Path, skip_bad: bool) -> None:
    """Build a club ledger pre-filled from a game log (CSV with a header)."""
    from .importer import import_log

    try:
        report = import_log(games_csv, template, out, skip_bad=skip_bad)
    except ValueError as exc:  # ImportFailed, WriteFailed, TemplateError: one line each
        raise _fail(exc) from None
    for bad in report.skipped:
        click.echo(f"{games_csv}:{bad.line}: skipped: {bad.reason}", err=True)
    for warning in report.warnings:
        click.echo(f"{games_csv}: {warning}", err=True)
    click.echo(f"{report.out}: {report.games} games, {report.players} players")


def _with_line(message: str, log: object) -> str:
    """Point an engine error about games[n] at the CSV line it came from."""
    lines = getattr(log, "lines", None)
    match = re.match(r"games\[(\d+)\]", message)
    if lines and match and int(match.group(1)) <= len(lines):
        return f"line {lines[int(match.group(1)) - 1]}: {message}"
    return message


def _fail(exc: Exception) -> click.ClickException:
    return click.ClickException(str(exc).splitlines()[0])


@main.command()
@click.argument("templates", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Output folder (default: dist/).")
@click.option("--lang", type=click.Choice(["ja", "en"]), default=None,
              help="Override the templates' language.")
@click.option("--password", default=None, help="Protect the sheets with this password.")
def build(templates: tuple[Path, ...], out_dir: Path | None, lang: str | None,
          password: str | None) -> None:
    """Build workbooks from TEMPLATES (default: every templates/*.toml into dist/)."""
    import dataclasses

    from workbook_builder import build as builder
    from workbook_builder.template import TemplateError, load_template

    paths = list(templates) or sorted(builder.TEMPLATES.glob("*.toml"))
    if not paths:
        raise click.ClickException(f"no templates found in {builder.TEMPLATES}")
    target = out_dir or builder.DIST
    try:
        specs = [load_template(p) for p in paths]
    except TemplateError as exc:
        raise _fail(exc) from None
    if lang is not None:
        specs = [dataclasses.replace(spec, lang=lang) for spec in specs]
    try:
        for path in builder.build_all(specs, target, password):
            click.echo(f"{path}  ({path.stat().st_size:,} bytes)")
    except (ValueError, OSError) as exc:
        raise _fail(exc) from None
    if not templates:  # a full rebuild also carries the xlwings Lite files
        _write_lite(target / "lite")


@main.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Output folder (default: dist/lite/).")
def lite(out_dir: Path | None) -> None:
    """Write main.py and requirements.txt for xlwings Lite (Excel on Windows, Mac, the web)."""
    from workbook_builder import build as builder

    _write_lite(out_dir or builder.DIST / "lite")


def _write_lite(out_dir: Path) -> None:
    from .lite import write

    try:
        paths = write(out_dir)
    except ValueError as exc:  # WriteFailed: names the file and why
        raise _fail(exc) from None
    for path in paths:
        click.echo(f"{path}  ({path.stat().st_size:,} bytes)")


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def describe(file: Path, as_json: bool) -> None:
    """List the named ranges of a built workbook: sheet, range, role, type, allowed values."""
    import json

    from workbook_builder.metadata import describe as describe_file
    from workbook_builder.readback import check_package

    try:
        check_package(file)
        info = describe_file(file)
    except (ValueError, OSError, KeyError) as exc:
        raise _fail(exc) from None
    if as_json:
        click.echo(json.dumps(info, ensure_ascii=False, indent=2))
        return
    names: list[dict[str, Any]] = info["names"]  # type: ignore[assignment]
    for entry in names:
        allowed = " ".join(map(str, entry["allowed"]))
        click.echo(f"{entry['name']:<20} {entry['role']:<8} {entry['type']:<7} "
                   f"{entry['sheet']}!{entry['range']}  {allowed}")


@main.command()
@click.argument("templates", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Picture folder (default: docs/img/).")
@click.option("--example/--blank", default=True,
              help="Fill a few example games (default) or show the empty sheet.")
@click.option("--phone", is_flag=True,
              help="Render what an upright phone (390 px, 100 %) shows instead.")
def render(templates: tuple[Path, ...], out_dir: Path | None, example: bool,
           phone: bool) -> None:
    """Render each template's Games sheet (and chart) to PNG with LibreOffice."""
    from workbook_builder import build as builder
    from workbook_builder.preview import render_phone, render_previews
    from workbook_builder.template import TemplateError, load_template

    paths = list(templates) or sorted(builder.TEMPLATES.glob("*.toml"))
    try:
        specs = [load_template(p) for p in paths]
        folder = out_dir or builder.REPO / "docs" / "img"
        pngs = render_phone(specs, folder) if phone else render_previews(specs, folder, example)
        for png in pngs:
            click.echo(str(png))
    except (TemplateError, RuntimeError) as exc:
        raise _fail(exc) from None


@main.command()
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
def lint(files: tuple[Path, ...]) -> None:
    """Check every formula in FILES against the Excel 2010 / LibreOffice 7.4 function set."""
    from workbook_builder.lint import lint_workbook
    from workbook_builder.readback import check_package

    try:
        for file in files:
            check_package(file)
        problems = [p for f in files for p in lint_workbook(f)]
    except (ValueError, OSError) as exc:
        raise _fail(exc) from None
    for problem in problems:
        click.echo(problem)
    if problems:
        raise click.ClickException(f"{len(problems)} formula problem(s)")
    click.echo(f"{len(files)} workbook(s): all formulas fine")


@main.command()
@click.argument("workbook", type=click.Path(dir_okay=False))
def audit(workbook: str) -> None:
    """Recompute every computed cell with the engine; list each that differs (exit 1)."""
    from .audit import audit as run_audit
    from .errors import BuilderError

    try:
        report = run_audit(workbook)
    except BuilderError as exc:
        raise _fail(exc) from None
    for problem in report.problems:
        click.echo(f"problem: {problem}")
    for note in report.notes:
        click.echo(f"note: {note}", err=True)
    for finding in report.findings:
        click.echo(finding.line())
    summary = f"{report.checked} computed cells checked, {len(report.findings)} differ"
    if report.not_calculated:
        summary += f", {report.not_calculated} never calculated (open and save in a spreadsheet)"
    click.echo(summary, err=True)
    if report.needs_repair:
        fixed = Path(workbook).with_name(Path(workbook).stem + "-repaired.xlsx")
        click.echo(f"to fix: workbook-builder repair {_quoted(workbook)} --out "
                   f"{_quoted(str(fixed))}", err=True)
        raise SystemExit(1)


@main.command()
@click.argument("workbook", type=click.Path(dir_okay=False))
@click.option("--out", "-o", required=True, type=click.Path(dir_okay=False),
              help="Where to write the repaired copy (never the input).")
@click.option("--password", help="Protect the sheets with this password.")
@click.option("--rows", type=int, help="Game rows of the new workbook (a full ledger grows).")
@click.option("--players", type=int, help="Players rows of the new ledger.")
def repair(workbook: str, out: str, password: str | None, rows: int | None,
           players: int | None) -> None:
    """Rebuild a workbook from its template, carrying every typed input over.

    With --rows / --players the new workbook has that many game / Players rows, so a
    club whose ledger is full carries on in a bigger one.
    """
    from .errors import BuilderError
    from .repair import repair as run_repair

    try:
        report = run_repair(workbook, out, password, rows=rows, players=players)
    except BuilderError as exc:
        raise _fail(exc) from None
    for line in report.restored:
        click.echo(f"restored: {line}")
    for line in report.not_carried:
        click.echo(f"not carried: {line}")
    lost = f"; {len(report.not_carried)} left out, listed above" if report.not_carried else ""
    click.echo(f"{report.out}: {report.rows} rows carried over{lost}")


def _quoted(path: str) -> str:
    """``path`` as a shell word: quoted when it holds a space or a shell character."""
    import shlex

    return shlex.quote(path)
