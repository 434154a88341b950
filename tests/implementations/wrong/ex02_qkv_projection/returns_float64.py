"""Converts the projections to float64 whatever the inputs' dtype.

Caught by: the float32 case.

Cause: dtype_cast
"""


def project_qkv(X, W_Q, W_K, W_V):
    return (X @ W_Q).double(), (X @ W_K).double(), (X @ W_V).double()
