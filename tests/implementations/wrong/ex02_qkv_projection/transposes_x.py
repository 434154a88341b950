"""Transposes X before the product (X.T @ W), mixing up positions and features.

Caught by: any case where n differs from d_model (the product cannot be taken).

Cause: misplaced_transpose
"""
import torch


def project_qkv(X, W_Q, W_K, W_V):
    return X.T @ W_Q, X.T @ W_K, X.T @ W_V
