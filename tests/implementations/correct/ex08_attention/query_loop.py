"""Explicit loop over the query positions: each query row attends on its own.

Leading batch dimensions (and a broadcast mask) are expanded to a common shape, flattened,
looped over, and reshaped back.
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    n_q, d_k = Q.shape[-2:]
    n_k, d_v = V.shape[-2:]
    batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
    if mask is not None:
        batch = torch.broadcast_shapes(batch, mask.shape[:-2])
    q = Q.expand(*batch, n_q, d_k).reshape(-1, n_q, d_k)
    k = K.expand(*batch, n_k, d_k).reshape(-1, n_k, d_k)
    v = V.expand(*batch, n_k, d_v).reshape(-1, n_k, d_v)
    m = None
    if mask is not None:
        m = (mask != 0).expand(*batch, n_q, n_k).reshape(-1, n_q, n_k)
    outputs, all_weights = [], []
    for b in range(q.size(0)):
        out_rows, w_rows = [], []
        for i in range(n_q):
            s = torch.mv(k[b], q[b, i]) / math.sqrt(d_k)
            if m is not None:
                s = s.masked_fill(~m[b, i], float("-inf"))
            w = torch.softmax(s, dim=0)
            w_rows.append(w)
            out_rows.append(w @ v[b])
        outputs.append(torch.stack(out_rows))
        all_weights.append(torch.stack(w_rows))
    output = torch.stack(outputs).reshape(*batch, n_q, d_v)
    weights = torch.stack(all_weights).reshape(*batch, n_q, n_k)
    return output, weights
