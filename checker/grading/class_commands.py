"""The instructor's class-level commands: ``attn-kit insights`` (and the class view that
``grade --out`` writes), ``attn-kit merge`` and ``attn-kit similarity``."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text

from checker.i18n import t
from checker.text import one_line
from checker.usage import EXIT_OK, UsageError


def write_class_view(out: Path, graded: list, console, bom: bool = True) -> None:
    """After ``grade --out``: the class view beside the reports (a failure costs it alone)."""
    from checker.grading import insights_files

    try:
        page = insights_files.write(out, insights_files.view_of(graded), bom=bom)
    except (OSError, ValueError) as exc:
        console.print(Text(t("the class view could not be written: {error}",
                             error=one_line(str(exc)))))
        return
    console.print(Text(t("Class view written to {path}", path=page)))


def cmd_insights(args) -> int:
    from checker.console import make_console
    from checker.grading import insights_files

    out = Path(args.folder).expanduser()
    if not out.is_dir():
        raise UsageError(t("{path} is not a folder: give the --out folder of an earlier "
                           "`attn-kit grade`", path=args.folder))
    try:
        view = insights_files.from_folder(out)
    except insights_files.InsightsError:
        raise UsageError(t("{path} holds no reports of `attn-kit grade --out` and no "
                           "insights/insights.json: grade the class into it first",
                           path=args.folder)) from None
    except (OSError, ValueError) as exc:
        raise UsageError(t("the class view in {path} cannot be read: {error}", path=args.folder,
                           error=one_line(str(exc)))) from None
    page = insights_files.write(out, view, bom=not getattr(args, "no_bom", False))
    make_console().print(Text(t("Class view written to {path}", path=page)))
    return EXIT_OK


# ------------------------------------------------------------- shards, merge
def shard_spec(spec: str) -> tuple[int, int]:
    """``--shard K/N`` as (K, N); a usage error if it is not one."""
    from checker.grading import shards

    try:
        return shards.parse(spec)
    except shards.ShardError as exc:
        raise UsageError(str(exc)) from None


def shard_of_run(spec: tuple[int, int], paths: list[Path], base: Path) -> dict:
    """``grade --shard K/N``: the share's paths and names, every name of the class (named
    as one run names it), and the class's name collisions."""
    from checker.grading import grade, shards

    k, n = spec
    names, _relpaths, collisions = grade.names_for(paths, base)
    chosen, chosen_names = shards.select(paths, names, k, n)
    return {"k": k, "n": n, "all_names": names, "paths": chosen, "names": chosen_names,
            "collisions": collisions}


def write_shard_record(out: Path, shard: dict, args, seed: int) -> None:
    from checker.grading import shards

    options = {"seed": seed, "timeout": args.timeout, "all_or_nothing": args.all_or_nothing,
               "include_beyond": args.include_beyond,
               "include_modern": getattr(args, "include_modern", None), "memory": args.memory,
               "sandbox": args.sandbox, "format": args.format, "visibility": args.visibility}
    shards.write_record(out, shard["k"], shard["n"], shard["all_names"], shard["names"], options)


def cmd_merge(args) -> int:
    from checker.console import make_console
    from checker.grading import shards
    from checker.usage import keep_off_work

    out = Path(args.out).expanduser()
    folders = [Path(f).expanduser() for f in args.folders]
    if out.exists() and not out.is_dir():
        raise UsageError(t("--out wants a folder, and {path} is a file", path=args.out))
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(t("{path} is not a folder: give the --out folders of the "
                               "`grade --shard K/N` runs", path=folder))
    keep_off_work(out, args.out, "--out", folders)
    console = make_console()
    try:
        done = shards.merge(folders, out, bom=not getattr(args, "no_bom", False))
    except shards.ShardError as exc:
        raise UsageError(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise UsageError(t("the shards cannot be merged: {error}", error=one_line(str(exc)))) \
            from None
    console.print(Text(t("{shards} shards merged into {folder}: {reports} reports, {rows} rows "
                         "in grades.csv", shards=done["shards"], folder=out,
                         reports=done["reports"], rows=done["rows"])))
    console.print(Text(t("Class view written to {path}", path=done["page"])))
    return EXIT_OK


# ----------------------------------------------------------------- similarity
def write_similarity(folder: Path, paths: list[Path], console) -> None:
    """``grade --similarity``: the report in ``folder`` (a failure costs it alone)."""
    from checker.grading import grade, similarity_report

    try:
        page = similarity_report.write(folder, paths, grade.names_for(paths)[0])
    except (OSError, ValueError) as exc:
        console.print(Text(t("the similarity report could not be written: {error}",
                             error=one_line(str(exc)))))
        return
    console.print(Text(t("Similarity report written to {path} (a pointer for a human, never "
                         "a verdict)", path=page)))


def cmd_similarity(args) -> int:
    from checker.console import make_console
    from checker.engine import submission
    from checker.usage import keep_off_work

    out = Path(args.out).expanduser()
    if out.exists() and not out.is_dir():
        raise UsageError(t("--out wants a folder, and {path} is a file", path=args.out))
    paths: list[Path] = []
    for raw in args.paths:
        try:
            paths += [p for p in submission.find(Path(raw).expanduser())
                      if p.resolve() != out.resolve()]
        except submission.SubmissionError as exc:
            raise UsageError(str(exc)) from None
    if len(paths) < 2:
        raise UsageError(t("similarity compares submissions: give a folder of at least two"))
    keep_off_work(out, args.out, "--out", paths)
    write_similarity(out, paths, make_console())
    return EXIT_OK
