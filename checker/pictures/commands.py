"""``attn-kit show NN``: pictures of the learner's attention in the terminal."""
from __future__ import annotations

from checker.console import make_console
from checker.i18n import get_lang
from checker.pictures import session, terminal
from checker.usage import EXIT_OK


def cmd_show(args) -> int:
    showing = session.collect(args.exercise, sentence=args.sentence, reference=args.reference,
                              seed=args.seed, lang=get_lang(), exercises=args.exercises)
    terminal.render(showing, make_console())
    return EXIT_OK
