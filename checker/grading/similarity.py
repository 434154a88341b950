"""Which submissions share code: pairs per exercise, ranked by the code they share.

A pointer for a human, never a verdict. The source of each exercise file is read as
text (no learner code runs) and tokenised with Python's own tokenizer: comments and
docstrings dropped, every string one token, every local name one token ``V`` (renaming
variables changes nothing), while keywords, operators, numbers, attribute names and the
names of torch, math and the builtins stay what they are (``torch.exp`` is not
``torch.log``). Windows of ``K`` tokens are hashed and winnowed (Schleimer, Wilkerson and
Aiken, 2003): of every ``W`` consecutive hashes the smallest is kept, so any run of
``K + W - 1`` shared tokens is always found, wherever it sits in the file (reordered
functions are still found).

What everyone shares is not evidence: a fingerprint that is also in the stub or in the
reference solution, or in more than ``COMMON`` of the class's files, is dropped. A
pair's score is the share of the smaller file's fingerprints found in the other.
"""
from __future__ import annotations

import builtins
import hashlib
import io
import keyword
import tokenize
from collections import defaultdict
from dataclasses import dataclass, field

K = 8            # tokens per hashed window
W = 5            # winnowing window: any K + W - 1 = 12 shared tokens are found
COMMON = 0.5     # a fingerprint in more than this share of the class is common code
MIN_SHARED = 3   # fingerprints a pair must share to be listed
# names that mean the same in every file: they stay as written
KEPT_NAMES = frozenset(dir(builtins)) | {"torch", "math", "F", "nn", "functional", "np",
                                          "self", "cls"}


@dataclass
class Fingerprinted:
    """One file: its text, its tokens' spans in the text, and its winnowed fingerprints."""

    text: str
    spans: list[tuple[int, int]] = field(default_factory=list)   # per token: [start, end)
    prints: dict[int, list[int]] = field(default_factory=dict)   # hash -> token positions
    grams: set[int] = field(default_factory=set)                 # every K-gram's hash


def tokens(text: str) -> list[tuple[str, int, int]]:
    """(normalised token, start offset, end offset) of a Python source; whatever cannot be
    tokenised (a syntax error further on) ends the list there."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(pos: tuple[int, int]) -> int:
        row, col = pos
        return starts[min(row - 1, len(starts) - 1)] + col

    out: list[tuple[str, int, int]] = []
    previous = ""   # the previous token's normalised text
    pending = None  # a string that may be a docstring (an expression statement)
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in skip:
                continue
            if pending is not None:
                if tok.type != tokenize.NEWLINE:
                    out.append(pending)
                pending = None
                if tok.type == tokenize.NEWLINE:
                    continue
            if tok.type == tokenize.NEWLINE:
                word = ";"
            elif tok.type == tokenize.INDENT:
                word = "{"
            elif tok.type == tokenize.DEDENT:
                word = "}"
            elif tok.type == tokenize.STRING:
                word = "S"
            elif tok.type == tokenize.NAME:
                kept = keyword.iskeyword(tok.string) or previous in (".", "def") \
                    or tok.string in KEPT_NAMES
                word = tok.string if kept else "V"
            else:
                word = tok.string
            item = (word, offset(tok.start), offset(tok.end))
            if tok.type == tokenize.STRING and previous in ("", ";", "{", "}"):
                pending = item  # a docstring, unless something follows it on its line
            else:
                out.append(item)
            previous = word
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    if pending is not None:
        out.append(pending)
    return out


def _hash(words: tuple[str, ...]) -> int:
    digest = hashlib.blake2b("\x1f".join(words).encode("utf-8", "surrogateescape"),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big")


def fingerprint(text: str) -> Fingerprinted:
    toks = tokens(text)
    words = [w for w, _s, _e in toks]
    hashes = [_hash(tuple(words[i:i + K])) for i in range(len(words) - K + 1)]
    result = Fingerprinted(text, [(s, e) for _w, s, e in toks], grams=set(hashes))
    chosen = -1
    windows = len(hashes) - W + 1 if len(hashes) >= W else min(1, len(hashes))
    for start in range(windows):
        window = hashes[start:start + W]
        low = min(window)
        pick = start + max(i for i, h in enumerate(window) if h == low)  # rightmost minimum
        if pick != chosen:
            chosen = pick
            result.prints.setdefault(hashes[pick], []).append(pick)
    return result


def marked_spans(doc: Fingerprinted, hashes: set[int]) -> list[tuple[int, int]]:
    """The character spans of ``doc`` covered by the windows of ``hashes``, merged."""
    spans = sorted((doc.spans[p][0], doc.spans[p + K - 1][1])
                   for h in hashes for p in doc.prints.get(h, ()))
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


@dataclass
class Pair:
    a: str
    b: str
    score: float        # shared fingerprints over the smaller file's
    shared: int         # fingerprints the two share
    shared_hashes: set[int] = field(default_factory=set, repr=False)


def rank(files: dict[str, str], boilerplate: list[str], *, common: float = COMMON,
         min_shared: int = MIN_SHARED) -> tuple[list[Pair], dict[str, Fingerprinted], int]:
    """Pairs of ``files`` (name -> source) ranked by shared code, most first; with each
    file's fingerprints and how many fingerprints were dropped as common to the class."""
    docs = {name: fingerprint(text) for name, text in files.items()}
    ignored: set[int] = set()
    for text in boilerplate:
        ignored |= fingerprint(text).grams
    holders: dict[int, list[str]] = defaultdict(list)
    for name, doc in docs.items():
        for h in doc.prints:
            if h not in ignored:
                holders[h].append(name)
    limit = max(2, common * len(docs))
    common_prints = {h for h, names in holders.items() if len(names) > limit}
    kept = {name: {h for h in doc.prints if h not in ignored and h not in common_prints}
            for name, doc in docs.items()}
    shared: dict[tuple[str, str], set[int]] = defaultdict(set)
    for h, names in holders.items():
        if h in common_prints or len(names) < 2:
            continue
        ordered = sorted(names)
        for i, first in enumerate(ordered):
            for second in ordered[i + 1:]:
                shared[(first, second)].add(h)
    pairs = []
    for (a, b), hashes in shared.items():
        if len(hashes) < min_shared:
            continue
        smaller = min(len(kept[a]), len(kept[b])) or 1
        pairs.append(Pair(a, b, round(len(hashes) / smaller, 4), len(hashes), hashes))
    pairs.sort(key=lambda p: (-p.score, -p.shared, p.a, p.b))
    return pairs, docs, len(common_prints)
