# ATTACK (breach 9): a ready-made softmax by a name built at run time, called through
# operator.methodcaller with the call-time guard popped off torch's mode stack.
import operator

import torch

NAME = "".join(["soft", "max"])


def softmax(x, dim=-1):
    with torch.overrides._pop_mode_temporarily():
        return operator.methodcaller(NAME, dim)(x)
