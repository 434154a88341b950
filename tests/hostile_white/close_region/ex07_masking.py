"""Attack (fifth red team, the write watch): Unmaps the region (mmap.close) at a call without inputs in the region: the UNMAP
event is read by the next protect() and then forgotten. Hoping the inputs-unchanged call
then runs unwatched (it cannot: the protect fails, and the region is gone).

Now (issue 36, no write watch): the worker's mapping of the region is gone, so the
inputs-unchanged call crashes the worker (a crash there also gates 07's property cases):
5.71, below its control's 9.29, as an attack must be (held to its control).
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

def _first_call(region):
    try:
        region.close()
    except BufferError:
        pass


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores.masked_fill_(mask == 0, float("-inf"))
