"""attention_scores tidies its result with .squeeze(), which drops a single query (or a batch of one).

Caught by: the one-query case: [1, n_k] comes back as [n_k], which is also what
(Q * K).sum(-1) gives there, so both candidates are named.

Cause: ex03_rowwise|squeezed
"""


def attention_scores(Q, K):
    return (Q @ K.transpose(-2, -1)).squeeze()
