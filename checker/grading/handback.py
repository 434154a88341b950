"""What ``attn-kit grade`` hands back beyond the reports: the course file's choices, the
roster, the feedback pages and the gradebook export.

``prepare`` checks every such option before anything is graded (a usage error names
the mistake); ``annotate`` applies the course and the roster to the graded
submissions (scores, and the JSON documents' ``course`` and ``student`` keys);
``finish`` writes the feedback pages and the export and warns about unmatched names.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text

from checker import files
from checker.grading import course as course_file
from checker.grading import gradebook
from checker.i18n import t
from checker.text import one_line
from checker.usage import UsageError, keep_off_work


ROSTER_RECORD = "roster.json"  # in DIR/insights/: what matched the roster and what did not


@dataclass
class Plan:
    choices: course_file.Choices
    feedback: Path | None = None
    roster: list | None = None
    export: str | None = None
    matching: gradebook.Matching | None = None
    warnings: list = field(default_factory=list)


def prepare(args, work) -> Plan:
    """The run's choices and extra outputs, checked; UsageError on a mistake."""
    course = None
    try:
        if getattr(args, "course", None):
            course = course_file.load(args.course)
        choices = course_file.choose(args, course)
    except course_file.CourseError as exc:
        raise UsageError(str(exc)) from None
    plan = Plan(choices)
    if getattr(args, "feedback", None):
        plan.feedback = Path(args.feedback).expanduser()
        if plan.feedback.exists() and not plan.feedback.is_dir():
            raise UsageError(t("--feedback wants a folder, and {path} is a file",
                               path=args.feedback))
        keep_off_work(plan.feedback, args.feedback, "--feedback", work)
    if getattr(args, "roster", None):
        try:
            plan.roster = gradebook.read_roster(args.roster)
        except gradebook.RosterError as exc:
            raise UsageError(str(exc)) from None
    plan.export = getattr(args, "export", None)
    if plan.export and (plan.roster is None or not getattr(args, "out", None)):
        raise UsageError(t("--export writes into the --out folder and takes the student ids "
                           "from --roster: give both"))
    return plan


def match_roster(plan: Plan, submissions: list[tuple[str, str]]) -> None:
    """Before grading: each submission (``(key, original path)``) with its roster row; a
    roster that names a student ambiguously stops the run here (a usage error)."""
    if plan.roster is None:
        return
    try:
        plan.matching = gradebook.match(plan.roster, submissions)
    except gradebook.RosterError as exc:
        raise UsageError(str(exc)) from None
    plan.warnings = gradebook.unmatched_lines(plan.matching)


def annotate(plan: Plan, graded: list) -> list:
    """The course's scores, and each document's ``student`` (from the roster, by key)."""
    graded = [plan.choices.apply(g) for g in graded]
    if plan.matching is None:
        return graded
    for g in graded:
        if g.document is not None:
            student = plan.matching.students.get(g.key)
            g.document = {**g.document, "student": student.to_dict() if student else None}
    return graded


def course_cell(plan: Plan) -> str | None:
    """What grades.csv's ``course`` column holds (None: no course file, no column)."""
    return plan.choices.course.label() if plan.choices.course is not None else None


def finish(plan: Plan, graded: list, out: Path | None, console, bom: bool = True) -> None:
    """Write the feedback pages and the export; print the warnings and what was written."""
    for warning in plan.warnings:
        console.print(Text(t("warning: {message}", message=one_line(warning, 300)),
                           style="yellow"))
    if plan.matching is not None:
        console.print(Text(t("Roster: {matched} submissions matched, {subs} without a roster "
                             "row, {rows} roster rows without a submission",
                             matched=len(plan.matching.students),
                             subs=len(plan.matching.unmatched_submissions),
                             rows=len(plan.matching.unmatched_students))))
    if plan.matching is not None and out is not None:
        # in the kit's own folder: a top-level NAME.json is always a student's report
        from checker.grading import insights_files

        files.write_json(insights_files.folder(out) / ROSTER_RECORD, plan.matching.to_dict())
    if plan.feedback is not None:
        from checker.grading import feedback

        def failed(name: str, error: Exception) -> None:
            console.print(Text(t("the feedback of {name} could not be written: {error}",
                                 name=name, error=one_line(str(error)))))

        written = feedback.write(plan.feedback, graded, plan.choices.disclose, failed)
        console.print(Text(t("{n} feedback pages ({disclose}) written to {folder}",
                             n=len(written) // 2, disclose=plan.choices.disclose,
                             folder=plan.feedback)))
    if plan.export and out is not None and plan.matching is not None:
        name = gradebook.EXPORTS[plan.export]
        assignment = plan.choices.course.assignment if plan.choices.course else \
            course_file.DEFAULT_ASSIGNMENT
        files.write_csv(out / name, gradebook.export_text(plan.export, graded, plan.matching,
                                                          assignment), bom=bom)
        for warning in gradebook.export_warnings(plan.export, graded, plan.matching):
            console.print(Text(t("warning: {message}", message=one_line(warning, 400)),
                               style="yellow"))
        console.print(Text(t("Gradebook for {lms} written to {path}", lms=plan.export,
                             path=out / name)))
