"""The instructor's commands: ``attn-kit grade`` and ``attn-kit gradescope-bundle``."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text

from checker import files
from checker.grading.model import GradeStatus, SandboxKind
from checker.i18n import t
from checker.text import one_line
from checker.usage import (EXIT_INTERNAL, EXIT_OK, UsageError, keep_off_work, output_file,
                           positive_timeout)


# ---------------------------------------------------------------------- grade
def _grade_paths(args) -> list[Path]:
    from checker.engine import submission

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
        raise UsageError(t("--json writes one submission's report; use --out DIR for several"))
    if not paths:
        raise UsageError(t("no submissions to grade"))
    return paths


def _check_bwrap() -> None:
    from checker.engine.sandbox import bwrap_problem

    problem = bwrap_problem()
    if problem:
        raise UsageError(t("--sandbox bwrap cannot be used: {problem}", problem=problem))


def cmd_grade(args) -> int:
    from checker.engine.sandbox import Limits

    positive_timeout(args.timeout)
    if args.jobs < 1:
        raise UsageError(t("--jobs must be at least 1"))
    if args.memory < 64:
        raise UsageError(t("--memory must be at least 64 (MB)"))
    json_path = output_file(args.json)
    out = Path(args.out).expanduser() if args.out else None
    if out is not None and out.exists() and not out.is_dir():
        raise UsageError(t("--out wants a folder, and {path} is a file", path=args.out))
    paths = _grade_paths(args)
    if json_path is not None:
        keep_off_work(json_path, args.json, "--json", paths)
    if out is not None:
        keep_off_work(out, args.out, "--out", paths)
    if args.sandbox == SandboxKind.BWRAP:
        _check_bwrap()
    from checker.engine import layers

    missing = layers.missing_kernel_layers()  # probed once here, inherited by the pool
    if missing and getattr(args, "require_sandbox", False):
        raise UsageError(t("--require-sandbox: the kernel layers are off here: {layers}",
                           layers="; ".join(missing)))

    import warnings

    warnings.filterwarnings("ignore")
    import torch  # noqa: F401  (grading processes are forked with torch already imported)

    from checker.console import make_console
    from checker.grading import grade, reports
    from checker.grading.model import Options

    hide = tuple(str(Path(p).resolve()) for p in [*args.paths, *([out] if out else [])])
    options = Options(seed=args.seed, timeout=args.timeout, all_or_nothing=args.all_or_nothing,
                      jobs=args.jobs, limits=Limits(memory_mb=args.memory, require_kernel=bool(
                          getattr(args, "require_sandbox", False))),
                      sandbox=SandboxKind(args.sandbox), hide=hide,
                      include_beyond=args.include_beyond)
    console = make_console()
    with reports.grading_progress(console, len(paths)) as advance:
        graded = grade.grade_all(paths, options, on_result=advance)
    if json_path is not None:
        files.write_json(json_path, reports.document_for(graded[0], args.format, args.visibility))
    def not_written(name: str, error: Exception) -> None:
        console.print(Text(t("the report of {name} could not be written: {error}", name=name,
                             error=one_line(str(error)))))

    written = reports.write_out(out, graded, args.format, args.visibility,
                                on_failure=not_written) if out else []
    console.print(reports.summary_table(graded, console.plain))
    if json_path is not None:
        console.print(Text(t("Report written to {path}", path=json_path)))
    if written:
        console.print(Text(t("{n} reports and {csv} written to {folder}", n=len(written) - 1,
                             csv=reports.CSV_NAME, folder=out)))
    review = [g.name for g in graded if g.document and g.document.get("review")]
    if review:  # the grader's scan of the text: idioms that reach the interpreter's internals
        console.print(Text(t("needs review (internals reached from the code; see \"review\" in "
                             "their reports): {names}", names=", ".join(review))))
    kit_errors = [g.name for g in graded if g.status == GradeStatus.KIT_ERROR]
    if kit_errors:  # the kit failed, not these students: grade them again once it is fixed
        console.print(Text(t("the kit itself failed while grading {names}: these are not the "
                             "students' errors; grade them again", names=", ".join(kit_errors))))
        return EXIT_INTERNAL
    return EXIT_OK


# ---------------------------------------------------------- gradescope-bundle
def cmd_bundle(args) -> int:
    from checker.grading import gradescope

    out = Path(args.out).expanduser()
    if out.suffix.lower() != ".zip":
        raise UsageError(t("the bundle is a zip file: give a name ending in .zip, not {path}",
                           path=args.out))
    if not out.parent.resolve().is_dir():
        raise UsageError(t("cannot write {path}: the folder {folder} does not exist", path=args.out,
                           folder=out.parent))
    positive_timeout(args.timeout)
    options = ["--visibility", args.visibility, "--seed", str(args.seed),
               "--timeout", f"{args.timeout:g}"]
    if args.all_or_nothing:
        options.append("--all-or-nothing")
    if args.include_beyond:
        options.append("--include-beyond")
    if args.lang:  # the feedback's language on Gradescope (its machines default to English)
        options += ["--lang", args.lang]
    names = gradescope.bundle(out, options)
    print(t("Gradescope autograder written to {path} ({n} files: setup.sh, run_autograder, "
            "requirements.txt and the kit).", path=out, n=len(names)))
    print(t("Upload it as the assignment's autograder (Configure Autograder > Zip file upload)."))
    return EXIT_OK
