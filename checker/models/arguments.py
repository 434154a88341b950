"""``attn-kit model`` on the command line: its arguments and handler."""
from __future__ import annotations

from checker.arguments import command
from checker.i18n import t


def register(sub) -> None:
    """Add this part's commands to the kit's command line (``cli.build_parser``)."""
    model = command(sub, "model", "models.commands:cmd_model", t(
        "your attention inside real models: a pretrained sentence encoder, a tiny GPT"))
    model.add_argument("which", choices=("encoder", "gpt"), help=t(
        "encoder: all-MiniLM-L6-v2 with your exercise 08 (or 11); gpt: a tiny GPT trained "
        "with your exercise 10"))
    model.add_argument("--reference", action="store_true",
                       help=t("run the model with the reference attention instead of yours"))
    model.add_argument("--sentence", metavar="TEXT", action="append", help=t(
        "encoder: a sentence to compare (give it several times; default: built-in ones)"))
    model.add_argument("--no-mask", action="store_true", help=t(
        "gpt: train with your self-attention (exercise 09) without the causal mask"))
    model.add_argument("--modern", action="store_true", help=t(
        "gpt: the GPT built as current models are, from your exercises 13 to 15 that pass "
        "(tiles, RoPE, shared key/value heads), trained beside the plain one"))
    model.add_argument("--steps", type=int, default=None, metavar="N",
                       help=t("gpt: training steps (default: about 15 s of training)"))
    model.add_argument("--seed", type=int, default=0, help=t("gpt: seed of the weights, the "
                                                             "batches and the sampling "
                                                             "(default: %(default)s)"))
    model.add_argument("--json", metavar="FILE", help=t("also write the results to FILE"))
