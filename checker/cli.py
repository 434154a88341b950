"""The command line: parses, picks the language, dispatches, and reports usage errors.

``attn-kit COMMAND`` (also ``python -m checker COMMAND``). Each part declares its own
commands and their arguments in its ``arguments.py`` (``register``): learner (watch,
check, list, hint, reset, solution, init), pictures (show), models (model), grading
(grade, insights, merge, similarity, diff, gradescope-bundle, course). Adding a command
edits its part, not this file.

Exit status: 0 every selected exercise passes (or the command did its job);
1 some do not; 2 a usage error (unknown exercise, missing folder, bad option),
with a one-line message; 3 the checker itself could not run.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from checker import i18n, manifest
from checker.arguments import Parser
from checker.i18n import N_, t
from checker.text import clean
from checker.usage import EXIT_USAGE, UsageError
from checker.learner.workspace import WorkspaceError

__all__ = ["main", "entry", "build_parser"]


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


# the parts that have commands, in the order `attn-kit --help` lists them
COMMAND_PARTS = ("learner", "pictures", "models", "grading")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="attn-kit", description=t(
        "attention-kit: learn attention by filling in small exercises, one function at a "
        "time; the checker tells you what works. Start with `attn-kit watch`."))
    parser.add_argument("--version", action="version", version=_version(),
                        help=t("show program's version number and exit"))
    parser.add_argument("--lang", dest="top_lang", choices=i18n.LANGS,
                        help=t("language of the screens: en or zh (default: from LC_ALL / LANG)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for part in COMMAND_PARTS:  # each part declares its own commands
        importlib.import_module(f"checker.{part}.arguments").register(sub)
    return parser


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
    from checker.compat import torch_problem

    wanted = _lang_from(sys.argv[1:])  # before anything imports the engine (it needs a
    i18n.set_lang(wanted if wanted in i18n.LANGS else None)  # recent torch)
    from checker.engine import host  # (a light module: no torch)

    problem = torch_problem() or host.choice_problem()
    if problem:
        print(t("attn-kit: {error}", error=problem), file=sys.stderr)
        os._exit(EXIT_USAGE)
    code = main()
    try:
        from checker.engine import forkserver

        forkserver.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)
