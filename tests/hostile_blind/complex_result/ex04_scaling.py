# ATTACK: returns a complex tensor whose real part is right and imaginary part is junk (compare.close casts complex -> float64, dropping the imaginary part). Honest grader: not the contract (wrong dtype): at most the cases that ignore dtype; ideally 0.
import math, torch
def scale_scores(scores, d_k):
    r = scores / math.sqrt(d_k)
    return torch.complex(r.double(), torch.full_like(r.double(), 1e6))
