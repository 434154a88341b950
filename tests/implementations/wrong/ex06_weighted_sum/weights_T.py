"""Uses weights.T @ V, as if the weights were stored keys-by-queries.

Caught by: n_q != n_k (shape error), batched inputs (.T reverses all dims), and wrong values
for square unbatched weights.

Cause: ex06_weights_t
"""


def weighted_sum(weights, V):
    return weights.T @ V
