"""``attn-kit watch``: a live screen that checks each exercise the moment it is saved.

One process keeps torch and the fork server warm, so a save costs only the
hidden cases of the saved exercise. Three threads feed one queue: watchdog's
observer (file events), a key reader (single keys, the terminal in cbreak
mode), and the main loop, which runs the checks and draws the screen.

Keys: h hint · n next · l list · a every failing case · p replay file · r re-check all ·
s solution · q quit.
"""
from __future__ import annotations

import contextlib
import os
import queue
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text

from checker import manifest
from checker.i18n import t
from checker.learner.commands import CheckerBroken, checker_broken, hint_text, run_check, solution_view
from checker.learner.report import title_of
from checker.judge.results import ExerciseResult, RunResult, Status
from checker.options import RunOptions
from checker.usage import EXIT_OK, positive_timeout
from checker.learner.workspace import State, find_exercises
from checker.learner.wrapping import Paragraph

DEBOUNCE = 0.05  # seconds: editors write a file in several steps (truncate, write, rename)


# What the three threads put in the queue.
@dataclass(frozen=True)
class FileSaved:
    exercise_id: str          # an exercise file was written, created, moved or deleted


@dataclass(frozen=True)
class KeyPressed:
    key: str                  # one key from the terminal


@dataclass(frozen=True)
class Notice:
    text: str                 # something to tell the learner (e.g. file events unavailable)


Event = FileSaved | KeyPressed | Notice


class Watch:
    def __init__(self, exercises_dir: Path, console, options: RunOptions):
        self.dir = exercises_dir
        self.console = console
        self.options = options              # every check of the session runs with these
        self.exercises = list(manifest.load())
        self.by_file = {e.file: e for e in self.exercises}
        self.results: dict[str, ExerciseResult] = {}
        self.focus: str | None = None       # the exercise on screen
        self.banner: list[Text] = []        # what just happened (a pass, a skip...)
        self.extra: list = []               # the list or a solution, in place of the panel
        self.inside: list = []              # a hint, shown inside the panel
        self.last_passed: str | None = None  # the exercise whose solution `s` shows
        self.timing = ""
        self.engine: dict | None = None     # the layers left out, as the last check said
        self.checking = False               # a check is running: the timing line says so
        self.asked_last_hint = False        # `h` said the next hint is the last: `h` again shows it
        self.events: queue.Queue = queue.Queue()

    # ------------------------------------------------------------- checking
    def busy(self, ids: list[str]) -> None:
        """Show at once that ``ids`` are being checked (a check may take seconds, as when
        a case runs into the time limit): the last screen, its timing line saying so."""
        self.checking = True
        self.timing = (t("checking {ids} ...", ids=", ".join(ids)) if len(ids) < 4 else
                       t("checking all exercises ..."))
        if self.console.plain:
            self.console.print(Text(self.timing))
        else:
            self.draw()

    def check(self, ids: list[str]) -> None:
        started = time.perf_counter()
        chosen = [e for e in self.exercises if e.id in ids]
        run = run_check(self.dir, chosen, self.options).result
        self.engine = run.engine or self.engine
        for result in run.exercises:
            self.results[result.id] = result
        seconds, clock = f"{time.perf_counter() - started:.2f}", time.strftime("%H:%M:%S")
        self.checking = False
        self.timing = (t("checked {ids} in {seconds} s at {clock}", ids=", ".join(ids),
                         seconds=seconds, clock=clock) if len(ids) < 4 else
                       t("checked all in {seconds} s at {clock}", seconds=seconds, clock=clock))

    def snapshot(self) -> RunResult:
        """The latest result of every exercise, as one run."""
        return RunResult([self.results[e.id] for e in self.exercises], self.options.seed, {},
                         str(self.dir))

    def snapshot_of(self, result: ExerciseResult) -> RunResult:
        """One exercise's latest result, as a run of its own."""
        return RunResult([result], self.options.seed, {}, str(self.dir))

    def unfinished(self) -> list[str]:
        return [e.id for e in self.exercises
                if e.id not in self.results or self.results[e.id].status != Status.PASSED]

    def next_after(self, exercise_id: str | None) -> str | None:
        """The first unfinished exercise after ``exercise_id`` (wrapping around)."""
        todo = self.unfinished()
        if not todo:
            return None
        order = [e.id for e in self.exercises]
        start = order.index(exercise_id) + 1 if exercise_id in order else 0
        for eid in order[start:] + order[:start]:
            if eid in todo:
                return eid
        return None

    def saved(self, ids: list[str]) -> None:
        """Files were saved: check them, and follow the learner to what they work on."""
        before = {i: self.results[i].status if i in self.results else None for i in ids}
        self.check(ids)
        self.extra, self.inside = [], []
        self.banner = []
        newly = [i for i in ids if self.results[i].status == Status.PASSED and before[i] != Status.PASSED]
        if newly:
            done = newly[-1]
            self.last_passed = done
            self.banner = [Text(t("✔ Exercise {id} · {title} passes!", id=done,
                                  title=title_of(done)), style="bold green"),
                           Text(t("Press s to compare your code with the reference solution."))]
            self.focus = self.next_after(done)
        else:
            worked_on = [i for i in ids if self.results[i].status != Status.PASSED]
            if worked_on:
                self.focus = worked_on[0]

    # ----------------------------------------------------------------- keys
    def key(self, key: str) -> bool:
        """Act on a key; returns False to quit."""
        key = key.lower()
        self.banner, self.extra, self.inside = [], [], []
        asked, self.asked_last_hint = self.asked_last_hint, False
        if key == "q":
            return False
        if key == "h":
            if self.focus is None:
                self.banner = [Paragraph(t("Every exercise passes, so there is no hint to give. "
                                      "`attn-kit hint 05 --all` shows all hints of exercise 05, and so on."))]
            else:
                exercise = manifest.by_id()[self.focus]
                hint = hint_text(exercise, State(self.dir), last_ok=asked)
                self.inside = list(hint.lines)
                if hint.needs_yes:
                    self.asked_last_hint = True
                    self.inside.append(Paragraph(t("Press h again to see it.")))
        elif key == "n":
            following = self.next_after(self.focus) if self.focus is not None else None
            if following is None:
                self.banner = [Paragraph(t("Every exercise passes: there is nothing to skip to."))]
            elif following == self.focus:
                self.banner = [Paragraph(t("Exercise {id} is the only one left to do.",
                                      id=self.focus))]
            else:
                self.banner = [Paragraph(t("Skipped to exercise {id}; come back to {previous} "
                                      "whenever you like.", id=following,
                                      previous=self.focus))]
                self.focus = following
        elif key == "l":
            from checker.learner.report import listing

            self.extra = [listing(self.snapshot(), State(self.dir), self.console.plain,
                                  self.console.width)]
        elif key == "a":
            focused = self.results.get(self.focus) if self.focus else None
            if focused is None:
                self.banner = [Paragraph(t("Every exercise passes: no case fails."))]
            else:
                from checker.learner.report import all_cases_view

                self.extra = [all_cases_view(focused, self.console.plain)]
        elif key == "p":
            focused = self.results.get(self.focus) if self.focus else None
            if focused is None:
                self.banner = [Paragraph(t("Every exercise passes: there is no failing case to "
                                           "replay."))]
            else:
                from checker.learner.commands import replay_lines

                self.banner = [Paragraph(line) for line in replay_lines(
                    self.snapshot_of(focused), self.dir, self.options.timeout)]
        elif key == "r":
            self.busy([e.id for e in self.exercises])
            self.check([e.id for e in self.exercises])
            if self.focus is None or self.results[self.focus].status == Status.PASSED:
                self.focus = self.next_after(None)
        elif key == "s":
            focused = self.results.get(self.focus) if self.focus else None
            shown = self.last_passed or (self.focus if focused is not None and
                                         focused.status == Status.PASSED else None)
            if shown is None and self.focus is None:
                self.banner = [Paragraph(t("Every exercise passes: `attn-kit solution 05` shows the "
                                      "solution of exercise 05, and so on."))]
            elif shown is None:
                self.banner = [Paragraph(t("A solution is shown once its exercise passes; `attn-kit "
                                      "solution {id} --force` shows this one before.",
                                      id=self.focus))]
            else:
                self.extra = [solution_view(manifest.by_id()[shown], self.console.plain)]
        elif key.isalnum() and key.isascii():
            self.banner = [Text(t("Unknown key {key!r}.", key=key))]
        # any other key (Enter, space, an arrow's escape sequence) goes back to the exercise
        return True

    # --------------------------------------------------------------- screen
    def title(self, width: int) -> Text:
        """watch's first line, on one line: a long folder is cut from the front."""
        folder = str(self.dir)
        said = t("attention-kit watch · {folder} · saving a file checks it", folder=folder)
        over = cell_len(said) - width
        if over > 0 and not self.console.plain:
            said = t("attention-kit watch · {folder} · saving a file checks it",
                     folder="…" + folder[min(len(folder) - 8, over + 1):])
        return Text(said, style="bold", no_wrap=not self.console.plain, overflow="ellipsis")

    def draw(self) -> None:
        from checker.learner.report import engine_line, fitted_panel, progress

        c = self.console
        plain = c.plain
        if not plain:
            c.clear()
        else:
            c.print(Text("=" * 72))
        top = [self.title(c.width), progress(self.snapshot(), plain, c.width), Text("")]
        said = engine_line(self.engine, plain)  # a layer left out here: which
        if said is not None:
            top.insert(1, said)
        for item in top:
            c.print(item)
        for line in self.banner:
            c.print(line)
        # what is left of the terminal for the panel (or the list, or a solution), so that
        # nothing scrolls off: the header, the progress, the banner, the timing and the
        # keys' line, each as tall as it is at this width
        used = sum(len(c.render_lines(item, c.options, pad=False))
                   for item in (*top, *self.banner))
        said = t("keys: h hint · n next · l list · a all failing cases · p replay file · r "
                 "re-check all · s solution · q quit")
        if cell_len(said) > c.width:  # one line rather than two on a narrow terminal
            said = t("keys: h hint  n next  l list  a failing  p replay  r recheck  s solution  "
                     "q quit")
        keys = Paragraph(Text(said, style="" if plain else "bold cyan"))
        used += 1 + len(c.render_lines(keys, c.options, pad=False))
        # and the line the cursor rests on after the keys' line: filled, it would scroll
        room = max(8, c.height - used - 1)
        if self.extra:
            for item in self.extra:
                _print_clipped(c, item, room)
        elif self.focus is None:
            c.print(Paragraph(Text(t("All {n} exercises pass. Well done! You have built attention "
                                "from a soft lookup to causal self-attention.",
                                n=len(self.exercises)), style="" if plain else "bold green")))
            c.print(Paragraph(t("See your attention at work: `attn-kit show 08` draws the weights "
                           "your code gives, next to the reference's; `attn-kit model gpt` "
                           "trains a tiny GPT with it.")))
            c.print(Paragraph(t("Press s to see the last reference solution, l for the list, "
                           "q to quit.")))
        else:
            c.print(fitted_panel(self.results[self.focus], str(self.dir), plain, "watch", c,
                                 room if not plain else 10 ** 6, inside=self.inside))
        c.print(Text(self.timing, style="bold yellow" if self.checking and not plain else "dim"))
        c.print(keys)


    # ----------------------------------------------------------------- loop
    def run(self) -> int:
        # watch first, then check: a save during the first check is not missed
        with _observer(self.dir, self.by_file, self.events), _keys(self.events):
            self.console.print(Text(t("Checking all {n} exercises...", n=len(self.exercises))))
            self.check([e.id for e in self.exercises])
            self.focus = self.next_after(None)
            self.draw()
            while True:
                try:
                    event: Event = self.events.get(timeout=0.5)
                except queue.Empty:
                    continue
                except KeyboardInterrupt:  # Ctrl-C is a way to quit too
                    event = KeyPressed("q")
                if isinstance(event, FileSaved):
                    ids = {event.exercise_id}
                    time.sleep(DEBOUNCE)
                    others = []  # keys and messages that came meanwhile: after this save
                    while True:  # take in every event of this save
                        try:
                            more = self.events.get_nowait()
                        except queue.Empty:
                            break
                        if isinstance(more, FileSaved):
                            ids.add(more.exercise_id)
                        else:
                            others.append(more)
                    self.busy(sorted(ids))
                    self.saved(sorted(ids))
                    self.draw()
                    for more in others:
                        self.events.put(more)
                elif isinstance(event, KeyPressed):
                    if not self.key(event.key):
                        self.console.print(Paragraph(t("Bye! Your progress is saved; `attn-kit "
                                                  "watch` picks up where you left off.")))
                        return EXIT_OK
                    self.draw()
                elif isinstance(event, Notice):
                    self.console.print(Text(event.text))


@contextlib.contextmanager
def _observer(folder: Path, by_file: dict, events: queue.Queue):
    """watchdog's observer on the exercises folder; events for exercise files only."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event):
            if event.is_directory or event.event_type not in ("modified", "created", "moved",
                                                              "closed", "deleted"):
                return
            path = getattr(event, "dest_path", "") or event.src_path
            exercise = by_file.get(os.path.basename(os.fsdecode(path)))
            if exercise is not None:
                events.put(FileSaved(exercise.id))

    observer = Observer()
    try:
        observer.schedule(Handler(), str(folder), recursive=False)
        observer.start()
    except OSError as exc:  # e.g. the system's limit of inotify watches
        from watchdog.observers.polling import PollingObserver

        events.put(Notice(t("File events are not available ({error}); checking files for "
                            "changes every second instead.", error=exc)))
        observer = PollingObserver(timeout=1.0)
        observer.schedule(Handler(), str(folder), recursive=False)
        observer.start()
    try:
        yield observer
    finally:
        observer.stop()


@contextlib.contextmanager
def _keys(events: queue.Queue):
    """Single key presses from stdin (cbreak mode on a terminal), into the queue."""
    stdin = sys.stdin
    fd = stdin.fileno() if stdin is not None else None
    saved = None
    if fd is not None and os.isatty(fd):
        import termios
        import tty

        saved = termios.tcgetattr(fd)
        # TCSANOW, not setcbreak's TCSAFLUSH: a key typed while the kit starts is kept
        tty.setcbreak(fd, termios.TCSANOW)

    def read() -> None:
        while fd is not None:
            try:
                data = os.read(fd, 1)
            except OSError:
                return
            if not data:
                return  # end of input: keep watching, without keys
            events.put(KeyPressed(data.decode("utf-8", "replace")))

    threading.Thread(target=read, name="attn-kit-keys", daemon=True).start()
    try:
        yield
    finally:
        if saved is not None:
            import termios

            termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def cmd_watch(args) -> int:
    positive_timeout(args.timeout)
    exercises_dir = find_exercises(args.exercises)
    from checker.console import make_console

    console = make_console()
    try:
        # the failing cases' calls are kept: p writes a replay file of one
        options = RunOptions(seed=args.seed, timeout=args.timeout, replay=True)
        return Watch(exercises_dir, console, options).run()
    except CheckerBroken as exc:
        return checker_broken(exc)


def _print_clipped(console, item, room: int) -> None:
    """Print ``item`` in at most ``room`` lines (a long solution or list is cut, and says
    how to see all of it); off a terminal everything is printed."""
    lines = console.render_lines(item, console.options, pad=False)
    if console.plain or len(lines) <= room:
        console.print(item)
        return
    for line in lines[:room - 1]:  # each line as rendered, its styles kept
        console.print(Text.assemble(*((seg.text, seg.style) for seg in line if seg.text)),
                      no_wrap=True, overflow="crop")
    console.print(Text(t("... {n} more lines not shown here; any key goes back to the "
                         "exercise", n=len(lines) - room + 1),
                       style="dim"))
