"""The support table's edges: below the oldest PyTorch the kit runs on, every entry says
so in one line (exit 2), before anything imports the engine (which needs
torch._C.TensorBase and more); Python 3.10 gets pins that exist for it, in
.ci/constraints.txt and in the Gradescope bundle's requirements.txt alike."""
from __future__ import annotations

import os
import subprocess
import sys
import types

import pytest
from conftest import ROOT

from checker import compat

NEEDED = ".".join(map(str, compat.OLDEST_TORCH))
OLDER = f"{compat.OLDEST_TORCH[0]}.{compat.OLDEST_TORCH[1] - 1}.1"


@pytest.mark.parametrize("version", ["2.1.0", "1.13.1+cu117", OLDER, f"{OLDER}+cpu"])
def test_an_older_torch_is_named_with_the_needed_one_and_the_fix(version):
    line = compat.torch_problem(version)
    assert line and "\n" not in line
    assert f"PyTorch {NEEDED} or newer" in line and f"has {version}:" in line
    assert f'-m pip install --upgrade "torch>={NEEDED}"' in line


@pytest.mark.parametrize("version", [f"{NEEDED}.0", f"{NEEDED}.0a0+git1234", "2.13.0+cpu",
                                     "2.15.0", "3.0.0", "not a version"])
def test_the_oldest_torch_and_newer_ones_pass(version):
    assert compat.torch_problem(version) is None


def test_no_torch_at_all_is_one_line_too():
    line = compat.torch_problem(None)
    assert "has none" in line and f'"torch>={NEEDED}"' in line


def test_the_version_of_an_imported_torch_is_the_one_read(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", types.SimpleNamespace(__version__="2.1.0"))
    assert "has 2.1.0:" in compat.torch_problem()
    monkeypatch.setitem(sys.modules, "torch", types.SimpleNamespace(__version__="2.13.0"))
    assert compat.torch_problem() is None


def test_the_torch_here_is_supported():
    assert compat.torch_problem() is None


def test_a_notebook_check_says_it_in_one_line(monkeypatch, capsys):
    import checker

    monkeypatch.setitem(sys.modules, "torch", types.SimpleNamespace(__version__="2.1.0"))
    assert checker.check("05") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has 2.1.0:" in err
    with pytest.raises(RuntimeError, match="has 2.1.0:"):
        checker.check("05", show=False)


@pytest.fixture
def old_torch(tmp_path):
    """A folder that, first on sys.path, makes this Python's torch a 2.1.0: a module
    that fails if anything imports it, and the distribution's metadata."""
    (tmp_path / "torch").mkdir()
    (tmp_path / "torch" / "__init__.py").write_text(
        '__version__ = "2.1.0"\nraise ImportError("the kit imported the old torch")\n')
    info = tmp_path / "torch-2.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: torch\nVersion: 2.1.0\n")
    return tmp_path


@pytest.mark.parametrize("args, says", [
    (["check", "05"], "has 2.1.0:"),
    (["list"], "has 2.1.0:"),
    (["--lang", "zh", "grade", "nowhere"], "装的是 2.1.0"),
])
def test_every_command_stops_in_one_line_with_exit_2(args, says, old_torch):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(old_torch), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "checker", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert says in done.stderr and f"torch>={NEEDED}" in done.stderr
    assert "Traceback" not in done.stderr


def _pins(marker: str) -> dict[str, str]:
    """.ci/constraints.txt's pins that hold on the Pythons of ``marker`` (or on all)."""
    pins = {}
    for line in (ROOT / ".ci" / "constraints.txt").read_text(encoding="utf-8").splitlines():
        body = line.split("#")[0].strip()
        if "==" not in body:
            continue
        spec, _, when = body.partition(";")
        if not when.strip() or when.strip() == marker:
            name, version = spec.split("==")
            pins[name.strip().lower()] = version.strip()
    return pins


def test_the_bundles_python_310_pins_are_the_constraints():
    from checker.grading import gradescope

    on_310 = _pins('python_version < "3.11"')
    for name, version in {**gradescope.PYTHON_310, **gradescope.ONLY_310}.items():
        assert on_310.get(name) == version, name
    text = gradescope.requirements()
    assert 'numpy==2.2.6; python_version < "3.11"' in text
    assert 'tomli==2.5.0; python_version < "3.11"' in text


def test_every_pin_holds_once_on_each_python():
    """A package is pinned once for every Python, or once for 3.10 and once for 3.11+."""
    markers: dict[str, list[str]] = {}
    for line in (ROOT / ".ci" / "constraints.txt").read_text(encoding="utf-8").splitlines():
        body = line.split("#")[0].strip()
        if "==" in body:
            spec, _, when = body.partition(";")
            markers.setdefault(spec.split("==")[0].strip().lower(), []).append(when.strip())
    both = sorted(['python_version < "3.11"', 'python_version >= "3.11"'])
    odd = {name: m for name, m in markers.items()
           if m != [""] and sorted(m) != both and m != ['python_version < "3.11"']}
    assert not odd
    assert markers["numpy"] != [""] and markers["torch"] == [""]
