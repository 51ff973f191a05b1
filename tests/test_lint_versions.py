"""The Excel versions the README promises are the ones the lint enforces.

Cell formulas, validations and names: Excel 2010. The overwrite highlight is a
conditional format using ISFORMULA, which Excel has from 2013 (older Excel shows no
highlight, the sheet still computes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from workbook_builder.lint import BASELINE, XLFN_SINCE, lint_formula, workbook_formulas

README = Path(__file__).resolve().parents[1] / "README.md"


def test_isformula_is_excel_2013():
    assert XLFN_SINCE["ISFORMULA"] == 2013 > BASELINE == 2010


@pytest.mark.parametrize("formula", ["NOT(_xlfn.ISFORMULA(A1))", "_xlfn.IFNA(A1,0)"])
def test_a_2013_function_only_in_a_conditional_format(formula):
    assert lint_formula(formula, conditional_format=True) == []
    problems = lint_formula(formula)
    assert problems and "Excel 2013" in problems[0]


def test_isformula_appears_only_in_conditional_formats(built, opened):
    for name in built:
        for where, formula in workbook_formulas(opened[name]):
            if "ISFORMULA" in formula.upper():
                assert " conditional format " in where, where


def test_readme_says_the_highlight_needs_excel_2013():
    text = README.read_text("utf-8")
    assert "highlight needs Excel 2013 or later (ISFORMULA)" in text
    assert "Excel 2013's ISFORMULA" in text
