"""Attack: softmax in exercise 05 without writing it: the fused CPU flash-attention
kernel computes a softmax internally. Only the softmax family is forbidden in 05, so
this kernel is neither scanned nor refused. q = x, keys = values = identity, scale 1:
out = softmax(q @ I) @ I = softmax(x). -inf entries go through the additive mask."""
import operator
import torch

_flash = operator.attrgetter("op" + "s.aten._scaled_dot_product_flash_attention_for_cpu")(torch)


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    xt = x.movedim(dim, -1)
    n = xt.shape[-1]
    flat = xt.contiguous().reshape(1, -1, 1, n)                     # [B=1, H=rows, L=1, E=n]
    inf = torch.isinf(flat)
    q = torch.where(inf, torch.zeros_like(flat), flat)
    mask = torch.zeros_like(flat).masked_fill(inf, float("-inf")).detach()
    eye = torch.eye(n, dtype=x.dtype).expand(1, flat.shape[1], n, n)
    out, _ = _flash(q, eye, eye, attn_mask=mask if bool(inf.any()) else None, scale=1.0)
    return out.reshape(xt.shape).movedim(-1, dim)
