"""attention-kit's checker: runs hidden cases against a learner's exercises.

In a notebook (or any Python session)::

    from checker import check
    result = check("05")          # renders the same report as `attn-kit check 05`
    result.all_passed, result.score
    check("05", repro=True)       # also writes a file that replays the failing case
    workspace()                   # the starter notebooks' first call (docs/notebooks.md)

This package's __init__ stays light on purpose: the fork server is forked from
the checker right after ``import torch``, before anything else is imported.
"""


def _one_line(message: str) -> None:
    """A learner's mistake in a call, said in one line on stderr (no traceback)."""
    import sys

    from checker.text import clean

    print(clean(message), file=sys.stderr)


def check(*ids: str, exercises: str | None = None, lang: str | None = None,
          seed: int | None = None, timeout: float | None = None, show: bool = True,
          all_cases: bool = False, repro: bool = False):
    """Check exercises (all when none are named) and return the ``RunResult``.

    ``exercises``: the folder (default: ``exercises/`` here or above); ``lang``:
    "en" or "zh" (default: from the environment); ``show=False`` only returns;
    ``all_cases=True`` lists every failing case (as ``--all-cases``); ``repro=True``
    writes a file that replays the failing case shown (as ``--repro``) and says where.
    An unknown exercise or folder is said in one line (no traceback) and gives None;
    with ``show=False`` it raises ``ValueError`` with that line.
    """
    from checker import i18n
    from checker.compat import torch_problem
    from checker.engine import host  # (a light module: no torch)

    with i18n.speaking(lang):  # before the engine is imported: it needs a recent torch
        problem = torch_problem() or host.choice_problem()
    if problem:
        if show:
            _one_line(problem)
            return None
        raise RuntimeError(problem)
    with i18n.command_style("notebook"):
        return _check(*ids, exercises=exercises, lang=lang, seed=seed, timeout=timeout,
                      show=show, all_cases=all_cases, repro=repro)


def _check(*ids: str, exercises: str | None = None, lang: str | None = None,
           seed: int | None = None, timeout: float | None = None, show: bool = True,
           all_cases: bool = False, repro: bool = False):
    from checker import i18n, manifest, usage
    from checker.console import make_console
    from checker.learner import commands, report, workspace

    with i18n.speaking(lang):
        try:
            chosen = usage.selected(list(ids)) if ids else list(manifest.load())
            folder = workspace.find_exercises(exercises, option='exercises="path"')
        except (usage.UsageError, workspace.WorkspaceError) as exc:
            if show:
                _one_line(str(exc))
                return None
            raise ValueError(str(exc)) from None
        from checker.options import RunOptions

        given = {"seed": seed, "timeout": timeout}
        done = commands.run_check(folder, chosen, RunOptions(
            replay=repro, **{k: v for k, v in given.items() if v is not None}))
        run = done.result
        console = make_console()
        if show:
            report.render(run, console, "notebook", all_cases=all_cases)
        if repro:  # the file's path is said even with show=False: it is what was asked for
            for line in commands.replay_lines(run, folder, done.options.timeout):
                console.print(line, soft_wrap=True)
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

    with i18n.speaking(lang):
        try:
            chosen = usage.selected([exercise])[0]
        except usage.UsageError as exc:
            _one_line(str(exc))
            return
        try:
            state = workspace.State(workspace.find_exercises(exercises,
                                                             option='exercises="path"'))
        except workspace.WorkspaceError:
            state = None
        console = make_console()
        with i18n.command_style("notebook"):
            shown = commands.hint_text(chosen, state, all, last_ok=last)
        for line in shown.lines:
            console.print(line)
        if shown.needs_yes:
            console.print(i18n.t("To see them: hint(\"{id}\", all=True, last=True)", id=chosen.id)
                          if all else i18n.t("To see it: hint(\"{id}\", last=True)", id=chosen.id))


def workspace(folder: str = "attention-work", *, lang: str | None = None) -> str | None:
    """Work in your workspace: the folder that holds ``exercises/`` here or above (as
    ``check()`` finds it), else ``folder``, made as `attn-kit init` makes one (fresh stubs)
    unless it holds one already (a hosted notebook, run after run). The working folder
    becomes it, so every later call finds it; returns its path (None, after one line,
    when it cannot be made). The starter notebooks call it first (docs/notebooks.md).
    """
    import os

    from checker import i18n, manifest
    from checker.learner import workspace as place

    with i18n.speaking(lang):
        try:
            root, made = place.found_or_made(folder)
        except place.WorkspaceError as exc:
            _one_line(str(exc))
            return None
        os.chdir(root)
        print(i18n.t("Workspace ready: {path} holds the {n} exercises as fresh stubs.",
                     path=root / "exercises", n=len(manifest.load())) if made
              else i18n.t("Your workspace: {path}", path=root))
    return str(root)


def show(exercise: str, *, sentence: str | None = None, reference: bool = False,
         seed: int | None = None, lang: str | None = None, exercises: str | None = None):
    """Pictures of an exercise's attention (04 to 12), as `attn-kit show NN`: in a
    notebook, matplotlib figures (``pip install "attention-kit[plot]"``) of the weights
    your functions give next to the reference's. Returns the figure (None without
    matplotlib, after saying how to install it).
    """
    from checker.pictures import notebook

    return notebook.show(exercise, sentence=sentence, reference=reference, seed=seed,
                         lang=lang, exercises=exercises)


def model(which: str, *, sentences: list[str] | None = None, reference: bool = False,
          no_mask: bool = False, steps: int | None = None, seed: int = 0,
          lang: str | None = None, exercises: str | None = None):
    """Run your attention inside a real model, as `attn-kit model encoder|gpt`, and
    return its results (a dict, the same keys as ``--json``); tables and figures are
    shown as they come. Needs ``pip install "attention-kit[model]"``.
    """
    from checker.models import notebook

    return notebook.model(which, sentences=sentences, reference=reference, no_mask=no_mask,
                          steps=steps, seed=seed, lang=lang, exercises=exercises)
