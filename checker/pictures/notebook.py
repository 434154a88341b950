"""``show("08")`` in a notebook: the same pictures as matplotlib figures.

One row of axes per picture, yours on the left and the reference's on the right
(``imshow`` with the tokens as tick labels and a colour bar); for exercise 04, two
line charts over d_k. The figure is a ``matplotlib.figure.Figure`` made without pyplot
(no global state, safe with the Agg backend); in IPython it is displayed once as PNG
and returned. matplotlib is imported here only (``attention-kit[plot]``).
"""
from __future__ import annotations

from checker import defaults, figures, fonts, i18n
from checker.i18n import t
from checker.learner.workspace import WorkspaceError
from checker.pictures import session
from checker.pictures.compute import Picture, verdict
from checker.usage import UsageError

INSTALL_PLOT = 'pip install "attention-kit[plot]"'


@i18n.keeps_language
def show(exercise: str, *, sentence: str | None = None, reference: bool = False,
         seed: int | None = None, lang: str | None = None, exercises: str | None = None):
    """Draw an exercise's pictures; the Figure, or None (after one line) without matplotlib.

    Raises ValueError with a one-line message for an unknown exercise or folder.
    """
    i18n.set_lang(lang)
    try:
        from matplotlib.figure import Figure  # noqa: F401
    except ImportError:
        print(t("The pictures need matplotlib: {command}", command=INSTALL_PLOT))
        return None
    try:
        showing = session.collect(exercise, sentence=sentence, reference=reference,
                                  seed=defaults.SEED if seed is None else seed,
                                  lang=i18n.get_lang(), exercises=exercises)
    except (UsageError, WorkspaceError) as exc:
        raise ValueError(str(exc)) from None
    figure = sweep_figure(showing) if showing.sweep is not None else figure_of(showing)
    if not fonts.chinese_ready(figure):
        print(t("The figure's Chinese needs a font with Chinese characters, and matplotlib "
                "finds none: install one (Debian or Ubuntu: apt install fonts-noto-cjk), or "
                "see the same pictures in a terminal: attn-kit show {id} --lang zh",
                id=showing.exercise.id))
    _say(showing)
    figures.show(figure)
    return figure


def _say(showing: session.Showing) -> None:
    """What the figure shows only in small print: disagreements and errors, and notes."""
    from rich.text import Text

    from checker.console import make_console

    console = make_console()
    if showing.check_line:
        console.print(Text(showing.check_line))
    for section in showing.sections:
        for picture in section.pictures:
            line = verdict(picture)
            if line and not picture.agrees:
                console.print(Text(t("{title}: {verdict}", title=picture.title, verdict=line)))
    if showing.sweep is not None and showing.sweep.problem:
        console.print(Text(t("Your column is empty: {why}", why=showing.sweep.problem)))
    for note in showing.notes:
        console.print(Text(note))


def figure_of(showing: session.Showing):
    """One row per picture: yours (when there is one) and the reference's."""
    pictures = [(s.title, p) for s in showing.sections for p in s.pictures]
    rows = max(1, len(pictures))
    figure = figures.new(figsize=(10, 4.2 * rows), layout="constrained")
    axes = figure.subplots(rows, 2, squeeze=False)
    figure.suptitle(t("Exercise {id} · {title}: your attention in pictures",
                      id=showing.exercise.id,
                      title=showing.exercise.text("title", i18n.get_lang())))
    for (section, picture), (left, right) in zip(pictures, axes):
        if picture.mine is not None:
            _heat(figure, left, picture, picture.mine,
                  t("yours") + "\n" + _wrap(verdict(picture), 50),
                  marked=None if picture.agrees else picture.differs)
        else:
            left.axis("off")
            why = verdict(picture) or (t("the reference's pictures only: your code is not run")
                                       if showing.reference_only else "")
            left.text(0.5, 0.5, _wrap(why, 40), ha="center", va="center", wrap=True)
        _heat(figure, right, picture, picture.reference,
              t("given") if picture.given else t("reference"))
        left.set_title(_wrap(picture.title, 60), loc="left", fontsize=9)
    return figure


def _heat(figure, ax, picture: Picture, matrix, name: str, marked=None) -> None:
    """``matrix`` drawn on ``ax``; ``marked`` ([r, c] bool): cells drawn with a red ×
    (where yours differs from the reference's)."""
    import numpy as np

    low, high = picture.scale()
    data = np.array(matrix.double().tolist(), dtype=float)
    if picture.blocked is not None:
        data = np.ma.masked_array(data, mask=np.array(picture.blocked.tolist()))
    image = ax.imshow(data, vmin=low, vmax=high, cmap="Blues")
    ax.set_xticks(range(len(picture.cols)), picture.cols, rotation=90, fontsize=7)
    ax.set_yticks(range(len(picture.rows)), picture.rows, fontsize=7)
    ax.set_xlabel(name)
    if marked is not None:
        for i, j in marked.nonzero().tolist():
            ax.text(j, i, "×", ha="center", va="center", color="red", fontsize=9,
                    fontweight="bold")
    figure.colorbar(image, ax=ax, shrink=0.8)


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)) or " "


def sweep_figure(showing: session.Showing):
    """Exercise 04: the top weight and the gradient against d_k, three lines each."""
    found = showing.sweep
    figure = figures.new(figsize=(10, 4), layout="constrained")
    top, grad = figure.subplots(1, 2)
    d_ks = [row.d_k for row in found.rows]
    series = [(t("no scaling"), [r.plain for r in found.rows]),
              (t("reference"), [r.reference for r in found.rows])]
    if all(r.mine is not None for r in found.rows):
        series.append((t("yours"), [r.mine for r in found.rows]))
    for name, values in series:
        top.plot(d_ks, [v[0] for v in values], marker="o", label=name)
        grad.plot(d_ks, [v[1] for v in values], marker="o", label=name)
    for ax, label in ((top, t("largest softmax weight (mean over queries)")),
                      (grad, t("size of the gradient at the softmax's input"))):
        ax.set_xscale("log", base=2)
        ax.set_xlabel("d_k")
        ax.set_title(label, fontsize=9)
        ax.legend()
    grad.set_yscale("log")
    figure.suptitle(t("Exercise 04: why we scale the scores by √d_k"))
    return figure
