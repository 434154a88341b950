"""Every text the learner reads, in English and Chinese (gettext style).

A message is written in the code in English, as a template: ``t("{func} raised
{error}", func=..., error=...)``. The English template is the message's id; the
Chinese text for it lives in ``locale/zh/*.toml`` (``"English" = "中文"``). One
run speaks one language, set with ``set_lang`` (from ``--lang`` or the
environment); English needs no catalog.

``python -m checker.i18n`` lists the ids the code uses that a catalog lacks, and
the catalog entries no code uses any more; the kit's tests fail on either.

Which literals are message ids (see ``extract``):
- the first argument of ``t(...)``, of ``N_(...)`` (marks an id translated
  later) and of the ``@case(...)`` and ``@property_case(...)`` decorators;
- in the hidden cases and the comparison helpers, a literal string passed as
  ``likely=``, ``what=``, ``expected=``, ``got=``, ``detail=`` or ``summary=``,
  the summary of ``CaseFailure(...)`` / ``compare.true(cond, ...)``, and the keys
  of a ``suspects={...}`` dict. Code that builds such a text from values uses
  ``t()`` with a template instead of an f-string (the tests refuse f-strings there).
"""
from __future__ import annotations

import ast
import contextlib
import functools
import os
import re
from pathlib import Path

from checker.compat import tomllib

LANGS = ("en", "zh")
LOCALE = Path(__file__).with_name("locale")
_lang = "en"
MISSES: set[str] = set()  # ids looked up in a non-English run that the catalog lacks


class Translated(str):
    """A text already in the run's language: ``t()`` passes it through unchanged."""


def detect(environ=None) -> str:
    """The language from the environment: LC_ALL, then LC_MESSAGES, then LANG (POSIX order)."""
    environ = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def set_lang(lang: str | None) -> str:
    """Set the run's language (None: from the environment); returns it."""
    global _lang
    lang = lang or detect()
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    _lang = lang
    return lang


def get_lang() -> str:
    return _lang


@contextlib.contextmanager
def speaking(lang: str | None):
    """The language set for the block (None: from the environment), and the one before it
    put back afterwards: a notebook's language stays its own after any kit call."""
    global _lang
    before = _lang
    set_lang(lang)
    try:
        yield
    finally:
        _lang = before


def keeps_language(function):
    """A notebook entry that sets the language for its own call only."""
    @functools.wraps(function)
    def call(*args, **kwargs):
        global _lang
        before = _lang
        try:
            return function(*args, **kwargs)
        finally:
            _lang = before
    return call


@functools.lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """All ``locale/<lang>/*.toml`` files, merged."""
    merged: dict[str, str] = {}
    folder = LOCALE / lang
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        with open(path, "rb") as f:
            merged.update(tomllib.load(f))
    return merged


def N_(text: str) -> str:
    """Marks a message id that is translated later, where it is used (``t(text)``)."""
    return text


# How the learner types a command here: "attn-kit" in a shell where it is installed,
# "./kit" when the kit was started through the ./kit script (it exports
# ATTN_KIT_COMMAND=./kit), "notebook" in Python (check("05"), hint("05")...).
_COMMAND_STYLE: str | None = None
_NOTEBOOK_CALL = re.compile(r"`attn-kit (check|hint|show|model|reset|solution)((?: [\w.-]+)*)`")


class command_style:
    """``with command_style("notebook"):`` the texts made inside name the kit's commands
    as Python calls (or as a launcher such as "./kit" types them)."""

    def __init__(self, style: str | None):
        self.style, self.before = style, None

    def __enter__(self):
        global _COMMAND_STYLE
        self.before, _COMMAND_STYLE = _COMMAND_STYLE, self.style
        return self

    def __exit__(self, *exc):
        global _COMMAND_STYLE
        _COMMAND_STYLE = self.before


def as_typed(text: str) -> str:
    """``text`` with each `attn-kit CMD ...` command written as the learner can type it."""
    style = _COMMAND_STYLE or os.environ.get("ATTN_KIT_COMMAND") or ""
    if not style or style == "attn-kit" or "`attn-kit" not in text:
        return text
    if style == "notebook":
        def call(m: re.Match) -> str:
            args = m.group(2).split()
            if m.group(1) in ("reset", "solution") or any(a.startswith("-") for a in args):
                return m.group(0)  # no such call in Python: the shell command stays
            return "`{}({})`".format(m.group(1), ", ".join(f'"{a}"' for a in args))
        return _NOTEBOOK_CALL.sub(call, text)
    return text.replace("`attn-kit ", f"`{style} ").replace("`attn-kit`", f"`{style}`")


def t(msgid: str, /, **values) -> str:
    """``msgid`` in the run's language, with ``values`` filled in (and the kit's
    commands written as the learner types them here: ``as_typed``)."""
    if isinstance(msgid, Translated) or not msgid:
        return msgid
    text = msgid
    if _lang != "en":
        found = catalog(_lang).get(msgid)
        if found is None:
            MISSES.add(msgid)
        else:
            text = found
    if values:
        text = text.format(**values)
    return Translated(as_typed(text))


# ----------------------------------------------------------------- extraction
MESSAGE_KWARGS = ("likely", "what", "expected", "got", "detail", "summary", "fix")
# where the message kwargs and positional summaries are message ids
CASE_CODE = ("judge/cases", "judge/compare.py")  # (causes: ``cause(id, text)`` anywhere)


def _literal(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _callee(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def extract_file(path: Path, case_code: bool) -> tuple[set[str], list[str]]:
    """(message ids, problems) of one source file; problems are f-strings where an id goes."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    ids: set[str] = set()
    problems: list[str] = []

    def take(node, where: str) -> None:
        text = _literal(node)
        if text is not None:
            if text:
                ids.add(text)
        elif isinstance(node, ast.JoinedStr):
            problems.append(f"{path.name}:{node.lineno}: an f-string as {where}; "
                            "use t(\"template {x}\", x=...) so it can be translated")

    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        if name in ("t", "N_", "case", "property_case") and node.args:
            take(node.args[0], f"the message of {name}()")
        if name == "cause" and len(node.args) > 1:
            take(node.args[1], "the text of a cause()")
        if not case_code:
            continue
        if name == "CaseFailure" and node.args:
            take(node.args[0], "a CaseFailure summary")
        if name == "true" and len(node.args) > 1:
            take(node.args[1], "a compare.true summary")
        for kw in node.keywords:
            if kw.arg in MESSAGE_KWARGS:
                take(kw.value, f"{kw.arg}=")
            elif kw.arg == "suspects" and isinstance(kw.value, ast.Dict):
                for key in kw.value.keys:
                    take(key, "a suspects key")
    return ids, problems


def extract(package: Path = Path(__file__).parent) -> tuple[set[str], list[str]]:
    """Every message id the kit's code uses, and the places that cannot be translated."""
    ids: set[str] = set()
    problems: list[str] = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        found, bad = extract_file(path, case_code=rel.startswith(CASE_CODE))
        ids |= found
        problems += bad
    return ids, problems


def _placeholders(text: str) -> set[str]:
    import string

    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def audit(lang: str = "zh") -> dict[str, list[str]]:
    """What is wrong with a catalog: missing ids, unused entries, mismatched placeholders."""
    ids, problems = extract()
    table = catalog(lang)
    mismatched = [k for k, v in table.items()
                  if k in ids and _placeholders(k) != _placeholders(v)]
    return {"missing": sorted(ids - set(table)), "unused": sorted(set(table) - ids),
            "placeholders": sorted(mismatched), "untranslatable": problems}


def main() -> int:
    report = audit()
    for kind, items in report.items():
        for item in items:
            print(f"{kind}: {item}")
    return 1 if any(report.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
