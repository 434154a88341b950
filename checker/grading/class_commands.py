"""The instructor's class-level commands: ``attn-kit insights`` (and the class view that
``grade --out`` writes), ``attn-kit merge`` and ``attn-kit similarity``."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text

from checker.i18n import t
from checker.text import one_line
from checker.usage import EXIT_OK, UsageError


def write_class_view(out: Path, graded: list, console) -> None:
    """After ``grade --out``: the class view beside the reports (a failure costs it alone)."""
    from checker.grading import insights_files

    try:
        page = insights_files.write(out, insights_files.view_of(graded))
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
    page = insights_files.write(out, view)
    make_console().print(Text(t("Class view written to {path}", path=page)))
    return EXIT_OK
