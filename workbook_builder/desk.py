"""The club desk's door to the library: each task of the web page, answered as data.

The desk (``desk/`` in the repository, built into ``site/``) runs this module in Pyodide
inside a Web Worker. Every task calls what the command line calls (``read_game_log``,
``import_log``, ``audit``, ``repair``, the rating list) on files in Pyodide's file
system, so the page and the CLI cannot disagree. What comes back is JSON with every
sentence already in the page's language. A file the library refuses gives one line, as
the CLI's ``エラー: …`` does; anything else is a bug: its traceback goes to the console
(stderr) and the page shows one line saying so.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import json
import os
import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rating_rules import SYSTEMS

from .errors import BuilderError, GameLogError
from .gamelog import BadRow, Field, GameLog, decode
from .logfile import read_game_log
from .messages import Lang, Message, choose, reason_of, say, shown, word

Progress = Callable[[str, int], None]
Answer = dict[str, Any]

OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The start of a compound file: an old .xls, or an .xlsx locked with a password."""
ENCRYPTED = "EncryptedPackage".encode("utf-16-le")
"""The stream a password-protected .xlsx keeps its encrypted workbook in."""
SAMPLE_ROWS = 20
"""Lines of the log the import preview shows as typed."""


def quiet(key: str, count: int) -> None:
    """Progress for a caller that shows none."""


def run(task: str, args_json: str, progress: Progress | None = None) -> str:
    """Answer one task of the page as JSON; never raises (see the module's docstring)."""
    args: dict[str, Any] = json.loads(args_json)
    lang: Lang = "en" if args.pop("lang", "ja") == "en" else "ja"
    choose(lang)
    folder = args.pop("folder", None)
    try:
        # in the folder, messages name files as the person named them
        with contextlib.chdir(folder or os.getcwd()):
            answer = TASKS[task](lang=lang, progress=progress or quiet, **args)
    except (BuilderError, ValueError, OSError) as exc:
        answer = {"error": shown(plainer(reason_of(exc)), lang).splitlines()[0]}
    except Exception:  # a bug: the console gets the traceback, the page one line
        traceback.print_exc()
        answer = {"error": word("desk.failed", lang)}
    return json.dumps(answer, ensure_ascii=False, default=str)


PLAINER = {"read.not_ours": "desk.not_ours", "read.not_zip": "desk.not_workbook"}
"""The CLI's words for a file that is not one of ours → the desk's, which name no command."""


def plainer(message: object) -> object:
    """The desk's words for a refusal the CLI words for a person at a terminal."""
    if isinstance(message, Message) and message.key in PLAINER:
        return say(PLAINER[message.key], name=Path(str(message.fields["path"])).name)
    return message


def refuse_foreign(path: Path, log: bool) -> None:
    """One clear line for a file no reader should try: a password-protected workbook, an
    old .xls (another program's format), or (as a log) a file that is not text."""
    with path.open("rb") as file:
        head = file.read(1 << 16)
    if head.startswith(OLE):
        if ENCRYPTED in head or ENCRYPTED in path.read_bytes():
            raise BuilderError(say("desk.password", name=path.name))
        raise BuilderError(say("desk.other_program", name=path.name))
    if log and not head.startswith(b"PK") and b"\0" in head:
        raise BuilderError(say("desk.not_log", name=path.name))


def ledger_rule(template: str) -> tuple[Any, str, bool]:
    """The ledger template's spec, the log system it reads and whether it rates by month,
    as ``import`` decides them."""
    from .importer import monthly_lists
    from .sheets import SHEET_TYPES
    from .template import load_template

    spec = load_template(template)
    return spec, SHEET_TYPES[spec.system].log_system(spec), monthly_lists(spec)


def bad_line(bad: BadRow, lang: Lang) -> Answer:
    """A bad line as the page lists it: line, field, value and reason."""
    fields: Mapping[str, object] = bad.reason.fields if isinstance(bad.reason, Message) else {}
    column = fields.get("field")
    return {"line": bad.line,
            "field": column.text(lang) if isinstance(column, Field) else "",
            "value": "" if fields.get("value") is None else str(fields.get("value")),
            "reason": shown(bad.reason, lang),
            "text": bad.text}


def near_misses(log: GameLog, lang: Lang) -> list[Answer]:
    """Each name refused as a likely misspelling, with the member it probably means."""
    found: dict[str, Answer] = {}
    for bad in log.bad:
        if isinstance(bad.reason, Message) and bad.reason.key == "row.near_miss":
            name = str(bad.reason.fields["value"])
            found.setdefault(name, {"name": name, "line": bad.line,
                                    "member": str(bad.reason.fields["member"]),
                                    "why": shown(bad.reason.fields["why"], lang)})
    return list(found.values())


def sample_rows(path: Path, lines: Sequence[int]) -> list[list[str]]:
    """The header and the first good lines as typed (a CSV; nothing for another format)."""
    try:
        text, _ = decode(path.read_bytes())
    except GameLogError:
        return []
    wanted = set(lines[:SAMPLE_ROWS])
    reader = csv.reader(io.StringIO(text, newline=""))
    rows = []
    for row in reader:
        if reader.line_num == 1 or reader.line_num in wanted:
            rows.append(row)
    return rows


def preview(log: str, template: str, lang: Lang, progress: Progress,
            accepted: Sequence[str] = ()) -> Answer:
    """What ``import`` would put in the ledger, and every line it would leave out."""
    path = Path(log)
    refuse_foreign(path, log=True)
    spec, system, monthly = ledger_rule(template)
    read = read_game_log(path, system, monthly=monthly, accepted=accepted)
    progress("desk.progress_read", len(read.games) + len(read.bad))
    from .sheets import SHEET_TYPES

    players = [str(p["Name"]) for p in SHEET_TYPES[spec.system].tables_from_log(read, spec)
               ["Players"]]
    return {"games": len(read.games), "players": players,
            "bad": [bad_line(b, lang) for b in read.bad],
            "near": near_misses(read, lang), "notes": [shown(n, lang) for n in read.notes],
            "sample": sample_rows(path, read.lines), "encoding": read.encoding}


def import_ledger(log: str, template: str, out: str, lang: Lang, progress: Progress,
                  accepted: Sequence[str] = (), skip_bad: bool = False) -> Answer:
    """``import``: the ledger of ``template`` filled from ``log``, written to ``out``."""
    from .importer import import_log

    refuse_foreign(Path(log), log=True)
    report = import_log(log, template, out, skip_bad=skip_bad, accepted=accepted)
    progress("desk.progress_written", report.games)
    return {"out": str(report.out), "games": report.games, "players": report.players,
            "skipped": [bad_line(b, lang) for b in report.skipped],
            "warnings": [shown(w, lang) for w in report.warnings],
            "done": shown(say("cli.imported", out=str(report.out), games=report.games,
                              players=report.players), lang)}


def check(workbook: str, lang: Lang, progress: Progress) -> Answer:
    """``audit``: the findings, causes first, one line each."""
    from .audit import audit

    refuse_foreign(Path(workbook), log=False)
    report = audit(workbook)
    progress("desk.progress_checked", report.checked)
    summary = shown(say("cli.audit_summary", checked=report.checked,
                        differ=len(report.findings)), lang)
    if report.not_calculated:
        summary += shown(say("cli.not_calculated", count=report.not_calculated), lang)
    return {"problems": [shown(say("cli.problem", text=p), lang) for p in report.problems],
            "findings": [shown(f.line(), lang) for f in report.findings],
            "notes": [shown(say("cli.note_line", text=n), lang) for n in report.notes],
            "summary": summary, "needs_repair": report.needs_repair}


def repair_workbook(workbook: str, out: str, lang: Lang, progress: Progress,
                    rows: int | None = None) -> Answer:
    """``repair`` (``--rows``): a rebuilt copy, saying what was carried and what was not."""
    from .repair import repair

    refuse_foreign(Path(workbook), log=False)
    report = repair(workbook, out, rows=rows)
    progress("desk.progress_written", report.rows)
    done = (say("cli.repaired_lost", out=str(report.out), rows=report.rows,
                lost=len(report.not_carried)) if report.not_carried
            else say("cli.repaired", out=str(report.out), rows=report.rows))
    return {"out": str(report.out), "rows": report.rows,
            "restored": [shown(say("cli.restored", text=t), lang) for t in report.restored],
            "not_carried": [shown(say("cli.not_carried", text=t), lang)
                            for t in report.not_carried],
            "done": shown(done, lang)}


def rate(log: str, template: str, lang: Lang, progress: Progress) -> Answer:
    """``rate --skip-bad`` by the rule of a ledger template: the list, its CSV, and every
    line left out (the page lists them rather than refusing the whole log)."""
    from .cli import _with_line
    from .rating_list import format_number, rate_log, rating_list, render
    from .sheets.ledger import monthly_lists

    refuse_foreign(Path(log), log=True)
    _, system, _ = ledger_rule(template)
    monthly = SYSTEMS[system].by_period or monthly_lists(system)
    read = read_game_log(log, system, monthly=monthly)
    progress("desk.progress_read", len(read.games) + len(read.bad))
    try:
        rows = rating_list(rate_log(read, monthly=monthly), read)
    except ValueError as exc:
        raise BuilderError(shown(_with_line(exc, read), lang)) from None
    keys = ["position", "player", "rating", "deviation", "games", "rank"]
    return {"headings": {k: word(f"list.{k}", lang) for k in keys},
            "rows": [{"position": r.position, "player": r.player, "rating": r.rating,
                      "rating_text": format_number(r.rating), "deviation": r.deviation,
                      "deviation_text": "" if r.deviation is None else f"{r.deviation:.1f}",
                      "games": r.games, "rank": r.rank} for r in rows],
            "csv": render(rows, "csv", lang), "bad": [bad_line(b, lang) for b in read.bad],
            "monthly": monthly}


def publish_list(workbook: str, lang: Lang, progress: Progress, month: str | None = None,
                 from_replay: bool = False) -> Answer:
    """``publish`` on the page: the list's page, chat texts and CSV from the engine's replay,
    as the CLI writes them; the page prints itself, so no PDF is made here."""
    from .publish import CUT, chat_texts, csv_text, page, publishable

    refuse_foreign(Path(workbook), log=False)
    pub = publishable(Path(workbook), month or None, from_replay, lang)
    progress("desk.progress_listed", len(pub.entries))
    return {"stem": f"rating-{pub.month}" if pub.month else "rating",
            "page": page(pub, dt.date.today().isoformat()), "csv": csv_text(pub),
            "chats": {platform: f"\n{CUT}\n".join(messages) + "\n"
                      for platform, messages in chat_texts(pub).items()}}


TASKS: dict[str, Callable[..., Answer]] = {
    "preview": preview, "import": import_ledger, "check": check,
    "repair": repair_workbook, "rate": rate, "publish": publish_list,
}
