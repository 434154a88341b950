"""`attn-kit grade --shard K/N` and `attn-kit merge`: N shards merged are one run."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from conftest import cli

import classroom
from checker.grading import shards

SEED = "11"


def test_a_share_depends_on_the_name_alone_and_the_shares_cover_the_class_once():
    names = [f"student_{i}" for i in range(200)]
    for n in (1, 2, 3, 8):
        shares = {name: shards.share_of(name, n) for name in names}
        assert set(shares.values()) <= set(range(1, n + 1))
        shuffled = names[:]
        random.Random(n).shuffle(shuffled)
        paths = [Path(name) for name in shuffled]
        picked = [shards.select(paths, shuffled, k, n)[1] for k in range(1, n + 1)]
        assert sorted(sum(picked, [])) == sorted(names)          # each once
        for k, chosen in enumerate(picked, 1):
            assert all(shares[name] == k for name in chosen)      # the same share in any order
    sizes = [sum(shards.share_of(name, 4) == k for name in names) for k in range(1, 5)]
    assert min(sizes) > 25  # a hash spreads a class, it does not pile it on one machine


@pytest.mark.parametrize("spec", ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", ""])
def test_a_wrong_shard_is_a_one_line_usage_error(spec, tmp_path):
    done = cli("grade", str(tmp_path), "--shard", spec, "--seed", "1", "--out",
               str(tmp_path / "o"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "--shard" in done.stderr  # ours, or argparse's for "-1/2" (it looks like an option)


def test_a_shard_without_a_seed_or_a_folder_is_refused(tmp_path):
    done = cli("grade", str(tmp_path), "--shard", "1/2", "--out", str(tmp_path / "o"))
    assert done.returncode == 2 and "--shard needs --seed" in done.stderr, done.stderr
    done = cli("grade", str(tmp_path), "--shard", "1/2", "--seed", "1")
    assert done.returncode == 2 and "give --out DIR" in done.stderr, done.stderr


def _normalised(value):
    """A report without what differs from run to run (times, durations)."""
    if isinstance(value, dict):
        return {k: _normalised(v) for k, v in value.items()
                if k not in ("created", "duration", "seconds")}
    if isinstance(value, list):
        return [_normalised(v) for v in value]
    return value


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("shards")
    subs = classroom.build(base)
    common = ["--jobs", "2", "--timeout", "3", "--seed", SEED]
    # a new Python for the one run, forks of the launcher for the shards: equal reports
    # from processes of different hash seeds
    done = cli("grade", str(subs), "--out", str(base / "one"), *common, timeout=900, fresh=True)
    assert done.returncode == 0, done.stderr[-3000:]
    for k in (1, 2, 3):
        done = cli("grade", str(subs), "--shard", f"{k}/3", "--out", str(base / f"shard{k}"),
                   *common, timeout=900)
        assert done.returncode == 0, done.stderr[-3000:]
    return base


def test_three_shards_merged_are_the_same_run_as_one(runs):
    shard_dirs = [runs / f"shard{k}" for k in (3, 1, 2)]  # in any order
    done = cli("merge", *map(str, shard_dirs), "--out", str(runs / "merged"), timeout=300)
    assert done.returncode == 0, done.stderr
    one, merged = runs / "one", runs / "merged"
    assert (merged / "grades.csv").read_text() == (one / "grades.csv").read_text()
    graded = [p.name for d in shard_dirs for p in d.glob("*.json")]
    assert sorted(graded) == sorted(p.name for p in one.glob("*.json"))  # each graded once
    assert sorted(p.name for p in merged.glob("*.json")) == sorted(p.name for p in one.glob("*.json"))
    for report in one.glob("*.json"):
        assert _normalised(json.loads((merged / report.name).read_text())) == \
            _normalised(json.loads(report.read_text())), report.name
    assert json.loads((merged / "insights" / "insights.json").read_text()) == \
        json.loads((one / "insights" / "insights.json").read_text())
    assert (merged / "insights" / "insights.html").read_text() == \
        (one / "insights" / "insights.html").read_text()


def test_a_missing_or_foreign_shard_is_refused_in_one_line(runs, tmp_path):
    done = cli("merge", str(runs / "shard1"), str(runs / "shard3"), "--out", str(tmp_path / "m"))
    assert done.returncode == 2 and "missing 2" in done.stderr, done.stderr
    done = cli("merge", str(runs / "shard1"), str(runs / "shard1"), str(runs / "shard2"),
               "--out", str(tmp_path / "m"))
    assert done.returncode == 2 and "given twice 1" in done.stderr, done.stderr
    done = cli("merge", str(runs / "one"), "--out", str(tmp_path / "m"))
    assert done.returncode == 2 and "grade --shard" in done.stderr, done.stderr
    # a shard graded with another seed is not part of the same run
    other = tmp_path / "other_seed"
    shutil.copytree(runs / "shard2", other)
    record = other / "insights" / "shard.json"
    data = json.loads(record.read_text())
    data["options"]["seed"] = 12
    record.write_text(json.dumps(data))
    done = cli("merge", str(runs / "shard1"), str(other), str(runs / "shard3"),
               "--out", str(tmp_path / "m"))
    assert done.returncode == 2 and "--seed" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
