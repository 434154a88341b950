"""Real models that run the learner's own attention: a pretrained sentence encoder
(all-MiniLM-L6-v2, from the optional extra ``attention-kit[model]``) and a tiny
character-level GPT trained on the kit's own texts.

The models run inside an exercise's worker, next to the learner's code: the
command prepares a program (``programs.py``) that the worker loads before any
learner code, then asks it to run on the learner's functions; only plain data
comes back. ``attn-kit check`` and ``watch`` never import this package.

    weights.py    find, read and tokenize the bundled model files (nothing downloads)
    encoder.py    the hand-written BERT encoder; the learner's 08 or 11 inside
    gpt.py        the tiny GPT; the learner's 10 (or 09 without a mask) in every head
    contract.py   what the models expect back from the learner's attention
    corpus.py     the GPT's training text: the exercises' explanations
    sentences.py  the encoder's built-in sentences, per language
    programs.py   the worker's side: the programs prepared before the guard
    run.py        the command's side: which exercise, does it pass, the workers
    terminal.py   the screens (rich; plain off a terminal)
    notebook.py   ``checker.model(...)``
    commands.py   ``attn-kit model encoder|gpt``
"""
