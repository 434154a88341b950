"""Grading a class: ``grade`` (one submission, and the whole class), ``pool`` (the
grading processes), ``reports`` (grades.csv, per-submission JSON, the summary),
``gradescope`` (results.json and the autograder bundle, from ``templates/``) and
``commands`` (``attn-kit grade``, ``attn-kit gradescope-bundle``)."""
