"""Uses K.T, which reverses every dimension, so batched inputs break (fine only for 2-D).

Caught by: Q and K with 1 or 2 leading batch dimensions.

Cause: two_d_only
"""


def attention_scores(Q, K):
    return Q @ K.T
