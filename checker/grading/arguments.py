"""The instructor's commands on the command line: grade, insights, merge, similarity, diff,
gradescope-bundle and course."""
from __future__ import annotations

import argparse
import os

from checker import manifest
from checker.arguments import command, no_bom, seed_and_timeout
from checker.grading import steps
from checker.grading.records import SandboxKind
from checker.i18n import t


def register(sub) -> None:
    """Add this part's commands to the kit's command line (``cli.build_parser``)."""
    grade = command(sub, "grade", "grading.commands:cmd_grade", t(
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
    grade.add_argument("--visibility", choices=visibilities(), default=None,
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
    grade.add_argument("--include-modern", action="store_true", default=None,
                       help=t("also grade modern attention ({ids}): tiles with an online "
                              "softmax, RoPE, grouped queries, window and ALiBi",
                              ids=_ids(manifest.modern())))
    grade.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                       help=t("submissions graded at once (default: the number of cores, "
                              "%(default)s)"))
    grade.add_argument("--no-pin", dest="pin", action="store_false", help=t(
        "do not keep each grading process and its workers on one core (by default they are "
        "when --jobs equals the cores this process may use)"))
    seed_and_timeout(grade, fresh=True)
    course_options(grade)
    grade.add_argument("--feedback", metavar="DIR", help=t(
        "write a feedback page per student into DIR (Markdown and HTML), as much as "
        "--disclose allows"))
    grade.add_argument("--roster", metavar="FILE", help=t(
        "a CSV that maps submission names to student ids (columns: submission, id; "
        "optional: name, email, section, sis_user_id, sis_login_id)"))
    grade.add_argument("--export", choices=("canvas", "moodle", "csv"), help=t(
        "with --out and --roster: also write the gradebook file that LMS imports"))
    no_bom(grade)
    grade.add_argument("--memory", type=int, default=1024, metavar="MB",
                       help=t("memory each worker may add on top of torch (default: %(default)s)"))
    grade.add_argument("--shard", metavar="K/N", help=t(
        "grade only share K of N of the submissions (by a hash of each name), for grading a "
        "class on N machines; join the N --out folders with `attn-kit merge`"))
    grade.add_argument("--sandbox", choices=[k.value for k in SandboxKind],
                       default=SandboxKind.BASIC.value,
                       help=t("basic: resource limits, and a user id per worker under root; "
                              "bwrap: also run the workers inside bubblewrap, which hides the "
                              "solutions and the submissions; none: without Linux's layers "
                              "(Landlock, seccomp, the memory limit), as on macOS, said in "
                              "every report (default: %(default)s)"))
    grade.add_argument("--require-sandbox", action="store_true",
                       help=t("refuse to grade unless the kernel confines every worker "
                              "(Landlock and seccomp); a worker that cannot install them is a "
                              "kit error"))

    steps.arguments(grade)  # each after-step's own flags (--similarity, ...)

    insights = command(sub, "insights", "grading.class_commands:cmd_insights", t(
        "rebuild the class view (insights/insights.html) of an earlier grade --out, for "
        "instructors"), exercises=False)
    insights.add_argument("folder", metavar="DIR", help=t("the --out folder of `attn-kit grade`"))
    no_bom(insights)

    merge = command(sub, "merge", "grading.class_commands:cmd_merge", t(
        "join the --out folders of `grade --shard K/N` runs into one run's reports, grades.csv "
        "and class view, for instructors"), exercises=False)
    merge.add_argument("folders", nargs="+", metavar="OUT",
                       help=t("the --out folder of each shard (all N of them)"))
    merge.add_argument("--out", metavar="DIR", required=True,
                       help=t("the folder to write the merged run into"))
    no_bom(merge)

    similar = command(sub, "similarity", "grading.class_commands:cmd_similarity", t(
        "rank pairs of submissions by the code they share, per exercise (a pointer for a "
        "human, never a verdict), for instructors"), exercises=False)
    similar.add_argument("paths", nargs="+", metavar="PATH",
                         help=t("a folder of submissions (folders or zips)"))
    similar.add_argument("--out", metavar="DIR", required=True, help=t(
        "write similarity.html, similarity.json and similarity.csv into DIR"))

    diff = command(sub, "diff", "grading.diff:cmd_diff", t(
        "whose grades changed between two runs of `attn-kit grade --out` (a regrade), for "
        "instructors"), exercises=False)
    diff.add_argument("old", metavar="OLD", help=t("the --out folder of the earlier run"))
    diff.add_argument("new", metavar="NEW", help=t("the --out folder of the new run"))
    diff.add_argument("--csv", metavar="FILE", help=t(
        "also write the changes to FILE: one row per student and what changed (key, what, "
        "old, new)"))
    no_bom(diff)

    bundle = command(sub, "gradescope-bundle", "grading.commands:cmd_bundle", t(
        "write a Gradescope autograder zip"), t(
        "Write a zip to upload to Gradescope as the autograder: setup.sh, run_autograder and "
        "the kit. The options are baked into run_autograder."), exercises=False)
    bundle.add_argument("out", metavar="OUT.zip", help=t("the zip file to write"))
    bundle.add_argument("--visibility", choices=visibilities(), default=None,
                        help=t("Gradescope visibility of the results and the hidden cases "
                               "(default: the course file's, or after_published)"))
    bundle.add_argument("--all-or-nothing", action="store_true", default=None,
                        help=t("an exercise earns its points only if every case passes"))
    bundle.add_argument("--include-beyond", action="store_true", default=None,
                        help=t("also grade the exercises beyond the lesson ({ids})",
                               ids=", ".join(e.id for e in manifest.beyond())))
    bundle.add_argument("--include-modern", action="store_true", default=None,
                        help=t("also grade modern attention ({ids})",
                               ids=_ids(manifest.modern())))
    seed_and_timeout(bundle, fresh=True)
    course_options(bundle)

    course = command(sub, "course", "grading.commands:cmd_course", t(
        "the course file: `attn-kit course init [FILE]` writes a commented one to edit"),
        exercises=False)
    course.add_argument("action", choices=("init",), help=t("init: write a starting file"))
    course.add_argument("file", nargs="?", default="course.toml", metavar="FILE",
                        help=t("the file to write (default: %(default)s; never overwritten)"))


def _ids(exercises) -> str:
    return ", ".join(e.id for e in exercises) or t("none yet")


def course_options(parser: argparse.ArgumentParser) -> None:
    """--course and --disclose; --seed not given leaves the seed to the course file."""
    parser.add_argument("--course", metavar="FILE", help=t(
        "the course file: points, which exercises count, bonus, disclosure, visibility, "
        "seed (see `attn-kit course init`)"))
    parser.add_argument("--disclose", choices=("full", "summary", "scores"), default=None,
                        help=t("what students are shown: full (what failed, expected and "
                               "got, the likely cause, their lines), summary (case names and "
                               "causes), scores (default: the course file's, or full)"))


def visibilities() -> tuple[str, ...]:
    from checker.grading.gradescope import VISIBILITIES

    return VISIBILITIES
