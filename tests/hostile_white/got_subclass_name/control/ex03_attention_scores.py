# The honest file the attack was built from: its control.
import torch

Sub = type("MyTensor", (torch.Tensor,), {})


def attention_scores(Q, K):
    s = Q @ K.transpose(-2, -1)
    if Q.dtype == torch.float64:
        return s.as_subclass(Sub)
    return s
