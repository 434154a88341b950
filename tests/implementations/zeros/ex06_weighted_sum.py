# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def weighted_sum(weights, V): return (weights @ V) * 0
