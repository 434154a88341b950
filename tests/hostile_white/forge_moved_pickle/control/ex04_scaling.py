# The honest file the attack was built from: its control.
import math
import torch


def scale_scores(scores, d_k):
    # wrong on purpose: rebinds the caller's tensor in place with set_ (no memory change)
    scores.set_(scores / math.sqrt(d_k))
    return scores
