"""Benchmarks that print figures (never timed tests): ``python -m bench.run``.

See :mod:`bench.run` for the options and :data:`bench.run.BENCHMARKS` for the list.
"""

import workbook_builder  # noqa: F401  (first: it chooses openpyxl's writer before openpyxl loads)
