"""Every workbook computes the same in Gnumeric as in the engine (and LibreOffice).

Gnumeric (``ssconvert --recalc``) is the second spreadsheet program the suite uses: a
formula only LibreOffice computes (``MATCH(TRUE,INDEX(expr,0),0)``, EXACT or ISNUMBER
over a range inside SUMPRODUCT …) shows up here as a differing cell. See the
``gnumeric`` fixture in conftest for what each job's expected values are.
"""

from __future__ import annotations

import pytest

from tests.conftest import gnumeric_jobs, outside


@pytest.mark.parametrize("job", gnumeric_jobs())
def test_gnumeric_shows_the_engine_values(gnumeric, job):
    count, bad = gnumeric[job]  # Gnumeric's values against the expected ones
    assert count > 20
    assert not bad, f"{len(bad)} of {count} cells differ, e.g. {bad[:5]}"


def test_nothing_outside_the_tables_in_a_gnumeric_saved_file(gnumeric):
    """Gnumeric respells formulas its own way (``0.04`` as ``0.0399999999999999999992``,
    ``9E+99`` as ``9.00000000000000000008e+99``): each system's filled log it saved holds
    nothing ``repair`` would call a formula or value of one's own. The English files here;
    tests/test_audit_repair.py reads the Japanese ones as LibreOffice saved them."""
    jobs = [job for job in gnumeric.paths if job.startswith("conform_") and job.endswith("_en")]
    assert len(jobs) >= 10
    for job in jobs:
        assert outside(gnumeric.saved(job)) == [], job
