"""The wheel: the kit's package and nothing else at the top of site-packages.

A wheel is built from a copy of the repo's files (``pip wheel --no-build-isolation``, no
network: setuptools is the one this environment has) and its file list checked: every
module and data file of ``checker/``, the reference solutions inside it as
``checker/solutions/``, no top-level ``exercises`` or ``solutions``. Unpacked, it is the
layout a ``pip install`` gives site-packages: the kit run from there makes a workspace,
checks it, passes the solutions, and keeps learner code away from the packaged
solutions while it checks and grades (docs/threat-model.md).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from conftest import EXERCISE_FILES, ROOT, cli

from checker import manifest

BUILT_FROM = ("pyproject.toml", "README.md", "checker", "solutions")  # what a build reads


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("setuptools")
    source = tmp_path_factory.mktemp("source")
    for name in BUILT_FROM:  # a copy: a build in the repo would leave build/ behind
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, source / name)
    dist = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps",
                            "--no-build-isolation", "--no-index", "-q", "-w", str(dist)],
                           capture_output=True, text=True, timeout=300,
                           env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    assert built.returncode == 0, built.stderr
    (found,) = dist.glob("attention_kit-*.whl")
    return found


@pytest.fixture(scope="module")
def site(wheel, tmp_path_factory) -> Path:
    """The wheel unpacked: what ``pip install`` puts in site-packages (a pure wheel)."""
    folder = tmp_path_factory.mktemp("site-packages")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder)
    return folder


def test_the_wheel_holds_the_kits_package_and_its_solutions_inside_it(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    tops = {n.split("/")[0] for n in names}
    assert tops == {"checker", wheel.name.split("-py3")[0] + ".dist-info"}, tops
    kit = {p.relative_to(ROOT).as_posix() for p in (ROOT / "checker").rglob("*")
           if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    assert kit - names == set()  # every module and every data file (manifest, catalogs, ...)
    assert {f"checker/solutions/{e.file}" for e in manifest.load()} <= names
    # no stub: `init` and `reset` make them from the solutions (checker/stubs.py)
    assert not [n for n in names if n.split("/")[-1] in EXERCISE_FILES
                and not n.startswith("checker/solutions/")]
    with zipfile.ZipFile(wheel) as archive:
        entry = next(n for n in names if n.endswith("entry_points.txt"))
        assert "attn-kit = checker.__main__:main" in archive.read(entry).decode()


def _run(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    """``python -m checker ARGS`` with only the unpacked wheel on the path (a fresh Python)."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    return cli(*args, cwd=cwd, env=env, fresh=True, timeout=300)


def _statuses(report: Path) -> set[str]:
    return {e["status"] for e in json.loads(report.read_text(encoding="utf-8"))["exercises"]}


def test_the_unpacked_wheel_makes_a_workspace_checks_it_and_shows_solutions(site, tmp_path):
    def alone(code: str) -> subprocess.CompletedProcess:  # no site-packages but the wheel's
        return subprocess.run([sys.executable, "-I", "-S", "-c",
                               f"import sys; sys.path.insert(0, {str(site)!r}); {code}"],
                              cwd=tmp_path, capture_output=True, text=True)

    where = alone("import checker.stubs as s; print(s.__file__); print(s.solutions_dir())")
    assert where.stdout.split() == [str(site / "checker" / "stubs.py"),
                                    str(site / "checker" / "solutions")], where.stderr
    for top in ("exercises", "solutions"):  # nothing of that name came with the kit
        assert f"No module named '{top}'" in alone(f"import {top}").stderr, top
    # `grade --sandbox bwrap` binds the package and covers its solutions with an empty folder
    bwrap = alone("from checker.engine import sandbox; print(*sandbox.bwrap_command([]))")
    assert f"--tmpfs {site / 'checker' / 'solutions'} " in bwrap.stdout, bwrap.stderr

    done = _run(site, "init", "work", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    work = tmp_path / "work"
    for name in EXERCISE_FILES:  # the stubs, made from the packaged solutions
        assert (work / "exercises" / name).read_bytes() == (ROOT / "exercises" / name).read_bytes()
    done = _run(site, "check", "--timeout", "10", "--json", "stubs.json", cwd=work)
    assert done.returncode == 1 and "not started" in done.stdout, done.stdout + done.stderr
    assert _statuses(work / "stubs.json") == {"not_started"}
    assert len(json.loads((work / "stubs.json").read_text())["exercises"]) == len(EXERCISE_FILES)

    for name in EXERCISE_FILES:
        shutil.copy(site / "checker" / "solutions" / name, work / "exercises" / name)
    done = _run(site, "check", "--timeout", "10", "--json", "solved.json", cwd=work)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _statuses(work / "solved.json") == {"passed"}
    shown = _run(site, "solution", "05", cwd=work)  # the packaged text, once 05 passes
    assert shown.returncode == 0 and "def softmax" in shown.stdout, shown.stdout


READERS = {  # learner code after the packaged reference solution of 05, each way
    "import": """
        from checker.solutions.ex05_softmax import softmax
        """,
    "open": """
        exec(open(PACKAGED).read())
        """,
    "import by path": """
        import importlib.util
        spec = importlib.util.spec_from_file_location("ref", PACKAGED)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        softmax = module.softmax
        """,
}


def _reader(site: Path, how: str) -> str:
    packaged = site / "checker" / "solutions" / "ex05_softmax.py"
    return textwrap.dedent(READERS[how]).replace("PACKAGED", repr(str(packaged)))


def test_learner_code_cannot_import_or_open_the_packaged_solutions(site, tmp_path):
    """Checked and graded from the wheel's layout: every way of reaching the packaged
    reference of 05 is refused while the file loads, and 05 earns nothing (a check runs
    its workers as a grade does: one of them is checked, every one graded)."""
    work = tmp_path / "work"
    assert _run(site, "init", "work", cwd=tmp_path).returncode == 0
    (work / "exercises" / "ex05_softmax.py").write_text(_reader(site, "open"))
    done = _run(site, "check", "05", "--json", "05.json", cwd=work)
    assert done.returncode == 1 and _statuses(work / "05.json") == {"error"}
    assert "is not allowed in an exercise" in (work / "05.json").read_text()
    subs = tmp_path / "submissions"
    for how in READERS:
        student = subs / how.replace(" ", "_")
        student.mkdir(parents=True)
        (student / "ex05_softmax.py").write_text(_reader(site, how))
    done = _run(site, "grade", str(subs), "--out", str(tmp_path / "out"), "--jobs", "1",
                cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    import csv

    with open(tmp_path / "out" / "grades.csv", newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(READERS) and all(float(r["ex05"]) == 0 for r in rows), rows
    for row in rows:
        report = (tmp_path / "out" / f"{row['key']}.json").read_text(encoding="utf-8")
        assert "is not allowed in an exercise" in report, row


def test_the_solutions_are_found_in_the_package_or_a_checkout_never_elsewhere(tmp_path,
                                                                             monkeypatch):
    from checker import stubs

    package = tmp_path / "site-packages" / "checker"
    monkeypatch.setattr(stubs, "PACKAGE", package)
    monkeypatch.setattr(stubs, "PACKAGED", package / "solutions")
    monkeypatch.setattr(stubs, "CHECKOUT", package.parent / "solutions")
    (package.parent / "solutions").mkdir(parents=True)  # another project's, beside the kit
    with pytest.raises(stubs.SourceError):
        stubs.solutions_dir()
    (package.parent / "pyproject.toml").write_text("")  # a source checkout: the repo's
    assert stubs.solutions_dir() == package.parent / "solutions"
    (package / "solutions").mkdir(parents=True)  # a wheel's copy comes first
    assert stubs.solutions_dir() == package / "solutions"
