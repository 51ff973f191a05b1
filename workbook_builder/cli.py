"""The ``workbook-builder`` command line.

Library errors (bad input) become a one-line message and exit status 2, never a
traceback: a club secretary should see what to fix, not Python internals.
"""

from __future__ import annotations

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
