"""view + permute instead of reshape + transpose, and -1e9 for blocked scores in float32 and float64 (-inf in half precision, where -1e9 does not fit).
"""

import torch


def split_heads(X, h):
    *lead, n, d_model = X.shape
    if d_model % h != 0:
        raise ValueError("d_model is not a multiple of h")
    nd = len(lead)
    out = X.contiguous().view(*lead, n, h, d_model // h)
    return out.permute(*range(nd), nd + 1, nd, nd + 2)


def merge_heads(X):
    *lead, h, n, d_head = X.shape
    nd = len(lead)
    return X.permute(*range(nd), nd + 1, nd, nd + 2).contiguous().view(*lead, n, h * d_head)


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    Q = split_heads(torch.matmul(X_q, W_Q), h)
    K = split_heads(torch.matmul(X_kv, W_K), h)
    V = split_heads(torch.matmul(X_kv, W_V), h)
    scores = torch.matmul(Q, K.transpose(-1, -2)) * Q.size(-1) ** -0.5
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)
        fill = -1e9 if scores.dtype in (torch.float32, torch.float64) else float("-inf")
        scores = scores.masked_fill(mask == 0, fill)
    weights = torch.nn.functional.softmax(scores, dim=-1)
    return torch.matmul(merge_heads(torch.matmul(weights, V)), W_O), weights
