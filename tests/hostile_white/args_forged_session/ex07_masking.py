"""Attack (issue 17, route 1, no frames): reach the worker's _Session class through
sys.stdout's class (its methods' __globals__) at load time and patch its reply so that
the inputs it sends back as `args_after` are clones taken before the in-place change.
Control: tests/implementations/wrong/ex07_masking/masked_fill_in_place.py."""
import sys

import torch

STATE = {"clean": None}
_G = "__glo" + "bals__"


def _patch():
    try:
        world = getattr(type(sys.stdout).write, _G)
        session = world["_Session"]
    except Exception:
        return
    original = session.reply

    def reply(self, message):
        if STATE["clean"] is not None and message.get("ok"):
            message["args_after"] = STATE["clean"]
            STATE["clean"] = None
        return original(self, message)

    session.reply = reply


_patch()


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    STATE["clean"] = [scores.clone(), mask.clone()]
    return scores.masked_fill_(mask == 0, float("-inf"))
