"""The kit's code layout: six parts whose imports run one way, and no private names
borrowed across modules."""
import ast
from pathlib import Path

CHECKER = Path(__file__).resolve().parent.parent / "checker"
PARTS = ("learner", "engine", "judge", "grading", "models", "pictures")
# what each part may import from the others (the shared top-level modules are open to all)
MAY_IMPORT = {
    "engine": set(),
    "judge": {"engine"},
    "learner": {"judge", "engine"},
    "grading": {"judge", "engine"},
    "models": {"learner", "judge", "engine"},
    "pictures": {"models", "learner", "judge", "engine"},
}


def _modules():
    for path in sorted(CHECKER.rglob("*.py")):
        rel = path.relative_to(CHECKER)
        yield path, rel, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _part(rel: Path) -> str | None:
    return rel.parts[0] if len(rel.parts) > 1 and rel.parts[0] in PARTS else None


def _imported(tree) -> list[tuple[str, list[str], int]]:
    """(module, names, line) of every import of a checker module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("checker"):
            found.append((node.module, [a.name for a in node.names], node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.level:
            found.append(("." * node.level + (node.module or ""), [a.name for a in node.names],
                          node.lineno))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("checker"):
                    found.append((alias.name, [], node.lineno))
    return found


def test_imports_are_absolute_and_run_one_way_between_the_parts():
    wrong = []
    for path, rel, tree in _modules():
        part = _part(rel)
        for module, names, line in _imported(tree):
            if module.startswith("."):
                wrong.append(f"{rel}:{line}: relative import {module}")
                continue
            pieces = module.split(".")
            target = pieces[1] if len(pieces) > 1 else None
            if target not in PARTS and module == "checker":
                targets = [n for n in names if n in PARTS]
            else:
                targets = [target] if target in PARTS else []
            for other in targets:
                if part is None:
                    continue  # the shared modules (cli, the notebook API) reach every part
                if other != part and other not in MAY_IMPORT[part]:
                    wrong.append(f"{rel}:{line}: {part}/ imports {other}/")
    assert wrong == []


def test_no_module_uses_another_modules_private_names():
    wrong = []
    for path, rel, tree in _modules():
        modules = set()  # local names bound to checker modules
        for module, names, line in _imported(tree):
            for name in names:
                if name.startswith("_") and not name.startswith("__"):
                    wrong.append(f"{rel}:{line}: imports {module}.{name}")
                else:
                    modules.add(name)
            if not names:
                modules.add(module.split(".")[-1])
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in modules and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                wrong.append(f"{rel}:{node.lineno}: uses {node.value.id}.{node.attr}")
    assert wrong == []


def test_every_part_is_a_package_that_says_what_it_holds():
    for part in PARTS:
        init = CHECKER / part / "__init__.py"
        assert init.is_file(), part
        assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), part


# a part's commands are its own: another part runs the engine and the judge itself
# (engine.start(), judge.runner.run) instead of importing a command module
COMMAND_MODULES = {"checker.learner.commands", "checker.learner.watch",
                   "checker.grading.commands", "checker.models.commands",
                   "checker.pictures.commands"}


def test_no_part_imports_another_parts_commands():
    wrong = []
    for path, rel, tree in _modules():
        part = _part(rel)
        for module, names, line in _imported(tree):
            full = {module, *(f"{module}.{n}" for n in names)}
            for command in full & COMMAND_MODULES:
                if part is not None and command.split(".")[1] != part:
                    wrong.append(f"{rel}:{line}: {part}/ imports {command}")
    assert wrong == []


def test_contributing_lists_every_module():
    text = (CHECKER.parent / "CONTRIBUTING.md").read_text(encoding="utf-8")
    missing = [str(rel) for path, rel, _ in _modules()
               if path.stem != "__init__" and not path.stem.startswith("case_ex")
               and f"`{path.stem}`" not in text]
    assert missing == []


def test_a_run_is_one_value_handed_down_whole():
    """One frozen options value goes from a command to the workers (issue 16): the
    plugin, the workers and a worker take it whole, a scoring rule is not among them,
    and grading's options extend it and round-trip through the pool's JSON."""
    import dataclasses
    import inspect

    from checker.engine.supervisor import ExerciseWorker, Workers
    from checker.grading.records import Options
    from checker.judge.plugin import CheckPlugin
    from checker.judge import runner
    from checker.options import RunOptions

    # (``claims``: which of the selected exercises this process runs, not a setting)
    assert list(inspect.signature(CheckPlugin).parameters) == ["submission", "selected",
                                                              "options", "claims"]
    assert list(inspect.signature(Workers).parameters) == ["options"]
    assert "options" in inspect.signature(ExerciseWorker).parameters
    assert list(inspect.signature(runner.run).parameters) == ["target", "selected", "options"]
    run_fields = {f.name for f in dataclasses.fields(RunOptions)}
    assert "all_or_nothing" not in run_fields and issubclass(Options, RunOptions)
    graded = Options(seed=5, timeout=2.0, all_or_nothing=True, hide=("/x",), jobs=3)
    assert Options.from_dict(graded.to_dict()) == graded
    assert graded.run_options() == RunOptions(seed=5, timeout=2.0, hide=("/x",), json_report=True)
    with __import__("pytest").raises(dataclasses.FrozenInstanceError):
        graded.seed = 1  # type: ignore[misc]


def test_the_hidden_cases_need_none_of_the_pytest_plugins_the_checker_turns_off():
    """The checker runs the cases without pytest's skipping, unittest, tmpdir, subtests,
    setuponly/setupplan and faulthandler plugins (``runner.PYTEST_ARGS``: they wrap every
    case, 142 a submission): a case that came to use one of them would silently lose it."""
    import re

    from checker.judge import runner

    turned_off = {a for a in " ".join(runner.PYTEST_ARGS).split("-p no:")[1:]}
    assert {"skipping", "unittest", "tmpdir", "subtests"} <= {a.strip() for a in turned_off}
    needs = re.compile(r"mark\.(skip|skipif|xfail)\b|pytest\.(skip|xfail|importorskip)\(|"
                       r"\b(tmp_path|tmpdir|tmp_path_factory|subtests)\b|unittest|TestCase")
    for case_file in sorted(runner.CASES_DIR.glob("*.py")):
        found = needs.search(case_file.read_text(encoding="utf-8"))
        assert found is None, f"{case_file.name} uses {found.group(0)}: see runner.PYTEST_ARGS"


# the names the checker gives pytest's objects (and pytest-json-report's) in its hooks
PYTEST_OBJECTS = {"item", "items", "session", "config", "report", "call", "excinfo", "request",
                  "node", "json_report", "pluginmanager", "manager"}


def test_pytest_and_its_json_plugin_are_used_through_their_public_interfaces():
    """The cases run through pytest's own protocol and the JSON document comes from
    pytest-json-report's public hook: no ``_pytest`` import, and no private field of
    pytest's or pytest-json-report's objects (an item's, a session's, a report's...),
    by attribute or by name (``getattr(config, "_json_report")``)."""
    wrong = []
    for path, rel, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                wrong += [f"{rel}:{node.lineno}: import {a.name}" for a in node.names
                          if a.name.split(".")[0] == "_pytest"]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "_pytest":
                wrong.append(f"{rel}:{node.lineno}: from {node.module} import ...")
            elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                  and not node.attr.startswith("__")
                  and isinstance(node.value, (ast.Name, ast.Attribute))
                  and (node.value.id if isinstance(node.value, ast.Name)
                       else node.value.attr) in PYTEST_OBJECTS):
                wrong.append(f"{rel}:{node.lineno}: uses .{node.attr}")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.startswith("_json"):
                wrong.append(f"{rel}:{node.lineno}: names {node.value}")
    assert wrong == []
