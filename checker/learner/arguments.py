"""The learner's commands on the command line: watch, check, list, hint, reset, solution, init."""
from __future__ import annotations

from checker.arguments import command, seed_and_timeout
from checker.i18n import t


def register(sub) -> None:
    """Add this part's commands to the kit's command line (``cli.build_parser``)."""
    watch = command(sub, "watch", "learner.watch:cmd_watch", t(
        "check each exercise as you save it, with hints and progress (start here)"))
    seed_and_timeout(watch)

    check = command(sub, "check", "learner.commands:cmd_check", t(
        "check your exercises (all, or the ones named)"))
    check.add_argument("ids", nargs="*", metavar="NN",
                       help=t("exercises to check, e.g. 05, 5, ex05, softmax, causal_mask or "
                              "exercises/ex05_softmax.py (default: all)"))
    check.add_argument("--json", metavar="FILE", help=t(
        "also write the JSON report (pytest-json-report plus scores) to FILE"))
    check.add_argument("--all-cases", action="store_true", help=t(
        "list every failing case, not only one for each function and cause"))
    check.add_argument("--repro", action="store_true", help=t(
        "write a short Python file that replays the failing case shown (run it with python)"))
    seed_and_timeout(check)

    command(sub, "list", "learner.commands:cmd_list", t(
        "every exercise with its status, points and lesson section, and the one to do next"))

    hint = command(sub, "hint", "learner.commands:cmd_hint", t(
        "the next hint for an exercise (one level more each time)"))
    hint.add_argument("exercise", metavar="NN", help=t("the exercise, e.g. 05"))
    hint.add_argument("--all", action="store_true", help=t("show every hint level"))
    hint.add_argument("--yes", action="store_true",
                      help=t("show the last hint, which nearly gives the answer, without asking"))

    reset = command(sub, "reset", "learner.commands:cmd_reset", t(
        "put an exercise's original stub back (your file is backed up first)"))
    reset.add_argument("ids", nargs="+", metavar="NN", help=t("the exercises to reset"))

    solution = command(sub, "solution", "learner.commands:cmd_solution", t(
        "the reference solution of an exercise, once it passes"))
    solution.add_argument("exercise", metavar="NN", help=t("the exercise, e.g. 05"))
    solution.add_argument("--force", action="store_true",
                          help=t("show it even if the exercise does not pass yet (asks first)"))
    solution.add_argument("--yes", action="store_true", help=t("with --force: do not ask"))

    init = command(sub, "init", "learner.commands:cmd_init", t(
        "make a workspace with fresh exercise stubs (for a kit installed with pip)"),
        exercises=False)
    init.add_argument("folder", metavar="DIR", help=t("the folder to create or fill"))
    init.add_argument("--notebook", action="store_true", help=t(
        "also write a starter notebook per part into DIR/notebooks/, in the run's language"))
