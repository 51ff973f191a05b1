"""The ``workbook-builder`` command line.

Library errors (bad input) become a one-line message and exit status 2, never a
traceback: a club secretary should see what to fix, not Python internals.
"""

from __future__ import annotations

import re

import click


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
    ["tokin", "club24", "elo", "go", "yonin", "mosaic"]), help="The rating rule.")
@click.option("--monthly", is_flag=True, help="Rating periods by month (tokin list mode, elo).")
@click.option("--initial", type=float, help="Starting rating of every player.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv"]), default="table")
@click.option("--lang", type=click.Choice(["ja", "en"]), default="ja")
@click.option("--skip-bad", is_flag=True, help="Rate the good rows and list the bad ones.")
def rate(
    games_csv: str, system: str, monthly: bool, initial: float | None, fmt: str, lang: str,
    skip_bad: bool,
) -> None:
    """Print the rating list computed by the engine from a game log (CSV with a header)."""
    from .gamelog import read_game_log
    from .rating_list import rate_log, rating_list, render

    try:
        log = read_game_log(games_csv, system)
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


def _with_line(message: str, log: object) -> str:
    """Point an engine error about games[n] at the CSV line it came from."""
    lines = getattr(log, "lines", None)
    match = re.match(r"games\[(\d+)\]", message)
    if lines and match and int(match.group(1)) <= len(lines):
        return f"line {lines[int(match.group(1)) - 1]}: {message}"
    return message
