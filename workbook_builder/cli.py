"""The ``workbook-builder`` command line.

Every word it prints comes from :mod:`.messages` in Japanese or English (``--lang``, else
the locale; Japanese when the locale names no language). Library errors (bad input, an
unreadable or unwritable file) become a one-line message ``エラー: …`` / ``Error: …``,
never a traceback: a club secretary should see what to fix, not Python internals.

Writing: ``import`` and ``repair`` write the one file ``--out`` names and never write
over an existing file unless ``--overwrite`` is given (``repair`` never over its input);
``build``, ``lite`` and ``render`` write generated files into their output folder
(``dist/``, ``docs/img/`` or ``--out``), replacing the ones they made before.

Exit codes: 0 done; 1 the input or a file is wrong (the message says which and why), or
``audit`` found something to repair, or ``lint`` a formula problem; 2 the command line
itself is wrong (an unknown option, a missing argument).
"""

from __future__ import annotations

import gettext
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from rating_rules import SYSTEMS

from .desk_url import desk_url
from .messages import LANGS, TABLE, Listed, choose, reason_of, say, shown, word


def _click_gettext(text: str) -> str:
    return word(text) if text in TABLE else text


def _click_ngettext(singular: str, plural: str, count: int) -> str:
    return _click_gettext(singular if count == 1 else plural)


for _module in [m for n, m in list(sys.modules.items()) if n.startswith("click")]:
    # click reads its own words ("Usage:", "Error") through gettext: hand it ours.
    if getattr(_module, "_", None) is gettext.gettext:
        _module._ = _click_gettext  # type: ignore[attr-defined]
    if getattr(_module, "ngettext", None) is gettext.ngettext:
        _module.ngettext = _click_ngettext  # type: ignore[attr-defined]


class Commands(click.Group):
    """The command group: fixes the run's language before click reads any help text.

    Help texts are declared as keys of :data:`~.messages.TABLE`; each run puts the text
    of its language in place (``--lang`` anywhere on the line, else the locale)."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        words = list(sys.argv[1:] if args is None else args)
        choose(_lang_in(words))
        _translate(self)
        return super().main(words, *rest, **extra)


def _lang_in(words: Sequence[str]) -> str | None:
    for i, item in enumerate(words):
        if item == "--lang" and i + 1 < len(words):
            return words[i + 1]
        if item.startswith("--lang="):
            return item.partition("=")[2]
    return None


def _translate(command: click.Command) -> None:
    """Each help text from its key (kept in ``help_key`` on first use), and the words
    click would otherwise fix in English, or in the language of the moment it was
    imported: the placeholders (``[OPTIONS]``, ``GAMES_CSV``, ``FLOAT``), a path's kind
    (file, folder) and the one-line help of each command in the list."""
    things: list[click.Command | click.Parameter] = [command, *command.params]
    for thing in things:
        key = thing.__dict__.setdefault("help_key", getattr(thing, "help", None))
        if key in TABLE:
            setattr(thing, "help", word(key))  # noqa: B010 (a Parameter's help is an Option's)
    command.options_metavar = word("metavar.options")
    for param in command.params:
        _translate_param(param)
    if isinstance(command, click.Group):
        command.subcommand_metavar = word("metavar.command")
        for sub in command.commands.values():
            _translate(sub)
            sub.short_help = _first_sentence(sub.help or "")


def _translate_param(param: click.Parameter) -> None:
    """A parameter's placeholder and its path kind in the run's language."""
    kind = param.type
    if isinstance(kind, click.Path):
        kind.name = word("file" if kind.file_okay and not kind.dir_okay else
                         "directory" if kind.dir_okay and not kind.file_okay else "path")
    if isinstance(kind, click.Choice) or getattr(param, "is_flag", False):
        return
    if isinstance(param, click.Argument):
        shown_name = word(f"metavar.{param.name}")
        shown_name = shown_name if param.required else f"[{shown_name}]"
        param.metavar = shown_name + ("..." if param.nargs != 1 else "")
    else:
        param.metavar = word(f"metavar.{_type_word(kind)}")


def _type_word(kind: click.ParamType[Any, Any]) -> str:
    """The placeholder's key for an option's type."""
    if isinstance(kind, click.Path):
        return "file" if kind.file_okay and not kind.dir_okay else "folder"
    return {"float": "float", "integer": "integer"}.get(kind.name, "text")


def _first_sentence(text: str) -> str:
    """The first sentence of a help text (click cuts at a "." it finds, never at "。")."""
    for end in ("。", ". "):
        if end in text:
            return text.split(end)[0] + end.strip()
    return text


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``, worded when it is asked for (click's own is worded on import)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    click.echo(shown(say("cli.version", prog=ctx.find_root().info_name,
                         version=version("club-rating-sheets"))))
    ctx.exit()


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]},
             help="help.main")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_show_version, help="help.version")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="help.lang")
def main(lang: str | None) -> None:
    if lang is not None:  # else the language Commands.main chose (--lang of a command)
        choose(lang)


@main.command(help="help.functions")
@click.option("--markdown", is_flag=True, help="help.markdown")
def functions(markdown: bool) -> None:
    from udfs import catalog

    if markdown:
        click.echo("| 関数 / function | 内容 | what it gives |\n|---|---|---|")
        for entry in catalog():
            click.echo(f"| `{entry.signature}` | {entry.ja} | {entry.summary} |")
        return
    from .labels import Text
    from .messages import current

    for entry in catalog():
        click.echo(f"{entry.signature}\n    {Text(entry.ja, entry.summary)(current())}")


@main.command(help="help.rate")
@click.argument("games_csv", type=click.Path(dir_okay=False))
@click.option("--system", "-s", required=True, type=click.Choice(list(SYSTEMS)),
              help="help.system")
@click.option("--monthly/--per-game", default=None, help="help.monthly")
@click.option("--initial", type=float, help="help.initial")
@click.option("--format", "fmt", type=click.Choice(["table", "csv"]), default="table",
              help="help.format")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="help.list_lang")
@click.option("--skip-bad", is_flag=True, help="help.skip_bad")
@click.option("--new-players", is_flag=True, help="help.new_players")
def rate(
    games_csv: str, system: str, monthly: bool | None, initial: float | None, fmt: str,
    lang: str | None, skip_bad: bool, new_players: bool,
) -> None:
    import math

    from .logfile import read_game_log
    from .messages import current
    from .rating_list import rate_log, rating_list, render

    if initial is not None and not math.isfinite(initial):
        raise _fail(say("cli.bad_initial", value=initial))
    if monthly is None:
        from .sheets.ledger import monthly_lists

        monthly = SYSTEMS[system].by_period or monthly_lists(system)
        if monthly:
            reason = "cli.period_default" if SYSTEMS[system].by_period else "cli.monthly_default"
            click.echo(shown(say(reason, system=system)), err=True)
    try:
        log = read_game_log(games_csv, system, monthly=monthly, new_players=new_players)
        for note in log.notes:
            click.echo(shown(say("cli.note", file=games_csv, note=note)), err=True)
        for bad in log.bad:
            click.echo(shown(say("cli.line", file=games_csv, line=bad.line, reason=bad.reason)),
                       err=True)
        if log.bad and not skip_bad:
            raise _fail(say("cli.rows_unread", count=len(log.bad)))
        result = rate_log(log, monthly=monthly, initial=initial)
    except ValueError as exc:
        where = log if "log" in locals() else None
        raise _fail(_with_line(exc, where)) from None
    click.echo(render(rating_list(result, log), fmt, lang or current(), system), nl=False)


@main.command("import", help="help.import")
@click.argument("games_csv", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--template", "-t", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="help.template")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="help.import_out")
@click.option("--skip-bad", is_flag=True, help="help.skip_bad")
@click.option("--new-players", is_flag=True, help="help.new_players")
@click.option("--overwrite", is_flag=True, help="help.overwrite")
def import_(games_csv: Path, template: Path, out: Path, skip_bad: bool,
            new_players: bool, overwrite: bool) -> None:
    from .importer import import_log

    try:
        report = import_log(games_csv, template, out, skip_bad=skip_bad,
                            new_players=new_players, overwrite=overwrite)
    except ValueError as exc:  # ImportFailed, WriteFailed, TemplateError: one line each
        raise _fail(exc) from None
    for bad in report.skipped:
        click.echo(shown(say("cli.skipped", file=str(games_csv), line=bad.line,
                             reason=bad.reason)), err=True)
    for warning in report.warnings:
        click.echo(shown(say("cli.note", file=str(games_csv), note=warning)), err=True)
    if report.new_members:
        more = ["…"] if len(report.new_members) > NAMES_SHOWN else []
        names = Listed([*report.new_members[:NAMES_SHOWN], *more])
        click.echo(shown(say("cli.new_members", count=len(report.new_members), names=names)),
                   err=True)
    click.echo(shown(say("cli.imported", out=str(report.out), games=report.games,
                         players=report.players)))


NAMES_SHOWN = 30
"""New members named in ``import``'s summary; the rest are counted."""


def _with_line(exc: Exception, log: object) -> object:
    """Point an engine error about games[n] at the CSV line it came from."""
    lines = getattr(log, "lines", None)
    message = reason_of(exc)
    match = re.match(r"games\[(\d+)\]", str(message))
    if lines and match and int(match.group(1)) <= len(lines):
        return say("cli.at_line", line=lines[int(match.group(1)) - 1], message=message)
    return message


def _fail(exc: object) -> click.ClickException:
    return click.ClickException(shown(exc).splitlines()[0])


@main.command(help="help.build")
@click.argument("templates", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="help.out_dir")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="help.build_lang")
@click.option("--password", default=None, help="help.password")
def build(templates: tuple[Path, ...], out_dir: Path | None, lang: str | None,
          password: str | None) -> None:
    import dataclasses

    from workbook_builder import build as builder
    from workbook_builder.template import TemplateError, load_template

    paths = list(templates) or sorted(builder.TEMPLATES.glob("*.toml"))
    if not paths:
        raise _fail(say("cli.no_templates", folder=str(builder.TEMPLATES)))
    target = out_dir or builder.DIST
    try:
        specs = [load_template(p) for p in paths]
    except TemplateError as exc:
        raise _fail(exc) from None
    if lang is not None:
        specs = [dataclasses.replace(spec, lang=lang) for spec in specs]
    try:
        for path in builder.build_all(specs, target, password):
            _written(path)
    except (ValueError, OSError) as exc:
        raise _fail(exc) from None
    if not templates:  # a full rebuild also carries the xlwings Lite files
        _write_lite(target / "lite")


def _written(path: Path) -> None:
    click.echo(shown(say("cli.written", path=str(path), size=path.stat().st_size)))


@main.command(help="help.lite")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="help.lite_out")
def lite(out_dir: Path | None) -> None:
    from workbook_builder import build as builder

    _write_lite(out_dir or builder.DIST / "lite")


def _write_lite(out_dir: Path) -> None:
    from .lite import write

    try:
        paths = write(out_dir)
    except ValueError as exc:  # WriteFailed: names the file and why
        raise _fail(exc) from None
    for path in paths:
        _written(path)


@main.command(help="help.describe")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="help.json")
def describe(file: Path, as_json: bool) -> None:
    import json

    from workbook_builder.describe import describe as describe_file
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


@main.command(help="help.render")
@click.argument("templates", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="help.render_out")
@click.option("--example/--blank", default=True, help="help.example")
@click.option("--phone", is_flag=True, help="help.phone")
@click.option("--howto", is_flag=True, help="help.howto")
def render(templates: tuple[Path, ...], out_dir: Path | None, example: bool,
           phone: bool, howto: bool) -> None:
    from workbook_builder import build as builder
    from workbook_builder.preview import japanese_fonts, render_phone, render_previews
    from workbook_builder.template import load_template

    paths = list(templates) or sorted(builder.TEMPLATES.glob("*.toml"))
    if japanese_fonts() is None:
        click.echo(shown(say("render.cjk_unchecked")), err=True)
    try:
        specs = [load_template(p) for p in paths]
        folder = out_dir or builder.REPO / "docs" / "img"
        pngs = (render_phone(specs, folder, howto) if phone
                else render_previews(specs, folder, example))
        for png in pngs:
            click.echo(str(png))
    except (ValueError, RuntimeError, OSError) as exc:  # TemplateError, no LibreOffice …
        raise _fail(exc) from None


@main.command(help="help.lint")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
def lint(files: tuple[Path, ...]) -> None:
    from workbook_builder.lint import lint_workbook
    from workbook_builder.readback import check_package

    try:
        for file in files:
            check_package(file)
        problems = [p for f in files for p in lint_workbook(f)]
    except (ValueError, OSError) as exc:
        raise _fail(exc) from None
    for problem in problems:
        click.echo(shown(problem))
    if problems:
        raise _fail(say("cli.lint_problems", count=len(problems)))
    click.echo(shown(say("cli.lint_fine", count=len(files))))


@main.command(help="help.audit")
@click.argument("workbook", type=click.Path(dir_okay=False))
def audit(workbook: str) -> None:
    from .audit import audit as run_audit
    from .errors import BuilderError

    try:
        report = run_audit(workbook)
    except BuilderError as exc:
        raise _fail(exc) from None
    for problem in report.problems:
        click.echo(shown(say("cli.problem", text=problem)))
    for note in report.notes:
        click.echo(shown(say("cli.note_line", text=note)), err=True)
    for finding in report.findings:
        click.echo(shown(finding.line()))
    summary = shown(say("cli.audit_summary", checked=report.checked,
                        differ=len(report.findings)))
    if report.not_calculated:
        summary += shown(say("cli.not_calculated", count=report.not_calculated))
    click.echo(summary, err=True)
    if report.needs_repair:
        fixed = Path(workbook).with_name(Path(workbook).stem + "-repaired.xlsx")
        program = os.environ.get("WORKBOOK_BUILDER_PROG", "workbook-builder")
        command = f"{program} repair {_quoted(workbook)} --out {_quoted(str(fixed))}"
        try:
            url = desk_url()
        except BuilderError as exc:
            raise _fail(exc) from None
        click.echo(shown(say("cli.to_fix", command=command, url=url)), err=True)
        raise SystemExit(1)


@main.command(help="help.repair")
@click.argument("workbook", type=click.Path(dir_okay=False))
@click.option("--out", "-o", required=True, type=click.Path(dir_okay=False),
              help="help.repair_out")
@click.option("--password", help="help.password")
@click.option("--rows", type=int, help="help.rows")
@click.option("--players", type=int, help="help.players")
@click.option("--overwrite", is_flag=True, help="help.overwrite")
def repair(workbook: str, out: str, password: str | None, rows: int | None,
           players: int | None, overwrite: bool) -> None:
    from .errors import BuilderError
    from .repair import repair as run_repair

    try:
        report = run_repair(workbook, out, password, rows=rows, players=players,
                            overwrite=overwrite)
    except BuilderError as exc:
        raise _fail(exc) from None
    for line in report.restored:
        click.echo(shown(say("cli.restored", text=line)))
    for line in report.not_carried:
        click.echo(shown(say("cli.not_carried", text=line)))
    done = (say("cli.repaired_lost", out=str(report.out), rows=report.rows,
                lost=len(report.not_carried)) if report.not_carried
            else say("cli.repaired", out=str(report.out), rows=report.rows))
    click.echo(shown(done))


def _quoted(path: str) -> str:
    """``path`` as a shell word: quoted when it holds a space or a shell character."""
    import shlex

    return shlex.quote(path)


@main.command(help="help.publish")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False),
              help="help.publish_out")
@click.option("--month", default=None, help="help.publish_month")
@click.option("--from-replay", is_flag=True, help="help.from_replay")
@click.option("--lang", type=click.Choice(LANGS), default=None, help="help.publish_lang")
def publish(ledger: str, out_dir: str, month: str | None, from_replay: bool,
            lang: str | None) -> None:
    from .errors import BuilderError
    from .publish import publish as run_publish

    try:
        written = run_publish(ledger, out_dir, month, from_replay, lang)
    except BuilderError as exc:
        raise _fail(exc) from None
    for path in (written.page, written.pdf, written.csv, *written.chats):
        click.echo(shown(say("publish.written", path=str(path))))
