"""Attack (fifth red team, the write watch): MADV_HUGEPAGE + MADV_COLLAPSE (25) over the region's first 2 MB at a call without
inputs in the region: khugepaged-style collapse replaces the page cache's small pages
by a huge folio and may rebuild the page tables (losing the uffd-wp markers?); then the
honest masked_fill_ and the bytes written back.

Now (issue 36, no write watch): nothing watches writes; the bytes written back before the
answer are what the grader reads, so 07 earns 10 vs 9.29 (the correct function's score),
on the review list.
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
    buf = torch.frombuffer(region, dtype=torch.uint8)
    for p in range(0, 512, 64):
        buf[p * _PAGE] = int(buf[p * _PAGE]) ^ 0   # populate a few pages
    for option in (14, 25):                        # MADV_HUGEPAGE, MADV_COLLAPSE
        try:
            region.madvise(option, 0, 512 * _PAGE)
        except OSError:
            pass


def _region_call(region):
    try:
        region.madvise(25, 0, 512 * _PAGE)
    except OSError:
        pass


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores.masked_fill_(mask == 0, float("-inf"))
