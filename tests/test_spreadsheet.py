"""Tables for a spreadsheet (tutor/base/spreadsheet.py): no cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io

import pytest

from tutor.base.spreadsheet import csv_bytes, inert, table_bytes


@pytest.mark.parametrize(("cell", "written"), [
    ("=1+1", "'=1+1"),
    ("+SUM(1;1)", "'+SUM(1;1)"),
    ("-2+3", "'-2+3"),
    ("@SUM(1,1)", "'@SUM(1,1)"),
    ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("\t=1+1", "'\t=1+1"),
    ("\r=1+1", "'\r=1+1"),
    ("Ana García", "Ana García"),
    ("a=b", "a=b"),  # only the first character counts
    (None, ""),
    (-3, -3),  # a number stays a number, sign and all
    (42.5, 42.5),
    (True, "True"),
])
def test_a_cell_a_spreadsheet_would_run_is_written_with_a_quote_first(cell, written):
    assert inert(cell) == written


def test_every_cell_of_a_table_and_its_header_is_written_inert():
    data = table_bytes([{"Name": "=2+2", "Code": "@A1", "Right (%)": 50},
                        {"Name": "+1", "Code": "K7QX", "Right (%)": None}])
    assert data.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows == [["Name", "Code", "Right (%)"], ["'=2+2", "'@A1", "50"], ["'+1", "K7QX", ""]]
    header_too = csv_bytes(["=bad"], [["ok"]]).decode("utf-8-sig").splitlines()
    assert header_too == ["'=bad", "ok"]
