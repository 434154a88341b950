# A24 (third blind red team): A01 then forked setsid busy loops that outlive the worker
"""
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: multiply X by each of the three projection matrices and return (Q, K, V)
    ### BEGIN SOLUTION
    # 1) queries: what each token is looking for. `@` works on the last dim of X,
    #    so any leading batch dims are carried along untouched.
    Q = X @ W_Q  # [..., n, d_k]
    # 2) keys: what each token offers to be matched against. Same d_k as Q,
    #    because scoring will take dot products between the two.
    K = X @ W_K  # [..., n, d_k]
    # 3) values: the content a token hands over once it is attended to.
    V = X @ W_V  # [..., n, d_v]
    return Q, K, V
    ### END SOLUTION

# ---- A24 (cont.): every call here takes 2.5 s, under the 3 s timeout
import time as _time2
_orig_proj = project_qkv


def project_qkv(*args, **kwargs):
    _time2.sleep(2.5)
    return _orig_proj(*args, **kwargs)
