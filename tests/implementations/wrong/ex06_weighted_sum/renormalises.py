"""Renormalises the weights so each row sums to 1 before mixing, although 06 must use them as given.

Caught by: weights whose rows do not sum to 1 (arbitrary values, as the contract allows).

Cause: ex06_renormalised
"""


def weighted_sum(weights, V):
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
