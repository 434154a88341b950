"""Every command the docs show is one the kit accepts, and the learner's ones run.

The fenced code blocks of the README, CONTRIBUTING and docs/ are read; each line that
starts with `attn-kit` or `./kit` is parsed by the kit's own command line (an option
renamed or removed in the code makes this fail), and the learner's everyday commands
are run as written in a fresh workspace.
"""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from checker import cli

DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.S | re.M)
# commands whose words are a reader's own: a placeholder stands where a path goes
RUN_AS_WRITTEN = {"list", "hint", "check", "reset", "solution"}
PLACEHOLDER = re.compile(r"[<>]|\b[A-Z]{2,}\b")  # <kit>, DIR, FILE


def _commands() -> list[tuple[str, list[str]]]:
    found = []
    for doc in DOCS:
        for block in FENCE.findall(doc.read_text(encoding="utf-8")):
            for line in block.replace("\\\n", " ").splitlines():  # continued lines joined
                line = line.strip()
                if not line.startswith(("attn-kit ", "./kit ")):
                    continue
                line = re.split(r" #|&&|;", line, maxsplit=1)[0].strip()
                words = shlex.split(line)
                if words[:1] == ["attn-kit"]:
                    found.append((f"{doc.name}: {line}", words[1:]))
                elif words[:1] == ["./kit"] and words[1:2] not in ([], ["test"]):
                    found.append((f"{doc.name}: {line}", words[1:]))
    return found


COMMANDS = _commands()


def test_the_docs_show_commands():
    assert len(COMMANDS) >= 20, COMMANDS
    assert {words[0] for _, words in COMMANDS if words} >= {
        "watch", "check", "list", "hint", "reset", "solution", "show", "model", "grade",
        "init", "gradescope-bundle"}


@pytest.mark.parametrize("words", [w for _, w in COMMANDS], ids=[n for n, _ in COMMANDS])
def test_every_command_shown_is_accepted(words):
    args = cli.build_parser().parse_args(words)
    assert args.command == words[0]


def test_the_learners_commands_run_as_written(tmp_path, monkeypatch, capsys):
    shutil.copytree(ROOT / "exercises", tmp_path / "exercises")
    shutil.copy(ROOT / "solutions" / "ex05_softmax.py", tmp_path / "exercises")
    monkeypatch.chdir(tmp_path)
    ran = 0
    for name, words in COMMANDS:
        if words[0] in RUN_AS_WRITTEN and not any(PLACEHOLDER.search(w) for w in words):
            code = cli.main(words)
            out = capsys.readouterr()
            assert code in (0, 1), (name, code, out.err)
            assert "Traceback" not in out.out + out.err, name
            ran += 1
    assert ran >= 8


# --------------------------------------------------- the README: the learner's page
README = (ROOT / "README.md").read_text(encoding="utf-8")
# issue 36: the learner's page, at most 250 lines with its 16 exercises; the rest is in docs/
# and links to it. The table of exercises grows by the row `dev new` writes: the prose
# around it may not.
README_MAX_PROSE = 250 - 16
EXERCISE_ROW = re.compile(r"^\| \d\d \| `ex\d\d_\w+\.py` \|")
WORDS = dict(zip(("one two three four five six seven eight nine ten eleven twelve "
                  "thirteen fourteen fifteen").split(), range(1, 16)))


def _number(word: str) -> float:
    word = word.lower()
    return WORDS[word] if word in WORDS else float(word)


def _said(pattern: str) -> tuple[float, ...]:
    """The numbers the README says where ``pattern`` matches (its groups), read across
    line breaks; the claim must be there."""
    found = re.search(pattern, " ".join(README.split()))
    assert found, f"the README no longer says {pattern!r}: say it, or change this test"
    return tuple(_number(g) for g in found.groups())


def test_the_readme_is_the_learners_page():
    prose = [line for line in README.splitlines() if not EXERCISE_ROW.match(line)]
    assert len(prose) <= README_MAX_PROSE, (
        f"README.md has {len(prose)} lines besides its rows of exercises (at most "
        f"{README_MAX_PROSE}): move instructor or maintainer material to docs/")


def test_the_readme_states_the_counts_the_manifest_gives():
    """Every count the README states is what the manifest makes it (issue 36: the README
    said "ten stub functions" when the lesson had 13)."""
    from checker import defaults, manifest

    lesson, beyond = manifest.lesson(), manifest.beyond()
    functions = lambda part: sum(len(e.functions) for e in part)  # noqa: E731
    assert _said(r"You write (\w+) functions in (\w+) exercises") == (
        functions(lesson), len(lesson))
    assert _said(r"(\w+) more exercises \((\w+) functions\) go beyond the lesson") == (
        len(beyond), functions(beyond))
    assert _said(r"time: (\d+) and (\d+) go there") == tuple(float(e.id) for e in beyond)
    assert _said(r"the lesson's (\w+) keep their (\d+) points") == (
        len(lesson), sum(e.points for e in lesson))
    assert _said(r"\(([\d.]+) s by default, `--timeout`\)") == (defaults.TIMEOUT,)


def test_the_readme_tables_list_every_exercise_with_its_functions():
    from checker import manifest

    rows = {}
    for row in re.findall(r"^\| (\d\d) \| `(\S+)` \| (.*) \|$", README, re.M):
        rows[row[0]] = (row[1], tuple(re.findall(r"`([a-z_][a-z0-9_]*)`", row[2])))
    assert rows == {e.id: (e.file, e.functions) for e in manifest.load()}
