# ATTACK: pops the worker's TorchFunctionMode guard off the torch-function stack, then calls torch.softmax via a run-time name. Honest grader: lose at least the forbidden-call case.
import torch
_sm = getattr(torch, "soft" + "max")
def softmax(x, dim=-1):
    popped = []
    while torch._C._len_torch_function_stack() > 0:
        popped.append(torch._C._pop_torch_function_stack())
    try:
        return _sm(x, dim=dim)
    finally:
        for m in reversed(popped):
            torch._C._push_on_torch_function_stack(m)
