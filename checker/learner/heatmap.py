"""Small heatmaps of attention weights in the terminal, with rich.

A weight matrix [n_q, n_k] becomes a grid of two-character cells, one row per query
and one column per key: shades of a blue scale on a colour terminal, and the block
characters ' ░▒▓█' (five levels) off a terminal or with NO_COLOR, so the picture
survives a log or a copy into an issue. Labels (tokens) go down the left and, as
numbered columns, across the top; a legend says what the darkest cell means. Cells
that a mask blocks (``blocked``) can be left blank, drawn as a dim dot, and cells to
point at (``marked``: where yours differs from the reference's) carry a ``×`` (red over
their shade in colour; the shade and one ``×`` in block characters).
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.color import Color
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from checker.i18n import t

SHADES = " ░▒▓█"
MAX_CELLS = 40          # wider matrices are cut (with a note): a terminal has 80 columns


def _level(value: float, low: float, high: float) -> float:
    if high <= low:
        return 1.0 if value > low else 0.0
    return min(1.0, max(0.0, (value - low) / (high - low)))


def _colour(level: float) -> Style:
    # white (0) to a deep blue (1): readable on dark and light terminals alike
    r, g, b = (int(255 - level * (255 - c)) for c in (8, 48, 107))
    return Style(bgcolor=Color.from_rgb(r, g, b))


def heatmap(matrix, title: str = "", labels: list[str] | None = None, plain: bool = False,
            low: float | None = None, high: float | None = None,
            col_labels: list[str] | None = None, blocked=None, marked=None) -> Group:
    """``matrix``: rows of numbers (a list of lists, or a 2-D tensor). ``low``/``high``
    fix the scale (weights: 0 and 1), so that two maps side by side compare fairly.
    ``blocked``: rows of booleans of the matrix's shape; True cells are drawn blank.
    ``marked``: rows of booleans of the matrix's shape; True cells carry a ``×``."""
    rows = [[float(v) for v in row] for row in (matrix.tolist() if hasattr(matrix, "tolist")
                                                 else matrix)]
    finite = [v for row in rows for v in row if v == v and abs(v) != float("inf")]
    low = min(finite, default=0.0) if low is None else low
    high = max(finite, default=1.0) if high is None else high
    n_cols = max((len(r) for r in rows), default=0)
    shown_cols = min(n_cols, MAX_CELLS)
    labels = [str(x) for x in (labels or [str(i) for i in range(len(rows))])]
    width = max((cell_len(x) for x in labels), default=1)
    mask, marks = _booleans(blocked), _booleans(marked)
    lines: list = []
    if title:
        lines.append(Text(title, style="bold"))
    heads = col_labels or [str(j) for j in range(shown_cols)]
    top = Text(" " * (width + 1))
    for j in range(shown_cols):
        top.append(f"{str(heads[j])[-2:]:>2}" if j % 2 == 0 or shown_cols <= 10 else "  ",
                   style="dim")
    lines.append(top)
    for i, (label, row) in enumerate(zip(labels, rows)):
        line = Text(" " * (width - cell_len(label)) + f"{label} ")  # cells, not characters
        for j, value in enumerate(row[:shown_cols]):
            if mask is not None and mask[i][j]:
                line.append(" ·", style="dim")
                continue
            if value != value:  # NaN
                line.append("??" if plain else "??", style="" if plain else "bold red")
                continue
            level = _level(value, low, high)
            if marks is not None and marks[i][j]:  # the shade stays visible beside the mark
                if plain:
                    line.append(SHADES[min(4, int(level * 4.999))] + "×")
                else:
                    line.append("××", style=_colour(level) + Style(color="red", bold=True))
            elif plain:
                line.append(SHADES[min(4, int(level * 4.999))] * 2)
            else:
                line.append("  ", style=_colour(level))
        lines.append(line)
    if n_cols > shown_cols:
        lines.append(Text(t("({n} more columns not shown)", n=n_cols - shown_cols), style="dim"))
    legend = t("darkest = {high}, lightest = {low}", high=f"{high:.3g}", low=f"{low:.3g}")
    lines.append(Text(legend, style="dim"))
    return Group(*lines)


def _booleans(rows) -> list[list[bool]] | None:
    if rows is None:
        return None
    return [[bool(v) for v in row] for row in (rows.tolist() if hasattr(rows, "tolist")
                                                else rows)]


def side_by_side(*maps) -> Table:
    """Heatmaps next to each other (expected and got, reference and yours)."""
    grid = Table.grid(padding=(0, 3))
    for _ in maps:
        grid.add_column(no_wrap=True)
    grid.add_row(*maps)
    return grid
