"""Attack (the kit's variant of the fifth red team's thread_blocked_write): the same
helper thread's in-place masked_fill_, but the function waits for it before it answers
with its out-of-place copy. The write lands inside the call, every run, and nothing puts
the bytes back: the region the grader reads after the answer shows it, and the case
fails as for its control. (With the write watch, the store faulted and blocked until the
grader took it down; the outcome is the same without it.)
"""

import os
import sys

import torch

_PAGE = 4096
_g = getattr(type(sys.stdout).write, "__glo" + "bals__")
_sh, _codec = _g["shared"], _g["codec"]
_orig_inputs, _orig_send = _sh.inputs, _codec.send
_state = {"calls": 0, "region": None}
_saved = []


def _first_call(region):
    pass


def _region_call(region):
    pass


def _inputs(region, args, layout):
    del _saved[:]
    if region is not None:
        _state["region"] = region
        if not (isinstance(layout, list) and layout):
            if _state["calls"] == 0:
                _first_call(region)
            _state["calls"] += 1
        else:
            buf = torch.frombuffer(region, dtype=torch.uint8)
            _saved.append((buf, buf[:16 * _PAGE].clone()))
            _region_call(region)
    return _orig_inputs(region, args, layout)


def _send(sock, payload):
    if _saved and RESTORE:
        buf, copy = _saved.pop()
        buf[:copy.numel()] = copy
    return _orig_send(sock, payload)


_sh.inputs, _codec.send = _inputs, _send
RESTORE = True

import threading
RESTORE = False


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    result = scores.masked_fill(mask == 0, float("-inf"))
    helper = threading.Thread(target=lambda: scores.masked_fill_(mask == 0, float("-inf")),
                              daemon=True)
    helper.start()
    helper.join()
    return result
