"""What ``attn-kit model`` shows: rich renderables, plain text off a terminal.

Sentences and tokens come from the command line and generated text from a model the
learner's code trained: all of it is printed as ``rich.text.Text``, never as markup.
Everything fits 80 columns.
"""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from checker.i18n import t
from checker.learner.heatmap import heatmap
from checker.learner.wrapping import Paragraph
from checker.models import sentences as built_in
from checker.models.run import TOLERANCE, Choice, EncoderRun, GPTRun

SPARKS = "▁▂▃▄▅▆▇█"
MAX_SENTENCE = 40           # characters of a sentence in the table (cut with …)
MAX_TOKENS = 32             # tokens of the sentence whose weights are drawn


def whose(choice: Choice) -> Text:
    """Whose attention the model calls, in one line."""
    if choice.reference:
        return Text(t("Every attention layer calls the reference {function} (exercise {id}).",
                      function=choice.function, id=choice.exercise.id))
    if choice.mode == "mha":
        return Text(t("Every attention layer calls your {function} (exercise {id}, which "
                      "passes; it is used instead of exercise 08).",
                      function=choice.function, id=choice.exercise.id))
    if choice.mode == "causal":
        return Text(t("Every head calls your {function} (exercise {id}).",
                      function=choice.function, id=choice.exercise.id))
    if choice.mode == "no_mask":
        return Text(t("Every head calls your {function} (exercise {id}) with mask=None: "
                      "no causal mask.", function=choice.function, id=choice.exercise.id))
    return Text(t("Every attention layer calls your {function} (exercise {id}).",
                  function=choice.function, id=choice.exercise.id))


# ---------------------------------------------------------------------- encoder
def _cut(text: str, limit: int = MAX_SENTENCE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def similarity_table(run: EncoderRun, plain: bool, width: int = 80):
    """Cosine similarity of every pair of sentences, numbered rows and columns. The
    sentences sit in the table when ``width`` leaves them room, else in a list above it."""
    n = len(run.sentences)
    room = min(MAX_SENTENCE, width - 8 * n - 10)  # 8: a number, its padding, a rule
    inline = room >= 16
    table = Table(box=box.ASCII2 if plain else box.SIMPLE, pad_edge=False)
    table.add_column("#", justify="right", style="dim", no_wrap=True, min_width=len(str(n)))
    if inline:
        table.add_column(t("sentence"), overflow="ellipsis", no_wrap=True, max_width=room)
    for j in range(n):
        table.add_column(str(j + 1), justify="right", no_wrap=True, min_width=5)
    sims = run.similarities.tolist()
    for i, sentence in enumerate(run.sentences):
        cells = []
        for j in range(n):
            value = sims[i][j]
            style = "dim" if i == j else ("bold" if value >= 0.5 else "")
            cells.append(Text(f"{value:.2f}", style=style))
        table.add_row(str(i + 1), *([Text(_cut(sentence, room))] if inline else []), *cells)
    parts = [Text(t("How alike the sentences are (cosine of their embeddings)"), style="bold")]
    if not inline:
        parts += [Text(f"{i + 1:>{len(str(n))}}  ").append(Text(_cut(sentence, width - 6)))
                  for i, sentence in enumerate(run.sentences)]
    return Group(*parts, table)


def unknown_note(run: EncoderRun) -> Paragraph | None:
    """Say when the model could not read some of the words ([UNK] tokens)."""
    counts = [sum(tok == built_in.UNKNOWN for tok in tokens) for tokens in run.tokens]
    which = [str(i + 1) for i, c in enumerate(counts) if c]
    if not which:
        return None
    return Paragraph(Text(t("Sentences {which}: {n} of their tokens are [UNK], words the model "
                       "does not know. all-MiniLM-L6-v2 was trained on English and knows only "
                       "244 Chinese characters; it cannot tell apart sentences that differ "
                       "only in unknown words.", which=", ".join(which), n=sum(counts)),
                     style="yellow"))


def head_map(run: EncoderRun, plain: bool, sentence: int = 0):
    """One head's weights on one sentence, with the tokens as labels."""
    layer, head = built_in.SHOWN_LAYER, built_in.SHOWN_HEAD
    tokens = run.tokens[sentence][:MAX_TOKENS]  # a longer sentence: its first tokens
    n = len(tokens)
    weights = run.attentions[layer, sentence, head, :n, :n]  # [n, n], padding left out
    labels = [f"{tok} {i}" for i, tok in enumerate(tokens)]
    title = t("Layer {layer}, head {head} on sentence {sentence}: row = a token, column = the "
              "token it looks at", layer=layer + 1, head=head + 1, sentence=sentence + 1)
    note = Text(t("(In all-MiniLM-L6-v2 this head puts most of each token's weight on the "
                  "token just before it: the dark cells run just left of the diagonal.)"),
                style="dim")
    return Group(heatmap(weights, title, labels=labels, plain=plain, low=0.0, high=1.0),
                 Paragraph(note))


def verdict(run: EncoderRun):
    """Whether the learner's attention gives the reference's embeddings."""
    if run.matches_reference is None:
        return Text(t("(This run used the reference attention; without --reference the "
                      "model runs with yours and compares.)"), style="dim")
    values = {"difference": _small(run.max_difference), "tolerance": f"{TOLERANCE:g}",
              "weights": _small(run.max_weight_difference)}
    if run.matches_reference:
        return Paragraph(Text(t("✔ Same as the reference attention: the embeddings differ by at most "
                      "{difference} (tolerance {tolerance}; attention weights: {weights}).",
                      **values), style="green"))
    return Paragraph(Text(t("✘ Not the reference's embeddings: they differ by up to {difference} "
                  "(tolerance {tolerance}; attention weights: up to {weights}).", **values),
                     style="red"))


def _small(x: float) -> str:
    return "0" if x == 0 else f"{x:.1e}"


def encoder_screen(run: EncoderRun, plain: bool, width: int = 80) -> Group:
    parts = [Paragraph(Text(t("all-MiniLM-L6-v2, a pretrained sentence encoder (6 layers × 12 "
                         "heads)"), style="bold")),
             Paragraph(whose(run.choice)), Text(""), similarity_table(run, plain, width)]
    note = unknown_note(run)
    if note is not None:
        parts.append(note)
    parts += [Text(""), head_map(run, plain), Text(""), verdict(run)]
    return Group(*parts)


def chinese_note() -> Paragraph:
    return Paragraph(Text(t("This model was trained on English: it knows only 244 Chinese "
                       "characters and reads the rest as [UNK], so its Chinese is rough. The "
                       "built-in sentences use only characters it knows; English sentences "
                       "(--sentence \"...\") show it at its best."), style="dim"))


# -------------------------------------------------------------------------- gpt
def gpt_intro(choice: Choice, text_chars: int, steps: int) -> Group:
    head = Text(t("A tiny GPT (2 layers × 4 heads) learns to write from the kit's own "
                  "explanations ({chars} characters), {steps} training steps",
                  chars=f"{text_chars:,}", steps=steps), style="bold")
    return Group(Paragraph(head), Paragraph(whose(choice)))


def sparkline(values: list, width: int = 50) -> str:
    """The loss curve in one line: the mean of each of ``width`` stretches of steps."""
    if not values:
        return ""
    width = min(width, len(values))
    size = len(values) / width
    means = [sum(values[int(i * size): max(int((i + 1) * size), int(i * size) + 1)]) /
             len(values[int(i * size): max(int((i + 1) * size), int(i * size) + 1)])
             for i in range(width)]
    low, high = min(means), max(means)
    marks = SPARKS
    span = (high - low) or 1.0
    return "".join(marks[min(7, int((m - low) / span * 7.999))] for m in means)


def gpt_screen(run: GPTRun, plain: bool) -> Group:
    first, last = run.mean_loss(first=True), run.mean_loss(first=False)
    loss = Table.grid(padding=(0, 2))
    loss.add_column(no_wrap=True)
    loss.add_column()
    loss.add_row(t("training loss"), Text(t("{first} → {last}  (mean of the first and the last "
                                            "tenth of the steps)", first=f"{first:.2f}",
                                            last=f"{last:.2f}")))
    loss.add_row("", Text(sparkline(run.losses), style="cyan"))
    loss.add_row(t("past-only loss"), Text(f"{run.past_only_loss:.2f}"))
    loss.add_row(t("uniform guess"), Text(t("{loss}  (a model that knows nothing)",
                                            loss=f"{run.uniform_loss:.2f}"), style="dim"))
    parts = [loss,
             Paragraph(Text(t("Past-only loss is the same score when each position may see only "
                         "the characters before it, as when the model writes text."),
                       style="dim")),
             Text(""),
             Text(t("Written by the model after “{prompt}” ({n} characters, temperature 0.8):",
                    prompt=run.prompt.strip(), n=len(run.generated)), style="bold")]
    written = Text(run.prompt, style="bold cyan")
    written.append(Text(run.generated))
    parts.append(written)
    parts.append(Text(""))
    parts.append(Paragraph(Text(lesson(run), style="yellow" if run.choice.mode == "no_mask" else "")))
    parts.append(Text(t("Trained in {seconds} s in the worker.", seconds=f"{run.seconds:.1f}"),
                      style="dim"))
    return Group(*parts)


# ------------------------------------------------------------------ modern gpt
def piece_words(role: str) -> str:
    """What one of the modern GPT's pieces changes, in a few words."""
    return {"tiles": t("attention in tiles"), "rope": t("positions by rotation (RoPE)"),
            "repeat": t("key/value heads shared (GQA)"),
            "grouped": t("key/value heads shared (GQA)")}[role]


def modern_intro(choice: Choice, text_chars: int, steps: int) -> Group:
    head = Text(t("The tiny GPT built as current models are, beside the plain one: both learn "
                  "from the kit's own explanations ({chars} characters), {steps} steps, the same "
                  "seed and batches", chars=f"{text_chars:,}", steps=steps), style="bold")
    lines = [Paragraph(head)]
    seen = set()
    for role, function in choice.pieces:
        exercise = next(e for e in choice.exercises if function in e.functions)
        words = piece_words(role)
        if words in seen:
            continue
        seen.add(words)
        line = (t("{what}: the reference {function} (exercise {id})", what=words,
                  function=function, id=exercise.id) if choice.reference else
                t("{what}: your {function} (exercise {id})", what=words, function=function,
                  id=exercise.id))
        lines.append(Text("  " + line))
    for exercise in choice.missing:
        lines.append(Text("  " + t("exercise {id} does not pass yet: its part stays plain",
                                   id=exercise.id), style="dim"))
    return Group(*lines)


def modern_screen(run: GPTRun, plain: bool) -> Group:
    """The run's own numbers, the modern model beside the plain one, then its text."""
    other = run.plain
    table = Table(box=box.SIMPLE if not plain else box.ASCII, show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column(t("plain GPT"), justify="right")
    table.add_column(t("modern GPT"), justify="right")
    rows = [(t("training loss, first tenth"), f"{other.mean_loss(first=True):.2f}",
             f"{run.mean_loss(first=True):.2f}"),
            (t("training loss, last tenth"), f"{other.mean_loss(first=False):.2f}",
             f"{run.mean_loss(first=False):.2f}"),
            (t("parameters"), f"{other.parameters:,}", f"{run.parameters:,}"),
            (t("KV cache per token"), t("{n} bytes", n=f"{other.kv_bytes_per_token:,}"),
             t("{n} bytes", n=f"{run.kv_bytes_per_token:,}")),
            (t("seconds of training"), f"{other.seconds:.1f}", f"{run.seconds:.1f}")]
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    parts = [table, Text(""), Paragraph(Text(modern_lesson(run))), Text(""),
             Text(t("Written by the modern GPT after “{prompt}” ({n} characters, temperature "
                    "0.8):", prompt=run.prompt.strip(), n=len(run.generated)), style="bold")]
    written = Text(run.prompt, style="bold cyan")
    written.append(Text(run.generated))
    parts.append(written)
    return Group(*parts)


def modern_lesson(run: GPTRun) -> str:
    """What this run's numbers say, from the numbers themselves."""
    other = run.plain
    ratio = run.kv_bytes_per_token / other.kv_bytes_per_token
    diff = run.mean_loss(first=False) - other.mean_loss(first=False)
    values = {"mine": f"{run.mean_loss(first=False):.2f}",
              "plain": f"{other.mean_loss(first=False):.2f}",
              "kv": f"{ratio:.0%}", "diff": f"{abs(diff):.2f}"}
    if ratio < 1:
        kv = t("Sharing key/value heads keeps {kv} of the plain model's KV cache per token: "
               "what a long generation holds in memory.", **values)
    else:
        kv = t("Its KV cache per token is the plain model's: only sharing key/value heads "
               "(exercise 15) makes it smaller.", **values)
    if abs(diff) < 0.05:
        loss = t("Both reach about the same training loss ({mine} and {plain}).", **values)
    elif diff < 0:
        loss = t("It ends {diff} lower than the plain model ({mine} against {plain}).", **values)
    else:
        loss = t("It ends {diff} higher than the plain model ({mine} against {plain}): the "
                 "price of fewer key/value weights, or of a short run.", **values)
    return kv + " " + loss


# the past-only loss must exceed the training loss by this much for a run to show that
# the model learned to copy the next character (measured: about 0.02 with the mask at
# 200 steps, 0.00 without it at 200 steps, about 1.5 without it at 800)
CLEAR_GAP = 0.3


def lesson(run: GPTRun) -> str:
    """What the numbers of this run mean: the training and the past-only losses it
    measured, compared (a run too short to show the difference says so)."""
    last, past = run.mean_loss(first=False), run.past_only_loss
    values = {"last": f"{last:.2f}", "past": f"{past:.2f}", "uniform": f"{run.uniform_loss:.2f}",
              "steps": run.steps, "gap": f"{past - last:.2f}"}
    if run.choice.mode == "no_mask":
        if past - last >= CLEAR_GAP:
            return t("Without the mask every position also sees the next character, the very "
                     "one it must predict: it learned to copy it, and the training loss fell to "
                     "{last}. When it writes there is no next character to copy: seeing only "
                     "the past its loss is {past}, {gap} worse, against {uniform} for a blind "
                     "guess. That is why a GPT needs the causal mask (exercise 10).", **values)
        return t("In this run the training loss ({last}) and the past-only loss ({past}) are "
                 "still close: {steps} steps are too few for the model to learn to copy the "
                 "next character it can see without the mask. Run more steps (e.g. `attn-kit "
                 "model gpt --no-mask --steps 800`) to see the two losses part.", **values)
    if past - last >= CLEAR_GAP:
        return t("With the causal mask the training loss ({last}) and the past-only loss "
                 "({past}) should be close, yet here the past-only loss is {gap} higher: does "
                 "the attention let a position see the future?", **values)
    return t("With the causal mask the model trains on exactly what it faces when it writes: "
             "the training loss ({last}) and the past-only loss ({past}) are close. Try "
             "`attn-kit model gpt --no-mask` to see what goes wrong without the mask.", **values)


class Training:
    """Shows the training's progress: a rich bar on a terminal, a line per tenth off it."""

    def __init__(self, console, steps: int):
        self.console, self.steps = console, steps
        self.plain = console.plain
        self.every = max(1, steps // 10)
        self.next_line = self.every
        self.bar = None
        if not self.plain:
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(bar_width=30),
                                TextColumn("{task.completed}/{task.total}"),
                                TextColumn("{task.fields[loss]}"), TimeElapsedColumn(),
                                console=console, transient=False)
            self.task = self.bar.add_task(t("training"), total=steps, loss="")

    def __enter__(self):
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()

    def update(self, done: int, total: int, loss: float) -> None:
        shown = t("loss {loss}", loss=f"{loss:.2f}")
        if self.bar is not None:
            self.bar.update(self.task, completed=done, loss=shown)
        elif done >= self.next_line or done == total:
            self.console.print(Text(t("step {done}/{total}  {loss}", done=done, total=total,
                                      loss=shown)))
            self.next_line = (done // self.every + 1) * self.every
