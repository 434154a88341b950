"""What every part's commands share on the command line: the parser that errs in one
line, the options every command has, and the run options several commands take.

Each part declares its own commands (``<part>/arguments.py``, a ``register(sub)``
each) with these; ``cli.build_parser`` only asks the parts in turn. A handler is named
as ``"part.module:function"`` and imported when its command runs, so that the command
line stays light (``check`` imports nothing of grading, pictures or models).
"""
from __future__ import annotations

import argparse

from checker import defaults, i18n
from checker.i18n import t
from checker.usage import UsageError


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage dump
        if " " in self.prog:
            raise UsageError(t("{message} (see `attn-kit {command} --help`)", message=message,
                               command=self.prog.split()[-1]))
        raise UsageError(t("{message} (see `attn-kit --help`)", message=message))


def common(parser: argparse.ArgumentParser, exercises: bool = True) -> None:
    parser.add_argument("--lang", choices=i18n.LANGS,
                        help=t("language of the screens: en or zh (default: from LC_ALL / LANG)"))
    if exercises:
        parser.add_argument("--exercises", metavar="DIR",
                            help=t("the folder with the exercise files (default: exercises/ "
                                   "here or above)"))


def command(sub, name: str, handler: str, help_: str, description: str = "",
            exercises: bool = True) -> argparse.ArgumentParser:
    """A command of ``sub``, its common options and its handler (``"part.module:function"``)."""
    parser = sub.add_parser(name, help=help_, description=description or help_)
    common(parser, exercises)
    parser.set_defaults(handler=handler)
    return parser


def no_bom(parser) -> None:
    parser.add_argument("--no-bom", action="store_true", help=t(
        "write the CSV files without the UTF-8 byte-order mark (by default they have one, so "
        "that Excel reads accents and CJK right)"))


def seed_and_timeout(parser: argparse.ArgumentParser, fresh: bool = False) -> None:
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
