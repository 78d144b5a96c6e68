"""Tables written for a spreadsheet (CSV, UTF-8 with its mark, which Excel needs to read accents),
every cell made inert: a cell that a spreadsheet would read as a formula (it begins with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return: a learner's chosen name may) is written with a ``'`` first,
as OWASP advises against CSV injection. A number stays a number."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula."""


def inert(value: object) -> object:
    """A cell as written: None as empty, a number as it is, text that a spreadsheet would run as a
    formula with a ``'`` before it."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, int | float):
        text = str(value)
        return "'" + text if text.startswith(FORMULA_STARTS) else text
    return value


def csv_bytes(header: Sequence[str], rows: Sequence[Sequence[object]]) -> bytes:
    """A CSV file of ``rows`` under ``header``, every cell (the header's too) made inert."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([inert(cell) for cell in header])
    writer.writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue().encode("utf-8-sig")


def table_bytes(rows: Sequence[Mapping[str, object]]) -> bytes:
    """A CSV file of rows given as dicts (the first one's keys as the header), every cell made inert."""
    header = list(rows[0]) if rows else []
    return csv_bytes(header, [[row.get(column) for column in header] for row in rows])
