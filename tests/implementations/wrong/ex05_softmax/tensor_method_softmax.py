"""Calls the ready-made Tensor.softmax method (x.softmax), which exercise 05 forbids.

Caught by: forbidden call.

Cause: forbidden_call
"""


def softmax(x, dim=-1):
    return x.softmax(dim)
