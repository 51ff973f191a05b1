"""Builds the club rating workbooks (.xlsx) from the declarative templates in ``templates/``."""
