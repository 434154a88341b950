"""Converts with the legacy `.type(torch.FloatTensor)` of old tutorials before dividing.

Caught by: float64 (and float16) scores come back float32.

Cause: dtype_changed
"""
import math

import torch


def scale_scores(scores, d_k):
    return scores.type(torch.FloatTensor) / math.sqrt(d_k)
