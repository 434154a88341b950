"""Programs a worker runs on the learner's functions (see engine/worker.py).

``prepare(params)`` runs in the worker before the learner's file is loaded and
before the sandbox's guard: it may read what it needs (model weights). It returns
``run(learner, params)``, which the worker calls later; ``learner(name)`` gives the
learner's function of that name. What ``run`` returns must be plain data: numbers,
strings, lists, dicts and tensors.
"""
from __future__ import annotations


def _probe(params: dict):
    """The smallest program, for the kit's tests: call one function on given arguments."""
    def run(learner, request: dict):
        return {"result": learner(params["function"])(*request.get("args", [])),
                "prepared": params.get("note", "")}
    return run


PROGRAMS = {"probe": _probe}


def prepare(params: dict):
    name = params.get("name")
    if name not in PROGRAMS:
        raise ValueError(f"no program named {name!r}")
    return PROGRAMS[name](params)
