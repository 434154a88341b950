"""Self-study without spoilers (issue 38): the README leads a learner to a workspace of
their own, where a solution appears only once its exercise passes; in the clone, whose
`solutions/` is for instructors and tests, `solution NN` says plainly where the file is."""
from __future__ import annotations

import shutil

from conftest import EXERCISES, ROOT, SOLUTIONS, cli

MARKER = "x_max = x.amax(dim=dim, keepdim=True).detach()"  # a line of the reference 05


def flat(text: str) -> str:
    return " ".join(text.split())


def test_solution_in_the_clone_says_where_it_is_and_in_a_workspace_waits(tmp_path):
    clone = tmp_path / "clone"
    shutil.copytree(EXERCISES, clone / "exercises")
    shutil.copytree(SOLUTIONS, clone / "solutions", ignore=shutil.ignore_patterns("__*"))
    said = cli("solution", "05", "--lang", "en", cwd=clone)
    out = flat(said.stdout)
    assert said.returncode == 1 and MARKER not in said.stdout
    assert "in this clone, at solutions/ex05_softmax.py" in out, out
    assert "for instructors and the kit's tests" in out and "init ../my-work" in out
    assert "stays hidden" not in out and "--force" in out
    zh = flat(cli("solution", "05", "--lang", "zh", cwd=clone).stdout)
    assert "solutions/ex05_softmax.py" in zh and "克隆" in zh

    made = cli("init", "../my-work", "--lang", "en", cwd=clone)
    assert made.returncode == 0, made.stderr
    work = tmp_path / "my-work"
    hidden = cli("solution", "05", "--lang", "en", cwd=work)
    out = flat(hidden.stdout)
    assert hidden.returncode == 1 and MARKER not in hidden.stdout
    assert "stays hidden" in out and "solutions/" not in out and "clone" not in out
    shutil.copy(SOLUTIONS / "ex05_softmax.py", work / "exercises")
    shown = cli("solution", "05", "--lang", "en", cwd=work)
    assert shown.returncode == 0 and MARKER in shown.stdout


def test_the_readme_first_steps_lead_to_a_workspace():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set up", 1)[1].split("```", 2)[1]
    lines = [line.split("#")[0].strip() for line in setup.splitlines()]
    init = next(i for i, line in enumerate(lines) if line.startswith("./kit init "))
    folder = lines[init].split()[2]
    assert any(f"cd {folder}" in line for line in lines[init + 1:]), setup
    assert "solutions/" in readme.split("## Work through", 1)[0]
