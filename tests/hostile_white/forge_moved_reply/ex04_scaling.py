"""Attack (fourth red team, B1): an honest in-place `set_` in 04, and the worker's
_Session.reply (reached through sys.stdout's method globals) patched to say that no input
object moved. The worker's `moved` decides nothing, so it earns what its control earns."""

import math
import sys
import torch

# Attack: patch the worker's reply (class reached through sys.stdout's method globals) so
# that its word about moved inputs always says "not moved".
try:
    _g = getattr(type(sys.stdout).write, "__glo" + "bals__")
    _S = _g["_Session"]
    _orig = _S.reply

    def _reply(self, message):
        if isinstance(message.get("moved"), list):
            message["moved"] = [False] * len(message["moved"])
        return _orig(self, message)

    _S.reply = _reply
except Exception as e:
    print("patch failed", type(e).__name__, e)


def scale_scores(scores, d_k):
    scores.set_(scores / math.sqrt(d_k))
    return scores
