# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
def scale_scores(scores, d_k): return scores * 0
