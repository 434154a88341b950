"""Maintainer commands, in the spirit of rustlings' ``dev check``.

    python -m checker.dev check     what each exercise still lacks (exit 1 if anything)
    python -m checker.dev sync      write exercises/ (the stubs) and the solutions'
                                    docstring headers from the one source

An exercise is complete when it has: its manifest entry (titles, sections and three
hints in both languages), its solution (the one source of its text, with a marked
block per function), an up-to-date stub in ``exercises/``, its hidden cases with
plain-language names, Chinese for every text of those cases, and its entries in the
kit's own library of wrong and correct implementations. CONTRIBUTING.md walks
through adding one. Messages here are for maintainers, in English.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from checker import i18n, manifest, stubs

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "judge" / "cases"
LIBRARY = ROOT / "tests" / "implementations"
BLIND = ROOT / "tests" / "blind_feedback"
HEADINGS = ("WHAT", "FORMULA", "SHAPES", "RETURN", "RULES", "CHECK")
ALLOWED_IMPORTS = {"torch", "math", "__future__", "typing"}
MIN_CASES = 8
MIN_WRONG, MIN_CORRECT = 3, 2
CJK = re.compile(r"[\u4e00-\u9fff]")


def source_checkout() -> bool:
    return (ROOT / "pyproject.toml").is_file() and (ROOT / "exercises").is_dir()


def _squash(text: str) -> str:
    return re.sub(r"[\s_]+", "", text.lower())


def problems_of(exercise: manifest.Exercise) -> list[str]:
    """Everything that exercise still lacks, one line each."""
    found: list[str] = []
    # 1) the manifest entry
    for field in ("title", "section"):
        for lang in manifest.LANGS:
            if not getattr(exercise, field).get(lang):
                found.append(f"manifest: no {field}.{lang}")
    topics = exercise.hint_topics()
    if len(exercise.functions) > 1 and topics == [""]:
        found.append("manifest: hints for the exercise as a whole; give each function its own "
                     "(hints.<function>.<lang>)")
    for topic in topics:
        for lang in manifest.LANGS:
            levels = exercise.hints[topic].get(lang, [])
            if not levels:
                found.append(f"manifest: no hints for {topic or 'the exercise'} in {lang}")
            elif len(levels) < 3:
                found.append(f"manifest: fewer than 3 hints for {topic or 'the exercise'} in "
                             f"{lang}")
        counts = {len(exercise.hints[topic].get(lang, [])) for lang in manifest.LANGS}
        if len(counts) > 1:
            found.append(f"manifest: the hints for {topic or 'the exercise'} have a different "
                         "number of levels in each language")
    if exercise.points <= 0:
        found.append("manifest: points must be more than 0")
    # 2) the solution: the one source of the exercise's text
    try:
        text = stubs.solution_text(exercise)
    except (stubs.SourceError, OSError):
        return found + [f"solutions/{exercise.file} is missing"]
    try:
        tree = ast.parse(text)
        blocks = stubs.blocks(text)
    except (SyntaxError, stubs.SourceError) as exc:
        return found + [f"solutions/{exercise.file}: {exc}"]
    if not text.startswith(stubs.header(exercise)):
        found.append(f"solutions/{exercise.file}: the docstring's first lines differ from the "
                     "manifest's title and section (run `python -m checker.dev sync`)")
    doc = ast.get_docstring(tree) or ""
    for heading in HEADINGS:
        if not re.search(rf"^{heading}\b", doc, re.M):
            found.append(f"solutions/{exercise.file}: no {heading} section in the docstring")
    if not CJK.search(doc.split("\n", 3)[-1]):
        found.append(f"solutions/{exercise.file}: the docstring has no Chinese text")
    rules = doc[doc.find("RULES"):doc.find("CHECK")] if "RULES" in doc else ""
    for name in exercise.forbidden:
        short = name.rsplit(".", 1)[-1]
        if not short.startswith("_") and ".ops." not in name and _squash(short) not in _squash(rules):
            found.append(f"solutions/{exercise.file}: RULES does not name the forbidden {short}")
    if f"attn-kit check {exercise.id}" not in doc:
        found.append(f"solutions/{exercise.file}: CHECK does not say `attn-kit check {exercise.id}`")
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    public = sorted(name for name in functions if not name.startswith("_"))
    if public != sorted(exercise.functions):
        found.append(f"solutions/{exercise.file}: defines {', '.join(public) or 'no function'}; "
                     f"the manifest's functions are {', '.join(exercise.functions)}")
    for func in exercise.functions:
        node = functions.get(func)
        if node is None:
            found.append(f"solutions/{exercise.file}: no function {func}")
            continue
        inside = [b for b in blocks if node.lineno <= b[0] + 1 <= node.end_lineno]
        if len(inside) != 1:
            found.append(f"solutions/{exercise.file}: {func} needs exactly one "
                         f"{stubs.BEGIN} ... {stubs.END} block (found {len(inside)})")
        elif "# TODO:" not in text.splitlines()[inside[0][0] - 1]:
            found.append(f"solutions/{exercise.file}: {func}'s block is not preceded by a "
                         "`# TODO:` line (the stub's instruction)")
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                 [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            if name.split(".")[0] not in ALLOWED_IMPORTS:
                found.append(f"solutions/{exercise.file}: imports {name} (only torch, math "
                             "and the standard library's typing and __future__)")
    # 3) the learner's stub in the repo
    if source_checkout():
        stub = ROOT / "exercises" / exercise.file
        if not stub.is_file() or stub.read_text(encoding="utf-8") != stubs.stub_from_solution(text):
            found.append(f"exercises/{exercise.file} is not the stub of the solution "
                         "(run `python -m checker.dev sync`)")
    # 4) the hidden cases, and 5) their Chinese
    case_file = CASES / f"{exercise.case_module}.py"
    if not case_file.is_file():
        found.append(f"checker/judge/cases/{case_file.name} is missing")
    else:
        named = [name for _, name in manifest.case_names(exercise) if name]
        if len(set(named)) != len(named):
            found.append(f"{case_file.name}: two cases have the same name")
        # a second function of the same name replaces the first: its case silently is gone
        functions = re.findall(r"^def (test_\w+)", case_file.read_text(encoding="utf-8"), re.M)
        twice = sorted({f for f in functions if functions.count(f) > 1})
        if twice:
            found.append(f"{case_file.name}: {', '.join(twice)} defined twice (the first "
                         "case is lost)")
        if len(named) < MIN_CASES:
            found.append(f"{case_file.name}: {len(named)} named cases, at least {MIN_CASES} "
                         "are needed")
        uses_meta = bool(re.search(r"""device\s*=\s*["']meta["']""",
                                   case_file.read_text(encoding="utf-8")))
        if uses_meta != exercise.meta_device:  # the fork server prepares the meta device
            found.append(f"manifest: meta_device = {str(not exercise.meta_device).lower()}: "
                         f"{case_file.name} {'runs' if uses_meta else 'runs nothing'} on the "
                         "meta device")
        ids, bad = i18n.extract_file(case_file, case_code=True)
        missing = sorted(ids - set(i18n.catalog("zh")))
        found += [f"{case_file.name}: {b}" for b in bad]
        found += [f"no Chinese for {m!r} (checker/locale/zh/cases.toml)" for m in missing[:5]]
        if len(missing) > 5:
            found.append(f"... and {len(missing) - 5} more texts without Chinese")
    # 6) the kit's own library of implementations
    if source_checkout():
        wrong = sorted((LIBRARY / "wrong" / exercise.stem).glob("*.py"))
        correct = sorted((LIBRARY / "correct" / exercise.stem).glob("*.py"))
        if len(wrong) < MIN_WRONG:
            found.append(f"tests/implementations/wrong/{exercise.stem}/: {len(wrong)} files, "
                         f"at least {MIN_WRONG} are needed")
        if len(correct) < MIN_CORRECT:
            found.append(f"tests/implementations/correct/{exercise.stem}/: {len(correct)} "
                         f"files, at least {MIN_CORRECT} are needed")
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        if exercise.file not in readme:
            found.append(f"README.md does not list {exercise.file}")
    return found


def unnamed() -> list[str]:
    """Files and folders of an exercise's kind that no manifest entry names (as rustlings'
    ``dev check`` flags exercise files missing from its info.toml)."""
    entries = manifest.load()
    files = {e.file for e in entries}
    stems = {e.stem for e in entries}
    cases = {f"{e.case_module}.py" for e in entries}
    found = []
    places = [(CASES, "case_*.py", cases)]
    if source_checkout():
        places += [(ROOT / "solutions", "ex*.py", files), (ROOT / "exercises", "*.py", files),
                   (LIBRARY / "wrong", "*", stems), (LIBRARY / "correct", "*", stems),
                   *[(folder, "*", stems) for folder in sorted(BLIND.glob("set*"))]]
    for folder, pattern, known in places:
        for path in sorted(folder.glob(pattern)):
            if path.name != "__init__.py" and path.name not in known and (
                    path.is_dir() or path.suffix == ".py"):
                found.append(f"{path.relative_to(ROOT).as_posix()}: no manifest entry names it")
    ids = [e.id for e in entries]
    if ids != [f"{n:02d}" for n in range(1, len(ids) + 1)]:
        found.append(f"manifest: the ids are not 01, 02, ... in order ({', '.join(ids)})")
    return found


def check() -> int:
    total = 0
    for exercise in manifest.load():
        found = problems_of(exercise)
        total += len(found)
        mark = "ok " if not found else "-- "
        print(f"{mark}{exercise.id} {exercise.file}")
        for line in found:
            print(f"     {line}")
    strays = unnamed()
    for line in strays:
        print(f"-- {line}")
    total += len(strays)
    print("every exercise is complete" if not total else f"{total} things to do")
    return 1 if total else 0


def sync() -> int:
    """Solutions' headers from the manifest, then exercises/ from the solutions."""
    if not source_checkout():
        print("sync writes into a source checkout of the kit (exercises/ beside pyproject.toml)")
        return 2
    from checker.learner import workspace

    for exercise in manifest.load():
        path = stubs.solution_path(exercise)
        text = path.read_text(encoding="utf-8")
        headed = stubs.with_header(text, exercise)
        if headed != text:
            path.write_text(headed, encoding="utf-8")
            print(f"solutions/{exercise.file}: header written from the manifest")
        backup = None
        target = ROOT / "exercises" / exercise.file
        before = target.read_text(encoding="utf-8") if target.is_file() else None
        if before != stubs.stub_from_solution(headed):
            backup = workspace.reset(ROOT / "exercises", exercise)
            print(f"exercises/{exercise.file}: written"
                  + (f" (the previous file is in {backup})" if backup else ""))
    return 0


def main(argv: list[str]) -> int:
    commands = {"check": check, "sync": sync}
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__.split("\n\n")[1])
        return 2
    return commands[argv[0]]()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
