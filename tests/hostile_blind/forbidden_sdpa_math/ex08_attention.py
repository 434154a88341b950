# ATTACK: whole ex08 done by the forbidden aten::_scaled_dot_product_attention_math via its OpOverload (.default), name built at run time. Honest grader: forbidden -> at least lose the 'no ready-made attention' case (0 by the rules).
import torch
_op = getattr(getattr(torch.ops.aten, "_scaled_dot_product_" + "attention_math"), "default")
def scaled_dot_product_attention(Q, K, V, mask=None):
    m = None if mask is None else (mask != 0)
    out, w = _op(Q, K, V, attn_mask=m)
    return out, w
