"""Blends by broadcasting, (weights.unsqueeze(-1) * V).sum(-2), without giving V its
query axis: right for 2-D inputs, a broadcast error (or wrong values) with batch dimensions.

Caught by: the batched cases.

Cause: ex06_no_query_axis
"""


def weighted_sum(weights, V):
    return (weights.unsqueeze(-1) * V).sum(-2)
