"""Builds the club rating workbooks (.xlsx) from the declarative templates in ``templates/``.

openpyxl writes its XML with lxml when lxml is installed (the test oracles bring it), and
then spaces some tags differently; the builder always uses Python's own writer, so a
workbook's bytes do not depend on what else is installed. Set before openpyxl is first
imported (tests/conftest.py does the same for the suite).
"""

import os

os.environ.setdefault("OPENPYXL_LXML", "False")
