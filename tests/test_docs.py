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
