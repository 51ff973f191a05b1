"""Formulas as spreadsheet programs respell them: the same formula reads alike, another
does not. The respelt forms are what LibreOffice 7.4 and Gnumeric 1.12 wrote on saving
this project's workbooks."""

from __future__ import annotations

import pytest

from workbook_builder.formulas.spelling import same_formula

RESPELT = [
    # LibreOffice: FALSE() for FALSE, a three-digit exponent
    ('=IF(ISNUMBER(D4),OR(D4=1,D4=0),FALSE)', '=IF(ISNUMBER(D4),OR(D4=1,D4=0),FALSE())'),
    ('=MIN(IF(E5<E4,1,9E+99),2)', '=MIN(IF(E5<E4,1,9E+099),2)'),
    ('=MIN(IF(E5<E4,1,9e+99),2)', '=MIN(IF(E5<E4,1,9E+099),2)'),  # the builder's spelling
    # Gnumeric: 21 significant digits, the same double
    ('=16-ROUND(0.04*(A1-B1),0)', '=16-ROUND(0.0399999999999999999992*(A1-B1),0)'),
    ('=MIN(9E+99,A1)', '=MIN(9.00000000000000000008e+99,A1)'),
    # Excel and hand typing: prefixes, case, spaces, absolute references, sheet quotes
    ('=STDEV.S(B1:B9)', '=_xlfn.STDEV.S(B1:B9)'),
    ('=IF(A1>0,Settings_K,0)', '=if( $A$1 > 0, settings_k, 0 )'),
    ("=対局!A1+1", "='対局'!$A$1+1"),
]

DIFFERENT = [
    ('=A1+1', '=A1+10'),
    ('=A1+1', '=A2+1'),
    ('=SUM(4:7)', '=SUM(4:8)'),
    ('=16-ROUND(0.04*A1,0)', '=16-ROUND(0.05*A1,0)'),
    ('="a b"', '="ab"'),           # inside a text literal, spaces count
    ('="Yes"', '="YES"'),          # and so does case
    ('=IF(A1,"x",FALSE)', '=IF(A1,"x",TRUE)'),
]


@pytest.mark.parametrize(("ours", "found"), RESPELT)
def test_a_respelt_formula_is_the_same(ours: str, found: str) -> None:
    assert same_formula(ours, found)


@pytest.mark.parametrize(("ours", "found"), DIFFERENT)
def test_another_formula_is_not(ours: str, found: str) -> None:
    assert not same_formula(ours, found)
