"""It transposes K in place with K.transpose_(-2, -1), so the caller's K changes shape.

The scores themselves are right, and K's memory is as it was (only its shape and strides
change), so "Q and K are left unchanged" cannot see it; autograd refuses the in-place
change of an input that requires grad.

Caught by: the gradient case (the call raises at the line with `.transpose_(`).

Cause: in_place_input
"""
import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    K.transpose_(-2, -1)
    return Q @ K
