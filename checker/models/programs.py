"""Programs a worker runs on the learner's functions (see engine/worker.py).

``prepare(params)`` runs in the worker before the learner's file is loaded and
before the sandbox's guard: it imports and reads everything it needs (the model
weights), because afterwards the worker can read none of the kit's files and import
none of its modules. It returns ``run(learner, request)``, which the worker calls
for each request; ``learner(name)`` gives the learner's function of that name. What
``run`` returns must be plain data: numbers, strings, lists, dicts and tensors.

The program's state (a model being trained) lives in the worker between requests.

    probe    call one function on given arguments (the kit's tests)
    encoder  all-MiniLM-L6-v2 with the learner's exercise 08 or 11 on a tokenized batch
    gpt      train a tiny GPT with the learner's exercise 10 (or 09, no mask) a chunk of
             steps per request, then generate; variant "modern": the GPT of
             modern_gpt.py with the learner's 13, 14 and 15 (or none: the plain one)
"""
from __future__ import annotations

import math


def _probe(params: dict):
    """The smallest program, for the kit's tests: call one function on given arguments."""
    def run(learner, request: dict):
        return {"result": learner(params["function"])(*request.get("args", [])),
                "prepared": params.get("note", "")}
    return run


def _encoder(params: dict):
    """params: route ("sdpa" or "mha"), function (the learner's function for it).
    Request: input_ids and attention_mask (lists of lists, from weights.tokenize).
    Answer: embeddings [B, d], every layer's weights [L, B, h, n, n]."""
    import torch

    from checker.models import encoder

    encoder.load_encoder()  # read the weights now, before the guard
    route, function = params["route"], params["function"]

    def run(learner, request: dict):
        ids = torch.tensor(request["input_ids"], dtype=torch.long)  # [B, n]
        mask = torch.tensor(request["attention_mask"], dtype=torch.long)  # [B, n]
        emb, per_layer = encoder.encode_ids(ids, mask, learner(function), route)
        return {"embeddings": emb, "attentions": torch.stack(per_layer)}  # [B, d], [L,B,h,n,n]
    return run


def _gpt(params: dict):
    """params: variant ("causal", "no_mask" or "modern"), function; for "modern", pieces:
    {role: function name} (modern_gpt.Pieces' fields). Requests, in order:
    {"action": "start", text, steps, seed} -> vocabulary size;
    {"action": "train", "n"} -> the losses of the next n steps;
    {"action": "finish", prompt, chars, seed} -> generated text, past-only loss, seconds."""
    import torch

    from checker.models import gpt, modern_gpt

    # The optimiser's first use imports more of torch (torch._dynamo among it): do it
    # now, while the worker may still read and import everything.
    warm = torch.nn.Linear(2, 2)
    optimiser = torch.optim.AdamW(warm.parameters())
    warm(torch.ones(1, 2)).sum().backward()
    optimiser.step()
    variant, function = params["variant"], params["function"]
    state: dict = {}

    def run(learner, request: dict):
        action = request.get("action")
        if action == "start":
            build, attention = None, None
            if variant == "modern":
                pieces = modern_gpt.Pieces(**{role: learner(name) for role, name
                                              in params.get("pieces", {}).items()})
                build = modern_gpt.builder(pieces)
            else:
                attention = learner(function)
            state["trainer"] = gpt.Trainer(request["text"], attention, variant,
                                           int(request["steps"]), int(request["seed"]),
                                           build=build)
            state["text"] = request["text"]
            model = state["trainer"].model
            return {"vocab": len(state["trainer"].vocab),
                    "parameters": sum(p.numel() for p in model.parameters()),
                    "kv_bytes_per_token": getattr(model, "kv_cache_bytes_per_token", None)}
        trainer = state["trainer"]
        if action == "train":
            return {"losses": trainer.train(int(request["n"])), "done": trainer.done}
        trained = trainer.result()
        seed = int(request.get("seed", 0))
        return {"generated": trained.generate(request["prompt"], int(request["chars"]),
                                              seed=seed),
                "past_only_loss": gpt.prefix_loss(trained, state["text"], seed=seed),
                "uniform_loss": math.log(len(trained.vocab)),
                "seconds": trained.seconds}
    return run


PROGRAMS = {"probe": _probe, "encoder": _encoder, "gpt": _gpt}


def prepare(params: dict):
    name = params.get("name")
    if name not in PROGRAMS:
        raise ValueError(f"no program named {name!r}")
    return PROGRAMS[name](params)
