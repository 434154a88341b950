"""Takes the dot product of query i with key i only ((Q * K).sum(-1)), not of every query with every key.

Caught by: n_q != n_k (broadcast error) and the output shape [..., n] instead of [..., n_q, n_k].

Cause: ex03_rowwise
"""


def attention_scores(Q, K):
    return (Q * K).sum(dim=-1)
