"""einsum with an ellipsis for the batch dimensions.
"""

import torch


def attention_scores(Q, K):
    return torch.einsum("...qd,...kd->...qk", Q, K)
