"""A notebook's own settings survive every kit call: warnings filters, torch's print
options, its thread count and the language are as the learner set them after check(),
hint() and show()."""
from __future__ import annotations

import shutil
import warnings

import pytest
import torch
from conftest import IMPLEMENTATIONS, ROOT, SOLUTIONS
from torch._tensor_str import PRINT_OPTS

import checker
from checker import i18n


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "exercises", tmp_path / "exercises")
    for name in ("ex04_scaling.py", "ex06_weighted_sum.py"):
        shutil.copy(SOLUTIONS / name, tmp_path / "exercises" / name)
    # a wrong softmax: the report shows expected and got tensors
    shutil.copy(IMPLEMENTATIONS / "wrong" / "ex05_softmax" / "ignores_dim.py",
                tmp_path / "exercises" / "ex05_softmax.py")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_check_hint_and_show_leave_the_notebooks_settings_alone(workspace, capsys):
    torch.set_printoptions(precision=7, linewidth=50)
    threads = torch.get_num_threads()
    torch.set_num_threads(3)  # the checker computes on one thread, during a check only
    i18n.set_lang("en")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", UserWarning)  # the learner's own filter
            filters = list(warnings.filters)
            result = checker.check("05", lang="zh")
            assert not result.all_passed and "期望" in capsys.readouterr().out
            checker.hint("05", lang="zh")
            checker.show("06", lang="zh", reference=True)
            assert warnings.filters == filters
            with pytest.raises(UserWarning):  # and it still works
                warnings.warn("the learner's warning", UserWarning)
        assert i18n.get_lang() == "en"
        assert (PRINT_OPTS.precision, PRINT_OPTS.linewidth) == (7, 50)
        assert torch.get_num_threads() == 3
    finally:
        torch.set_num_threads(threads)
        torch.set_printoptions(profile="default")
        i18n.set_lang("en")
