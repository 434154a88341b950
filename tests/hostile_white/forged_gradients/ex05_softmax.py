# ATTACK (breach 1): computes zeros, and replaces torch.autograd.grad so that the worker
# sends back no gradient at all; an unchecked zip then compared nothing. Earns 0.
import torch

torch.autograd.grad = lambda *a, **k: ()


def softmax(x, dim=-1):
    return x * 0.0
