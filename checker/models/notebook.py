"""``checker.model("encoder" | "gpt")`` in a notebook: the same run as ``attn-kit model``.

The tables print as they come (rich renders them in a notebook); with matplotlib
(``pip install "attention-kit[plot]"``) a figure follows: the sentence similarities, or
the GPT's loss curve. Returns the dict that ``--json`` writes. A run that cannot start
raises ``ValueError`` with the same one-line message the command prints.
"""
from __future__ import annotations

from checker import figures, fonts, i18n
from checker.console import make_console
from checker.i18n import t
from checker.usage import UsageError
from checker.learner.workspace import WorkspaceError
from checker.models import commands, run, weights

OPTION = 'exercises="path"'


@i18n.keeps_language
def model(which: str, *, sentences=None, reference: bool = False, no_mask: bool = False,
          steps: int | None = None, seed: int = 0, lang: str | None = None,
          exercises: str | None = None, modern: bool = False) -> dict:
    i18n.set_lang(lang)
    if isinstance(sentences, str):
        sentences = [sentences]
    console = make_console()
    try:
        if which not in ("encoder", "gpt"):
            raise UsageError(t("the model is \"encoder\" or \"gpt\", not {which}",
                               which=repr(which)))
        commands.check_options(which, sentences, no_mask, steps, modern)
        if which == "encoder":
            result = commands.encoder_model(console, exercises=exercises, given=sentences,
                                            reference=reference, option=OPTION)
        else:
            result = commands.gpt_model(console, exercises=exercises, no_mask=no_mask,
                                        reference=reference, steps=steps, seed=seed,
                                        option=OPTION, modern=modern)
    except (UsageError, WorkspaceError, weights.ModelMissing, run.ModelRefused) as exc:
        raise ValueError(str(exc)) from None
    show_figure(figure(result), console)
    return result.document()


def figure(result):
    """The run's picture with matplotlib, or None when matplotlib is not installed."""
    try:
        import matplotlib.figure  # noqa: F401
    except ImportError:
        return None
    if isinstance(result, run.EncoderRun):
        sims = result.similarities.numpy()
        n = len(sims)
        fig = figures.new(figsize=(1.0 + 0.6 * n, 0.8 + 0.6 * n))
        ax = fig.subplots()
        ax.imshow(sims, vmin=0.0, vmax=1.0, cmap="Blues")
        for i in range(n):
            for j in range(n):
                ax.text(j, i, f"{sims[i, j]:.2f}", ha="center", va="center", fontsize=8,
                        color="white" if sims[i, j] > 0.6 else "black")
        numbers = [str(i + 1) for i in range(n)]
        ax.set_xticks(range(n), numbers)
        ax.set_yticks(range(n), numbers)
        ax.set_title(t("Sentence similarity (cosine)"))
    else:
        fig = figures.new(figsize=(6, 3))
        ax = fig.subplots()
        ax.plot(range(1, len(result.losses) + 1), result.losses, linewidth=0.8,
                label=t("modern GPT") if result.plain else t("training loss"))
        if result.plain is not None:  # the modern run: the plain model's curve beside it
            ax.plot(range(1, len(result.plain.losses) + 1), result.plain.losses,
                    linewidth=0.8, label=t("plain GPT"))
        else:
            ax.axhline(result.past_only_loss, color="red", linestyle="--",
                       label=t("past-only loss"))
        ax.axhline(result.uniform_loss, color="grey", linestyle=":", label=t("uniform guess"))
        ax.set_xlabel(t("step"))
        ax.set_ylabel(t("loss"))
        ax.legend()
    if not fonts.chinese_ready(fig):
        make_console().print(t("The figure's Chinese needs a font with Chinese characters, "
                               "and matplotlib finds none: install one (Debian or Ubuntu: "
                               "apt install fonts-noto-cjk)"), style="dim")
    fig.tight_layout()
    return fig


def show_figure(fig, console) -> None:
    if fig is None:
        console.print(t("(With matplotlib a figure would follow: pip install "
                        "\"attention-kit[plot]\")"), style="dim")
        return
    if console.is_jupyter:
        figures.show(fig)
