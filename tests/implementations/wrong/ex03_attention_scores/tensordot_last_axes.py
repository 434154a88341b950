"""attention_scores contracts the last axes of Q and K with tensordot, which keeps every
other axis of both: for batched inputs each batch of queries meets every batch of keys,
[..., n_q, ..., n_k] (for 2-D inputs it is Q Kᵀ).

Caught by: the batched cases (wrong shape, the values of torch.inner(Q, K)).

Cause: ex03_inner_all_batches
"""

import torch


def attention_scores(Q, K):
    return torch.tensordot(Q, K, dims=([-1], [-1]))
