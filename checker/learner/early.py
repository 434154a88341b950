"""A check's start before the command line's own imports (the console script's first step).

``start(argv)`` imports torch and forks the fork server (``engine.start``) when the command
line is a ``check`` that will run cases. The server's start is what a check waits for
first; begun here, the command line's imports and parsing (0.1 s) run beside it: a check
of the whole course 2.25 -> 2.17 s with torch imported first (benchmarks/RESULTS.md,
2026-12-05). It reads only what it must and imports little (the manifest, the folder
lookup, torch's version), so that a typo is still told at once rather than after torch's 1 s.
"""
from __future__ import annotations

from checker import manifest

# the options of ``check`` that take a value (learner/arguments.py, checker/arguments.py)
_VALUED = ("--lang", "--exercises", "--seed", "--timeout", "--json")


def start(argv: list[str]) -> None:
    """Import torch and fork the fork server now (``engine.start``), before the command
    line's own imports and parsing, when ``argv`` (the command line, without the program)
    is a ``check`` that will run cases: its exercises named right and its folder found.
    The server's start is what a check waits for first, and the command line's 0.1 s then
    runs beside it; a mistake on the command line is still said at once (a usage error
    after torch's import would take 1 s), and anything this reads wrong only leaves the
    start to ``run_check``."""
    words, folder = [], None  # the command and its exercises; --exercises DIR
    i = 0
    while i < len(argv):
        name, eq, value = argv[i].partition("=")
        if name in ("-h", "--help"):
            return
        if name in _VALUED:
            if not eq:
                i += 1
                value = argv[i] if i < len(argv) else None
            if name == "--exercises":
                folder = value
        elif not name.startswith("-"):
            words.append(argv[i])
        i += 1
    if words[:1] != ["check"]:
        return
    ids = words[1:]
    from checker.learner.workspace import find_exercises

    try:
        find_exercises(folder)
    except Exception:
        return  # the command says what is wrong with the folder, at once
    if any(manifest.resolve(x) is None for x in ids):
        return
    from checker.compat import torch_problem

    if torch_problem() is not None:  # the command line says what to install, in one line
        return
    try:
        from checker import engine

        engine.start()
    except Exception:
        pass  # the command's own start meets it again, and says so the usual way
