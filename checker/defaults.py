"""Defaults shared by the command line and the runner (a light module: no torch, no pytest)."""

SEED = 2017      # the year of "Attention Is All You Need"
TIMEOUT = 3.0    # seconds one hidden case may run in the worker
