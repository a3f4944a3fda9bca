"""Spreadsheet-safe cells.

- Formula injection: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
  return is read as a formula by Excel, LibreOffice and Google Sheets. The OWASP rule
  (https://owasp.org/www-community/attacks/CSV_Injection) is applied: such a cell gets
  a leading `'`, which the programs show as text; `plain()` takes it off again when a
  sheet is read back, so `-` (no components) still means `-`.
- Length: a spreadsheet cell holds at most 32,767 characters (Excel's limit;
  LibreOffice cuts there too). A longer text is cut with a marker saying how much is
  missing and where the full text is (the HTML page shows it whole).
"""

from __future__ import annotations

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
CELL_LIMIT = 32_767


def neutralised(text: str) -> str:
    """`text` as a cell no spreadsheet program evaluates."""
    return "'" + text if text.startswith(FORMULA_START) else text


def plain(cell: str) -> str:
    """A cell read back from a sheet: the neutralising `'` taken off, spaces stripped."""
    cell = cell.strip()
    if cell.startswith("'") and cell[1:].startswith(FORMULA_START):
        cell = cell[1:]
    return cell.strip()


def fitted(text: str, where: str) -> str:
    """`text` cut to fit one cell (after neutralising), naming `where` the full text is."""
    if len(text) + 1 <= CELL_LIMIT:
        return text

    def marker(cut: int) -> str:
        return f"… [cut: {cut} more characters; the full text is on {where}]"

    keep = CELL_LIMIT - 1 - len(marker(len(text)))
    return text[:keep] + marker(len(text) - keep)


def cell(text: str, where: str) -> str:
    """A sheet cell: fitted, then neutralised (at most `CELL_LIMIT` characters)."""
    return neutralised(fitted(text, where))
