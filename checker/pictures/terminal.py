"""Drawing a ``Showing`` in the terminal with rich: heatmaps, yours next to the reference's.

Two maps sit side by side when they fit the console's width, one above the other when
they do not. Off a terminal (or with NO_COLOR) the maps use the block characters of
``learner.heatmap``. Learner text (error summaries, tokens) is always ``Text``.
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from checker.i18n import get_lang, t
from checker.learner.heatmap import heatmap, side_by_side
from checker.learner.wrapping import Paragraph
from checker.pictures.compute import Picture, verdict
from checker.pictures.session import Showing
from checker.pictures.sweep import Sweep

LABEL_CELLS = 8     # a token label is cut to this many cells (plus its number)


def short(token: str, cells: int = LABEL_CELLS) -> str:
    """``token`` cut to ``cells`` terminal cells, with … when cut."""
    if cell_len(token) <= cells:
        return token
    out = ""
    for ch in token:
        if cell_len(out + ch) > cells - 1:
            break
        out += ch
    return out + "…"


def labels(tokens: list[str]) -> list[str]:
    return [f"{short(tok)} {i}" for i, tok in enumerate(tokens)]


def _map(picture: Picture, matrix, title: str, plain: bool, marked=None):
    low, high = picture.scale()
    return heatmap(matrix, title, labels(picture.rows), plain=plain, low=low, high=high,
                   blocked=picture.blocked, marked=marked)


def _fits(console, *maps) -> bool:
    widths = [Measurement.get(console, console.options, m).maximum for m in maps]
    return sum(widths) + 3 * (len(maps) - 1) <= console.width


def picture_lines(picture: Picture, console) -> list:
    plain = getattr(console, "plain", False)
    out: list = [Paragraph(Text(picture.title, style="bold"))]
    ref = _map(picture, picture.reference, t("given") if picture.given else t("reference"),
               plain)
    if picture.mine is not None:
        mine = _map(picture, picture.mine, t("yours"), plain,
                    marked=None if picture.agrees else picture.differs)
        out += [side_by_side(mine, ref)] if _fits(console, mine, ref) else [mine, Text(""), ref]
    else:
        out.append(ref)
    if picture.name_cols and picture.cols != picture.rows:
        keys = "  ".join(f"{i} {short(tok)}" for i, tok in enumerate(picture.cols))
        out.append(Text(t("columns: {keys}", keys=keys), style="dim"))
    line = verdict(picture)
    if line:
        style = "green" if picture.agrees and not picture.check_fails else \
            "yellow" if picture.not_started or picture.agrees else "red"
        out.append(Paragraph(Text(line, style="" if plain else style)))
    for note in picture.shown_notes():
        out.append(Paragraph(Text(note, style="dim")))
    return out


def render(showing: Showing, console) -> None:
    exercise = showing.exercise
    console.print(Text(t("Exercise {id} · {title}: your attention in pictures", id=exercise.id,
                         title=exercise.text("title", get_lang())), style="bold"))
    if showing.reference_only:
        console.print(Text(t("(the reference's pictures only: your code is not run)"),
                           style="dim"))
    if showing.check_line:
        plain = getattr(console, "plain", False)
        console.print(Paragraph(Text(showing.check_line, style="" if plain else "bold yellow")))
    if showing.sweep is not None:
        for item in sweep_lines(showing.sweep, getattr(console, "plain", False)):
            console.print(item)
    for section in showing.sections:
        console.print()
        console.print(Paragraph(Text(section.title, style="bold underline")))
        for picture in section.pictures:
            console.print()
            for item in picture_lines(picture, console):
                console.print(item)
    for note in showing.notes:
        console.print()
        console.print(Paragraph(note))


def _pair(values) -> tuple[str, str]:
    if values is None:
        return "-", "-"
    top, grad = values
    return f"{top:.2f}", (f"{grad:.1e}" if grad == grad else "nan")


def sweep_lines(found: Sweep, plain: bool) -> list:
    """The table of exercise 04 and the one-sentence takeaway."""
    table = Table(box=None, pad_edge=False, padding=(0, 1),
                  show_edge=False)
    table.add_column("d_k", justify="right")
    for head in (t("top weight: no scaling"), t("reference"), t("yours")):
        table.add_column(head, justify="right")
    for head in (t("gradient: no scaling"), t("reference"), t("yours")):
        table.add_column(head, justify="right")
    for row in found.rows:
        plain_top, plain_grad = _pair(row.plain)
        ref_top, ref_grad = _pair(row.reference)
        my_top, my_grad = _pair(row.mine)
        table.add_row(str(row.d_k), plain_top, ref_top, my_top, plain_grad, ref_grad, my_grad)
    lines: list = [
        Paragraph(t("Random queries (64) and keys (16) with entries of variance 1: the scores q·k "
               "have variance d_k. For each d_k: the largest softmax weight of a query (mean "
               "over the queries; 1.00 = all on one key) and the size of the gradient that "
               "reaches the softmax's input for one query (median over the queries), with no "
               "scaling, with the reference's scores / √d_k and with your scale_scores.")),
        Text(""), table, Text("")]
    if found.problem:
        lines.append(Text(t("Your column is empty: {why}", why=found.problem),
                          style="" if plain else ("yellow" if found.not_started else "red")))
    elif any(r.mine is not None and abs(r.mine[0] - r.reference[0]) > 0.01 for r in found.rows):
        lines.append(Text(t("Your column differs from the reference's: `attn-kit check 04` "
                            "says where."), style="" if plain else "red"))
    lines.append(Paragraph(Text(t("Without scaling, the softmax saturates as d_k grows: each query puts "
                        "nearly all its weight on one key and the gradient all but vanishes, "
                        "so learning stalls. Dividing by √d_k keeps the scores' spread at "
                        "about 1, and both numbers stay put."), style="bold")))
    return lines
