"""weighted_sum gives the weights a last axis and multiplies V by them, without giving V an
axis for the queries: unbatched, V [n_k, d_v] lines up with [n_q, n_k, 1]; with a batch
dimension V's batch lines up with the queries.

Caught by: the batched cases (the product does not broadcast, at the line that shows it).

Cause: ex06_no_query_axis
"""


def weighted_sum(weights, V):
    blended = V * weights[..., :, None]  # [..., n_q, n_k, d_v] only without batch dims
    return blended.sum(dim=-2)
