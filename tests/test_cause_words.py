"""Every cause reads as a sentence, in English and in Chinese, with the values it is
really filled with.

Each cause of the kit (the registry, once every case file is imported) is rendered the
way a report shows it: alone, as a suspect ("your result is what this mistake gives:
..."), and among candidates, with the arguments the case files give it. Grammar cues a
reader trips on are refused: a placeholder left unfilled, a clause glued to "matches"
("matches the merged heads were returned"), a Chinese text that is still English.
"""
import importlib
import re

import pytest

from checker import i18n, manifest
from checker.judge import causes, compare, plugin  # noqa: F401  (plugin: diagnose's causes)
from checker.judge.causes import Cause

for _e in manifest.load():
    importlib.import_module(f"checker.judge.cases.{_e.case_module}")

# the values the case files and the diagnosis really fill in
REAL = {"W": ["W_Q", "W_K", "W_V", "W"], "call": [".T", "torch.mm", "einsum('qd,kd->qk')",
                                                 "K.transpose(-2, -1)", ".permute(1, 0, 2)",
                                                 ".item()", ".tolist()"],
        "code": ["B, n, d = Q.shape"], "d_k": [5, 16, 2], "half": [2.5, 8.0], "n": [3, 7],
        "name": ["K", "V", "W_O"], "names": ["Q, K, V", "output, weights", "out_t, (K, V)"],
        "other": ["K", "V"], "root": [2, 4], "used": ["W_K", "W_V"], "value": ["-1e9", "-1e4"],
        "weight": ["W_K", "W_V"], "at": [0, 1, 2], "left": [4, 16], "right": [3, 8],
        "zeroed": [1, 3], "total": [9, 28], "scale": ["1.11", "2"], "p": ["0.1", "0.5"],
        "dtype": ["float32", "float64"], "expected": ["float64", "float32"],
        "size": [4, 3], "actual": [3, 5], "dtypes": ["float64 and float32", "float16 and float32"],
        "alias": ["masked", "out"], "part": ["K[: i + 1]", "X.shape[1]", "X[:, t : t + 1]"],
        "axis": [1, 2], "kind": ["max", "min"], "position": [0, 3], "length": [4, 3],
        "quarter": [0.75, 1.25], "square": [0.5625, 1.5625], "t": [4098], "rounded": [4096],
        "slopes": ["float64, cpu", "float32, cpu"], "q": ["float32, cpu", "float16, meta"],
        "key": [0, 6], "k": [256, 1], "dims": [2, 4], "positions": [0, 2]}
GLUED = re.compile(r"\bmatches (?:the|a|an) [^:;.]*\b(?:were|was|is|are|has|have)\b")
LEFT = re.compile(r"\{\w*\}?")


def _fillings(one: Cause):
    names = sorted(set(re.findall(r"\{(\w+)", one.text)))
    if not names:
        return [one]
    width = max(len(REAL[n]) for n in names)
    return [one(**{n: REAL[n][i % len(REAL[n])] for n in names}) for i in range(width)]


def _rendered(lang: str) -> list[tuple[str, str]]:
    i18n.set_lang(lang)
    try:
        out = []
        for one in causes.REGISTRY.values():
            for filled in _fillings(one):
                text = filled.render()
                out.append((one.id, text))
                out.append((one.id, compare._suspect(_Same(), {filled: _Same()}).render()))
        first, second = list(causes.REGISTRY.values())[:2]
        out.append(("candidates", causes.candidates([first, second]).render()))
        return out
    finally:
        i18n.set_lang("en")


class _Same:  # a stand-in result that every suspect matches (compare.same is what decides)
    pass


@pytest.fixture(autouse=True)
def _same_always(monkeypatch):
    monkeypatch.setattr(compare, "same", lambda got, wrong: True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_cause_renders_as_a_sentence(lang):
    for cause_id, text in _rendered(lang):
        assert not LEFT.search(text.replace("{...}", "")), (cause_id, text)
        assert text.strip() and text == text.strip(), (cause_id, text)
        if lang == "en":
            assert not GLUED.search(text), (cause_id, text)
            assert "  " not in text, (cause_id, text)
        else:
            # Chinese: the words outside code are Chinese, not an English sentence left over
            prose = re.sub(r"`[^`]*`|\([^)]*\)|\[[^\]]*\]|'[^']*'", "", text)
            english = re.findall(r"\b[a-z]{3,}(?: [a-z]{3,}){3,}", prose)
            assert not english, (cause_id, text, english)
            assert re.search(r"[\u4e00-\u9fff]", text), (cause_id, text)


def test_the_old_glued_sentence_is_refused():
    assert GLUED.search("your result matches the merged heads were returned without W_O")
    assert not GLUED.search("your result is what this mistake gives: the merged heads were "
                            "returned without W_O")
