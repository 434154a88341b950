"""The command line: parses, picks the language, dispatches, and reports usage errors.

``attn-kit COMMAND`` (also ``python -m checker COMMAND``). Each command lives in its
part's ``commands`` module: learner/commands.py (check, list, hint, reset, solution,
init), learner/watch.py (watch), grading/commands.py (grade, gradescope-bundle),
pictures/commands.py (show) and models/commands.py (model).

Exit status: 0 every selected exercise passes (or the command did its job);
1 some do not; 2 a usage error (unknown exercise, missing folder, bad option),
with a one-line message; 3 the checker itself could not run.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from checker import defaults, i18n, manifest
from checker.i18n import N_, t
from checker.text import clean
from checker.usage import EXIT_USAGE, UsageError
from checker.grading.records import SandboxKind
from checker.learner.workspace import WorkspaceError

__all__ = ["main", "entry", "build_parser"]


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage dump
        if " " in self.prog:
            raise UsageError(t("{message} (see `attn-kit {command} --help`)", message=message,
                               command=self.prog.split()[-1]))
        raise UsageError(t("{message} (see `attn-kit --help`)", message=message))


# argparse's own texts that a learner meets; argparse looks each up through its
# module-level ``_`` at the moment it prints, so routing that through t() is enough.
ARGPARSE_TEXTS = frozenset((
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
))


def _argparse_speaks_our_language() -> None:
    argparse._ = lambda text: t(text) if text in ARGPARSE_TEXTS else text


def _lang_from(argv: list[str]) -> str | None:
    """``--lang X`` from the command line, read before parsing so that --help speaks it too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _common(parser: argparse.ArgumentParser, exercises: bool = True) -> None:
    parser.add_argument("--lang", choices=i18n.LANGS,
                        help=t("language of the screens: en or zh (default: from LC_ALL / LANG)"))
    if exercises:
        parser.add_argument("--exercises", metavar="DIR",
                            help=t("the folder with the exercise files (default: exercises/ "
                                   "here or above)"))


def _command(sub, name: str, handler: str, help_: str, description: str = "",
             exercises: bool = True) -> argparse.ArgumentParser:
    parser = sub.add_parser(name, help=help_, description=description or help_)
    _common(parser, exercises)
    parser.set_defaults(handler=handler)
    return parser


def _no_bom(parser) -> None:
    parser.add_argument("--no-bom", action="store_true", help=t(
        "write the CSV files without the UTF-8 byte-order mark (by default they have one, so "
        "that Excel reads accents and CJK right)"))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="attn-kit", description=t(
        "attention-kit: learn attention by filling in small exercises, one function at a "
        "time; the checker tells you what works. Start with `attn-kit watch`."))
    parser.add_argument("--version", action="version", version=_version(),
                        help=t("show program's version number and exit"))
    parser.add_argument("--lang", dest="top_lang", choices=i18n.LANGS,
                        help=t("language of the screens: en or zh (default: from LC_ALL / LANG)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    watch = _command(sub, "watch", "learner.watch:cmd_watch", t(
        "check each exercise as you save it, with hints and progress (start here)"))
    _seed_and_timeout(watch)

    check = _command(sub, "check", "learner.commands:cmd_check", t(
        "check your exercises (all, or the ones named)"))
    check.add_argument("ids", nargs="*", metavar="NN",
                       help=t("exercises to check, e.g. 05, 5, ex05, softmax, causal_mask or "
                              "exercises/ex05_softmax.py (default: all)"))
    check.add_argument("--json", metavar="FILE", help=t(
        "also write the JSON report (pytest-json-report plus scores) to FILE"))
    _seed_and_timeout(check)

    _command(sub, "list", "learner.commands:cmd_list", t(
        "every exercise with its status, points and lesson section, and the one to do next"))

    hint = _command(sub, "hint", "learner.commands:cmd_hint", t(
        "the next hint for an exercise (one level more each time)"))
    hint.add_argument("exercise", metavar="NN", help=t("the exercise, e.g. 05"))
    hint.add_argument("--all", action="store_true", help=t("show every hint level"))
    hint.add_argument("--yes", action="store_true",
                      help=t("show the last hint, which nearly gives the answer, without asking"))

    reset = _command(sub, "reset", "learner.commands:cmd_reset", t(
        "put an exercise's original stub back (your file is backed up first)"))
    reset.add_argument("ids", nargs="+", metavar="NN", help=t("the exercises to reset"))

    solution = _command(sub, "solution", "learner.commands:cmd_solution", t(
        "the reference solution of an exercise, once it passes"))
    solution.add_argument("exercise", metavar="NN", help=t("the exercise, e.g. 05"))
    solution.add_argument("--force", action="store_true",
                          help=t("show it even if the exercise does not pass yet (asks first)"))
    solution.add_argument("--yes", action="store_true", help=t("with --force: do not ask"))

    show = _command(sub, "show", "pictures.commands:cmd_show", t(
        "pictures of your attention: the weights your functions give, next to the "
        "reference's (04: why we scale)"))
    show.add_argument("exercise", metavar="NN", help=t("the exercise, 04 to 12"))
    show.add_argument("--sentence", metavar="TEXT", help=t(
        "the real sentence to attend over (needs attention-kit[model])"))
    show.add_argument("--reference", action="store_true",
                      help=t("only the reference's pictures, without running your code"))
    show.add_argument("--seed", type=int, default=defaults.SEED,
                      help=t("seed of the example inputs (default: %(default)s)"))

    model = _command(sub, "model", "models.commands:cmd_model", t(
        "your attention inside real models: a pretrained sentence encoder, a tiny GPT"))
    model.add_argument("which", choices=("encoder", "gpt"), help=t(
        "encoder: all-MiniLM-L6-v2 with your exercise 08 (or 11); gpt: a tiny GPT trained "
        "with your exercise 10"))
    model.add_argument("--reference", action="store_true",
                       help=t("run the model with the reference attention instead of yours"))
    model.add_argument("--sentence", metavar="TEXT", action="append", help=t(
        "encoder: a sentence to compare (give it several times; default: built-in ones)"))
    model.add_argument("--no-mask", action="store_true", help=t(
        "gpt: train with your self-attention (exercise 09) without the causal mask"))
    model.add_argument("--steps", type=int, default=None, metavar="N",
                       help=t("gpt: training steps (default: about 15 s of training)"))
    model.add_argument("--seed", type=int, default=0, help=t("gpt: seed of the weights, the "
                                                             "batches and the sampling "
                                                             "(default: %(default)s)"))
    model.add_argument("--json", metavar="FILE", help=t("also write the results to FILE"))

    init = _command(sub, "init", "learner.commands:cmd_init", t(
        "make a workspace with fresh exercise stubs (for a kit installed with pip)"),
        exercises=False)
    init.add_argument("folder", metavar="DIR", help=t("the folder to create or fill"))

    grade = _command(sub, "grade", "grading.commands:cmd_grade", t(
        "grade submissions (folders or zips), for instructors"), t(
        "Grade one submission or a whole class. A submission is a folder or a zip holding the "
        "exercise files at its top or in an exercises/ folder; a folder of submissions is "
        "graded one per student, in parallel."), exercises=False)
    grade.add_argument("paths", nargs="+", metavar="PATH",
                       help=t("a submission (folder or zip), or a folder of submissions"))
    grade.add_argument("--out", metavar="DIR",
                       help=t("write one report per submission and grades.csv into DIR"))
    grade.add_argument("--json", metavar="FILE",
                       help=t("write the report of one submission to FILE"))
    grade.add_argument("--format", choices=("json", "gradescope"), default="json",
                       help=t("the reports' format: our JSON document, or Gradescope's "
                              "results.json (default: %(default)s)"))
    grade.add_argument("--visibility", choices=_visibilities(), default=None,
                       help=t("Gradescope visibility of the results and the hidden cases "
                              "(default: the course file's, or after_published)"))
    grade.add_argument("--all-or-nothing", action="store_true", default=None,
                       help=t("an exercise earns its points only if every case passes "
                              "(default: points times the share of cases passed)"))
    grade.add_argument("--include-beyond", action="store_true", default=None,
                       help=t("also grade the exercises beyond the lesson ({ids}): their "
                              "points, CSV columns and Gradescope tests are added (default: the "
                              "lesson's {count}, {points} points)",
                              ids=", ".join(e.id for e in manifest.beyond()),
                              count=len(manifest.lesson()),
                              points=f"{sum(e.points for e in manifest.lesson()):g}"))
    grade.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                       help=t("submissions graded at once (default: the number of cores, "
                              "%(default)s)"))
    grade.add_argument("--no-pin", dest="pin", action="store_false", help=t(
        "do not keep each grading process and its workers on one core (by default they are "
        "when --jobs equals the cores this process may use)"))
    _seed_and_timeout(grade, fresh=True)
    _course_options(grade)
    grade.add_argument("--feedback", metavar="DIR", help=t(
        "write a feedback page per student into DIR (Markdown and HTML), as much as "
        "--disclose allows"))
    grade.add_argument("--roster", metavar="FILE", help=t(
        "a CSV that maps submission names to student ids (columns: submission, id; "
        "optional: name, email, section, sis_user_id, sis_login_id)"))
    grade.add_argument("--export", choices=("canvas", "moodle", "csv"), help=t(
        "with --out and --roster: also write the gradebook file that LMS imports"))
    _no_bom(grade)
    grade.add_argument("--memory", type=int, default=1024, metavar="MB",
                       help=t("memory each worker may add on top of torch (default: %(default)s)"))
    grade.add_argument("--shard", metavar="K/N", help=t(
        "grade only share K of N of the submissions (by a hash of each name), for grading a "
        "class on N machines; join the N --out folders with `attn-kit merge`"))
    grade.add_argument("--similarity", action="store_true", help=t(
        "with --out: also write the similarity report of the class into DIR/similarity/"))
    grade.add_argument("--sandbox", choices=[k.value for k in SandboxKind],
                       default=SandboxKind.BASIC.value,
                       help=t("basic: resource limits, and a user id per worker under root; "
                              "bwrap: also run the workers inside bubblewrap, which hides the "
                              "solutions and the submissions (default: %(default)s)"))
    grade.add_argument("--require-sandbox", action="store_true",
                       help=t("refuse to grade unless the kernel confines every worker "
                              "(Landlock and seccomp); a worker that cannot install them is a "
                              "kit error"))

    insights = _command(sub, "insights", "grading.class_commands:cmd_insights", t(
        "rebuild the class view (insights/insights.html) of an earlier grade --out, for "
        "instructors"), exercises=False)
    insights.add_argument("folder", metavar="DIR", help=t("the --out folder of `attn-kit grade`"))
    _no_bom(insights)

    merge = _command(sub, "merge", "grading.class_commands:cmd_merge", t(
        "join the --out folders of `grade --shard K/N` runs into one run's reports, grades.csv "
        "and class view, for instructors"), exercises=False)
    merge.add_argument("folders", nargs="+", metavar="OUT",
                       help=t("the --out folder of each shard (all N of them)"))
    merge.add_argument("--out", metavar="DIR", required=True,
                       help=t("the folder to write the merged run into"))
    _no_bom(merge)

    similar = _command(sub, "similarity", "grading.class_commands:cmd_similarity", t(
        "rank pairs of submissions by the code they share, per exercise (a pointer for a "
        "human, never a verdict), for instructors"), exercises=False)
    similar.add_argument("paths", nargs="+", metavar="PATH",
                         help=t("a folder of submissions (folders or zips)"))
    similar.add_argument("--out", metavar="DIR", required=True, help=t(
        "write similarity.html, similarity.json and similarity.csv into DIR"))

    diff = _command(sub, "diff", "grading.diff:cmd_diff", t(
        "whose grades changed between two runs of `attn-kit grade --out` (a regrade), for "
        "instructors"), exercises=False)
    diff.add_argument("old", metavar="OLD", help=t("the --out folder of the earlier run"))
    diff.add_argument("new", metavar="NEW", help=t("the --out folder of the new run"))
    diff.add_argument("--csv", metavar="FILE", help=t(
        "also write the changes to FILE: one row per student and what changed (key, what, "
        "old, new)"))
    _no_bom(diff)

    bundle = _command(sub, "gradescope-bundle", "grading.commands:cmd_bundle", t(
        "write a Gradescope autograder zip"), t(
        "Write a zip to upload to Gradescope as the autograder: setup.sh, run_autograder and "
        "the kit. The options are baked into run_autograder."), exercises=False)
    bundle.add_argument("out", metavar="OUT.zip", help=t("the zip file to write"))
    bundle.add_argument("--visibility", choices=_visibilities(), default=None,
                        help=t("Gradescope visibility of the results and the hidden cases "
                               "(default: the course file's, or after_published)"))
    bundle.add_argument("--all-or-nothing", action="store_true", default=None,
                        help=t("an exercise earns its points only if every case passes"))
    bundle.add_argument("--include-beyond", action="store_true", default=None,
                        help=t("also grade the exercises beyond the lesson (11 and 12)"))
    _seed_and_timeout(bundle, fresh=True)
    _course_options(bundle)

    course = _command(sub, "course", "grading.commands:cmd_course", t(
        "the course file: `attn-kit course init [FILE]` writes a commented one to edit"),
        exercises=False)
    course.add_argument("action", choices=("init",), help=t("init: write a starting file"))
    course.add_argument("file", nargs="?", default="course.toml", metavar="FILE",
                        help=t("the file to write (default: %(default)s; never overwritten)"))
    return parser


def _course_options(parser: argparse.ArgumentParser) -> None:
    """--course and --disclose; --seed not given leaves the seed to the course file."""
    parser.add_argument("--course", metavar="FILE", help=t(
        "the course file: points, which exercises count, bonus, disclosure, visibility, "
        "seed (see `attn-kit course init`)"))
    parser.add_argument("--disclose", choices=("full", "summary", "scores"), default=None,
                        help=t("what students are shown: full (what failed, expected and "
                               "got, the likely cause, their lines), summary (case names and "
                               "causes), scores (default: the course file's, or full)"))


def _seed_and_timeout(parser: argparse.ArgumentParser, fresh: bool = False) -> None:
    """``fresh``: grading draws a new seed per run (per bundle) unless one is given."""
    if fresh:
        parser.add_argument("--seed", type=int, default=None, help=t(
            "seed of the hidden inputs (default: the course file's, or a fresh random seed "
            "per run, written in every report; give it again to reproduce a run)"))
    else:
        parser.add_argument("--seed", type=int, default=defaults.SEED,
                            help=t("seed of the hidden inputs (default: %(default)s)"))
    parser.add_argument("--timeout", type=float, default=defaults.TIMEOUT,
                        help=t("seconds each case may run (default: %(default)s)"))


def _visibilities() -> tuple[str, ...]:
    from checker.grading.gradescope import VISIBILITIES

    return VISIBILITIES


def _version() -> str:
    from importlib import metadata

    try:
        return f"attention-kit {metadata.version('attention-kit')}"
    except metadata.PackageNotFoundError:
        return "attention-kit (not installed)"


# options of the commands that a learner may also write before the command
# (`attn-kit --exercises DIR check`): moved after it before parsing
_GLOBAL_VALUED = ("--exercises", "--seed", "--timeout")


def options_after_command(argv: list[str]) -> list[str]:
    """``argv`` with the commands' options written before the command moved after it."""
    moved: list[str] = []
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        arg = argv[i]
        name = arg.split("=", 1)[0]
        if name in _GLOBAL_VALUED:
            take = 1 if "=" in arg else 2
            moved += argv[i:i + take]
            del argv[i:i + take]
            continue
        i += 2 if arg == "--lang" else 1
    if not moved or i >= len(argv):
        return argv + moved
    return argv[:i + 1] + moved + argv[i + 1:]


def main(argv: list[str] | None = None) -> int:
    argv = options_after_command(sys.argv[1:] if argv is None else list(argv))
    wanted = _lang_from(argv)
    i18n.set_lang(wanted if wanted in i18n.LANGS else None)
    _argparse_speaks_our_language()
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_USAGE
        module, function = args.handler.split(":")
        handler = getattr(importlib.import_module(f"checker.{module}"), function)
        return handler(args)
    except (UsageError, WorkspaceError, manifest.ManifestError) as exc:
        print(t("attn-kit: {error}", error=clean(str(exc))), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(t("attn-kit: interrupted"), file=sys.stderr)
        return 130


def entry() -> None:
    """The console script: run, clean up, and leave without the interpreter's teardown.

    Tearing down an interpreter that has imported torch and run pytest takes about
    0.8 s here, a third of a whole check; everything worth keeping is written and
    flushed by then, so the process exits directly.
    """
    code = main()
    try:
        from checker.engine import forkserver

        forkserver.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)
