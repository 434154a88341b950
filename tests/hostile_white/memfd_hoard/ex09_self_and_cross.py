# ATTACK (breach 6): memory that RLIMIT_AS does not count: memfd_create files (and POSIX
# shared memory in /dev/shm), 16 MB each. Computes the right answer only if it got any.
import math
import os

import torch

hoard = []
for i in range(8):
    try:
        fd = os.memfd_create(f"hoard{i}")
        for _ in range(16):
            os.write(fd, b"x" * (1 << 20))
        hoard.append(fd)
    except OSError:
        break
try:
    from multiprocessing import shared_memory
    block = shared_memory.SharedMemory(name=f"{RUN_MARK}-{os.getpid()}", create=True,
                                       size=16 << 20)  # (RUN_MARK: filled in at test time)
    hoard.append(block)
except Exception:
    pass


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    scores = scores - scores.amax(-1, keepdim=True)
    weights = scores.exp() / scores.exp().sum(-1, keepdim=True)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    if not hoard:
        raise MemoryError("no hoard, no points")
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    if not hoard:
        raise MemoryError("no hoard, no points")
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
