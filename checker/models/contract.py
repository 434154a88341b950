"""What the models expect back from the learner's functions: the pair (output, weights),
each a tensor of the shape the model needs. A wrong answer gets a readable message here,
instead of a matrix error deep inside the model."""
from __future__ import annotations

import torch

from checker.i18n import t


def checked_pair(result, output_shape: tuple, weights_shape: tuple) -> tuple:
    """The learner's (output, weights), checked; raises TypeError / ValueError otherwise."""
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise TypeError(t("your attention returned {type}, expected the pair (output, weights)",
                          type=type(result).__name__))
    out, weights = result
    _check(t("the output"), out, output_shape)
    _check(t("the weights"), weights, weights_shape)
    return out, weights


def _check(name: str, value, shape: tuple) -> None:
    if not isinstance(value, torch.Tensor):
        raise TypeError(t("your attention returned {type} as {name}, expected a tensor of "
                          "shape {shape}", type=type(value).__name__, name=name,
                          shape=list(shape)))
    if tuple(value.shape) != tuple(shape):
        raise ValueError(t("your attention returned {name} of shape {got}, expected {shape}",
                           name=name, got=list(value.shape), shape=list(shape)))


def check_tensor(value, shape, function: str):
    """A tensor one of the learner's functions returned inside a model, checked."""
    if not isinstance(value, torch.Tensor):
        raise TypeError(t("your {function} returned {type}, expected a tensor of shape {shape}",
                          function=function, type=type(value).__name__, shape=list(shape)))
    if tuple(value.shape) != tuple(shape):
        raise ValueError(t("your {function} returned a tensor of shape {got}, expected {shape}",
                           function=function, got=list(value.shape), shape=list(shape)))
    return value
