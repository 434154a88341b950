"""Running a model on the learner's attention: which exercise it needs, whether that
exercise passes, and the workers that run the model next to the learner's code.

The learner's code and the model always run together in a worker (the command's own
process never runs learner code); the reference run is the same program in a worker
loaded with the reference solution's text. Every refusal is a ``ModelRefused`` with a
one-line message and the exit status the command returns.

    choose(exercises_dir, which, no_mask, reference) -> Choice
    encoder(choice, exercises_dir, sentences, batch) -> EncoderRun
    gpt(choice, exercises_dir, text, steps, seed, prompt, progress) -> GPTRun
    choose_modern(exercises_dir, reference) -> Choice   (13, 14, 15: those that pass)
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from checker import manifest
from checker.i18n import get_lang, t
from checker.usage import EXIT_INTERNAL, EXIT_NOT_PASSED
from checker.engine import sandbox
from checker.engine.submission import Source, from_folder
from checker.engine.supervisor import ExerciseWorker, LearnerProblem
from checker.judge.results import Status
from checker import engine, stubs
from checker.options import RunOptions
from checker.engine.startup import quiet
from checker import judge
from checker.judge.runner import RunError

PROGRAMS = "checker.models.programs"
# the address space a model worker may add once its model is loaded (the encoder's
# weights, 91 MB, are read before the limit is set): activations, the optimiser, and room
LIMITS = sandbox.Limits(memory_mb=1024, cpu_seconds=600)
LOAD_TIMEOUT = 60.0      # seconds to load the learner's file and prepare the model
CALL_TIMEOUT = 120.0     # seconds for one request (an encoder pass, a chunk of training)
CHUNK = 20               # training steps per request: the progress bar moves this often
TOLERANCE = 1e-4         # largest |difference| of an embedding component that still matches

# what each model calls, by exercise: (exercise id, function, route or variant)
ENCODER_CHOICES = (("11", "multi_head_attention", "mha"),
                   ("08", "scaled_dot_product_attention", "sdpa"))
GPT_CHOICES = {False: ("10", "causal_self_attention", "causal"),
               True: ("09", "self_attention", "no_mask")}
# the modern GPT's pieces (modern_gpt.Pieces' fields) and the functions that give them;
# their exercises are found in the manifest by function
MODERN_PIECES = (("tiles", "tiled_attention"), ("rope", "apply_rope"),
                 ("repeat", "repeat_kv"), ("grouped", "grouped_query_attention"))


class ModelRefused(Exception):
    """The model cannot run; the message is one line, ``code`` the exit status."""

    def __init__(self, message: str, code: int = EXIT_NOT_PASSED, frames: list | None = None):
        super().__init__(message)
        self.code = code
        self.frames = frames or []


@dataclass(frozen=True)
class Choice:
    """The learner's function a model calls: from which exercise, and how."""

    exercise: manifest.Exercise
    function: str
    mode: str                 # encoder: "sdpa" / "mha"; gpt: "causal" / "no_mask" / "modern"
    reference: bool = False   # run the reference solution's function instead
    # modern: (role, function) the model calls, and the exercises that hold them
    pieces: tuple = ()
    more: tuple = ()          # the exercises after ``exercise`` whose files the worker loads
    missing: tuple = ()       # modern: exercises of the part that do not pass (plain there)

    @property
    def exercises(self) -> tuple:
        return (self.exercise, *self.more)


def command_line(which: str, no_mask: bool = False) -> str:
    """The command that runs the same model with the reference attention."""
    return "attn-kit model " + which + (" --no-mask" if no_mask else "") + " --reference"


def choose(exercises_dir: Path | None, which: str, no_mask: bool = False,
           reference: bool = False) -> Choice:
    """The exercise and function the model will call. Unless ``reference``, the exercise
    must pass its hidden cases (checked now, quietly); the encoder takes exercise 11
    when it passes, else 08."""
    by_id = manifest.by_id()
    options = ENCODER_CHOICES if which == "encoder" else (GPT_CHOICES[bool(no_mask)],)
    if reference:
        exercise_id, function, mode = options[-1]
        return Choice(by_id[exercise_id], function, mode, reference=True)
    chosen = [by_id[o[0]] for o in options]
    engine.start()
    try:
        with quiet():
            run = judge.run(str(exercises_dir), chosen).result
    except RunError as exc:
        raise ModelRefused(t("the checker could not run: {error}", error=exc),
                           EXIT_INTERNAL) from None
    results = {e.id: e for e in run.exercises}
    for exercise_id, function, mode in options:
        if results[exercise_id].status == Status.PASSED:
            return Choice(by_id[exercise_id], function, mode)
    needed = results[options[-1][0]]
    exercise = by_id[needed.id]
    title = exercise.text("title", get_lang())
    if needed.status == Status.NOT_STARTED:
        raise ModelRefused(t("exercise {id} ({title}) is not started yet, and the model needs "
                             "your {function}; to see the model with the reference attention "
                             "instead: {command}", id=exercise.id, title=title,
                             function=options[-1][1], command=command_line(which, no_mask)))
    raise ModelRefused(t("exercise {id} ({title}) does not pass yet ({passed}/{total} cases): "
                         "finish it first (`attn-kit check {id}`), or see the model with the "
                         "reference attention: {command}", id=exercise.id, title=title,
                         passed=needed.passed, total=needed.total,
                         command=command_line(which, no_mask)))


def modern_exercises() -> list[tuple[str, str, manifest.Exercise]]:
    """(role, function, exercise) of each modern piece the manifest has."""
    owner = {f: e for e in manifest.load() for f in e.functions}
    return [(role, function, owner[function]) for role, function in MODERN_PIECES
            if function in owner]


def modern_part() -> list[manifest.Exercise]:
    """The exercises that hold the modern GPT's pieces, once each, in the manifest's order."""
    exercises: list[manifest.Exercise] = []
    for _, _, e in modern_exercises():
        if all(e.id != known.id for known in exercises):
            exercises.append(e)
    return exercises


def choose_modern(exercises_dir: Path | None, reference: bool = False) -> Choice:
    """The modern GPT's pieces: the learner's function of each of its exercises that
    passes (checked now, quietly), or every reference with ``reference``. Refused in one
    line when none passes."""
    found, exercises = modern_exercises(), modern_part()
    if not exercises:
        raise ModelRefused(t("no exercise of modern attention is in this kit"), EXIT_INTERNAL)
    if reference:
        passing = exercises
    else:
        engine.start()
        try:
            with quiet():
                run = judge.run(str(exercises_dir), exercises).result
        except RunError as exc:
            raise ModelRefused(t("the checker could not run: {error}", error=exc),
                               EXIT_INTERNAL) from None
        status = {e.id: e.status for e in run.exercises}
        passing = [e for e in exercises if status.get(e.id) == Status.PASSED]
    ids = {e.id for e in passing}
    if not passing:
        raise ModelRefused(t(
            "the modern GPT needs at least one of exercises {ids} to pass (`attn-kit check "
            "{first}`); to see it with the reference functions instead: {command}",
            ids=", ".join(e.id for e in exercises), first=exercises[0].id,
            command="attn-kit model gpt --modern --reference"))
    pieces = tuple((role, function) for role, function, e in found if e.id in ids)
    return Choice(passing[0], pieces[0][1], "modern", reference=reference, pieces=pieces,
                  more=tuple(passing[1:]),
                  missing=tuple(e for e in exercises if e.id not in ids))


def source(choice: Choice, exercises_dir: Path | None,
           exercise: manifest.Exercise | None = None) -> Source:
    """The text the worker loads: the learner's exercise file, or the reference solution
    (of ``exercise``, by default the choice's own)."""
    exercise = exercise or choice.exercise
    if choice.reference:
        try:
            text = stubs.reference_text(exercise)
        except stubs.NoSolutions as exc:
            raise ModelRefused(str(exc), EXIT_INTERNAL) from None
        return Source(exercise.file, "solutions/" + exercise.file, text)
    return from_folder(exercises_dir, allow_links=True).source(exercise)


class ModelWorker:
    """A worker loaded with one exercise's text and prepared with one model program."""

    def __init__(self, choice: Choice, exercises_dir: Path | None, program: dict):
        params = {**program, "function": choice.function}
        self.choice = choice
        engine.start()
        more = tuple(source(choice, exercises_dir, e) for e in choice.more)
        self.worker = ExerciseWorker(choice.exercise.id, source(choice, exercises_dir), [],
                                     RunOptions(timeout=LOAD_TIMEOUT, limits=LIMITS),
                                     program={"module": PROGRAMS, "params": params},
                                     more=more)
        self.worker.launch()   # forks and loads now; the first request waits for it

    def ask(self, request: dict, timeout: float = CALL_TIMEOUT):
        try:
            return self.worker.run_program(request, timeout=timeout)
        except LearnerProblem as problem:
            raise ModelRefused(problem_line(self.choice, problem), EXIT_NOT_PASSED,
                               problem.frames) from None

    def close(self) -> None:
        self.worker.close()


def problem_line(choice: Choice, problem: LearnerProblem) -> str:
    """What went wrong, in one line, naming whose function it was."""
    if choice.reference:
        return t("the model failed with the reference attention: {summary}",
                 summary=problem.summary)
    return t("your {function} (exercise {id}) failed inside the model: {summary}",
             function=choice.function, id=choice.exercise.id, summary=problem.summary)


# ---------------------------------------------------------------------- encoder
@dataclass
class EncoderRun:
    choice: Choice
    sentences: list
    tokens: list                  # B lists of token strings (no padding)
    embeddings: object            # [B, d] tensor, unit length
    attentions: object            # [L, B, h, n, n] tensor
    reference_embeddings: object = None
    reference_attentions: object = None
    seconds: float = 0.0

    @property
    def similarities(self):
        return self.embeddings @ self.embeddings.T  # [B, B] cosines (unit vectors)

    @property
    def max_difference(self) -> float | None:
        if self.reference_embeddings is None:
            return None
        return float((self.embeddings - self.reference_embeddings).abs().max())

    @property
    def max_weight_difference(self) -> float | None:
        if self.reference_attentions is None:
            return None
        return float((self.attentions - self.reference_attentions).abs().max())

    @property
    def matches_reference(self) -> bool | None:
        difference = self.max_difference
        return None if difference is None else bool(difference <= TOLERANCE)

    def document(self) -> dict:
        """What ``--json`` writes (and the notebook returns): plain data."""
        return {"sentences": list(self.sentences),
                "embeddings": self.embeddings.tolist(),
                "similarities": self.similarities.tolist(),
                "matches_reference": self.matches_reference,
                "max_difference": self.max_difference,
                "max_weight_difference": self.max_weight_difference,
                "tolerance": TOLERANCE,
                "attention": "reference" if self.choice.reference else "yours",
                "exercise": self.choice.exercise.id,
                "function": self.choice.function,
                "tokens": self.tokens,
                "seconds": round(self.seconds, 3)}


def encoder(choice: Choice, exercises_dir: Path | None, sentences: list,
            batch: dict) -> EncoderRun:
    """Run the encoder on a tokenized batch with the chosen attention and, unless that is
    the reference already, with the reference attention too (two workers at once)."""
    program = {"name": "encoder", "route": choice.mode}
    start = time.perf_counter()
    workers = [ModelWorker(choice, exercises_dir, program)]
    try:
        if not choice.reference:
            workers.append(ModelWorker(Choice(choice.exercise, choice.function, choice.mode,
                                              reference=True), None, program))
        request = {"input_ids": batch["input_ids"].tolist(),
                   "attention_mask": batch["attention_mask"].tolist()}
        answers = [w.ask(request) for w in workers]
    finally:
        for w in workers:
            w.close()
    mine = answers[0]
    ref = answers[1] if len(answers) > 1 else {}
    return EncoderRun(choice, list(sentences), batch["tokens"], mine["embeddings"], mine["attentions"],
                      ref.get("embeddings"), ref.get("attentions"), time.perf_counter() - start)


# -------------------------------------------------------------------------- gpt
@dataclass
class GPTRun:
    choice: Choice
    steps: int
    seed: int
    prompt: str
    losses: list = field(default_factory=list)
    generated: str = ""
    past_only_loss: float = 0.0
    uniform_loss: float = 0.0
    seconds: float = 0.0          # the training loop, in the worker
    parameters: int = 0           # the model's, as the worker counted them
    kv_bytes_per_token: int | None = None  # modern: the KV cache a generating model keeps
    plain: "GPTRun | None" = None  # modern: the plain model, trained beside it

    def mean_loss(self, first: bool) -> float:
        """The mean training loss of the first (or last) tenth of the steps."""
        k = max(1, len(self.losses) // 10)
        part = self.losses[:k] if first else self.losses[-k:]
        return sum(part) / len(part)

    def document(self) -> dict:
        """What ``--json`` writes (and the notebook returns): plain data."""
        return {"variant": self.choice.mode,
                "attention": "reference" if self.choice.reference else "yours",
                "exercise": self.choice.exercise.id,
                "function": self.choice.function,
                "steps": self.steps, "seed": self.seed,
                "loss_curve": list(self.losses),
                "loss_first_tenth": self.mean_loss(first=True) if self.losses else None,
                "loss_last_tenth": self.mean_loss(first=False) if self.losses else None,
                "past_only_loss": self.past_only_loss,
                "uniform_loss": self.uniform_loss,
                "prompt": self.prompt,
                "generated_text": self.generated,
                "seconds": round(self.seconds, 3),
                **({"pieces": {role: function for role, function in self.choice.pieces},
                    "exercises": [e.id for e in self.choice.exercises],
                    "not_passing": [e.id for e in self.choice.missing],
                    "parameters": self.parameters,
                    "kv_cache_bytes_per_token": self.kv_bytes_per_token,
                    "plain": self.plain.document() if self.plain else None}
                   if self.choice.mode == "modern" else {})}


def _together(calls: list) -> list:
    """Run each call in its own thread (each waits on its own worker) and return their
    results in order; the first exception is raised after all have ended."""
    with ThreadPoolExecutor(len(calls)) as pool:
        futures = [pool.submit(call) for call in calls]
    return [future.result() for future in futures]


def gpt(choice: Choice, exercises_dir: Path | None, text: str, steps: int, seed: int,
        prompt: str, progress=None, chars: int = 240) -> GPTRun:
    """Train the tiny GPT in the worker, a chunk of steps per request (``progress(done,
    total, loss)`` after each), then generate ``chars`` characters after ``prompt``. The
    modern GPT trains beside the plain one (the same seed and batches, a second worker),
    and the run holds both."""
    choices = [choice]
    if choice.mode == "modern":  # the plain model: no pieces, the reference file loaded
        choices.append(replace(choice, reference=True, pieces=(), more=(), missing=()))
    runs = [GPTRun(c, steps, seed, prompt) for c in choices]
    program = {"name": "gpt", "variant": choice.mode}
    workers = []
    try:
        for c in choices:
            workers.append(ModelWorker(c, exercises_dir if c is choice else None,
                                       {**program, "pieces": dict(c.pieces)}))
        started = _together([lambda w=w: w.ask({"action": "start", "text": text,
                                                "steps": steps, "seed": seed},
                                               timeout=LOAD_TIMEOUT) for w in workers])
        for run_, answer in zip(runs, started):
            run_.parameters = int(answer.get("parameters") or 0)
            run_.kv_bytes_per_token = answer.get("kv_bytes_per_token")
        while len(runs[0].losses) < steps:
            answers = _together([lambda w=w: w.ask({"action": "train", "n": CHUNK})
                                 for w in workers])
            for run_, answer in zip(runs, answers):
                run_.losses.extend(answer["losses"])
            if not answers[0]["losses"]:
                break
            if progress is not None:
                progress(len(runs[0].losses), steps, runs[0].losses[-1])
        ends = _together([lambda w=w: w.ask({"action": "finish", "prompt": prompt,
                                             "chars": chars, "seed": seed})
                          for w in workers])
    finally:
        for w in workers:
            w.close()
    for run_, end in zip(runs, ends):
        run_.generated = end["generated"]
        run_.past_only_loss = float(end["past_only_loss"])
        run_.uniform_loss = float(end["uniform_loss"])
        run_.seconds = float(end["seconds"])
    if len(runs) > 1:
        runs[0].plain = runs[1]
    return runs[0]
