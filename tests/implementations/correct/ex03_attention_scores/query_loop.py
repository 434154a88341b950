"""Explicit loop over the queries: each query row is scored against all keys with torch.mv.

Batch dimensions are broadcast, flattened, and restored with reshape.
"""

import torch


def attention_scores(Q, K):
    n_q, d_k = Q.shape[-2:]
    n_k = K.size(-2)
    batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2])
    q = Q.expand(*batch, n_q, d_k).reshape(-1, n_q, d_k)
    k = K.expand(*batch, n_k, d_k).reshape(-1, n_k, d_k)
    rows = []
    for b in range(q.size(0)):
        rows.append(torch.stack([torch.mv(k[b], q[b, i]) for i in range(n_q)]))
    return torch.stack(rows).reshape(*batch, n_q, n_k)
