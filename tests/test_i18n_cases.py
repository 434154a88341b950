"""The hidden-case checker speaks Chinese too (checker/locale/zh/cases.toml).

Every text a learner reads from the hidden cases, the comparisons, the forbidden-call
scan, the supervisor and the pytest plugin is a message id with a Chinese entry; a
run in Chinese over the stubs, the solutions, the library of wrong implementations
and a few odd files looks up no id that the catalog lacks.
"""
from __future__ import annotations

import re
import string
import sys

import pytest
from conftest import (EXERCISES, ROOT, SOLUTIONS, assert_chinese, check, copy_exercises,
                      made_zeros)

from checker import i18n
from checker.learner import report

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

CHECKER = ROOT / "checker"
CATALOG = CHECKER / "locale" / "zh" / "cases.toml"
OWN_FILES = sorted([*CHECKER.glob("judge/cases/*.py"), CHECKER / "judge" / "compare.py",
                    CHECKER / "engine" / "forbidden.py", CHECKER / "engine" / "supervisor.py",
                    CHECKER / "judge" / "plugin.py"])
CJK = re.compile(r"[\u4e00-\u9fff]")


def _own_ids() -> tuple[set[str], list[str]]:
    ids: set[str] = set()
    problems: list[str] = []
    for path in OWN_FILES:
        rel = path.relative_to(CHECKER).as_posix()
        found, bad = i18n.extract_file(path, case_code=rel.startswith(i18n.CASE_CODE))
        ids |= found
        problems += bad
    return ids, problems


def _entries() -> dict[str, str]:
    with open(CATALOG, "rb") as f:
        return tomllib.load(f)


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.fixture
def chinese():
    i18n.MISSES.clear()
    i18n.set_lang("zh")
    try:
        yield
    finally:
        i18n.set_lang("en")


# ------------------------------------------------------------------ the catalog
def test_every_id_of_the_checker_has_a_chinese_entry():
    ids, problems = _own_ids()
    assert problems == []
    assert len(ids) > 250  # the extractor still finds the cases' texts
    report = i18n.audit("zh")
    assert [m for m in report["missing"] if m in ids] == []
    assert [p for p in report["placeholders"] if p in ids] == []
    own_names = {p.name for p in OWN_FILES}
    assert [u for u in report["untranslatable"] if u.split(":", 1)[0] in own_names] == []
    assert sorted(set(_entries()) & set(report["unused"])) == []


def test_every_entry_is_translated_with_the_same_placeholders():
    entries = _entries()
    assert [k for k, v in entries.items() if _fields(k) != _fields(v)] == []
    assert [k for k, v in entries.items() if not v.strip() or v == k] == []
    # full-width punctuation in the Chinese sentences, code fragments kept as they are
    assert [v for v in entries.values() if re.search(r"[\u4e00-\u9fff][,;?]", v)] == []
    assert [k for k, v in entries.items() if "`" in k and k.count("`") != v.count("`")] == []


# ------------------------------------------------------------ runs in Chinese
def _assert_chinese(run) -> int:
    """Every case name and failure text the learner reads is in Chinese; returns the failures."""
    return sum(assert_chinese(exercise) for exercise in run.exercises)


def test_stubs_and_solutions_in_chinese(chinese, tmp_path):
    run, _ = check(copy_exercises(EXERCISES, tmp_path / "stubs"))
    assert _assert_chinese(run) == sum(len(e.cases) for e in run.exercises)
    first = run.exercises[0].cases[0].failure
    assert first.summary == "hard_lookup 仍然抛出 NotImplementedError"
    run, _ = check(copy_exercises(SOLUTIONS, tmp_path / "solved"))
    assert _assert_chinese(run) == 0
    assert i18n.MISSES == set()


def test_a_file_of_zeros_is_explained_in_chinese(chinese, tmp_path):
    """(The whole library of wrong files is checked in Chinese by test_implementations.py.)"""
    run, _ = check(made_zeros(tmp_path / "zeros"))
    _assert_chinese(run)
    assert i18n.MISSES == set()


ODD = {  # appended to a solution: the worker, the sandbox and the guards speak
    "ex01_soft_lookup.py": "\n_orig = hard_lookup\ndef hard_lookup(q, k, v):\n"
                           "    open({probe!r}, 'w')\n    return _orig(q, k, v)\n",
    "ex02_qkv_projection.py": "\nimport solutions\n",
    "ex03_attention_scores.py": "\ndel attention_scores\n",
    "ex04_scaling.py": "\nimport sys\ndef scale_scores(scores, d_k):\n    sys.exit(3)\n",
    "ex05_softmax.py": "\ndef softmax(x, dim=-1):\n    return torch.softmax(x, dim=dim)\n",
    "ex06_weighted_sum.py": "\n_orig = weighted_sum\ndef weighted_sum(w, V):\n"
                            "    print('x' * 5000)\n    return _orig(w, V)\n",
    "ex07_masking.py": "\nimport ex01_soft_lookup\n",
    "ex08_attention.py": "\n_orig = scaled_dot_product_attention\n"
                         "def scaled_dot_product_attention(Q, K, V, mask=None):\n    try:\n"
                         "        torch.nn.functional.scaled_dot_product_attention(Q, K, V)\n"
                         "    except Exception:\n        pass\n    return _orig(Q, K, V, mask)\n",
    "ex09_self_and_cross.py": "\ndef (:\n",
    "ex10_causal_self_attention.py": "\nclass E(Exception):\n    def __str__(self):\n"
                                     "        raise ValueError\n"
                                     "def causal_self_attention(*args):\n    raise E()\n",
}


def test_odd_files_are_explained_in_chinese(chinese, tmp_path):
    folder = copy_exercises(SOLUTIONS, tmp_path / "odd")
    for name, extra in ODD.items():
        path = folder / name
        path.write_text(path.read_text() + extra.replace("{probe!r}", repr(str(tmp_path / "w"))))
    run, _ = check(folder)
    assert _assert_chinese(run) > 0
    assert i18n.MISSES == set()
    first = {e.id: e.telling_case().failure.summary for e in run.exercises if e.file in ODD and e.id != "06"}
    assert first["01"] == "hard_lookup 抛出了 Refused: 练习中不允许写文件"
    assert first["03"] == "文件中没有定义名为 'attention_scores' 的函数"
    assert first["04"] == "scale_scores 试图结束进程：代码调用了 sys.exit(3)"
    assert first["05"].startswith("这个练习不允许使用 softmax（第 ")
    assert first["08"].startswith("第 ") and "scaled_dot_product_attention" in first["08"]
    assert first["10"] == "causal_self_attention 抛出了 E: <无法打印的消息>"
    assert "练习文件中不允许导入 'solutions'" in first["02"], first["02"]  # the import guard
    assert "每个练习文件都必须自成一体" in first["07"], first["07"]
    assert {e.id: e.forbidden for e in run.exercises}["05"][0].startswith("torch.softmax（第 ")
    printed = [c for e in run.exercises if e.id == "06" for c in e.cases if c.output][0]
    assert printed.output_chars >= 5000
    shown = "".join(str(line) for line in report._output_lines(printed))
    assert "你的代码输出了：" in shown and "个字符）未显示" in shown
