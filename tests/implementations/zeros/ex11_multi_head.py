# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def split_heads(X, h):
    if X.size(-1) % h:
        raise ValueError("h must divide d_model")
    return X.reshape(*X.shape[:-1], h, X.size(-1) // h).transpose(-3, -2) * 0
def merge_heads(X):
    return X.transpose(-3, -2).reshape(*X.shape[:-3], X.size(-2), X.size(-3) * X.size(-1)) * 0
def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    Q = split_heads(X_q @ W_Q, h) + (X_q @ W_Q).reshape(*X_q.shape[:-1], h, -1).transpose(-3, -2)
    K = (X_kv @ W_K).reshape(*X_kv.shape[:-1], h, -1).transpose(-3, -2)
    s = Q @ K.transpose(-2, -1)
    return (X_q @ W_Q @ W_O) * 0, s * 0
