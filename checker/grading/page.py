"""A self-contained HTML page for instructors: one file, no script, no network.

Everything a page shows that came from outside the kit's own code (a student's name, a
reason, a message, a line of code) goes through ``esc``; the page carries a Content
Security Policy that allows no script, no external fetch and no form, so even a text
that escaped escaping could not run or call home. It opens from disk and reads at a
phone's width (a fluid layout, tables that scroll sideways, charts that scale).
"""
from __future__ import annotations

import html

from checker.i18n import get_lang

CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
       "base-uri 'none'; form-action 'none'")

STYLE = """
:root { --fg: #1b1b1b; --muted: #5f6368; --line: #dadce0; --bg: #fff; --soft: #f6f7f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans",
       "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 62rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .2rem 0 .4rem; }
h2 { font-size: 1.2rem; margin: 1.6rem 0 .5rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
p { margin: .3rem 0 .6rem; }
.muted { color: var(--muted); font-size: .9rem; }
.note { background: #fff8e1; border-left: 4px solid #f9a825; padding: .5rem .8rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .4rem; text-align: left;
         vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.who { overflow-wrap: anywhere; }
svg { display: block; width: 100%; height: auto; max-width: 40rem; }
svg text { font-family: inherit; }
.legend { display: flex; flex-wrap: wrap; gap: .2rem .9rem; padding: 0; list-style: none;
          font-size: .85rem; }
.swatch { display: inline-block; width: .8rem; height: .8rem; margin-right: .3rem;
          vertical-align: -.1rem; border-radius: 2px; }
.case { margin: .35rem 0; }
.case .name { font-size: .88rem; overflow-wrap: anywhere; }
.case svg { max-width: 100%; }
summary { cursor: pointer; margin: .4rem 0; }
summary h3 { display: inline; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
            font-size: .82rem; }
"""


def esc(value) -> str:
    """Any value as HTML text (also safe inside a double-quoted attribute and in SVG)."""
    return html.escape(str(value), quote=True)


def document(title: str, body: str, extra_style: str = "") -> str:
    """The whole page: ``body`` is HTML already built with ``esc`` for every value."""
    return (f'<!DOCTYPE html>\n<html lang="{esc(get_lang())}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{esc(CSP)}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="referrer" content="no-referrer">\n'
            f"<title>{esc(title)}</title>\n<style>{STYLE}{extra_style}</style>\n</head>\n"
            f"<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n")
