"""attention-kit's checker: runs hidden cases against a learner's exercises.

This package's __init__ stays light on purpose: the fork server is forked from
the checker right after ``import torch``, before anything else is imported.
"""
