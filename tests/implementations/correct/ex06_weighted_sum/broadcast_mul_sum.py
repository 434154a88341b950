"""Broadcast weights [..., n_q, n_k, 1] against V [..., 1, n_k, d_v] and sum over the key axis.
"""


def weighted_sum(weights, V):
    return (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-2)
