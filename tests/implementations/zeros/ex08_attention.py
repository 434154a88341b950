# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def scaled_dot_product_attention(Q, K, V, mask=None):
    s = Q @ K.transpose(-2, -1)
    return (s @ V) * 0, s * 0
