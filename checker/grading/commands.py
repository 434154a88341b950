"""The instructor's commands: ``attn-kit grade`` and ``attn-kit gradescope-bundle``."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text

from checker import files
from checker.grading.records import GradeStatus, SandboxKind
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
            found = submission.find(path)
        except submission.SubmissionError as exc:
            if not (args.json and path.is_dir()):
                raise UsageError(str(exc)) from None
            found = [path]  # one folder with no exercise file: graded, it says no_files
        if args.json and len(found) > 1:  # a class folder, graded as one student
            raise UsageError(t("{path} holds {n} submissions and --json writes one "
                               "submission's report: use --out DIR for a class", path=raw,
                               n=len(found)))
        if args.json and not (len(found) == 1 and submission.is_group(found[0])):
            found = [path]
            try:
                submission.load(found[0])  # one submission: say now if it cannot be read
            except submission.SubmissionError as exc:
                raise UsageError(str(exc)) from None
        paths += [p for p in found if out is None or p.resolve() != out]
    if args.json and len(paths) != 1:
        raise UsageError(t("--json writes one submission's report; use --out DIR for several"))
    if not paths:
        raise UsageError(t("no submissions to grade"))
    return paths


def _shard_spec(args) -> tuple[int, int] | None:
    """``--shard K/N``, checked before anything is read."""
    if getattr(args, "shard", None) is None:
        return None
    from checker.grading.class_commands import shard_spec

    if not args.out:
        raise UsageError(t("--shard writes its share into a folder: give --out DIR"))
    if args.seed is None:
        raise UsageError(t("--shard needs --seed: every shard must grade with the same hidden "
                           "inputs"))
    return shard_spec(args.shard)


def _graded_folder(raws: list[str]) -> Path:
    """What the CSV's path column is relative to: the class folder (or the common folder of
    the paths given; a submission's own folder when one is given alone)."""
    import os

    from checker.engine import submission

    bases = []
    for raw in raws:
        path = Path(raw).expanduser().absolute()
        alone = not path.is_dir() or submission.looks_like_submission(path)
        bases.append(str(path.parent if alone else path))
    return Path(os.path.commonpath(bases)) if bases else Path.cwd()


def _check_bwrap() -> None:
    from checker.engine.sandbox import bwrap_problem

    problem = bwrap_problem()
    if problem:
        raise UsageError(t("--sandbox bwrap cannot be used: {problem}", problem=problem))


def _engine_for(args) -> None:
    """Grading confines each worker with Linux's layers (or bubblewrap): on a system without
    them (macOS, ``ATTN_KIT_ENGINE=portable``) it refuses, unless ``--sandbox none`` asks
    for the portable engine, which every report then names (on Linux too)."""
    from checker.engine import host

    if args.sandbox == SandboxKind.NONE:
        if getattr(args, "require_sandbox", False):
            raise UsageError(t("--require-sandbox cannot be used with --sandbox none"))
        host.use_portable()
    elif host.portable():
        raise UsageError(t(
            "grading needs Linux's layers (Landlock, seccomp, /proc) or bubblewrap, and they "
            "are not here ({why}): grade on Linux with --sandbox basic or --sandbox bwrap, or "
            "pass --sandbox none to grade without them (every report says so)",
            why=host.why_not_linux()))


def _require_kernel_layers(args) -> None:
    """Probe the kernel layers (once, in a fork that has torch already: inherited by the
    pool) and refuse with --require-sandbox when one is off."""
    from checker.engine import layers

    missing = layers.missing_kernel_layers()
    if missing and getattr(args, "require_sandbox", False):
        raise UsageError(t("--require-sandbox: the kernel layers are off here: {layers}",
                           layers="; ".join(missing)))


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
    from checker.grading import steps

    run = steps.Run(args, out=out, bom=not getattr(args, "no_bom", False))
    steps.check(run)  # every after-step's flags, before anything is read
    spec = _shard_spec(args)
    paths = _grade_paths(args)
    shard = None
    if spec is not None:
        from checker.grading.class_commands import shard_of_run

        shard = shard_of_run(spec, paths, _graded_folder(args.paths))
        paths = shard["paths"]
    if json_path is not None:
        keep_off_work(json_path, args.json, "--json", paths)
    if out is not None:
        keep_off_work(out, args.out, "--out", paths)
    _engine_for(args)
    if args.sandbox == SandboxKind.BWRAP:
        _check_bwrap()
    from checker.grading import handback

    # the course file, the roster, --feedback (never inside what is graded), --export
    plan = handback.prepare(args, [*paths, *args.paths])
    choices = plan.choices

    from checker.console import make_console
    from checker.engine import startup
    from checker.grading import grade, reports
    from checker.grading.records import Options

    hide = tuple(str(Path(p).resolve()) for p in [*args.paths, *([out] if out else [])])
    seed = fresh_seed() if choices.seed is None else choices.seed
    options = Options(seed=seed, timeout=args.timeout, all_or_nothing=choices.all_or_nothing,
                      jobs=args.jobs, pin=getattr(args, "pin", True),
                      limits=Limits(memory_mb=args.memory, require_kernel=bool(
                          getattr(args, "require_sandbox", False))),
                      sandbox=SandboxKind(args.sandbox), hide=hide,
                      include_beyond=choices.include_beyond,
                      include_modern=choices.include_modern,
                      exercise_ids=choices.exercise_ids())
    # the run's clean fork server first: its start (a Python importing torch) runs beside
    # ours; grading processes are forked with torch already imported, warnings silenced
    servers = grade.start_servers(options)
    try:
        with startup.quiet():
            import torch  # noqa: F401
        _require_kernel_layers(args)
        grade.warm_up()  # what every grading process needs, imported once and inherited
    except BaseException:
        if servers is not None:
            servers.close()
        raise
    console = make_console()
    base = _graded_folder(args.paths)
    # each student's key, found once (the whole class's names when this is a shard)
    keys, relpaths, collisions = grade.names_for(paths, base)
    if shard is not None:
        keys, collisions = shard["names"], shard["collisions"]
    try:  # a roster that names a student ambiguously stops the run before grading
        handback.match_roster(plan, list(zip(keys, relpaths)))
    except BaseException:
        if servers is not None:
            servers.close()
        raise
    for collision in collisions:
        console.print(Text(reports.collision_line(collision)))

    with reports.grading_progress(console, len(paths)) as advance, startup.quiet():
        graded = grade.grade_all(paths, options,
                                 on_result=lambda g: advance(choices.apply(g)),
                                 base=base, names=keys, servers=servers)
    graded = handback.annotate(plan, graded)
    bom = run.bom
    if json_path is not None:
        files.write_json(json_path, reports.document_for(graded[0], args.format,
                                                         choices.visibility, choices.disclose))
    def not_written(name: str, error: Exception) -> None:
        console.print(Text(t("the report of {name} could not be written: {error}", name=name,
                             error=one_line(str(error)))))

    written = reports.write_out(out, graded, args.format, choices.visibility,
                                on_failure=not_written, disclose=choices.disclose,
                                course=handback.course_cell(plan), bom=bom) if out else []
    console.print(reports.summary_table(graded, console.plain))
    console.print(Text(reports.status_counts(graded)))
    for line in reports.submission_warnings(graded):  # a file taken under a near name
        console.print(Text(line))
    console.print(Text(t("Seed {seed}: grade again with --seed {seed} to reproduce this run "
                         "exactly", seed=seed)))
    if options.sandbox == SandboxKind.NONE:
        console.print(Text(t("Graded with --sandbox none: the workers ran without Linux's "
                             "layers (Landlock, seccomp, the memory limit), as every report "
                             "says (sandbox.layers)")))
    handback.finish(plan, graded, out, console, bom=bom)
    if json_path is not None:
        console.print(Text(t("Report written to {path}", path=json_path)))
    if written:
        console.print(Text(t("{n} reports and {csv} written to {folder}", n=len(written) - 1,
                             csv=reports.CSV_NAME, folder=out)))
    run.paths, run.shard, run.seed, run.console, run.graded = paths, shard, seed, console, graded
    steps.after(run)  # the class view, a shard's record, similarity, review, kit errors
    if any(g.status == GradeStatus.KIT_ERROR for g in graded):
        return EXIT_INTERNAL  # the kit failed, not these students (KitErrors named them)
    return EXIT_OK


def fresh_seed() -> int:
    """A seed no one knows in advance: the hidden inputs of a run (a bundle) are new."""
    import secrets

    return secrets.randbelow(2**31 - 1) + 1


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
    from checker.grading import course as course_file

    try:  # every choice is baked into run_autograder; the course file adds its points
        course = course_file.load(args.course) if args.course else None
        choices = course_file.choose(args, course)
    except course_file.CourseError as exc:
        raise UsageError(str(exc)) from None
    seed = fresh_seed() if choices.seed is None else choices.seed  # one per bundle
    options = ["--visibility", choices.visibility, "--disclose", choices.disclose,
               "--seed", str(seed), "--timeout", f"{args.timeout:g}"]
    if choices.all_or_nothing:
        options.append("--all-or-nothing")
    if choices.include_beyond:
        options.append("--include-beyond")
    if choices.include_modern:
        options.append("--include-modern")
    if args.lang:  # the feedback's language on Gradescope (its machines default to English)
        options += ["--lang", args.lang]
    names = gradescope.bundle(out, options, Path(course.path) if course else None)
    print(t("Gradescope autograder written to {path} ({n} files: setup.sh, run_autograder, "
            "requirements.txt and the kit).", path=out, n=len(names)))
    print(t("Its hidden inputs use seed {seed}, the same for every submission it grades; "
            "grade with --seed {seed} to reproduce a result.", seed=seed))
    print(t("Upload it as the assignment's autograder (Configure Autograder > Zip file upload)."))
    return EXIT_OK


# ---------------------------------------------------------------- course init
def cmd_course(args) -> int:
    from checker.grading import course as course_file

    path = Path(args.file).expanduser()
    if path.exists():
        raise UsageError(t("{path} already exists: it is never overwritten (give another "
                           "name, or edit it)", path=args.file))
    if not path.parent.resolve().is_dir():
        raise UsageError(t("cannot write {path}: the folder {folder} does not exist",
                           path=args.file, folder=path.parent))
    try:
        with open(path, "x", encoding="utf-8") as f:  # "x": never over a file made meanwhile
            f.write(course_file.init_text())
    except OSError as exc:
        raise UsageError(t("cannot write {path}: {error}", path=args.file,
                           error=exc.strerror or exc)) from None
    print(t("Course file written to {path}: edit it, then grade with "
            "`attn-kit grade SUBMISSIONS --course {path} --out grades/`.", path=args.file))
    return EXIT_OK
