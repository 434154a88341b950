"""einsum products, the query scaled once by 1/sqrt(d_k) before scoring, and the outputs joined with a single torch.cat of a generator.
"""

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q = torch.einsum("...nd,dk->...nk", x_t, W_Q) * (1.0 / math.sqrt(W_Q.size(-1)))
    k = torch.einsum("...nd,dk->...nk", x_t, W_K)
    v = torch.einsum("...nd,dv->...nv", x_t, W_V)
    K = k if cache is None else torch.cat([cache[0], k], dim=-2)
    V = v if cache is None else torch.cat([cache[1], v], dim=-2)
    weights = torch.softmax(torch.einsum("...qd,...kd->...qk", q, K), dim=-1)
    return torch.einsum("...qk,...kv->...qv", weights, V), (K, V)


def generate_outputs(X, W_Q, W_K, W_V):
    state = {"cache": None}

    def step(t):
        out_t, state["cache"] = attention_step(X[..., t:t + 1, :], W_Q, W_K, W_V,
                                               state["cache"])
        return out_t

    return torch.cat([step(t) for t in range(X.size(-2))], dim=-2)
