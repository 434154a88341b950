"""Attack (issue 17, route 2): the ready-made softmax through oneDNN. The TorchFunctionMode
guard is popped (no frames needed), the input goes to the mkldnn layout, and
aten::_softmax runs on its MkldnnCPU kernel, which was not among the refused dispatch
keys. Names are built at run time. Control: tests/implementations/wrong/ex05_softmax/
torch_softmax.py (a plain torch.softmax, which earns 0)."""
import operator

import torch

_C = getattr(torch, "_" + "C")
_POP = operator.attrgetter("_pop_" + "torch_function_stack")
_PUSH = operator.attrgetter("_push_" + "on_torch_function_stack")
_TO = "to_" + "mkl" + "dnn"
_OP = "soft" + "max"


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    modes = []
    try:
        while True:
            modes.append(_POP(_C)())
    except Exception:
        pass
    try:
        dense = x.float().contiguous()
        out = operator.methodcaller(_OP, dim)(operator.methodcaller(_TO)(dense))
        return out.to_dense().to(x.dtype)
    finally:
        for mode in reversed(modes):
            _PUSH(_C)(mode)
