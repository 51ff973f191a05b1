"""Publish a ledger's lists where the club reads them: a page, a print, chat text, a CSV.

Every number comes from the engine's replay of the ledger's inputs as they stand, the
same replay ``audit`` checks the file against (:func:`~.readback.read_typed`, then
:func:`~.build.build_workbook`), never from the values the file last cached: a file
saved by a phone app that does not recalculate would publish stale numbers. Where the
file shows something else than that replay (``audit`` finds a formula typed over, a ⚠
banner, a value that differs), ``publish`` refuses with audit's own first line, unless
told to publish the replay anyway (``--from-replay``).

The month (``--month 2026-05``, else the month of the latest dated game) is published
as it stood at its end: the log is cut before the first game dated in a later month
(a ledger's months run in order; a four-player game is cut whole). The change since
last month, a rank change and "new" compare with the same replay cut at the end of the
month before: a player is new when their first counted game is in the month and no
start was typed for them on the Players sheet (a typed start carries a rating in from
before the ledger). The month's games are the counted games the month added (undated
games between the two cuts included).

The print is Chromium's print-to-PDF of the page itself (``--headless
--print-to-pdf``), not LibreOffice nor a PDF library: one layout serves screen and paper
(its ``@media print`` and ``@page`` A4 rules), and Chromium embeds the subset of the
Japanese font (Noto Sans CJK through fontconfig) it drew with, so no glyph prints as a
box (Skia writes Noto Sans CJK's CFF outlines as Type 3 fonts: the outlines are in the
file, each glyph mapped back to its character, so the text copies and searches; there is
no hinting, which paper does not need). The command line is called directly, so no
Python package beyond the project's is needed at run time (Playwright only drives the
tests).

Chat text: the four-player ledger gives the federation's レート表 exactly (seed 003
§3; its sheet type declares the form as ``posted``): the membership mark (準 or the
member's number, Players' ``Mark``), the name, the rank in brackets until it is
official, the rate, the month's games or (休); members
first (準, then by number, then unmarked, each in Players order), then non-members and
CPUs after a blank line, without a games count, as the seed shows them. The other
ledgers give one player a line: place, name, rating (± RD), rank, the change (▲▼, 新
for new) and the month's/all games. Each platform's file holds as many messages as its
limit needs, each under it: LINE 10,000 characters, Discord 2,000, X 280 (X counts a
CJK character as two); a line of ``✂`` separates messages.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import html
import io
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .audit import audit
from .build import build_workbook
from .errors import BuilderError
from .kit.cells import excel_number
from .kit.ledger_games import month_of
from .labels import Text
from .messages import say
from .rating_list import csv_safe, format_number
from .readback import Typed, cells_of, open_project_workbook, read_typed
from .sheets import SHEET_TYPES


class PublishFailed(BuilderError):
    """Publishing stopped: audit found the file disagrees, a bad month, no browser."""


# ---- the values ------------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    """One player as a list shows them at the end of a month (the engine's values)."""

    name: str
    rating: float
    games: int
    rank: str = ""
    deviation: float | None = None
    official: str = ""


@dataclass(frozen=True, kw_only=True)
class Entry(Standing):
    """One player's line of the published list: their standing, its place on the list
    and what the month changed."""

    place: int
    month_games: int
    change: float | None = None
    """Since the end of last month; None when not listed then."""
    new: bool = False
    rank_before: str = ""
    """Last month's rank when it changed, else ""."""
    mark: str = ""
    """Four-player: 準 or the member's number."""
    resting: bool = False
    member: bool = True
    bracketed: bool = False
    """Four-player: a rank not official is written in brackets, as the federation does."""


@dataclass(frozen=True)
class Published:
    """What one run publishes: the club, the month and the players in list order."""

    club: str
    title: str
    month: str
    """``2026-05``, or "" for a log without dates."""
    lang: str
    system: str
    """The workbook type (its ``posted`` form, if any, gives the chat text)."""
    entries: tuple[Entry, ...]
    players: tuple[str, ...] = ()
    """The Players sheet's names, in its order (the レート表 keeps it)."""


LIST_NAMES = {"name": "List_Name", "rating": "List_Rating", "games": "List_Games",
              "rank": "List_Label", "deviation": "List_RD"}
"""The two-player ledgers' list columns each value is read from, top to bottom. A ledger
of its own layout declares its own in its sheet type's ``posted`` (the four-player
ledger's ``FederationPost``), with its chat form."""


def posted(system: str) -> Any:
    """The sheet type's own list and chat form, or None (the two-player ledgers')."""
    return getattr(SHEET_TYPES[system], "posted", None)


def standings(typed: Typed, rows: Sequence[Mapping[str, object]]) -> list[Standing]:
    """The list sheet of ``typed`` replayed over ``rows`` by the engine, in list order.

    A two-player list leaves out players without a counted game (not rated yet, as
    ``rate`` does); the four-player レート表 lists every player, as the federation's does."""
    tables: dict[str, Sequence[Mapping[str, object]]] = {**typed.tables, "Games": list(rows)}
    wb, built = build_workbook(typed.spec, list(rows), tables=tables)
    post = posted(typed.spec.system)
    names = post.list_names if post else LIST_NAMES
    every = bool(post and post.every_player)
    columns = {key: [built.cached.get(sheet, {}).get(cell) for sheet, cell in cells_of(wb, name)]
               for key, name in names.items()}
    out = []
    for i, name in enumerate(columns["name"]):
        rating = excel_number(columns["rating"][i])
        games = int(excel_number(columns["games"][i]) or 0)
        if name in (None, "") or rating is None or (games == 0 and not every):
            continue
        deviation = excel_number(columns["deviation"][i]) if columns.get("deviation") else None
        out.append(Standing(str(name), rating, games,
                            _text(columns, "rank", i), deviation, _text(columns, "official", i)))
    return out


def _text(columns: Mapping[str, Sequence[object]], key: str, i: int) -> str:
    values = columns.get(key) or ()
    return "" if i >= len(values) or values[i] is None else str(values[i])


def month_key(value: object) -> int | None:
    """``YEAR×12 + MONTH − 1`` of a date cell (as the ledger keys months), None if none."""
    if value is None or isinstance(value, bool | str):
        return None
    key = month_of(value)
    return key if isinstance(key, int) else None


def blocks(typed: Typed) -> list[tuple[int | None, list[dict[str, object]]]]:
    """The Games rows a game at a time (four-player: four rows) with the game's month."""
    post = posted(typed.spec.system)
    size = int(post.rows_per_game) if post else 1
    rows = typed.rows
    out = []
    for start in range(0, len(rows), size):
        block = rows[start:start + size]
        months = [m for m in (month_key(row.get("Date")) for row in block) if m is not None]
        out.append((months[0] if months else None, block))
    return out


def cut(games: Sequence[tuple[int | None, list[dict[str, object]]]], month: int
        ) -> list[dict[str, object]]:
    """The rows before the first game dated after ``month``."""
    out: list[dict[str, object]] = []
    for key, block in games:
        if key is not None and key > month:
            break
        out += block
    return out


def parse_month(text: str) -> int:
    """``2026-05`` (or 2026/5) as a month key; a message naming --month otherwise."""
    try:
        year, month = (int(part) for part in text.replace("/", "-").split("-"))
        if not (1 <= month <= 12 and 1900 <= year <= 9999):
            raise ValueError(text)
    except ValueError:
        raise PublishFailed(say("publish.bad_month", value=text)) from None
    return year * 12 + month - 1


def month_text(key: int) -> str:
    return f"{key // 12:04d}-{key % 12 + 1:02d}"


# ---- the list --------------------------------------------------------------------------

def roster(typed: Typed) -> dict[str, Mapping[str, object]]:
    """Players rows by name (the first of a name: the one the ledger uses)."""
    out: dict[str, Mapping[str, object]] = {}
    for row in typed.tables.get("Players", ()):
        name = row.get("Name")
        if name is not None and str(name) not in out:
            out[str(name)] = row
    return out


def entries(now: Sequence[Standing], before: Sequence[Standing] | None,
            players: Mapping[str, Mapping[str, object]], first_month: bool,
            post: Any = None) -> tuple[Entry, ...]:
    """The list at the month's end, each player compared with last month's end."""
    then = {s.name: s for s in before or ()}
    out: list[Entry] = []
    for i, s in enumerate(now):
        place = out[-1].place if out and out[-1].rating == s.rating else i + 1
        row = players.get(s.name, {})
        old = then.get(s.name)
        played_before = old.games if old else 0
        carried = int(excel_number(row.get("MonthBefore")) or 0) if first_month else 0
        rank_before = old.rank if old and old.rank and s.rank and old.rank != s.rank else ""
        mark, resting, member = post.about(row) if post else ("", False, True)
        out.append(Entry(
            **dataclasses.asdict(s), place=place, month_games=s.games - played_before + carried,
            change=None if old is None or before is None else s.rating - old.rating,
            new=before is not None and played_before == 0 and s.games > 0
            and row.get("Start") is None and not carried,
            rank_before=rank_before, mark=mark, resting=resting, member=member,
            bracketed=bool(post and post.bracketed)))
    return tuple(out)


def publishable(path: Path, month: str | None, from_replay: bool, lang: str | None
                ) -> Published:
    """The list of ``path`` at the end of ``month`` (default: its latest dated month)."""
    chosen = parse_month(month) if month else None
    report = audit(path)
    if report.needs_repair and not from_replay:
        first = (report.problems or [f.line() for f in report.findings])[0]
        raise PublishFailed(say("publish.refused", first=first,
                                count=len(report.findings) + len(report.problems)))
    typed = read_typed(open_project_workbook(path))
    if "Players" not in SHEET_TYPES[typed.spec.system].input_tables:
        raise PublishFailed(say("publish.not_ledger", path=str(path)))
    games = blocks(typed)
    dated = [key for key, _ in games if key is not None]
    key = chosen if chosen is not None else (max(dated) if dated else None)
    if key is None:
        now, before = standings(typed, typed.rows), None
    else:
        now = standings(typed, cut(games, key))
        before = standings(typed, cut(games, key - 1))
    first_month = key is not None and bool(dated) and key == min(dated)
    spec, players = typed.spec, roster(typed)
    title = spec.title or SHEET_TYPES[spec.system].default_title(spec.lang)
    post = posted(spec.system)
    listed = entries(now, before, players, first_month, post)
    if post and (lang or spec.lang) != spec.lang:
        listed = tuple(respelt(entry, post, lang or spec.lang) for entry in listed)
    return Published(spec.club, title, month_text(key) if key is not None else "",
                     lang or spec.lang, spec.system, listed, tuple(players))


def respelt(entry: Entry, post: Any, lang: str) -> Entry:
    """An entry's ranks in ``lang`` (the sheet writes them in its own)."""
    return dataclasses.replace(entry, rank=post.respell(entry.rank, lang),
                               official=post.respell(entry.official, lang),
                               rank_before=post.respell(entry.rank_before, lang))


# ---- words -----------------------------------------------------------------------------

WORDS = {
    "place": Text("順位", "#"), "name": Text("名前", "Name"), "rating": Text("レート", "Rating"),
    "deviation": Text("RD", "RD"), "rank": Text("段級", "Rank"),
    "official": Text("公認", "Official"), "change": Text("前月比", "Change"),
    "month": Text("今月", "Month"), "games": Text("通算", "Total"),
    "new": Text("新", "new"), "mark": Text("会員", "Member"),
    "rank_up": Text("段級が変わった", "rank changed"),
    "list": Text("レーティング表", "Rating list"),
    "games_note": Text("今月 = この月の対局数、通算 = これまでの対局数。▲▼ = 前月末からの増減。"
                       "新 = 今月はじめて対局。",
                       "Month: games this month; Total: all games. ▲▼: change since the end "
                       "of last month. new: first game this month."),
    "source": Text("台帳の入力からエンジンで計算 ({date})",
                   "Computed by the engine from the ledger's inputs ({date})"),
}


def month_label(month: str, lang: str) -> str:
    """2026年5月 / May 2026."""
    if not month:
        return ""
    year, number = (int(x) for x in month.split("-"))
    return f"{year}年{number}月" if lang == "ja" else dt.date(year, number, 1).strftime("%B %Y")


def change_text(entry: Entry, lang: str) -> str:
    """▲12 / ▼3 / ±0 / 新 (new)."""
    if entry.new:
        return WORDS["new"](lang)
    if entry.change is None:
        return ""
    delta = round(entry.change, 1)
    if delta == 0:
        return "±0"
    return ("▲" if delta > 0 else "▼") + format_number(abs(delta))


def rating_text(value: float) -> str:
    return format_number(round(value, 1) if not float(value).is_integer() else value)


def heading(pub: Published) -> str:
    """The club (else the ledger's title) and the month."""
    who = pub.club or pub.title
    return " ".join(part for part in (who, month_label(pub.month, pub.lang),
                                      WORDS["list"](pub.lang)) if part)


# ---- the page --------------------------------------------------------------------------

CSS = """
*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans CJK JP","Noto Sans JP","Hiragino Sans","Yu Gothic",
 Meiryo,sans-serif;color:#1b1b1b;background:#fff;line-height:1.45}
header{padding:14px 12px 6px}
h1{font-size:1.25rem;margin:0}
.month{margin:2px 0 0;color:#444}
main{padding:0 8px 16px}
table{width:100%;border-collapse:collapse}
thead{display:none}
tr{display:grid;grid-template-columns:2.2em minmax(0,1fr) auto;grid-template-areas:
 "p n r" "p s c";column-gap:8px;padding:8px 4px;border-bottom:1px solid #ddd}
td{padding:0;min-width:0}
td.place{grid-area:p;font-weight:700;font-size:1.1rem;text-align:right;align-self:center}
td.name{grid-area:n;font-weight:700;overflow-wrap:anywhere}
td.rating{grid-area:r;text-align:right;font-weight:700;font-variant-numeric:tabular-nums}
td.change{grid-area:c;text-align:right;font-variant-numeric:tabular-nums}
td.sub{grid-area:s;color:#555;font-size:.85rem}
td.wide{display:none}
.up{color:#b00020}.down{color:#1d4ed8}
.badge{display:inline-block;font-size:.75rem;font-weight:700;border-radius:4px;
 padding:0 5px;margin-left:4px;vertical-align:1px}
.new{background:#fde68a;color:#5b3b00}.rankup{background:#dbeafe;color:#1e3a8a}
tr.resting td.name{color:#666}
footer{padding:0 12px 16px;color:#555;font-size:.8rem}
@media (min-width:700px),print{
 header,main,footer{max-width:960px;margin:0 auto}
 thead{display:table-header-group}
 tr{display:table-row}
 th,td{padding:6px 8px;border-bottom:1px solid #ddd;text-align:left;white-space:nowrap}
 th{background:#1f3864;color:#fff;font-weight:700}
 td.sub{display:none}td.wide{display:table-cell;text-align:right}td.wide.rank{text-align:left}
 th.num{text-align:right}td.name{white-space:normal}
 tbody tr:nth-child(even){background:#f4f6fa}
}
@page{size:A4;margin:12mm}
@media print{header,main,footer{padding-left:0;padding-right:0}body{font-size:10pt}
 tr{break-inside:avoid}thead{display:table-header-group}}
"""


def page(pub: Published, made: str) -> str:
    """The self-contained HTML page (inline CSS, no script, no external request)."""
    lang = pub.lang
    say_ = {key: html.escape(text(lang)) for key, text in WORDS.items()}
    extra = [key for key in ("deviation", "rank") if any(getattr(e, key) for e in pub.entries)]
    head = "".join(f'<th class="num">{say_[k]}</th>' if k != "rank" else f"<th>{say_[k]}</th>"
                   for k in extra)
    rows = "\n".join(_row(entry, extra, lang) for entry in pub.entries)
    title = html.escape(heading(pub))
    who = html.escape(pub.club or pub.title)
    month = html.escape(" ".join(p for p in (month_label(pub.month, lang),
                                             WORDS["list"](lang)) if p))
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title><style>{CSS}</style></head>
<body><header><h1>{who}</h1><p class="month">{month}</p></header>
<main><table><thead><tr><th class="num">{say_['place']}</th><th>{say_['name']}</th>
<th class="num">{say_['rating']}</th>{head}<th class="num">{say_['change']}</th>
<th class="num">{say_['month']}</th><th class="num">{say_['games']}</th></tr></thead>
<tbody>
{rows}
</tbody></table></main>
<footer><p>{say_['games_note']}</p><p>{html.escape(WORDS['source'](lang).format(date=made))}</p>
</footer></body></html>
"""


def _row(entry: Entry, extra: Sequence[str], lang: str) -> str:
    name = html.escape(entry.name)
    if entry.new:
        name += f' <span class="badge new">{html.escape(WORDS["new"](lang))}</span>'
    if entry.rank_before:
        shown = f"{entry.rank_before}→{entry.rank}"
        name += (f' <span class="badge rankup" title="{html.escape(WORDS["rank_up"](lang))}">'
                 f"{html.escape(shown)}</span>")
    change = change_text(entry, lang)
    tone = "up" if change.startswith("▲") else "down" if change.startswith("▼") else ""
    month = "(休)" if entry.resting and not entry.month_games and lang == "ja" else (
        "(off)" if entry.resting and not entry.month_games else str(entry.month_games))
    rank = " ".join(p for p in (_ranks(entry), _rd(entry)) if p)
    sub = " ・ ".join(p for p in (rank, f"{WORDS['month'](lang)} {month}",
                                 f"{WORDS['games'](lang)} {entry.games}") if p)
    wide = "".join(f'<td class="wide {k}">' + html.escape(
        (f"{entry.deviation:.0f}" if entry.deviation is not None else "")
        if k == "deviation" else _ranks(entry)) + "</td>" for k in extra)
    classes = " ".join(c for c in ("resting" if entry.resting else "",) if c)
    return (f'<tr class="{classes}"><td class="place">{entry.place}</td>'
            f'<td class="name">{name}</td>'
            f'<td class="rating">{rating_text(entry.rating)}</td>{wide}'
            f'<td class="change {tone}">{html.escape(change)}</td>'
            f'<td class="sub">{html.escape(sub)}</td>'
            f'<td class="wide">{html.escape(month)}</td><td class="wide">{entry.games}</td></tr>')


def _ranks(entry: Entry) -> str:
    if entry.official and entry.official != entry.rank:
        return f"({entry.rank})/{entry.official}" if entry.rank else entry.official
    if entry.bracketed and not entry.official and entry.rank:
        return f"({entry.rank})"
    return entry.official or entry.rank


def _rd(entry: Entry) -> str:
    return "" if entry.deviation is None else f"RD {entry.deviation:.0f}"


# ---- the print -------------------------------------------------------------------------

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def browser() -> str:
    """The Chromium to print with: ``WORKBOOK_BUILDER_CHROMIUM``, else the first on PATH."""
    chosen = os.environ.get("WORKBOOK_BUILDER_CHROMIUM")
    found = chosen or next((p for p in map(shutil.which, BROWSERS) if p), None)
    if not found:
        raise PublishFailed(say("publish.no_browser"))
    return found


def print_pdf(page_file: Path, pdf: Path) -> None:
    """Chromium's print of the page to an A4 PDF (the page's own ``@page`` size)."""
    command = [browser(), "--headless", "--disable-gpu", "--no-pdf-header-footer",
               f"--print-to-pdf={pdf}", page_file.resolve().as_uri()]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.insert(1, "--no-sandbox")  # Chromium refuses its sandbox to root
    with tempfile.TemporaryDirectory() as profile:
        command.insert(1, f"--user-data-dir={profile}")
        try:
            done = subprocess.run(command, capture_output=True, timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PublishFailed(say("publish.pdf_failed", path=str(pdf),
                                    reason=type(exc).__name__)) from None
    if done.returncode != 0 or not pdf.exists():
        reason = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["?"]
        raise PublishFailed(say("publish.pdf_failed", path=str(pdf), reason=reason[0]))


# ---- chat text -------------------------------------------------------------------------

def compact_line(entry: Entry, lang: str) -> str:
    """``1. 田中 1689 初段 ▲13 (2/14)``: place, name, rating, rank or RD, change, games."""
    parts = [f"{entry.place}.", entry.name, rating_text(entry.rating)]
    parts += [p for p in (_ranks(entry), _rd(entry), change_text(entry, lang)) if p]
    if entry.rank_before:
        parts.append(f"[{entry.rank_before}→{entry.rank}]")
    return " ".join(parts) + f" ({entry.month_games}/{entry.games})"


def compact_lines(pub: Published) -> list[str]:
    legend = Text("(今月/通算の対局数)", "(games this month/in all)")(pub.lang)
    return [heading(pub), legend, *(compact_line(e, pub.lang) for e in pub.entries)]


LIMITS = {"line": 10_000, "discord": 2_000, "x": 280}
"""Characters a message may hold (X counts a CJK character as two)."""


def weight(text: str, platform: str) -> int:
    """A message's length as the platform counts it."""
    if platform != "x":
        return len(text)
    narrow = ((0, 0x10FF), (0x2000, 0x200D), (0x2010, 0x201F), (0x2032, 0x2037))
    return sum(1 if any(a <= ord(ch) <= b for a, b in narrow) else 2 for ch in text)


def split(lines: Sequence[str], platform: str) -> list[str]:
    """The lines as few messages as the limit allows, never cutting a line; on X each
    post after the first says which it is (2/3)."""
    limit = LIMITS[platform] - (8 if platform == "x" else 0)  # room for " (12/12)"
    messages: list[list[str]] = [[]]
    for line in lines:
        trial = "\n".join([*messages[-1], line])
        if messages[-1] and weight(trial, platform) > limit:
            messages.append([])
        messages[-1].append(line)
    texts = ["\n".join(m).strip("\n") for m in messages]
    if platform == "x" and len(texts) > 1:
        texts = [f"{t}\n({i}/{len(texts)})" for i, t in enumerate(texts, 1)]
    return texts


CUT = "✂ ------------------------------"


def chat_texts(pub: Published) -> dict[str, list[str]]:
    """Each platform's messages."""
    post = posted(pub.system)
    lines = post.lines(pub.entries, pub.players, pub.lang) if post else compact_lines(pub)
    return {platform: split(lines, platform) for platform in LIMITS}


# ---- CSV -------------------------------------------------------------------------------

def csv_text(pub: Published) -> str:
    """The list as CSV, headings in the page's language (written with a BOM)."""
    lang = pub.lang
    keys = ["place", "name", "rating"]
    keys += [k for k in ("deviation", "rank", "official") if any(getattr(e, k) for e in
                                                                 pub.entries)]
    keys += ["change", "month", "games", "new"]
    if posted(pub.system) is not None:
        keys.append("mark")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([WORDS[k](lang) for k in keys])
    for e in pub.entries:
        cells = {"place": e.place, "name": csv_safe(e.name), "rating": rating_text(e.rating),
                 "deviation": "" if e.deviation is None else f"{e.deviation:.1f}",
                 "rank": csv_safe(e.rank), "official": csv_safe(e.official),
                 "change": "" if e.change is None else format_number(round(e.change, 1)),
                 "month": e.month_games, "games": e.games, "new": 1 if e.new else "",
                 "mark": csv_safe(e.mark)}
        writer.writerow([cells[k] for k in keys])
    return out.getvalue()


# ---- writing ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Written:
    """The files one run wrote."""

    page: Path
    pdf: Path
    csv: Path
    chats: tuple[Path, ...]
    published: Published


def publish(path: str | Path, out_dir: str | Path, month: str | None = None,
            from_replay: bool = False, lang: str | None = None,
            today: dt.date | None = None) -> Written:
    """Write the page, the PDF, the chat texts and the CSV of ``path``'s list."""
    path, out = Path(path), Path(out_dir)
    pub = publishable(path, month, from_replay, lang)
    stem = f"rating-{pub.month}" if pub.month else "rating"
    made = (today or dt.date.today()).isoformat()
    try:
        out.mkdir(parents=True, exist_ok=True)
        page_file = out / f"{stem}.html"
        page_file.write_text(page(pub, made), encoding="utf-8")
        csv_file = out / f"{stem}.csv"
        csv_file.write_text(csv_text(pub), encoding="utf-8-sig", newline="")
        chats = []
        for platform, messages in chat_texts(pub).items():
            chat = out / f"{stem}-{platform}.txt"
            chat.write_text(f"\n{CUT}\n".join(messages) + "\n", encoding="utf-8")
            chats.append(chat)
    except OSError as exc:
        raise PublishFailed(say("publish.write_failed", path=str(out),
                                reason=exc.strerror or type(exc).__name__)) from None
    pdf = out / f"{stem}.pdf"
    print_pdf(page_file, pdf)
    return Written(page_file, pdf, csv_file, tuple(chats), pub)
