"""Charts as inline SVG text: a histogram, rows of stacked bars, a rate bar.

Drawn here from numbers, with no library and nothing fetched, so a page that holds
them opens from disk. Every label goes through ``page.esc``. The SVGs have a viewBox
and no fixed size: they scale to the width of the page (a phone's too).
"""
from __future__ import annotations

from checker.grading.page import esc

FONT = 11


def histogram(bars: list[tuple[str, int]], *, title: str, colour: str = "#1a73e8") -> str:
    """Vertical bars, one per (label, count), with the count above each bar."""
    width, height, left, bottom, top = 340, 170, 8, 22, 16
    n = max(1, len(bars))
    slot = (width - 2 * left) / n
    peak = max([count for _label, count in bars] + [1])
    usable = height - bottom - top
    parts = [f'<svg viewBox="0 0 {width} {height}" role="img" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{esc(title)}</title>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - left}" '
             f'y2="{height - bottom}" stroke="#9aa0a6"/>']
    for i, (label, count) in enumerate(bars):
        h = usable * count / peak
        x = left + i * slot + slot * 0.12
        y = height - bottom - h
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{slot * 0.76:.1f}" '
                     f'height="{h:.1f}" fill="{colour}"><title>{esc(label)}: {count}</title>'
                     f'</rect>')
        cx = left + (i + 0.5) * slot
        parts.append(f'<text x="{cx:.1f}" y="{y - 3:.1f}" font-size="{FONT}" '
                     f'text-anchor="middle">{count}</text>')
        parts.append(f'<text x="{cx:.1f}" y="{height - bottom + 14:.1f}" font-size="{FONT - 2}" '
                     f'text-anchor="middle" fill="#5f6368">{esc(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def stacked_rows(rows: list[tuple[str, list[tuple[str, int, str]]]], *, title: str) -> str:
    """One horizontal bar per row (label, [(part name, count, colour)]), parts side by side,
    each as wide as its share of the row; a part's count is written on it when it fits."""
    width, label_w, row_h, gap = 340, 34, 20, 6
    bar_w = width - label_w - 4
    height = max(1, len(rows)) * (row_h + gap) + gap
    parts = [f'<svg viewBox="0 0 {width} {height}" role="img" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{esc(title)}</title>']
    for r, (label, segments) in enumerate(rows):
        y = gap + r * (row_h + gap)
        parts.append(f'<text x="0" y="{y + row_h * 0.72:.1f}" font-size="{FONT}">'
                     f'{esc(label)}</text>')
        total = sum(count for _name, count, _colour in segments)
        x = float(label_w)
        for name, count, colour in segments:
            if not count or not total:
                continue
            w = bar_w * count / total
            parts.append(f'<rect x="{x:.2f}" y="{y}" width="{w:.2f}" height="{row_h}" '
                         f'fill="{colour}"><title>{esc(label)} {esc(name)}: {count}</title>'
                         f'</rect>')
            if w >= 14:
                parts.append(f'<text x="{x + w / 2:.2f}" y="{y + row_h * 0.72:.1f}" '
                             f'font-size="{FONT - 1}" text-anchor="middle" fill="#fff">'
                             f'{count}</text>')
            x += w
    parts.append("</svg>")
    return "".join(parts)


def rate_bar(rate: float, *, title: str, good: str = "#2e7d32", bad: str = "#e57373") -> str:
    """A thin bar: ``rate`` (0 to 1) of it in ``good``, the rest in ``bad``."""
    rate = min(1.0, max(0.0, rate))
    width, height = 300, 8
    return (f'<svg viewBox="0 0 {width} {height}" role="img" preserveAspectRatio="none" '
            f'xmlns="http://www.w3.org/2000/svg" style="height:.5rem">'
            f'<title>{esc(title)}</title>'
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="{bad}"/>'
            f'<rect x="0" y="0" width="{width * rate:.1f}" height="{height}" fill="{good}"/>'
            f"</svg>")
