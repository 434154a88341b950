"""The command line: ``attn-kit check``, ``hint``, ``grade``, ``gradescope-bundle``.

Also ``python -m checker``. Each command's work lives in its own module; this
one parses, validates and reports usage errors.

Exit status: 0 every selected exercise passes; 1 some do not; 2 a usage error
(unknown exercise, missing folder, bad option), with a one-line message;
3 the checker itself could not run (a broken installation).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rich.text import Text

from . import defaults, files, manifest
from .workspace import State, WorkspaceError, find_exercises

EXIT_OK, EXIT_NOT_PASSED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage dump
        raise UsageError(f"{message} (see `attn-kit {self.prog.split()[-1]} --help`)"
                         if " " in self.prog else f"{message} (see `attn-kit --help`)")


def _selected(ids: list[str]) -> list[manifest.Exercise]:
    chosen = []
    for raw in ids:
        exercise = manifest.resolve(raw)
        if exercise is None:
            known = ", ".join(e.id for e in manifest.load())
            raise UsageError(f"unknown exercise {raw!r}; the exercises are {known}")
        if exercise not in chosen:
            chosen.append(exercise)
    order = [e.id for e in manifest.load()]
    return sorted(chosen, key=lambda e: order.index(e.id))


def env_lang() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


# ---------------------------------------------------------------------- check
def cmd_check(args) -> int:
    selected = _selected(args.ids) if args.ids else list(manifest.load())
    exercises_dir = find_exercises(args.exercises)
    json_path = None
    if args.json:
        json_path = Path(args.json).expanduser()
        if json_path.is_dir():
            raise UsageError(f"--json wants a file name, and {args.json} is a folder")
        if not json_path.parent.resolve().is_dir():
            raise UsageError(f"cannot write {args.json}: the folder {json_path.parent} does not exist")
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")

    import warnings

    warnings.filterwarnings("ignore")  # dependencies' warnings are not the learner's business
    import torch  # noqa: F401  (the fork server must start with torch already imported)

    from . import forkserver

    forkserver.get()
    from . import report, runner

    try:
        run, document = runner.run(str(exercises_dir), selected, seed=args.seed,
                                   timeout=args.timeout, json_report=json_path is not None)
    except runner.RunError as exc:
        print(f"attn-kit: the checker could not run: {exc}", file=sys.stderr)
        return EXIT_INTERNAL
    console = report.make_console()
    report.render(run, console)
    if json_path is not None:
        files.write_json(json_path, document)
        console.print(f"JSON report written to {json_path}")
    return EXIT_OK if run.all_passed else EXIT_NOT_PASSED


# ----------------------------------------------------------------------- hint
def cmd_hint(args) -> int:
    from rich.text import Text

    from .report import make_console

    exercise = _selected([args.exercise])[0]
    lang = args.lang or env_lang()
    hints = exercise.hints.get(lang) or exercise.hints["en"]
    console = make_console()
    title = exercise.text("title", lang)
    if not hints:
        console.print(f"Exercise {exercise.id} has no hints.")
        return EXIT_OK
    try:
        state = State(find_exercises(args.exercises))
    except WorkspaceError:
        state = None
    if args.all:
        console.print(Text(f"Exercise {exercise.id} · {title}: all {len(hints)} hints",
                           style="bold"))
        for i, hint in enumerate(hints, 1):
            console.print(Text(f"{i}. {hint}"))
        return EXIT_OK
    shown = state.hint_level(exercise.id) if state else 0
    level = min(shown + 1, len(hints))
    console.print(Text(f"Exercise {exercise.id} · {title} · hint {level} of {len(hints)}",
                       style="bold"))
    console.print(Text(hints[level - 1]))
    if level < len(hints):
        console.print(Text(f"Run `attn-kit hint {exercise.id}` again for the next hint."))
    else:
        console.print(Text(f"That was the last hint; `attn-kit hint {exercise.id} --all` "
                           "shows them all again."))
    if state is not None:
        state.set_hint_level(exercise.id, level)
        state.save()
    else:
        console.print(Text("(No exercises/ folder here, so the hint level is not remembered.)"))
    return EXIT_OK


# ---------------------------------------------------------------------- grade
def _grade_paths(args) -> list[Path]:
    from . import submission

    out = Path(args.out).resolve() if args.out else None
    paths: list[Path] = []
    for raw in args.paths:
        path = Path(raw).expanduser()
        try:
            found = [path] if args.json else submission.find(path)
        except submission.SubmissionError as exc:
            raise UsageError(str(exc)) from None
        if args.json:
            try:
                submission.load(path)  # one submission: say now if it cannot be read
            except submission.SubmissionError as exc:
                raise UsageError(str(exc)) from None
        paths += [p for p in found if out is None or p.resolve() != out]
    if args.json and len(paths) != 1:
        raise UsageError("--json writes one submission's report; use --out DIR for several")
    if not paths:
        raise UsageError("no submissions to grade")
    return paths


def _check_bwrap() -> None:
    from .sandbox import bwrap_problem

    problem = bwrap_problem()
    if problem:
        raise UsageError(f"--sandbox bwrap cannot be used: {problem}")


def cmd_grade(args) -> int:
    from .sandbox import Limits

    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.memory < 64:
        raise UsageError("--memory must be at least 64 (MB)")
    json_path = Path(args.json).expanduser() if args.json else None
    if json_path is not None:
        if json_path.is_dir():
            raise UsageError(f"--json wants a file name, and {args.json} is a folder")
        if not json_path.parent.resolve().is_dir():
            raise UsageError(f"cannot write {args.json}: the folder {json_path.parent} does not exist")
    out = Path(args.out).expanduser() if args.out else None
    if out is not None and out.exists() and not out.is_dir():
        raise UsageError(f"--out wants a folder, and {args.out} is a file")
    paths = _grade_paths(args)
    if args.sandbox == "bwrap":
        _check_bwrap()

    import warnings

    warnings.filterwarnings("ignore")
    import torch  # noqa: F401  (grading processes are forked with torch already imported)

    from . import grades, grading, report

    hide = tuple(str(Path(p).resolve()) for p in [*args.paths, *([out] if out else [])])
    options = grading.Options(seed=args.seed, timeout=args.timeout,
                              all_or_nothing=args.all_or_nothing, jobs=args.jobs,
                              limits=Limits(memory_mb=args.memory), sandbox=args.sandbox,
                              hide=hide)
    console = report.make_console()
    with report.grading_progress(console, len(paths)) as advance:
        graded = grading.grade_all(paths, options, on_result=advance)
    if json_path is not None:
        files.write_json(json_path, grades.document_for(graded[0], args.format, args.visibility))
    written = grades.write_out(out, graded, args.format, args.visibility) if out else []
    console.print(grades.summary_table(graded, console.plain))
    if json_path is not None:
        console.print(Text(f"Report written to {json_path}"))
    if written:
        console.print(Text(f"{len(written) - 1} reports and {grades.CSV_NAME} written to {out}"))
    return EXIT_OK


# ---------------------------------------------------------- gradescope-bundle
def cmd_bundle(args) -> int:
    from . import gradescope

    out = Path(args.out).expanduser()
    if out.suffix.lower() != ".zip":
        raise UsageError(f"the bundle is a zip file: give a name ending in .zip, not {args.out}")
    if not out.parent.resolve().is_dir():
        raise UsageError(f"cannot write {args.out}: the folder {out.parent} does not exist")
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    options = ["--visibility", args.visibility, "--seed", str(args.seed),
               "--timeout", f"{args.timeout:g}"]
    if args.all_or_nothing:
        options.append("--all-or-nothing")
    names = gradescope.bundle(out, options)
    print(f"Gradescope autograder written to {out} ({len(names)} files: setup.sh, "
          "run_autograder, requirements.txt and the kit).")
    print("Upload it as the assignment's autograder (Configure Autograder > Zip file upload).")
    return EXIT_OK


# --------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="attn-kit", description="attention-kit: learn attention by "
                     "filling in ten exercises; the checker tells you what works.")
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = sub.add_parser("check", help="check your exercises (all, or the ones named)",
                           description="Run the hidden cases against your exercises.")
    check.add_argument("ids", nargs="*", metavar="NN",
                       help="exercises to check, e.g. 05 or 5 or softmax (default: all)")
    check.add_argument("--exercises", metavar="DIR",
                       help="the folder with the exercise files (default: exercises/ here or above)")
    check.add_argument("--json", metavar="FILE",
                       help="also write the JSON report (pytest-json-report plus scores) to FILE")
    _seed_and_timeout(check)
    check.set_defaults(handler=cmd_check)

    hint = sub.add_parser("hint", help="show the next hint for an exercise",
                          description="Show hints one level at a time; the level is remembered.")
    hint.add_argument("exercise", metavar="NN", help="the exercise, e.g. 05")
    hint.add_argument("--all", action="store_true", help="show every hint level")
    hint.add_argument("--lang", choices=("en", "zh"),
                      help="language (default: from LC_ALL / LANG)")
    hint.add_argument("--exercises", metavar="DIR", help=argparse.SUPPRESS)
    hint.set_defaults(handler=cmd_hint)

    grade = sub.add_parser(
        "grade", help="grade submissions (folders or zips), for instructors",
        description="Grade one submission or a whole class. A submission is a folder or a zip "
        "holding the exercise files at its top or in an exercises/ folder; a folder of "
        "submissions is graded one per student, in parallel.")
    grade.add_argument("paths", nargs="+", metavar="PATH",
                       help="a submission (folder or zip), or a folder of submissions")
    grade.add_argument("--out", metavar="DIR",
                       help="write one report per submission and grades.csv into DIR")
    grade.add_argument("--json", metavar="FILE", help="write the report of one submission to FILE")
    grade.add_argument("--format", choices=("json", "gradescope"), default="json",
                       help="the reports' format: our JSON document, or Gradescope's "
                       "results.json (default: %(default)s)")
    grade.add_argument("--visibility", choices=gradescope_visibilities(), default="after_published",
                       help="Gradescope visibility of the hidden cases (default: %(default)s)")
    grade.add_argument("--all-or-nothing", action="store_true",
                       help="an exercise earns its points only if every case passes "
                       "(default: points times the share of cases passed)")
    grade.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                       help="submissions graded at once (default: the number of cores, %(default)s)")
    _seed_and_timeout(grade)
    grade.add_argument("--memory", type=int, default=1024, metavar="MB",
                       help="memory each worker may add on top of torch (default: %(default)s)")
    grade.add_argument("--sandbox", choices=("basic", "bwrap"), default="basic",
                       help="basic: resource limits, and a user id per worker under root; "
                       "bwrap: also run the workers inside bubblewrap, which hides the "
                       "solutions and the submissions (default: %(default)s)")
    grade.set_defaults(handler=cmd_grade)

    bundle = sub.add_parser(
        "gradescope-bundle", help="write a Gradescope autograder zip",
        description="Write a zip to upload to Gradescope as the autograder: setup.sh, "
        "run_autograder and the kit. The options are baked into run_autograder.")
    bundle.add_argument("out", metavar="OUT.zip", help="the zip file to write")
    bundle.add_argument("--visibility", choices=gradescope_visibilities(),
                        default="after_published",
                        help="visibility of the hidden cases (default: %(default)s)")
    bundle.add_argument("--all-or-nothing", action="store_true",
                        help="an exercise earns its points only if every case passes")
    _seed_and_timeout(bundle)
    bundle.set_defaults(handler=cmd_bundle)
    return parser


def _seed_and_timeout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=defaults.SEED,
                        help="seed of the hidden inputs (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=defaults.TIMEOUT,
                        help="seconds each case may run (default: %(default)s)")


def gradescope_visibilities() -> tuple[str, ...]:
    from .gradescope import VISIBILITIES

    return VISIBILITIES


def _version() -> str:
    from importlib import metadata

    try:
        return f"attention-kit {metadata.version('attention-kit')}"
    except metadata.PackageNotFoundError:
        return "attention-kit (not installed)"


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_USAGE
        return args.handler(args)
    except (UsageError, WorkspaceError, manifest.ManifestError) as exc:
        print(f"attn-kit: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("attn-kit: interrupted", file=sys.stderr)
        return 130


def entry() -> None:
    """The console script: run, clean up, and leave without the interpreter's teardown.

    Tearing down an interpreter that has imported torch and run pytest takes about
    0.8 s here, a third of a whole check; everything worth keeping is written and
    flushed by then, so the process exits directly.
    """
    code = main()
    try:
        from . import forkserver

        forkserver.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)
