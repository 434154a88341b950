"""Chinese text in the matplotlib figures of the notebooks.

matplotlib's default font has no Chinese glyphs, so a Chinese title or token label
would be drawn as boxes. ``chinese_ready(figure)`` gives every text of a figure a
font that has them, when one is installed; it says False when the figure holds
Chinese and no such font is there, so that the caller can say how to get one.
"""
from __future__ import annotations

import functools

# families that hold Chinese, on Linux, macOS and Windows, most common first
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN",
                "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "Microsoft YaHei", "PingFang SC",
                "Hiragino Sans GB", "Heiti SC", "SimHei", "Droid Sans Fallback",
                "AR PL UMing CN", "Arial Unicode MS")
CJK_WORDS = ("CJK", "Han Sans", "WenQuanYi", "YaHei", "Hei", "Song", "Ming", "Kai")


def has_chinese(text: str) -> bool:
    """True when ``text`` holds a CJK character or CJK punctuation."""
    return any("\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"
               or "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef" for ch in text)


@functools.lru_cache(maxsize=None)
def chinese_font() -> str | None:
    """The name of an installed font with Chinese glyphs, or None."""
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    for family in CJK_FAMILIES:
        if family in names:
            return family
    return next((n for n in sorted(names) if any(w in n for w in CJK_WORDS)), None)


def chinese_ready(figure) -> bool:
    """Set a Chinese-capable font (then matplotlib's default, for the rest) on every text
    of ``figure`` that holds Chinese. False when some text holds Chinese and no font
    with Chinese glyphs is installed."""
    from matplotlib.text import Text

    texts = [text for text in figure.findobj(Text) if has_chinese(text.get_text())]
    if not texts:
        return True
    font = chinese_font()
    if font is None:
        return False
    for text in texts:
        text.set_fontfamily([font, "DejaVu Sans"])
    return True
