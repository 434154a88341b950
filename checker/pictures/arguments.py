"""``attn-kit show`` on the command line: its arguments and handler."""
from __future__ import annotations

from checker import defaults
from checker.arguments import command
from checker.i18n import t


def register(sub) -> None:
    """Add this part's commands to the kit's command line (``cli.build_parser``)."""
    show = command(sub, "show", "pictures.commands:cmd_show", t(
        "pictures of your attention: the weights your functions give, next to the "
        "reference's (04: why we scale)"))
    show.add_argument("exercise", metavar="NN", help=t("the exercise, 04 to 12"))
    show.add_argument("--sentence", metavar="TEXT", help=t(
        "the real sentence to attend over (needs attention-kit[model])"))
    show.add_argument("--reference", action="store_true",
                      help=t("only the reference's pictures, without running your code"))
    show.add_argument("--seed", type=int, default=defaults.SEED,
                      help=t("seed of the example inputs (default: %(default)s)"))
