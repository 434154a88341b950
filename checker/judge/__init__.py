"""The pytest bridge: ``runner`` runs the hidden cases (``cases/``) with pytest, the
``plugin`` maps pytest's reports to the typed ``results`` model, and ``compare`` holds the
comparisons that fail with a message that teaches. Everything here runs in the checker's
own process and reaches learner code only through the engine's workers."""


def run(target, selected=None, options=None):
    """Check ``selected`` exercises of ``target`` (a folder or a ``Submission``) with
    ``options`` (a ``checker.options.RunOptions``); a ``results.Run``. The one entry
    every command uses (``runner.run``; imported here only when called: pytest and
    torch are not needed to read results)."""
    from checker.judge import runner

    return runner.run(target, selected, options)
