# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    s = Q @ K.transpose(-2, -1)
    return (s @ V) * 0, s * 0
