"""Transposes dimensions 0 and 1 of K instead of the last two, which is only right without batch dimensions.

Caught by: Q and K with 1 or 2 leading batch dimensions (shape error or wrong values).

Cause: transpose_first_axes
"""


def attention_scores(Q, K):
    return Q @ K.transpose(0, 1)
