"""V is copied with `new_tensor` (a copy that leaves autograd behind, like
`.clone().detach()`) before the product: the output is right, but no gradient reaches V.
No line rule quotes it: the general cause.

Caught by: the gradient case (no gradient for V).

Cause: no_gradient_to
"""


def weighted_sum(weights, V):
    values = V.new_tensor(V)
    return weights @ values
