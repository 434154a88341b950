"""Hints that follow the cause (issue 38): when the screen names a likely cause, the next
hint starts from it, then the exercise's levels go on; `hint --all` asks before the last
level as `hint` does."""
from __future__ import annotations

import importlib
import io
import json
import shutil
import sys

import pytest
from conftest import EXERCISES, IMPLEMENTATIONS, cli

from checker import cli as kit_cli
from checker import i18n, manifest
from checker.judge import causes

WRONG = IMPLEMENTATIONS / "wrong"
EN = ("--lang", "en")


def test_every_cause_hint_is_about_a_cause_the_kit_can_name_in_both_languages():
    for e in manifest.load():
        importlib.import_module(f"checker.judge.cases.{e.case_module}")
    hints = manifest.cause_hints()
    assert len(hints) >= 40
    assert set(hints) <= set(causes.REGISTRY), set(hints) - set(causes.REGISTRY)
    for cause, texts in hints.items():
        assert texts["en"] != texts["zh"] and texts["en"].endswith(("?", ")")), cause
    # the causes the library of wrong files most often gets have one
    named = [line.split("Cause:", 1)[1].split()[0]
             for path in WRONG.glob("*/*.py") for line in path.read_text().splitlines()
             if line.startswith("Cause:")]
    common = {c for c in set(named) if named.count(c) >= 2 and "|" not in c}
    assert not common - set(hints), sorted(common - set(hints))


def test_a_cause_hint_needs_both_languages(tmp_path):
    broken = tmp_path / "manifest.toml"
    broken.write_text('[cause_hints.softmax_no_shift]\nen = "Which max?"\n')
    with pytest.raises(manifest.ManifestError, match="cause_hints.softmax_no_shift"):
        manifest.cause_hints(broken)
    assert manifest.cause_hint("softmax_no_shift|softmax_shift_min") is None  # candidates
    assert manifest.cause_hint("") is None and manifest.cause_hint(None) is None


@pytest.fixture
def max_indices(tmp_path):
    """A workspace whose softmax subtracts torch.max's indices, not its values."""
    work = tmp_path / "w"
    shutil.copytree(EXERCISES, work / "exercises")
    shutil.copy(WRONG / "ex05_softmax" / "blind6_max_indices_not_values.py",
                work / "exercises" / "ex05_softmax.py")
    return work


def test_after_a_check_that_names_a_cause_the_hint_starts_from_it(max_indices):
    work = max_indices
    checked = cli("check", "05", *EN, cwd=work)
    assert checked.returncode == 1 and "Likely cause" in checked.stdout
    state = json.loads((work / ".attn-kit" / "state.json").read_text())
    assert state["failing"]["05"]["cause"] == "softmax_no_shift"
    about = manifest.cause_hint("softmax_no_shift", "en")
    levels = manifest.by_id()["05"].hints_for(None, "en")[1]

    first = " ".join(cli("hint", "05", *EN, cwd=work).stdout.split())
    assert "a hint about the likely cause" in first and about[:60] in first
    assert "(values, indices)" not in levels[0] and "indices" in first
    assert levels[0][:40] not in first
    assert "go on from hint 1 of 3" in first
    then = " ".join(cli("hint", "05", *EN, cwd=work).stdout.split())
    assert "hint 1 of 3" in then and levels[0][:40] in then and about[:40] not in then
    state = json.loads((work / ".attn-kit" / "state.json").read_text())
    assert state["hints"]["05"] == {"softmax": 1} and state["cause_hints"]["05"] == \
        "softmax_no_shift"
    # a check that names the same cause again does not repeat it: the levels go on
    cli("check", "05", *EN, cwd=work)
    assert "hint 2 of 3" in " ".join(cli("hint", "05", *EN, cwd=work).stdout.split())
    # `reset` starts afresh: the cause's hint comes first again after the next check
    cli("reset", "05", *EN, cwd=work)
    shutil.copy(WRONG / "ex05_softmax" / "blind6_max_indices_not_values.py",
                work / "exercises" / "ex05_softmax.py")
    cli("check", "05", *EN, cwd=work)
    zh = " ".join(cli("hint", "05", "--lang", "zh", cwd=work).stdout.split())
    assert manifest.cause_hint("softmax_no_shift", "zh")[:20] in zh and "可能原因" in zh


def test_hint_all_asks_before_the_last_level(tmp_path, monkeypatch, capsys):
    work = tmp_path / "w"
    shutil.copytree(EXERCISES, work / "exercises")
    levels = manifest.by_id()["05"].hints_for(None, "en")[1]
    refused = cli("hint", "05", "--all", *EN, cwd=work)  # off a terminal, without --yes
    out = " ".join(refused.stdout.split())
    assert refused.returncode == 0 and refused.stderr == ""
    assert levels[0][:40] in out and levels[1][:40] in out and levels[2][:40] not in out
    assert "nearly gives the answer" in out and "hint 05 --all --yes" in out
    shown = " ".join(cli("hint", "05", "--all", "--yes", *EN, cwd=work).stdout.split())
    assert all(level[:40] in shown for level in levels)

    # on a terminal it asks: no keeps the last level back, yes shows it
    monkeypatch.chdir(work)
    monkeypatch.setattr(sys, "stdin", _Terminal())
    for answer, last_shown in (("n", False), ("y", True)):
        monkeypatch.setattr("builtins.input", lambda question, a=answer: a)
        i18n.set_lang("en")
        assert kit_cli.main(["hint", "05", "--all", *EN]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert levels[1][:40] in out and (levels[2][:40] in out) == last_shown, out
    # once the learner has seen the last level, --all no longer asks for it
    assert cli("hint", "05", "--yes", *EN, cwd=work).returncode == 0  # level 1
    cli("hint", "05", "--yes", *EN, cwd=work)
    cli("hint", "05", "--yes", *EN, cwd=work)
    again = " ".join(cli("hint", "05", "--all", *EN, cwd=work).stdout.split())
    assert levels[2][:40] in again and "nearly gives" not in again


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True
