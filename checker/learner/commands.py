"""The learner's commands: check, list, hint, reset, solution, init.

(``watch`` has its own module; the instructor's commands are in grading/commands.py.)
Each returns the process's exit status; usage mistakes raise UsageError.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text

from checker import files, manifest, stubs
from checker.learner import workspace
from checker.i18n import as_typed, get_lang, t
from checker.judge.results import Status
from checker.options import RunOptions
from checker.usage import (EXIT_INTERNAL, EXIT_NOT_PASSED, EXIT_OK, UsageError, output_file,
                    positive_timeout, selected)
from checker.learner.checking import CheckerBroken, run_check  # noqa: F401  (watch, notebook)
from checker.learner.workspace import State, WorkspaceError, find_exercises
from checker.learner.wrapping import Paragraph




def _console():
    from checker.console import make_console

    return make_console()


def checker_broken(exc: Exception) -> int:
    """Say that the checker itself could not run; the exit status for it."""
    print(t("attn-kit: the checker could not run: {error}", error=exc), file=sys.stderr)
    return EXIT_INTERNAL


# ---------------------------------------------------------------------- check
def cmd_check(args) -> int:
    chosen = selected(args.ids) if args.ids else list(manifest.load())
    exercises_dir = find_exercises(args.exercises)
    json_path = output_file(args.json, keep_off=[exercises_dir])
    positive_timeout(args.timeout)
    from checker.learner import report

    try:
        done = run_check(exercises_dir, chosen, RunOptions(
            seed=args.seed, timeout=args.timeout, json_report=json_path is not None,
            replay=args.repro))
    except CheckerBroken as exc:
        return checker_broken(exc)
    run = done.result
    console = _console()
    report.render(run, console, all_cases=args.all_cases)
    if len(chosen) == 1 and run.all_passed:
        console.print(Text(t("Compare with the reference solution: `attn-kit solution {id}`.",
                             id=chosen[0].id)))
    if args.repro:
        for line in replay_lines(run, exercises_dir, done.options.timeout):
            console.print(line, soft_wrap=True)  # the path stays whole for copying
    if json_path is not None:
        files.write_json(json_path, done.document)
        console.print(Text(t("JSON report written to {path}", path=json_path)))
    return EXIT_OK if run.all_passed else EXIT_NOT_PASSED


def replay_lines(run, exercises_dir: Path, timeout: float) -> list[Text]:
    """Write the replay file of the exercise the report shows (``learner.repro``), and say
    where it is and how to run it; or, in one line, why there is none."""
    from checker.learner import repro

    current = run.current()
    if current is None:
        return [Text(t("Every selected exercise passes: there is no failing case to "
                       "replay."))]
    try:
        written = repro.write(current, exercises_dir, timeout)
    except repro.ReplayError as exc:
        return [Text(str(exc))]
    return [Text(line) for line in repro.lines(written, _shown(written.path))]


# ----------------------------------------------------------------------- list
def cmd_list(args) -> int:
    exercises_dir = find_exercises(args.exercises)
    from checker.learner import report

    try:
        run = run_check(exercises_dir).result
    except CheckerBroken as exc:
        return checker_broken(exc)
    console = _console()
    console.print(report.header(run))
    said = report.engine_line(run.engine, console.plain)
    if said is not None:
        console.print(said)
    console.print(report.listing(run, State(exercises_dir), console.plain, console.width))
    console.print(report.progress(run, console.plain, console.width))
    console.print(report.next_line(run))
    return EXIT_OK


# ----------------------------------------------------------------------- hint
@dataclass
class Hint:
    """What ``hint`` has to say: its lines, and whether the next level needs a yes first."""

    lines: list
    topic: str = ""
    level: int = 0
    total: int = 0
    needs_yes: bool = False      # the next hint is the last, which nearly gives the answer
    about_cause: bool = False    # the hint about the likely cause, before the levels
    withheld: list | None = None  # with --all: the last levels, shown after a yes


def hint_text(exercise: manifest.Exercise, state: State | None, show_all: bool = False,
              last_ok: bool = False) -> Hint:
    """The next hint about the function that fails (and remember its level), or every hint.

    When the last check named a likely cause that has a hint of its own, that hint comes
    first (once per cause); then the exercise's levels go on. The last level nearly gives
    the answer: it is shown only with ``last_ok`` (the caller asked the learner first);
    otherwise ``needs_yes`` says so and nothing moves.
    """
    lang = get_lang()
    title = exercise.text("title", lang)
    function, case = state.failing(exercise.id) if state is not None else (None, None)
    cause = state.failing_cause(exercise.id) if state is not None else None
    cause_hint = manifest.cause_hint(cause, lang)
    topic, hints = exercise.hints_for(function, lang)
    if not hints:
        return Hint([Text(t("Exercise {id} has no hints.", id=exercise.id))])
    if show_all:
        return _every_hint(exercise, state, cause_hint, last_ok)
    seen = state.hint_level(exercise, topic) if state is not None else 0
    if cause_hint and state is not None and state.cause_hint_seen(exercise.id) != cause:
        lines = [Text(t("Exercise {id} · {title} · a hint about the likely cause",
                        id=exercise.id, title=title), style="bold"),
                 Paragraph(t("Your last check named a likely cause for the case “{case}”. "
                             "Start from it:", case=case) if case else
                           t("Your last check named a likely cause. Start from it:")),
                 Paragraph(cause_hint)]
        state.set_cause_hint_seen(exercise.id, cause)
        if not state.save():
            lines.append(Text(t("(The progress file could not be written, so the hint level "
                                "is not remembered.)")))
        return Hint(lines, topic, seen, len(hints), about_cause=True)
    level = min(seen + 1, len(hints))
    if level == len(hints) and seen < level and len(hints) > 1 and not last_ok:
        return Hint([Paragraph(t("The last hint for {what} nearly gives the answer.",
                            what=_hint_topic(exercise, topic)))],
                    topic, seen, len(hints), needs_yes=True)
    head = t("Exercise {id} · {title} · hint {level} of {n}", id=exercise.id, title=title,
             level=level, n=len(hints))
    lines = [Text(head, style="bold")]
    if topic and (len(exercise.hint_topics()) > 1 or case):
        lines.append(Paragraph(t("About `{function}`, which fails the case “{case}”.",
                            function=topic, case=case) if case and function == topic else
                          t("About `{function}`.", function=topic)))
    lines.append(Paragraph(hints[level - 1]))
    if state is not None:
        state.set_hint_level(exercise, topic, level)
        if not state.save():
            lines.append(Text(t("(The progress file could not be written, so the hint level "
                                "is not remembered.)")))
    return Hint(lines, topic, level, len(hints))


def _every_hint(exercise: manifest.Exercise, state: State | None, cause_hint: str | None,
                last_ok: bool) -> Hint:
    """Every hint of the exercise: the one about the likely cause the last check named,
    then each topic's levels. A last level the learner has not reached yet nearly gives
    the answer: without ``last_ok`` it is withheld (``Hint.withheld``) and ``needs_yes``."""
    lang = get_lang()
    lines = [Text(t("Exercise {id} · {title}: all hints", id=exercise.id,
                    title=exercise.text("title", lang)), style="bold")]
    if cause_hint:
        lines += [Text(t("About the likely cause your last check named:"), style="bold"),
                  Paragraph(cause_hint)]
    topics = exercise.hint_topics()
    withheld: list = []
    for name in topics:
        levels = exercise.hints_for(name, lang)[1]
        named = [Text(t("For `{function}`:", function=name), style="bold")] \
            if name and len(topics) > 1 else []
        reached = state.hint_level(exercise, name) if state is not None else 0
        hold = not last_ok and len(levels) > 1 and reached < len(levels)
        shown = levels[:-1] if hold else levels
        lines += named + [Paragraph(f"{i}. {hint}") for i, hint in enumerate(shown, 1)]
        if hold:
            withheld += named + [Paragraph(f"{len(levels)}. {levels[-1]}")]
    if not withheld:
        return Hint(lines)
    what = t("exercise {id}", id=exercise.id) if len(topics) == 1 else \
        t("each function of exercise {id}", id=exercise.id)
    lines.append(Paragraph(t("The last hint for {what} nearly gives the answer.", what=what)))
    return Hint(lines, needs_yes=True, withheld=withheld)


def _hint_topic(exercise: manifest.Exercise, topic: str) -> str:
    return t("`{function}`", function=topic) if topic and len(exercise.hint_topics()) > 1 \
        else t("exercise {id}", id=exercise.id)


def cmd_hint(args) -> int:
    exercise = selected([args.exercise])[0]
    try:
        state = State(find_exercises(args.exercises))
    except WorkspaceError:
        state = None
    console = _console()
    hint = hint_text(exercise, state, args.all, last_ok=args.yes)
    if hint.needs_yes:
        for line in hint.lines:
            console.print(line)
        if sys.stdin is not None and sys.stdin.isatty() and not args.yes:
            if not _confirm(t("Show it? [y/N] ")):
                console.print(Paragraph(
                    t("Not shown. Try once more with what you have; `attn-kit hint {id} "
                      "--all --yes` shows it.", id=exercise.id) if args.all else
                    t("Not shown. Try once more with what you have; `attn-kit hint {id} "
                      "--yes` shows it.", id=exercise.id)))
                return EXIT_OK
            hint = Hint(hint.withheld) if args.all else \
                hint_text(exercise, state, last_ok=True)
        else:
            console.print(Paragraph(
                t("Run `attn-kit hint {id} --all --yes` to see it.", id=exercise.id) if args.all
                else t("Run `attn-kit hint {id} --yes` to see it.", id=exercise.id)))
            return EXIT_OK
    for line in hint.lines:
        console.print(line)
    if args.all or not hint.total:
        return EXIT_OK
    if state is None:
        console.print(Text(t("(No exercises/ folder here, so the hint level is not remembered.)")))
    elif hint.about_cause and hint.level < hint.total:
        console.print(Paragraph(t("Run `attn-kit hint {id}` again: the exercise's hints go on "
                                  "from hint {next} of {n}.", id=exercise.id,
                                  next=hint.level + 1, n=hint.total)))
    elif hint.level < hint.total:
        console.print(Text(t("Run `attn-kit hint {id}` again for the next hint.", id=exercise.id)))
    else:
        console.print(Text(t("That was the last hint; `attn-kit hint {id} --all` shows them "
                             "all again.", id=exercise.id)))
    return EXIT_OK


# ---------------------------------------------------------------------- reset
def reset_lines(exercises_dir: Path, exercise: manifest.Exercise) -> list[Text]:
    """Reset one exercise and say what happened."""
    target = exercises_dir / exercise.file
    backup = workspace.reset(exercises_dir, exercise)
    state = State(exercises_dir)
    hints = state.reset_hints(exercise)  # a fresh start: the first hint comes first again
    if state.record({exercise.id: Status.NOT_STARTED}) or hints:
        state.save()
    if backup is None:
        return [Text(t("{path} is the original stub again (there was nothing of yours to "
                       "keep).", path=_shown(target)))]
    return [Text(t("Your file was saved to {backup}.", backup=_shown(backup))),
            Text(t("{path} is the original stub again.", path=_shown(target))),
            Text(t("To get your version back:")),
            Text(f"  cp {_shown(backup)} {_shown(target)}")]


def _shown(path: Path) -> str:
    """A path as short as it can be said: relative to here when it is below here."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def cmd_reset(args) -> int:
    chosen = selected(args.ids)
    exercises_dir = find_exercises(args.exercises)
    console = _console()
    for exercise in chosen:
        console.print(Text(t("Exercise {id} · {title}", id=exercise.id,
                             title=exercise.text("title", get_lang())), style="bold"))
        for line in reset_lines(exercises_dir, exercise):
            console.print(line, soft_wrap=True)  # paths and commands stay whole for copying
    return EXIT_OK


# ------------------------------------------------------------------- solution
def solution_source(exercise: manifest.Exercise) -> str:
    """The reference solution's text; a one-line error when the kit has no solutions."""
    try:
        return stubs.reference_text(exercise)
    except stubs.NoSolutions as exc:
        raise WorkspaceError(str(exc)) from None


def folded(code: str) -> str:
    """The code with its docstrings folded to their first line (the learner's own file has
    the whole explanation; the code is what a comparison is about) and the solution
    markers left out."""
    import ast

    code = stubs.without_markers(code)
    body = ast.parse(code).body
    lines = code.splitlines()
    docs = [node.body[0] for node in ast.walk(ast.Module(body=body, type_ignores=[]))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and _is_docstring(node.body[0])]
    for doc in sorted(docs, key=lambda d: d.lineno, reverse=True):
        if doc.end_lineno > doc.lineno:  # several lines: keep the first, close it
            first = lines[doc.lineno - 1].rstrip()
            lines[doc.lineno - 1:doc.end_lineno] = [f'{first} ..."""']
    if body and _is_docstring(body[0]):
        first = lines[body[0].lineno - 1].rstrip()
        note = t("(the explanation is in your exercise file)")
        lines[body[0].lineno - 1:body[0].end_lineno] = [f"{first} {note}\"\"\""]
    return "\n".join(lines) + "\n"


def _is_docstring(node) -> bool:
    import ast

    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
        and isinstance(node.value.value, str)


def solution_view(exercise: manifest.Exercise, plain: bool):
    """The reference solution, syntax-highlighted (plain text off a terminal), with its
    module docstring folded."""
    from rich.console import Group
    from rich.syntax import Syntax

    code = folded(solution_source(exercise))
    title = Text(t("Reference solution of exercise {id} · {title} (solutions/{file})",
                   id=exercise.id, title=exercise.text("title", get_lang()),
                   file=exercise.file), style="bold")
    body = Text(code) if plain else Syntax(code, "python", line_numbers=True,
                                          theme="ansi_dark", word_wrap=True)
    return Group(title, body, Text(t("A different way of writing it is just as good when "
                                     "every case passes.")))


def cmd_solution(args) -> int:
    exercise = selected([args.exercise])[0]
    exercises_dir = find_exercises(args.exercises)
    solution_source(exercise)  # say now if the solutions are missing
    try:
        run = run_check(exercises_dir, [exercise]).result
    except CheckerBroken as exc:
        return checker_broken(exc)
    result = run.exercises[0]
    console = _console()
    if result.status != Status.PASSED:
        if not args.force:
            in_clone = clone_solution(exercises_dir, exercise)
            if in_clone is None:
                console.print(Text(t("Exercise {id} does not pass yet ({passed}/{total} cases), "
                                     "so its solution stays hidden: working it out teaches more "
                                     "than reading it.", id=exercise.id, passed=result.passed,
                                     total=result.total)))
            else:  # say plainly where it is: hiding it here would be make-believe
                console.print(Paragraph(t(
                    "Exercise {id} does not pass yet ({passed}/{total} cases). Its reference "
                    "solution is in this clone, at {path}: it is there for instructors and the "
                    "kit's tests.", id=exercise.id, passed=result.passed, total=result.total,
                    path=_shown(in_clone))))
                console.print(Paragraph(t(
                    "For self-study, work in a workspace of your own, where a solution appears "
                    "only once its exercise passes: `attn-kit init ../my-work`, then work in "
                    "../my-work.")))
            console.print(Text(t("Try `attn-kit hint {id}`. To see the solution anyway: "
                                 "`attn-kit solution {id} --force`.", id=exercise.id)))
            return EXIT_NOT_PASSED
        if not args.yes and not _confirm(t("Exercise {id} does not pass yet. Show its "
                                           "solution anyway? [y/N] ", id=exercise.id)):
            console.print(Text(t("Not shown. Keep going: `attn-kit hint {id}` gives a "
                                 "nudge.", id=exercise.id)))
            return EXIT_NOT_PASSED
    console.print(solution_view(exercise, console.plain))
    return EXIT_OK


def clone_solution(exercises_dir: Path, exercise: manifest.Exercise) -> Path | None:
    """The exercise's reference solution beside the exercises, as in a clone of the kit
    (``solutions/`` next to ``exercises/``); None in a workspace made by ``init``."""
    path = Path(exercises_dir).parent / "solutions" / exercise.file
    return path if path.is_file() else None


def _confirm(question: str) -> bool:
    if not sys.stdin or not sys.stdin.isatty():
        raise UsageError(t("the confirmation needs a terminal; add --yes to confirm"))
    try:
        answer = input(question)
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes", "是", "好")


# ----------------------------------------------------------------------- init
def cmd_init(args) -> int:
    exercises_dir = workspace.init(Path(args.folder))
    console = _console()
    console.print(Text(t("Workspace ready: {path} holds the {n} exercises as fresh stubs.",
                         path=_shown(exercises_dir), n=len(manifest.load())), style="bold"))
    folder = _shown(Path(args.folder))
    if args.notebook:
        from checker import notebooks

        target = Path(args.folder) / "notebooks"
        try:
            written = notebooks.write(target, get_lang())
        except OSError as exc:
            raise WorkspaceError(t("could not write {path}: {error}", path=target,
                                   error=exc)) from None
        console.print(Text(t("Notebooks: {names} in {path}, one per part: each checks, hints "
                             "and shows from a cell.", names=", ".join(p.name for p in written),
                             path=_shown(written[0].parent))))
        console.print(Text(t("Next: jupyter lab {path}   (pip install \"attention-kit[notebook]\" "
                             "brings Jupyter)", path=_shown(written[0]))))
        return EXIT_OK
    if as_typed("`attn-kit`") != "`attn-kit`":  # started as ./kit, which runs in the clone
        console.print(Text(t("Next: . {venv}/bin/activate && cd {folder} && attn-kit watch   "
                             "(the environment ./kit made puts attn-kit on your PATH)",
                             venv=_shown(Path(sys.prefix)), folder=folder)))
    else:
        console.print(Text(t("Next: cd {folder} && attn-kit watch   (or: attn-kit check)",
                             folder=folder)))
    return EXIT_OK
