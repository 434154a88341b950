"""Scales the scores and then puts them through a softmax, doing exercise 05's step
already: the function returns the scaled scores themselves.

Caught by: every value case.

Cause: scores_softmaxed
"""
import math

import torch


def scale_scores(scores, d_k):
    return torch.softmax(scores / math.sqrt(d_k), dim=-1)
