"""torch.div by a 0-dim tensor in the scores' own dtype and device.

A 0-dim tensor of the same dtype never promotes the scores' dtype.
"""

import torch


def scale_scores(scores, d_k):
    divisor = torch.tensor(float(d_k), dtype=scores.dtype, device=scores.device).sqrt()
    return torch.div(scores, divisor)
