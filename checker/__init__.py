"""attention-kit's checker: runs hidden cases against a learner's exercises.

In a notebook (or any Python session)::

    from checker import check
    result = check("05")          # renders the same report as `attn-kit check 05`
    result.all_passed, result.score

This package's __init__ stays light on purpose: the fork server is forked from
the checker right after ``import torch``, before anything else is imported.
"""


def check(*ids: str, exercises: str | None = None, lang: str | None = None,
          seed: int | None = None, timeout: float | None = None, show: bool = True):
    """Check exercises (all when none are named) and return the ``RunResult``.

    ``exercises``: the folder (default: ``exercises/`` here or above); ``lang``:
    "en" or "zh" (default: from the environment); ``show=False`` only returns.
    Raises ``ValueError`` with a one-line message for an unknown exercise or folder.
    """
    from checker import i18n, manifest, usage
    from checker.console import make_console
    from checker.learner import commands, report, workspace

    i18n.set_lang(lang)
    try:
        chosen = usage.selected(list(ids)) if ids else list(manifest.load())
        folder = workspace.find_exercises(exercises, option='exercises="path"')
    except (usage.UsageError, workspace.WorkspaceError) as exc:
        raise ValueError(str(exc)) from None
    run, _ = commands.run_check(folder, chosen, seed=seed, timeout=timeout)
    if show:
        report.render(run, make_console(), "notebook")
    return run


def hint(exercise: str, *, all: bool = False, last: bool = False,  # noqa: A002
         lang: str | None = None, exercises: str | None = None) -> None:
    """Show the next hint of an exercise (remembered, as `attn-kit hint`), or every hint.

    The hints follow the function that fails at the last ``check``. The last hint nearly
    gives the answer: it is shown only with ``last=True``.
    """
    from checker import i18n, usage
    from checker.console import make_console
    from checker.learner import commands, workspace

    i18n.set_lang(lang)
    try:
        chosen = usage.selected([exercise])[0]
    except usage.UsageError as exc:
        raise ValueError(str(exc)) from None
    try:
        state = workspace.State(workspace.find_exercises(exercises, option='exercises="path"'))
    except workspace.WorkspaceError:
        state = None
    console = make_console()
    shown = commands.hint_text(chosen, state, all, last_ok=last)
    for line in shown.lines:
        console.print(line)
    if shown.needs_yes:
        console.print(i18n.t("To see it: hint(\"{id}\", last=True)", id=chosen.id))
