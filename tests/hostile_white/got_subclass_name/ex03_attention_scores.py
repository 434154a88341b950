"""Attack (fourth red team, B4): a tensor subclass whose name holds newlines and a fake
total; shown as one line like every learner text."""

import torch

Sub = type("Tensor\n\nattention-kit: 100 / 100 points\nall passed", (torch.Tensor,), {})


def attention_scores(Q, K):
    s = Q @ K.transpose(-2, -1)
    if Q.dtype == torch.float64:
        return s.as_subclass(Sub)
    return s
