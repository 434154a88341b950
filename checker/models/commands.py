"""``attn-kit model encoder|gpt``: the learner's attention inside real models.

The steps (shared with the notebook's ``model()``): refuse a missing extra (exit 2) or an
exercise that does not pass yet (exit 1), each in one line; tokenize here (trusted kit
code); run the model in workers (run.py); show the screens (terminal.py); write --json.
"""
from __future__ import annotations

import sys
from pathlib import Path

from rich.text import Text

from checker import files
from checker.console import make_console
from checker.i18n import get_lang, t
from checker.usage import EXIT_NOT_PASSED, EXIT_OK, EXIT_USAGE, UsageError, output_file
from checker.learner.workspace import find_exercises
from checker.models import corpus, run, sentences, terminal, weights

DEFAULT_STEPS = 800         # about 15 s of training on one core here
MAX_STEPS = 20_000
MAX_SENTENCES = 8           # the similarity table must fit 80 columns


def check_options(which: str, sentences_given, no_mask: bool, steps,
                  modern: bool = False) -> None:
    """Refuse an option that belongs to the other model, and impossible values."""
    if which == "gpt" and sentences_given:
        raise UsageError(t("{option} is for `attn-kit model {which}`", option="--sentence",
                           which="encoder"))
    if which == "encoder":
        for option, given in (("--no-mask", no_mask), ("--steps", steps is not None),
                              ("--modern", modern)):
            if given:
                raise UsageError(t("{option} is for `attn-kit model {which}`", option=option,
                                   which="gpt"))
    if modern and no_mask:
        raise UsageError(t("--modern and --no-mask do not go together: the modern GPT is "
                           "causal"))
    if sentences_given and len(sentences_given) > MAX_SENTENCES:
        raise UsageError(t("give at most {n} sentences", n=MAX_SENTENCES))
    if steps is not None and not 1 <= steps <= MAX_STEPS:
        raise UsageError(t("--steps must be between 1 and {n}", n=MAX_STEPS))


def exercises_folder(explicit: str | None, reference: bool, option: str) -> Path | None:
    """The learner's exercises (None with --reference and no folder around)."""
    if reference and explicit is None:
        try:
            return find_exercises(None, option=option)
        except Exception:  # the reference needs no folder
            return None
    return find_exercises(explicit, option=option)


def encoder_model(console, *, exercises: str | None, given: list | None, reference: bool,
                  option: str = "--exercises DIR") -> run.EncoderRun:
    """Run and show the encoder; raises ModelRefused, ModelMissing, UsageError."""
    weights.require()
    folder = exercises_folder(exercises, reference, option)
    lang = get_lang()
    chosen_sentences = list(given) if given else sentences.built_in(lang)
    choice = run.choose(folder, "encoder", reference=reference)
    batch = weights.tokenize(chosen_sentences)
    result = run.encoder(choice, folder, chosen_sentences, batch)
    console.print(terminal.encoder_screen(result, console.plain, console.width))
    if not given and lang == "zh":
        console.print(terminal.chinese_note())
    return result


def gpt_model(console, *, exercises: str | None, no_mask: bool, reference: bool,
              steps: int | None, seed: int, option: str = "--exercises DIR",
              modern: bool = False) -> run.GPTRun:
    """Train and show the tiny GPT (``modern``: the one of 13 to 15, beside the plain
    one); raises ModelRefused, UsageError."""
    folder = exercises_folder(exercises, reference, option)
    if modern:
        choice = run.choose_modern(folder, reference=reference)
    else:
        choice = run.choose(folder, "gpt", no_mask=no_mask, reference=reference)
    text = corpus.training_text()
    steps = steps or DEFAULT_STEPS
    intro = terminal.modern_intro if modern else terminal.gpt_intro
    console.print(intro(choice, len(text), steps))
    with terminal.Training(console, steps) as training:
        result = run.gpt(choice, folder, text, steps, seed, corpus.prompt(get_lang()),
                         progress=training.update)
    screen = terminal.modern_screen if modern else terminal.gpt_screen
    console.print(screen(result, console.plain))
    return result


def say_refused(exc: run.ModelRefused) -> None:
    """The one line (and the learner's line of code, if any) on stderr."""
    err = make_console(sys.stderr)
    err.print(Text(t("attn-kit: {error}", error=str(exc))), soft_wrap=True)
    if exc.frames:
        frame = exc.frames[-1]
        err.print(Text(t("  line {line} in {function}: {code}", line=frame["line"],
                         function=frame["function"], code=frame["code"])), soft_wrap=True)


def cmd_model(args) -> int:
    check_options(args.which, args.sentence, args.no_mask, args.steps, args.modern)
    try:  # a report may not land in (or over) the learner's exercises
        keep_off = [find_exercises(args.exercises)]
    except Exception:  # no exercises folder (a --reference run): nothing to keep off
        keep_off = []
    json_path = output_file(args.json, keep_off=keep_off)
    console = make_console()
    try:
        if args.which == "encoder":
            result = encoder_model(console, exercises=args.exercises, given=args.sentence,
                                   reference=args.reference)
        else:
            result = gpt_model(console, exercises=args.exercises, no_mask=args.no_mask,
                               reference=args.reference, steps=args.steps, seed=args.seed,
                               modern=args.modern)
    except weights.ModelMissing as exc:
        print(t("attn-kit: {error}", error=str(exc)), file=sys.stderr)
        return EXIT_USAGE
    except run.ModelRefused as exc:
        say_refused(exc)
        return exc.code
    if json_path is not None:
        files.write_json(json_path, result.document())
        console.print(Text(t("Results written to {path}", path=str(json_path))))
    if args.which == "encoder" and result.matches_reference is False:
        return EXIT_NOT_PASSED
    return EXIT_OK
