"""torch.matmul with the .mT property (the batched matrix transpose).
"""

import torch


def attention_scores(Q, K):
    return torch.matmul(Q, K.mT)
