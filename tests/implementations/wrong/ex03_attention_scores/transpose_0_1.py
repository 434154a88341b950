"""Transposes dimensions 0 and 1 of K instead of the last two, which is only right without batch dimensions.

Caught by: Q and K with 1 or 2 leading batch dimensions (shape error or wrong values).

Cause: two_d_only
"""


def attention_scores(Q, K):
    return Q @ K.transpose(0, 1)
