# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def softmax(x, dim=-1): return x * 0
