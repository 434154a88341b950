"""One check run's options, as one frozen value (a light module: no torch, no pytest).

Every command that runs hidden cases makes one ``RunOptions`` and hands it down whole:
``judge.run`` gives it to the pytest plugin, the plugin to its workers, each worker reads
what it needs. Grading extends it with its own options (``grading.records.Options``), and
what is a scoring rule (all-or-nothing, a course's points) is applied to a finished run,
never carried through the judge.

Adding an option for a run: a field here, its flag in the part's ``arguments.py`` (the
command builds the value from it), and its use where it matters. Inside a check every case
has it as ``learner.options`` (the ``learner`` fixture), so a case, and the comparison it
asks for, read the run's settings from there: no module global, no extra plumbing.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from checker import defaults
from checker.engine.sandbox import Limits


@dataclass(frozen=True)
class RunOptions:
    seed: int = defaults.SEED           # the hidden inputs (a case's generator is seeded from it)
    timeout: float = defaults.TIMEOUT   # seconds one call to learner code may take
    limits: Limits = field(default_factory=Limits)  # each worker's memory, files, processes
    hide: tuple[str, ...] = ()          # what workers may not read (submissions, output)
    json_report: bool = False           # also build the JSON document (check --json, grade)
    replay: bool = False                # keep failing cases' calls for a replay file (a learner's
                                        # check and watch only: never a grade's hidden inputs)
    learner_check: bool = False         # a learner's own check (learner/checking.py), never a
                                        # grade: the worker's word that an input's tensor changed
                                        # shape in place is told too (compare.unchanged)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "RunOptions":
        """The options a ``to_dict`` gave (what crosses a grading pool's pipes as JSON);
        keys of another class's fields are left to it."""
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        values["limits"] = Limits.from_dict(data.get("limits"))
        values["hide"] = tuple(data.get("hide", ()))
        return cls(**values)
