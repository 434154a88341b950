"""MISTAKE: project_qkv flattens the tokens and reshapes back with X.shape[0] as the batch size, which breaks for unbatched or multi-batch inputs.
FIX: Just use X @ W, which works on the last dim for any number of leading dims.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    B = X.shape[0]
    flat = X.reshape(-1, X.shape[-1])
    Q = (flat @ W_Q).reshape(B, -1, W_Q.shape[1])
    K = (flat @ W_K).reshape(B, -1, W_K.shape[1])
    V = (flat @ W_V).reshape(B, -1, W_V.shape[1])
    return Q, K, V
