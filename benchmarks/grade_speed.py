"""How fast `attn-kit grade` grades a class, next to one `attn-kit check --json` each.

Generates submissions (a mix of correct, partly wrong, not started and hostile
ones), then, in one run on the same machine:

1. grades them all with one `attn-kit grade --jobs J` (one warm parent, torch
   imported once, workers forked from fork servers);
2. grades each one with its own `attn-kit check 01 ... 10 --json FILE` process (the
   same ten exercises a grade counts), one after another: what an instructor would
   do with a loop in the shell.

It prints seconds per submission for both and the ratio (the target: grade at least
10x faster per submission), and checks that both give the same scores, the same
status for every exercise and the same status and cause for every case.
``--baseline pytest`` uses the older baseline instead: one fresh `python -m pytest
--json-report` per submission on the same cases (also run J at a time).

    python benchmarks/grade_speed.py                    # 100 submissions, J = cores
    python benchmarks/grade_speed.py --count 20 --jobs 2  # quicker; the start and the
                                                          # one endless loop weigh more
    python benchmarks/grade_speed.py --rounds 3           # three rounds and their median
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS, EXERCISES = ROOT / "solutions", ROOT / "exercises"
WRONG = ROOT / "tests" / "implementations" / "wrong"
sys.path.insert(0, str(ROOT))

from checker import defaults, manifest  # noqa: E402

SEED = str(defaults.SEED)  # both ways grade with the same hidden inputs

HOSTILE = {
    "endless loop": ("08", "def scaled_dot_product_attention(Q, K, V, mask=None):\n"
                           "    while True:\n        pass\n"),
    "syntax error": ("01", "def hard_lookup(query, keys, values)\n    return 0\n"),
    "os._exit": ("06", "import os\ndef weighted_sum(weights, V):\n    os._exit(1)\n"),
    "memory bomb": ("09", "hoard = []\ndef self_attention(X, W_Q, W_K, W_V, mask=None):\n"
                          "    while True:\n        hoard.append(bytearray(1 << 26))\n"
                          "cross_attention = self_attention\n"),
    "import solutions": ("05", "from solutions.ex05_softmax import softmax\n"),
}


def make_class(folder: Path, count: int, seed: int = 0) -> dict[str, str]:
    """``count`` submissions: 60% correct, 25% partly wrong, 10% stubs, 5% hostile."""
    rng = random.Random(seed)
    exercises = manifest.load()
    kinds = {}
    hostile = list(HOSTILE)
    for i in range(count):
        r = i % 20
        kind = "correct" if r < 12 else "partly wrong" if r < 17 else "stubs" if r < 19 else \
            "hostile: " + hostile[(i // 20) % len(hostile)]
        student = folder / f"student{i:03d}"
        student.mkdir(parents=True)
        for e in exercises:
            shutil.copy((EXERCISES if kind == "stubs" else SOLUTIONS) / e.file, student / e.file)
        if kind == "partly wrong":
            for e in rng.sample(exercises, rng.randint(1, 3)):
                wrong = sorted((WRONG / e.stem).glob("*.py"))
                shutil.copy(rng.choice(wrong), student / e.file)
        elif kind.startswith("hostile"):
            eid, source = HOSTILE[kind.split(": ", 1)[1]]
            (student / manifest.by_id()[eid].file).write_text(source)
        kinds[student.name] = kind
    return kinds


def grade_fast(classdir: Path, out: Path, jobs: int, timeout: float) -> tuple[float, dict]:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "checker", "grade", str(classdir), "--out", str(out),
                    "--jobs", str(jobs), "--timeout", str(timeout), "--seed", SEED], check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "NO_COLOR": "1"})
    seconds = time.perf_counter() - started
    with open(out / "grades.csv", newline="", encoding="utf-8-sig") as f:
        return seconds, {r["submission"]: float(r["total"]) for r in csv.DictReader(f)}


def _students(classdir: Path) -> list[Path]:
    """The class's submissions (a check leaves its state in ``.attn-kit`` beside them)."""
    return sorted(p for p in classdir.iterdir() if p.is_dir() and not p.name.startswith("."))


def grade_naive(classdir: Path, out: Path, jobs: int, timeout: float) -> tuple[float, dict]:
    """One fresh `python -m pytest --json-report` process per submission, on the same cases."""
    out.mkdir()
    students = _students(classdir)
    cases = ROOT / "checker" / "judge" / "cases"
    pythonpath = os.pathsep.join([str(Path(__file__).resolve().parent), str(ROOT)])

    def one(student: Path) -> tuple[str, float]:
        report = out / f"{student.name}.json"
        subprocess.run([sys.executable, "-m", "pytest", str(cases), "-c", str(cases / "pytest.ini"),
                        "--rootdir", str(cases), "-q", "-p", "naive_plugin", "--json-report",
                        f"--json-report-file={report}", "-p", "no:cacheprovider"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "ATTN_KIT_SUBMISSION": str(student),
                            "ATTN_KIT_TIMEOUT": str(timeout), "PYTHONPATH": pythonpath})
        return student.name, _score(json.loads(report.read_text()))

    started = time.perf_counter()
    with ThreadPoolExecutor(jobs) as pool:
        scores = dict(pool.map(one, students))
    return time.perf_counter() - started, scores


def grade_checks(classdir: Path, out: Path, timeout: float) -> tuple[float, dict]:
    """One `attn-kit check --json` process per submission, one after another."""
    out.mkdir()
    ids = [e.id for e in manifest.lesson()]
    students = _students(classdir)
    started = time.perf_counter()
    for student in students:
        subprocess.run([sys.executable, "-m", "checker", "check", *ids, "--exercises",
                        str(student), "--json", str(out / f"{student.name}.json"),
                        "--timeout", str(timeout), "--seed", SEED], cwd=classdir.parent,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "NO_COLOR": "1"})
    seconds = time.perf_counter() - started
    return seconds, {s.name: _score(json.loads((out / f"{s.name}.json").read_text()))
                     for s in students}


def _verdicts(document: dict) -> dict:
    """What must agree between a grade's report and a check's: per exercise its status,
    per case its status and cause."""
    return {"exercises": {e["id"]: e["status"] for e in document.get("exercises", [])},
            "cases": {t["nodeid"]: ((t.get("metadata") or {}).get("status"),
                                    ((t.get("metadata") or {}).get("failure") or {}).get("cause"))
                      for t in document.get("tests", [])}}


def same_reports(fast: Path, checks: Path) -> list[str]:
    """The submissions whose grade report and check report disagree."""
    differ = []
    for report in sorted(checks.glob("*.json")):
        graded = fast / report.name
        if not graded.exists() or \
                _verdicts(json.loads(graded.read_text())) != _verdicts(json.loads(report.read_text())):
            differ.append(report.stem)
    return differ


def _score(document: dict) -> float:
    """The total from the tests' metadata, rounded per exercise as the grader rounds."""
    from checker.judge.results import CaseResult, ExerciseResult, Status

    exercises = {e.id: ExerciseResult(e.id, e.seed_section, e.file, e.points)
                 for e in manifest.lesson()}  # what a default grade counts
    for test in document["tests"]:
        meta = test.get("metadata") or {}
        if meta.get("exercise") in exercises:
            exercises[meta["exercise"]].cases.append(CaseResult(
                meta["exercise"], meta["case"], test["nodeid"], Status(meta["status"])))
    return round(sum(e.score() for e in exercises.values()), 2)


def import_floor() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import torch, pytest"], check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100,
                        help="submissions to generate (default 100: the class the target is "
                             "measured on; every 100 hold each hostile kind once)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--baseline", choices=("check", "pytest"), default="check")
    parser.add_argument("--only-grade", action="store_true",
                        help="time attn-kit grade alone (no baseline)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="grade and check the same class this many times, one after the "
                             "other, and give each round's ratio and the median (a single "
                             "round moves by about a twentieth on a shared machine)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="attn-kit-bench-") as tmp:
        tmp = Path(tmp)
        os.chmod(tmp, 0o755)
        kinds = make_class(tmp / "class", args.count)
        mix = {k: list(kinds.values()).count(k) for k in sorted(set(kinds.values()))}
        print(f"{args.count} submissions, jobs={args.jobs}, timeout={args.timeout:g} s: {mix}")
        print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
              f"on {os.cpu_count()} cores")
        floor = import_floor()
        fast, fast_scores = grade_fast(tmp / "class", tmp / "fast", args.jobs, args.timeout)
        if args.only_grade:
            print(f"attn-kit grade  : {fast:7.1f} s in all, {fast / args.count:.3f} s per submission")
            return
        if args.baseline == "check":
            base, base_scores = grade_checks(tmp / "class", tmp / "checks", args.timeout)
            differ = same_reports(tmp / "fast", tmp / "checks")
            print(f"python -c 'import torch, pytest' (the floor of one process): {floor:.2f} s")
            print(f"attn-kit grade (one run, --jobs {args.jobs}): {fast:7.1f} s in all, "
                  f"{fast / args.count:.3f} s per submission")
            print(f"attn-kit check --json, one process each  : {base:7.1f} s in all, "
                  f"{base / args.count:.3f} s per submission")
            print(f"ratio: grade is {base / fast:.1f}x faster per submission (target: at least 10x)")
            rounds, agree = [(fast, base)], True
            for k in range(2, args.rounds + 1):  # the same class, graded and checked again
                for folder in ("fast", "checks"):
                    shutil.rmtree(tmp / folder)
                again, again_scores = grade_fast(tmp / "class", tmp / "fast", args.jobs,
                                                 args.timeout)
                base_again, base_again_scores = grade_checks(tmp / "class", tmp / "checks",
                                                             args.timeout)
                differ += same_reports(tmp / "fast", tmp / "checks")
                agree = agree and again_scores == fast_scores and base_again_scores == base_scores
                rounds.append((again, base_again))
                print(f"round {k}: grade {again / args.count:.3f} s, check "
                      f"{base_again / args.count:.3f} s per submission: "
                      f"{base_again / again:.1f}x")
            if len(rounds) > 1:
                ratios = sorted(b / f for f, b in rounds)
                print(f"median of {len(rounds)} rounds: {statistics.median(ratios):.1f}x "
                      f"(each: {', '.join(f'{r:.1f}x' for r in ratios)})")
            print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
            same = fast_scores == base_scores and not differ and agree
            print(f"same scores, statuses and causes: {same}")
            if not same:
                wrong = {k: (fast_scores.get(k), v) for k, v in base_scores.items()
                         if fast_scores.get(k) != v}
                print(f"scores that differ: {wrong}")
                print(f"reports that differ: {differ}")
                sys.exit(1)
            return
        naive, naive_scores = grade_naive(tmp / "class", tmp / "naive", 1, args.timeout)
        naive_j, naive_j_scores = grade_naive(tmp / "class", tmp / "naive-j", args.jobs,
                                              args.timeout)
    same = fast_scores == naive_scores == naive_j_scores
    print(f"python -c 'import torch, pytest' (the floor of one process): {floor:.2f} s")
    print(f"attn-kit grade  : {fast:7.1f} s in all, {fast / args.count:.3f} s per submission")
    print(f"naive baseline  : {naive:7.1f} s in all, {naive / args.count:.3f} s per submission "
          "(one fresh pytest --json-report process each, one after another)")
    print(f"naive, {args.jobs} at once: {naive_j:7.1f} s in all, {naive_j / args.count:.3f} s per "
          "submission")
    print(f"speed-up        : {naive / fast:.1f}x against the naive baseline (target: at least "
          f"10x); {naive_j / fast:.1f}x against it run {args.jobs} at once")
    print(f"same scores     : {same}")
    if not same:
        diff = {k: (fast_scores.get(k), naive_scores.get(k)) for k in naive_scores
                if fast_scores.get(k) != naive_scores.get(k)}
        print(f"differences: {diff}")
        sys.exit(1)


if __name__ == "__main__":
    main()
