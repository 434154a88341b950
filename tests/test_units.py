"""Unit tests of the small modules: codec, static scan, manifest, report."""
import io
import json
import struct

import pytest
import torch
from conftest import ROOT, UNKNOWN_ID

from checker.engine import codec
from checker import manifest
from checker.engine.forbidden import scan_source


# ---------------------------------------------------------------------- codec
def test_codec_round_trip():
    value = {"a": (torch.randn(2, 3), [1, 2.5, None, "x", True]),
             "b": torch.ones(2, dtype=torch.bool), "c": torch.empty(3, 4, device="meta"),
             "d": torch.zeros(0, 3, dtype=torch.float64), "e": float("nan")}
    back = codec.decode(codec.encode(value))
    assert torch.equal(back["a"][0], value["a"][0]) and back["a"][1] == [1, 2.5, None, "x", True]
    assert back["b"].dtype == torch.bool and back["c"].device.type == "meta"
    assert back["d"].shape == (0, 3) and back["e"] != back["e"]


def test_codec_marks_subclasses_and_unknown_objects():
    class Sneaky(torch.Tensor):
        pass

    back = codec.decode(codec.encode([torch.ones(2).as_subclass(Sneaky), object()]))
    assert isinstance(back[0], codec.Subclassed) and back[0].type_name == "Sneaky"
    assert isinstance(back[1], codec.Other)


def test_codec_keeps_a_transposed_layout_only_from_the_checker_to_a_worker():
    """A hidden case's transposed input reaches the worker as the same view (so that
    `X.view(...)` fails there as it would for the learner); anything else, and anything a
    worker sends back, is contiguous, and a layout the worker's side did not ask for is
    refused."""
    x = torch.randn(3, 6, 4).transpose(-2, -1)   # [3, 4, 6], strides (24, 1, 4)
    sliced = torch.randn(4, 6)[:, ::2]           # not a permute of a dense tensor
    back = codec.decode(codec.encode([x, sliced], keep_layout=True), layouts=True)
    assert back[0].stride() == x.stride() and torch.equal(back[0], x)
    assert back[1].is_contiguous() and torch.equal(back[1], sliced)
    assert codec.decode(codec.encode(x)).is_contiguous()
    with pytest.raises(codec.DecodeError):
        codec.decode(codec.encode(x, keep_layout=True))
    forged = _message({"tree": {"tensor": 0}, "tensors": [
        {"dtype": "float32", "shape": [2, 2], "device": "cpu", "nbytes": 16,
         "order": [1, 1]}]}, b"\0" * 16)
    with pytest.raises(codec.DecodeError):
        codec.decode(forged, layouts=True)


def test_a_view_of_an_input_as_passed_in_is_named_with_its_line():
    from checker.judge.diagnose import cause_of_error

    try:
        torch.randn(3, 6, 4).transpose(-2, -1).view(-1, 6)
    except RuntimeError as exc:
        message = str(exc)
    body = "def project_qkv(X, W_Q, W_K, W_V):\n    flat = X.view(-1, X.shape[-1])  # [N, d]\n"
    line = "flat = X.view(-1, X.shape[-1]) # [N, d]"
    found = cause_of_error("RuntimeError", message, [{"line": 2, "code": line}], body=body)
    assert found.id == "view_of_input" and "`flat = X.view(-1, X.shape[-1])`" in found.render()
    # the input transposed first by the function itself: the general cause
    body = "def f(X):\n    X = X.transpose(-2, -1)\n    flat = X.view(-1, 6)\n"
    found = cause_of_error("RuntimeError", message, [{"line": 3, "code": "flat = X.view(-1, 6)"}],
                           body=body)
    assert found.id == "view_needs_contiguous"


def _message(header: dict, blob: bytes = b"") -> bytes:
    raw = json.dumps(header).encode()
    return struct.pack("<I", len(raw)) + raw + blob


@pytest.mark.parametrize("payload", [
    b"", b"\x00\x00", b"\xff\xff\xff\xff{}",
    _message({"tree": None}),
    _message({"tree": {"tensor": 0}, "tensors": [{"dtype": "object", "shape": [1],
                                                   "device": "cpu", "nbytes": 8}]}, b"\0" * 8),
    _message({"tree": {"tensor": 0}, "tensors": [{"dtype": "float32", "shape": [3],
                                                   "device": "cpu", "nbytes": 8}]}, b"\0" * 8),
    _message({"tree": {"tensor": 5}, "tensors": []}),
    _message({"tree": {"pickle": "cos\nsystem\n"}, "tensors": []}),
    _message({"tree": None, "tensors": []}, b"trailing"),
    _message({"tree": {"tensor": 0}, "tensors": [{"dtype": "float32", "shape": [-1],
                                                   "device": "cpu", "nbytes": 0}]}),
])
def test_codec_refuses_malformed_messages(payload):
    with pytest.raises(codec.DecodeError):
        codec.decode(payload)


# ---------------------------------------------------------------- static scan
FORBIDDEN = list(manifest.by_id()["05"].forbidden)


@pytest.mark.parametrize("source,expected", [
    ("import torch\ndef softmax(x, dim=-1):\n    return torch.softmax(x, dim)\n", "torch.softmax"),
    ("import torch.nn.functional as F\ny = F.softmax\n", "F.softmax"),
    ("def softmax(x, dim=-1):\n    return x.softmax(dim)\n", "x.softmax"),
    ("from torch.nn.functional import log_softmax as ls\n", "log_softmax"),
    ("import torch\nm = torch.nn.Softmax(dim=-1)\n", "torch.nn.Softmax"),
    ("import torch\nf = getattr(torch, 'softmax')\n", "getattr"),
    ("import torch\nf = torch.ops.aten._softmax\n", "torch.ops.aten._softmax"),
    ("import torch\nf = torch.special.softmax\n", "torch.special.softmax"),
])
def test_static_scan_finds_forbidden_calls(source, expected):
    found = scan_source(source, FORBIDDEN)
    assert found and expected in found[0].call


def test_static_scan_ignores_docstrings_comments_and_the_learners_own_names():
    source = ('"""Do not use torch.softmax here."""\n'
              "# torch.softmax is forbidden\n"
              "def softmax(x, dim=-1):\n    return softmax_helper(x)\n")
    assert scan_source(source, FORBIDDEN) == []
    assert scan_source("def broken(:\n", FORBIDDEN) == []
    solution = (ROOT / "solutions" / "ex05_softmax.py").read_text(encoding="utf-8")
    assert scan_source(solution, FORBIDDEN) == []


# ------------------------------------------------------------------- manifest
# The manifest's rules (titles, hints, points, functions, named cases, library sizes) are
# checked once, by `python -m checker.dev check` (tests/test_one_source.py runs it).
def test_forbidden_calls_are_read_from_the_manifest():
    forbidden = {e.id: e.forbidden for e in manifest.load()}
    assert any(forbidden.values()) and not all(forbidden.values())
    assert all(name.startswith("torch") or "." in name for names in forbidden.values()
               for name in names)


@pytest.mark.parametrize("typed,expected", [("5", "05"), ("05", "05"), ("ex05", "05"),
                                            ("softmax", "05"), ("ex10_causal_self_attention.py",
                                                                "10"), (UNKNOWN_ID, None)])
def test_resolve_what_learners_type(typed, expected):
    found = manifest.resolve(typed)
    assert (found.id if found else None) == expected


# --------------------------------------------------------------------- report
def test_report_prints_learner_text_literally_and_plain(solved):
    from conftest import check

    from checker.console import make_console
    from checker.learner import report
    (solved / "ex08_attention.py").write_text(
        "def scaled_dot_product_attention(Q, K, V, mask=None):\n"
        "    print('[red]hello[/red] [/x]')\n"
        "    raise ValueError('bad [/x] markup [bold]here')\n", encoding="utf-8")
    run, _ = check(solved)
    buffer = io.StringIO()
    console = make_console(buffer)
    report.render(run, console)
    text = buffer.getvalue()
    assert "bad [/x] markup [bold]here" in text and "[red]hello[/red] [/x]" in text
    assert "\x1b[" not in text
    assert "Exercise 08" in text and "line 3" in text and "attn-kit hint 08" in text


# ------------------------------------------------------ worker's meta kernels
META_PROBE = r"""
import json, sys, torch
n, d = 4, "meta"
exprs = [
    "torch.ones(n, n, dtype=torch.bool, device=d).tril()",
    "torch.tril(torch.ones(n, n, device=d)) == 1",
    "torch.ones(n, n, device=d).tril() != 0",
    "torch.triu(torch.ones(n, n, device=d), diagonal=1) == 0",
    "torch.ones(n, n, device=d).triu(1).logical_not()",
    "~torch.ones(n, n, device=d, dtype=torch.bool).triu(1)",
    "torch.ones(n, n, device=d, dtype=torch.bool).tril_()",
    "torch.ones(2, n, n, device=d) > torch.ones(n, device=d)",
    "torch.ones(n, 1, device=d) <= 0.5",
    "torch.ones(n, n, device=d, dtype=torch.bool) & torch.ones(n, device=d, dtype=torch.bool)",
    "torch.logical_and(torch.ones(n, 1, device=d), torch.ones(1, n, device=d))",
    "torch.ones(n, n, device=d, dtype=torch.int64) | torch.ones(n, device=d, dtype=torch.int32)",
    "torch.ones(n, n, device=d, dtype=torch.bool) & True",
]
def run():
    return [[list(x.shape), str(x.dtype), x.device.type] for x in (eval(e) for e in exprs)]
before = run()
if sys.argv[1] == "fast":
    from checker.engine.worker import fast_meta_kernels
    fast_meta_kernels(torch)
print(json.dumps(run() == before and "torch._dynamo" not in sys.modules if sys.argv[1] == "fast"
                 else before))
"""


def test_worker_meta_kernels_agree_with_torchs_own(tmp_path):
    """The worker's shape-only meta kernels give torch's shapes and dtypes, without dynamo."""
    import subprocess
    import sys

    # torch's own kernels first (they import dynamo), then ours in a fresh process
    own = subprocess.run([sys.executable, "-c", META_PROBE, "own"], capture_output=True,
                         text=True, cwd=ROOT)
    assert own.returncode == 0, own.stderr
    script = META_PROBE.replace("before = run()", f"before = {own.stdout.strip()}")
    fast = subprocess.run([sys.executable, "-c", script, "fast"], capture_output=True,
                          text=True, cwd=ROOT)
    assert fast.returncode == 0, fast.stderr
    assert fast.stdout.strip() == "true"


def test_clean_drops_every_control_and_format_character():
    """checker/text.py keeps a list of Unicode's format characters (category Cf): it must
    hold every one this Python knows, and the controls, separators and surrogates go too."""
    import sys
    import unicodedata

    from checker.text import clean, file_name, one_line

    left = [hex(c) for c in range(sys.maxunicode + 1)
            if unicodedata.category(chr(c)) in ("Cc", "Cf", "Zl", "Zp", "Cs")
            and chr(c) not in "\t\n" and clean(chr(c)) not in ("", "\n", "\ufffd")]
    assert left == []
    assert clean("a\x1b[2J\u202eb\u2066c\tok\n") == "a[2Jbc\tok\n"
    assert one_line("x\ny\u2028z") == "x y z"
    long_a, long_b = file_name("s" * 240 + "a"), file_name("s" * 240 + "b")
    assert len(long_a) <= 64 and long_a != long_b


def test_inputs_in_the_shared_region_are_read_back_by_the_checker():
    """issue 17: the checker places the inputs (a KV cache's tuple too) and reads the
    memory back itself; a worker's in-place change shows there, its word is not needed."""
    from checker.engine import shared

    region = shared.Region()
    try:
        x, cache = torch.randn(3, 4, dtype=torch.float64), (torch.ones(2, 2), torch.zeros(2))
        sent, layout = region.place([x, 5, cache])
        assert sent[0] is None and sent[1] == 5 and sent[2] == [None, None]
        worker_args = shared.inputs(region.map, [None, 5, (None, None)], layout)
        given = shared.placed(worker_args, layout)
        assert torch.equal(worker_args[0], x) and isinstance(worker_args[2], tuple)
        worker_args[0].mul_(2)                  # an in-place change of the memory
        worker_args[2][0].t_()                  # a change of the object (memory untouched)
        moved = shared.moved(given)
        assert moved == [False, True, False]
        after = region.read([x, 5, cache], layout, moved)
        # the memory alone decides (third blind red team, A03): the object change left the
        # memory as it was, and the worker's word (moved, or nothing) changes nothing
        assert torch.equal(after[0], x * 2) and torch.equal(after[2][0], cache[0])
        assert torch.equal(after[2][1], cache[1]) and isinstance(after[2], tuple)
        for word in (None, [True, True, True], [False, False, False]):
            again = region.read([x, 5, cache], layout, word)
            assert torch.equal(again[0], x * 2) and torch.equal(again[2][0], cache[0])
        del worker_args, given
    finally:
        region.close()


def test_the_gpt_verdict_is_written_from_the_run_s_numbers():
    """A short run without the mask, whose losses stay close, is not told that the loss
    fell and the text fell apart; a long one whose losses part is."""
    from checker import manifest
    from checker.models.run import Choice, GPTRun
    from checker.models.terminal import lesson

    ten = manifest.by_id()["10"]
    short = GPTRun(Choice(ten, "causal_self_attention", "no_mask"), 200, 0, "",
                   losses=[4.0] * 9 + [3.01] * 9, past_only_loss=3.01, uniform_loss=4.2)
    assert "too few" in lesson(short) and "fell" not in lesson(short)
    long = GPTRun(Choice(ten, "causal_self_attention", "no_mask"), 800, 0, "",
                  losses=[4.0] * 9 + [1.2] * 9, past_only_loss=2.9, uniform_loss=4.2)
    assert "fell to 1.20" in lesson(long) and "2.90" in lesson(long)
    masked = GPTRun(Choice(ten, "causal_self_attention", "causal"), 200, 0, "",
                    losses=[4.0] * 9 + [3.01] * 9, past_only_loss=3.03, uniform_loss=4.2)
    assert "are close" in lesson(masked)


def test_a_banned_softmax_refuses_on_every_backend_and_route():
    """issue 17 (route 2): the refusals hold for every dispatch key of the operator:
    oneDNN, sparse, nested, quantized, autocast, inference mode, below autograd, vmap,
    meta; and torch's Python that computes one whole (the quantizable attention)."""
    # in a fresh Python, not a fork of this one: a fork of a process with threads (the
    # suite's) can deadlock on a lock another thread held
    import subprocess
    import sys

    code = r"""
import warnings
import torch
from checker import manifest
from checker.engine import forbidden
listed = list([e for e in manifest.load() if e.id == "05"][0].forbidden)
forbidden.plan(listed)
warnings.simplefilter("ignore")
forbidden.refuse_operations(listed, lambda name: name)
x = torch.randn(3, 4)

def entered(context, fn):
    with context:
        return fn()

routes = {
    "mkldnn": lambda: torch.softmax(x.to_mkldnn(), -1),
    "sparse": lambda: torch.sparse.softmax(x.to_sparse(), -1),
    "nested": lambda: torch.nested.nested_tensor([x, x]).softmax(-1),
    "quantized": lambda: torch.quantize_per_tensor(x, 0.1, 0, torch.quint8).softmax(-1),
    "autocast": lambda: entered(torch.autocast("cpu"), lambda: torch.softmax(x.bfloat16(), -1)),
    "inference": lambda: entered(torch.inference_mode(), lambda: torch.softmax(x, -1)),
    "below autograd": lambda: entered(torch._C._AutoDispatchBelowADInplaceOrView(),
                                      lambda: torch.ops.aten._softmax(x, -1, False)),
    "vmap": lambda: torch.vmap(lambda r: torch.softmax(r, -1))(x),
    "meta": lambda: torch.softmax(x.to("meta"), -1),
    "log_softmax": lambda: torch.log_softmax(x, -1),
    "quantizable attention": lambda: __import__(
        "torch.ao.nn.quantizable", fromlist=["_"]).MultiheadAttention(4, 1),
}
ran = []
for name, route in routes.items():
    try:
        route()
        ran.append(name)
    except forbidden.ForbiddenCall:
        pass
    except Exception as exc:  # not the refusal: this route is not closed
        ran.append(name + ": " + type(exc).__name__)
print("ANSWER=" + (",".join(ran) or "-"))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    answer = next((line[7:] for line in done.stdout.splitlines() if line.startswith("ANSWER=")),
                  done.stdout + done.stderr[-2000:])
    assert answer == "-", answer


def test_what_a_worker_sends_cannot_fake_a_line_or_hide_a_change():
    """The fourth red team: a returned object's type name and text, and a subclass's name,
    come back on one line (no fake "attention-kit: 100 / 100" line in a report); NaN written
    over an exact 0 is a change; pickle and friends (getattr by any name) need review."""
    from checker.engine import codec
    from checker.engine.forbidden import review_source
    from checker.judge import compare
    from checker.judge.compare import CaseFailure

    class Odd:
        def __repr__(self):
            return "ok\nattention-kit: 100 / 100 points\n"

    Odd.__name__ = "Odd\nTOTAL 100"
    back = codec.decode(codec.encode(Odd()))
    assert "\n" not in back.type_name and "\n" not in back.text
    before = torch.zeros(3)
    after = torch.tensor([0.0, float("nan"), 0.0])
    with pytest.raises(CaseFailure):
        compare.unchanged([before], [after], ["x"])
    compare.unchanged([after.clone()], [after.clone()], ["x"])  # NaN where NaN was: unchanged
    for text in ("import pickle\n", "from copyreg import dispatch_table\n", "import marshal\n"):
        assert review_source(text), text


def test_dropout_is_named_only_from_its_own_pattern():
    """Dropout zeroes some weights and multiplies all the others by one factor: only then
    is it named (a cause is a claim the result proves)."""
    from checker.judge.cases.mistakes import DROPOUT, dropout_signature

    weights = torch.softmax(torch.randn(4, 5, generator=torch.Generator().manual_seed(1)), -1)
    keep = torch.ones(4, 5)
    keep[0, 1] = keep[2, 3] = 0
    dropped = weights * keep / 0.9
    found = dropout_signature(dropped, weights)
    assert found is not None and found[1].id == DROPOUT.id
    assert torch.allclose(found[0], dropped) and "p = 0.1" in found[1].render()
    assert dropout_signature(weights, weights) is None             # nothing dropped
    assert dropout_signature(weights * keep, weights) is None        # zeros, no factor
    # one row renormalised after one key more is blocked: a factor of its own, not dropout
    one = weights[:1] * keep[:1]
    assert dropout_signature(one / one.sum(-1, keepdim=True), weights[:1]) is None
    blocked = weights * keep
    assert dropout_signature(blocked / blocked.sum(-1, keepdim=True), weights) is None


def test_the_cast_line_is_code_not_a_docstring_or_a_comment():
    from checker.judge.diagnose import cast_line

    source = ('"""MISTAKE: X.float() in the docstring"""\nimport torch\n\n\n'
              'def f(x):  # x.float() in a comment\n    s = "x.float()"\n'
              '    y = x.to(dtype=torch.float32)\n    return y.double()\n')
    assert cast_line(source, "float32") == "y = x.to(dtype=torch.float32)"
    assert cast_line(source, "float64") == "return y.double()"
    assert cast_line(source, "float16") == "" and cast_line("def f(:", "float32") == ""


def test_a_detached_softmax_is_quoted_and_a_detached_max_never():
    """A detach that leaves only a max off autograd is a constant shift (allowed); a
    softmax is no max. The line quoted is one that feeds the called function's result, or
    of a function it calls, never of another function of the file."""
    from checker.judge.diagnose import detach_line

    source = ("import torch\n\n\ndef hard_lookup(query, keys, values):\n"
              "    best = (keys @ query).detach().argmax()\n    return values[best]\n\n\n"
              "def soft_lookup(query, keys, values):\n    scores = keys @ query\n"
              "    m = scores.max()\n    shifted = scores - m.detach()\n"
              "    top = torch.amax(scores.detach(), -1)\n"
              "    low = scores - scores.max(-1, keepdim=True)[0].detach()\n"
              "    unused = scores.detach()\n"
              "    weights = torch.softmax(shifted, dim=0).detach()\n"
              "    return weights @ values\n\n\n"
              "def step(x):\n    return x.data * 2\n\n\ndef outputs(x):\n    return step(x)\n")
    assert detach_line(source, "soft_lookup") == "weights = torch.softmax(shifted, dim=0).detach()"
    assert detach_line(source, "hard_lookup") == "best = (keys @ query).detach().argmax()"
    assert detach_line(source, "outputs") == "return x.data * 2"
    shift_only = source.replace(".detach()\n    return weights", "\n    return weights")
    assert detach_line(shift_only, "soft_lookup") == ""  # `unused` feeds nothing
    assert detach_line(source, "missing") == "" and detach_line("def f(:", "f") == ""


def test_a_where_of_two_python_numbers_is_the_float32_line():
    """torch.where with Python numbers for both branches (one a float) makes a tensor of the
    default dtype; a branch that is a tensor keeps its dtype, two whole numbers make int64."""
    from checker.judge.diagnose import where_float32_line

    def body(line):
        return f"def f(scores, mask):\n    {line}\n    return scores + bias\n"

    for line in ('bias = torch.where(mask != 0, 0.0, float("-inf"))',
                 "bias = torch.where(mask == 0, -math.inf, 0)",
                 "bias = torch.where(mask.bool(), 0.0, torch.finfo(scores.dtype).min)"):
        assert where_float32_line(body(line)) == line, line
    for line in ('bias = torch.where(mask != 0, scores, float("-inf"))',
                 "bias = torch.where(mask != 0, 0, 1)",
                 "bias = torch.where(mask != 0, 0.0, NEG_INF)",
                 'other = torch.where(mask != 0, 0.0, float("-inf"))'):  # feeds nothing
        assert where_float32_line(body(line)) == "", line
    raised = "def f(scores, mask, V):\n    b = torch.where(\n        mask, 0.0, -1e9)\n" \
             "    w = torch.softmax(scores + b, -1)\n    return w @ V\n"
    assert where_float32_line(raised, "return w @ V") == "b = torch.where(mask, 0.0, -1e9)"


def _raised(fn) -> str:
    """The message torch raises for ``fn()``."""
    with pytest.raises(RuntimeError) as caught:
        fn()
    return str(caught.value)


def test_a_2d_only_transpose_is_not_blamed_on_2d_inputs():
    """On 2-D inputs `Q @ K.T` is the transpose of the last two axes, as `.mT` is: when the
    product fails there, the operand on the right is the wrong tensor, never the `.T`; a
    transpose on the left (`X.T @ W`) is still told as misplaced."""
    from checker.judge.diagnose import cause_of_error

    message = _raised(lambda: torch.randn(5, 5) @ torch.randn(5, 3).T)  # (5x5 and 3x5)

    def cause(code, batched=False):
        found = cause_of_error("RuntimeError", message, [{"line": 9, "code": code}],
                               batched=batched, body=code)
        return found.id if found is not None else None

    for code in ("scores = Q @ K.T / math.sqrt(d_k)", "scores = Q @ K.t()",
                 "scores = Q @ K.mT", "scores = Q @ K.transpose(-2, -1)"):
        assert cause(code) == "widths_differ", code
    assert cause("return X.T @ W_Q") == "misplaced_transpose"
    # torch's `mat1 and mat2` means a 2-D right operand: its `.T` is no 2-D-only mistake
    # with batched inputs either (blind set 18: `X @ W_Q.T` with 2-D weights)
    assert cause("scores = Q @ K.T", batched=True) == "widths_differ"
    assert cause("scores = Q.T @ K", batched=True) == "two_d_only"
    # a batched K: `K.T` reverses every axis, and torch says so in other words
    batched = _raised(lambda: torch.randn(4, 5) @ torch.randn(3, 7, 5).T)
    found = cause_of_error("RuntimeError", batched, [{"line": 9, "code": "s = Q @ K.T"}],
                           batched=True, body="s = Q @ K.T")
    assert found is not None and found.id == "two_d_only"


def test_a_zero_dim_tensor_made_on_the_cpu_is_never_the_device_line():
    """A 0-dim CPU tensor (`torch.tensor(d_k)`) meets a tensor of any device, as a number
    does: the line quoted for a device mix is the one that made a real CPU tensor."""
    from checker.judge.diagnose import cause_of_error

    message = _raised(lambda: torch.empty(2, 5, 5, device="meta").masked_fill(
        torch.ones(5, 5, dtype=torch.bool), 0.0))
    body = ("def f(X, Q, K):\n    d_k = torch.tensor(Q.size(-1), dtype=X.dtype)\n"
            "    scores = Q @ K.transpose(-2, -1) / torch.sqrt(d_k)\n"
            "    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))\n"
            "    scores = scores.masked_fill(~mask, float('-inf'))\n    return scores\n")
    line = "scores = scores.masked_fill(~mask, float('-inf'))"
    found = cause_of_error("RuntimeError", message, [{"line": 5, "code": line}], body=body)
    assert found.id == "made_on_cpu"
    assert dict(found.values)["code"] == "mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))"
    scalar_only = body.replace("    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))\n",
                               "    mask = MASK\n")
    found = cause_of_error("RuntimeError", message, [{"line": 5, "code": line}], body=scalar_only)
    assert found.id == "device_mix"  # no line made a CPU tensor here: none is quoted


def test_a_tensor_made_on_the_inputs_device_is_not_told_to_go_there():
    """A device mix at a line whose tensor is made with `device=X.device` has another reason:
    "make it on the input's device" would tell the learner what the code does already, so no
    cause is given. A module-level mask made once (only while it is None) from the input's
    length and device is such a reason, and is named; one remade when its size changes is
    not kept."""
    from checker.judge.diagnose import cause_of_error

    message = _raised(lambda: torch.empty(2, 5, 5, device="meta").masked_fill(
        torch.ones(5, 5, dtype=torch.bool), 0.0))
    line = "scores = scores.masked_fill(MASK == 0, float('-inf'))"
    made = ("def f(X, scores):\n    n = X.size(-2)\n"
            "    MASK = torch.ones(n, n, dtype=torch.bool, device=X.device).tril()\n"
            f"    {line}\n    return scores\n")
    assert cause_of_error("RuntimeError", message, [{"line": 4, "code": line}], body=made) is None
    kept = ("MASK = None\ndef f(X, scores):\n    global MASK\n    n = X.size(-2)\n"
            "    if MASK is None:\n"
            "        MASK = torch.ones(n, n, dtype=torch.bool, device=X.device).tril()\n"
            f"    {line}\n    return scores\n")
    found = cause_of_error("RuntimeError", message, [{"line": 7, "code": line}], body=kept)
    assert found.id == "kept_from_earlier_call" and dict(found.values)["name"] == "MASK"
    remade = kept.replace("if MASK is None:", "if MASK is None or MASK.size(-1) != n:")
    assert cause_of_error("RuntimeError", message, [{"line": 7, "code": line}],
                          body=remade) is None


def test_a_check_leaves_sympy_out_of_the_checkers_process(tmp_path):
    """sympy (0.4 s to import) is the fork server's business (meta tensors in workers): a
    check of all twelve must not import it into the checker's own process."""
    import shutil
    import subprocess
    import sys

    exercises = tmp_path / "exercises"
    exercises.mkdir()
    for path in (ROOT / "solutions").glob("ex*.py"):
        shutil.copy(path, exercises / path.name)
    code = ("import sys, torch\nfrom checker.engine import startup\nstartup.start()\n"
            "from checker import judge\nfrom checker.options import RunOptions\n"
            f"run = judge.run({str(exercises)!r}, None, RunOptions()).result\n"
            "assert all(e.status == 'passed' for e in run.exercises), run\n"
            "print('sympy' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "False"


# ------------------------------------------------------------ a worker's start
def test_the_kit_modules_a_worker_drops_are_listed_again_when_sys_modules_grows():
    """A worker drops the kit's modules from sys.modules with the list its fork server
    made (walking 2,000 names in each worker copied 900 pages); a module imported after
    that listing is in the next one, and nothing of another package is."""
    import sys
    import types

    from checker.engine import worker

    first = worker.kit_modules()
    assert "checker.engine.worker" in first and all(
        n.split(".")[0] in worker.REFUSED_PACKAGES for n in first)
    assert worker.kit_modules() is first  # the same size: the same list, not walked again
    sys.modules["checker._listed_later"] = types.ModuleType("checker._listed_later")
    sys.modules["checkered"] = types.ModuleType("checkered")
    try:
        again = worker.kit_modules()
        assert "checker._listed_later" in again and "checkered" not in again
    finally:
        del sys.modules["checker._listed_later"], sys.modules["checkered"]


# -------------------------------------------------------------------- compare
SPECIAL = [0.0, -0.0, 1.0, -1.0, 1e-9, 1.0 + 1e-6, 1.0 + 1e-3, 1.1, 1e308, -1e308,
           float("inf"), float("-inf"), float("nan")]


@pytest.mark.parametrize("rtol, atol", [(0.0, 0.0), (1.3e-6, 1e-5), (1e-3, 1e-5), (0.0, 1e-3)])
def test_close_quick_path_says_what_the_full_match_says(rtol, atol):
    """``close`` returns early when ``_all_within`` holds; it may only hold where the full
    rule (``_matches``, NaN for NaN, the same infinity) holds everywhere and ``expected``
    is finite, and it must hold there: every pair of special values, one by one and
    together."""
    from checker.judge.compare import _all_within, _matches

    pairs = [(g, e) for g in SPECIAL for e in SPECIAL]
    for g, e in pairs:
        gt, et = torch.tensor([g], dtype=torch.float64), torch.tensor([e], dtype=torch.float64)
        full = bool(_matches(gt, et, rtol, atol).all()) and bool(torch.isfinite(et).all())
        assert _all_within(gt, et, rtol, atol) == full, (g, e)
    rows = torch.tensor(pairs, dtype=torch.float64)
    for picked in (rows, rows[torch.isfinite(rows[:, 1])], rows[rows[:, 0] == rows[:, 1]]):
        gt, et = picked[:, 0], picked[:, 1]
        full = bool(_matches(gt, et, rtol, atol).all()) and bool(torch.isfinite(et).all())
        assert _all_within(gt, et, rtol, atol) == full
    assert _all_within(torch.zeros(0), torch.zeros(0), rtol, atol)


def test_the_variance_case_draws_its_scores_once_per_seed_and_hands_out_copies():
    """Exercise 04's variance case keeps its 4,000 raw scores per generator seed (a grading
    process checks many submissions with one seed): the same values as drawing them anew,
    and a copy each time, so nothing a case does to one reaches the next submission."""
    from checker.judge.cases import case_ex04_scaling as ex04
    from checker.judge.cases.support import randn

    def gen():
        return torch.Generator().manual_seed(1234)

    g = gen()
    q, k = randn(g, 4000, 64), randn(g, 4000, 64)
    first = ex04._raw_scores(gen(), 64)
    assert torch.equal(first, (q * k).sum(-1))
    first.zero_()
    again = ex04._raw_scores(gen(), 64)
    assert torch.equal(again, (q * k).sum(-1)) and again.data_ptr() != first.data_ptr()
    assert not torch.equal(ex04._raw_scores(torch.Generator().manual_seed(1235), 64), again)


def test_mistakes_made_once_per_inputs_are_what_building_them_again_gives():
    """``support.made_once``: a case's classic mistakes are built once for the same inputs
    (what they hold, not which objects they are) and handed out as a fresh dict each time;
    other bytes, another dtype or shape, or an input it cannot key build anew."""
    from checker.judge.cases import support
    from checker.judge.cases.attention_support import suspects_for

    built = []

    @support.made_once
    def mistakes(x, scale, mask=None):
        built.append(1)
        return {"doubled": x * 2 * scale, "masked": x if mask is None else x * mask}

    x = torch.arange(6.0).reshape(2, 3)
    first = mistakes(x, 1.5)
    first["extra"] = "a case's own addition"
    again = mistakes(x.clone(), 1.5)  # the same values in another tensor
    assert len(built) == 1 and "extra" not in again and torch.equal(again["doubled"], x * 3)
    for other in (x + 1, x.double(), x.reshape(3, 2)):
        mistakes(other, 1.5)
    mistakes(x, 2.0)
    mistakes(x, 1.5, torch.ones(2, 3))
    assert len(built) == 6
    odd = torch.nn.Parameter(torch.ones(2, 3), requires_grad=False)  # a subclass: no key
    mistakes(x, 1.5, odd)
    mistakes(x, 1.5, odd)
    assert len(built) == 8

    # the attention mistakes, kept, equal to what building them again gives
    g = torch.Generator().manual_seed(3)
    Q, K, V = (torch.randn(4, 5, generator=g) for _ in range(3))
    mask = torch.tril(torch.ones(4, 4, dtype=torch.bool))
    kept, fresh = suspects_for(Q, K, V, mask), suspects_for.__wrapped__(Q, K, V, mask)
    assert list(kept) == list(fresh)
    for cause in kept:
        for a, b in zip(kept[cause], fresh[cause]):
            assert (a is None and b is None) or torch.allclose(a, b, rtol=0, atol=0,
                                                                equal_nan=True), cause
