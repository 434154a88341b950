"""Reaches the forbidden torch.softmax through getattr with a built string, hiding it from a source scan.

Caught by: forbidden call (only at call time: the source never spells torch.softmax).

Cause: forbidden_call
"""

import torch


def softmax(x, dim=-1):
    fn = getattr(torch, "soft" + "max")
    return fn(x, dim)
