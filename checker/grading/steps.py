"""What ``attn-kit grade`` does after grading, as a list of small steps (as nbgrader's
preprocessors are): each declares its own flags, checks them before anything is graded,
and does its work once the class is graded.

Adding an after-step is a class here and its place in ``STEPS``: neither the command
line (``grading/arguments.py`` asks every step for its flags) nor ``cmd_grade`` (it runs
``check`` and ``after`` of every step) is edited. A step's failure to write costs its
own output only (it says so in one line); a usage mistake stops the run before grading.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text

from checker.grading.records import GradeStatus
from checker.i18n import t
from checker.usage import UsageError


@dataclass
class Run:
    """One ``grade`` run as its steps see it (filled in as the run goes)."""

    args: argparse.Namespace
    out: Path | None = None          # --out, or None
    paths: list = field(default_factory=list)   # the submissions graded (this shard's)
    shard: dict | None = None        # --shard K/N: the share and the class's names
    seed: int | None = None
    console: object = None
    graded: list = field(default_factory=list)  # the results, once graded
    bom: bool = True                 # CSVs with a byte-order mark (--no-bom)


class Step:
    """An after-step; every method is optional."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the step's flags to ``grade``."""

    def check(self, run: Run) -> None:
        """Before grading: refuse a wrong combination of flags (``UsageError``)."""

    def after(self, run: Run) -> None:
        """After grading: write or say what the step is for."""


class ClassView(Step):
    """``--out DIR`` gets the class view, DIR/insights/."""

    def after(self, run: Run) -> None:
        if run.out is not None:
            from checker.grading.class_commands import write_class_view

            write_class_view(run.out, run.graded, run.console, bom=run.bom)


class ShardRecord(Step):
    """A shard's --out gets insights/shard.json, which ``merge`` checks the shards by."""

    def after(self, run: Run) -> None:
        if run.out is not None and run.shard is not None:
            from checker.grading.class_commands import write_shard_record

            write_shard_record(run.out, run.shard, run.args, run.seed)


class Similarity(Step):
    """``--similarity``: the similarity report of the class, into DIR/similarity/."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--similarity", action="store_true", help=t(
            "with --out: also write the similarity report of the class into DIR/similarity/"))

    def check(self, run: Run) -> None:
        if not getattr(run.args, "similarity", False):
            return
        if not run.args.out:
            raise UsageError(t("--similarity writes its report into a folder: give --out DIR"))
        if getattr(run.args, "shard", None) is not None:
            raise UsageError(t("--similarity compares the whole class, not a shard: run "
                               "`attn-kit similarity SUBS --out DIR` once"))

    def after(self, run: Run) -> None:
        if getattr(run.args, "similarity", False) and run.out is not None:
            from checker.grading.class_commands import write_similarity

            write_similarity(run.out / "similarity", run.paths, run.console)


class Review(Step):
    """The submissions whose text reaches the interpreter's internals: a person reads them."""

    def after(self, run: Run) -> None:
        review = [g.name for g in run.graded if g.document and g.document.get("review")]
        if review:
            run.console.print(Text(t("needs review (internals reached from the code; see "
                                     "\"review\" in their reports): {names}",
                                     names=", ".join(review))))


class KitErrors(Step):
    """Submissions the kit failed on (not the students' errors): named, to grade again."""

    def after(self, run: Run) -> None:
        failed = [g.name for g in run.graded if g.status == GradeStatus.KIT_ERROR]
        if failed:
            run.console.print(Text(t("the kit itself failed while grading {names}: these are "
                                     "not the students' errors; grade them again",
                                     names=", ".join(failed))))


STEPS: tuple[Step, ...] = (ClassView(), ShardRecord(), Similarity(), Review(), KitErrors())


def arguments(parser: argparse.ArgumentParser) -> None:
    for step in STEPS:
        step.arguments(parser)


def check(run: Run) -> None:
    for step in STEPS:
        step.check(run)


def after(run: Run) -> None:
    for step in STEPS:
        step.after(run)
