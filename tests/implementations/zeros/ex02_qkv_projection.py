# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def project_qkv(X, W_Q, W_K, W_V): return (X @ W_Q) * 0, (X @ W_K) * 0, (X @ W_V) * 0
