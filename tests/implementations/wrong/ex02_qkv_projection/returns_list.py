"""Returns a list [Q, K, V] instead of a tuple.

Exposed by: Type check of the result (contract: tuple[Tensor, Tensor, Tensor]).

Cause: list_not_tuple
"""

from __future__ import annotations

import math

import torch


def project_qkv(X, W_Q, W_K, W_V):
    return [X @ W_Q, X @ W_K, X @ W_V]
