# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
import torch
def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    k, v = x_t @ W_K, x_t @ W_V
    K = k if cache is None else torch.cat([cache[0], k], -2)
    V = v if cache is None else torch.cat([cache[1], v], -2)
    return v * 0, (K * 0, V * 0)
def generate_outputs(X, W_Q, W_K, W_V):
    return (X @ W_V) * 0
