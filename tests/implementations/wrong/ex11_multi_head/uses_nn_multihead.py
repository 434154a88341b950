"""multi_head_attention hands the work to torch.nn.MultiheadAttention, which 11 forbids.

Caught by: forbidden call (the module's forward reaches multi_head_attention_forward; the
static scan sees MultiheadAttention).

Cause: forbidden_call
"""

import torch


def split_heads(X, h):
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    return X.reshape(*X.shape[:-1], h, d_model // h).transpose(-3, -2)


def merge_heads(X):
    h, n, d_head = X.shape[-3:]
    return X.transpose(-3, -2).reshape(*X.shape[:-3], n, h * d_head)


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    d_model = X_q.size(-1)
    layer = torch.nn.MultiheadAttention(d_model, h, bias=False, batch_first=True,
                                        dtype=X_q.dtype)
    with torch.no_grad():
        layer.in_proj_weight.copy_(torch.cat([W_Q.T, W_K.T, W_V.T]))
        layer.out_proj.weight.copy_(W_O.T)
    blocked = None if mask is None else (mask == 0)
    return layer(X_q, X_kv, X_kv, attn_mask=blocked, average_attn_weights=False)
