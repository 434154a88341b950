# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def attention_scores(Q, K): return (Q @ K.transpose(-2, -1)) * 0
