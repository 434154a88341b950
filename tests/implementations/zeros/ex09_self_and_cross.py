# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def self_attention(X, W_Q, W_K, W_V, mask=None):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    s = Q @ K.transpose(-2, -1)
    return (s @ V) * 0, s * 0
def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q, K, V = X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V
    s = Q @ K.transpose(-2, -1)
    return (s @ V) * 0, s * 0
