"""Real models that run the learner's own attention: a pretrained sentence encoder
(all-MiniLM-L6-v2, from the optional extra ``attention-kit[model]``) and a tiny
character-level GPT trained on the kit's own texts.

The models run inside an exercise's worker, next to the learner's code: the
command prepares a program (``programs.py``) that the worker loads before any
learner code, then asks it to run on the learner's functions; only plain data
comes back.
"""
