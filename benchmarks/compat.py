"""One (Python, torch) pair of the support table, tested from scratch.

    python benchmarks/compat.py --python 3.10 --torch 2.4.1
    python benchmarks/compat.py --python /usr/bin/python3.12 --torch pinned --header

It copies the repo's tracked files (as they are in the work tree) into a temporary
folder, as a fresh clone would have them, makes a virtual environment there with that
Python, installs the kit with its test tools (`pip install -c .ci/constraints.txt
-e .[dev]`, the constraints' torch line replaced by ``torch==Y``; for a torch other
than the pinned one, without the pins of torch's own dependencies, which follow it),
and runs a smoke that matters for a new torch or Python:

  solutions  every reference solution passes every case, under other seeds too, and
             every stub reads "not started" (tests/test_solutions_and_stubs.py)
  library    every wrong file of tests/implementations keeps its verdict and its
             declared likely cause (the causes read torch's error texts), and every
             correct one written differently passes (tests/test_implementations.py)
  refusals   a forbidden call (torch.softmax, F.scaled_dot_product_attention, ...) still
             costs its exercise, and the ways around the guard are still caught
             (tests/test_implementations.py, tests/test_isolation.py -k forbidden)
  attacks    a class of hostile submissions (reaching torch's internals, the numpy
             bridge, the grader's files) earns nothing it did not earn
             (tests/test_hostile_white.py)
  class      `attn-kit grade` of a class of three: a solved student (100), one with
             a softmax that skips the max shift (less, but more than 0), a stub (0)
  entry      `attn-kit check 05` in the kit's folder runs (exit 1: not started)

and prints one row of the table (with --header, the header first). Exit status 0 when
every part passed, 1 when one failed, 2 for bad arguments or an environment that could
not be made (the row says which). The folder is deleted afterwards unless --keep.

Where a pair's torch is not the small CPU build that lies on this machine's disk, pip
takes PyPI's build (CUDA, several GB with its nvidia-* packages): the row's last column
says how large the environment grew.
"""
from __future__ import annotations

import argparse
import csv
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONSTRAINTS = REPO / ".ci" / "constraints.txt"
COLUMNS = ("python", "torch", "numpy", "install", "solutions", "library", "refusals",
           "attacks", "class", "entry", "result", "minutes", "venv")

SMOKES = {  # name -> pytest arguments (run from the copy's root)
    "solutions": ["tests/test_solutions_and_stubs.py"],
    "library": ["tests/test_implementations.py", "-k", "not forbidden and not guard"],
    "refusals": ["tests/test_implementations.py", "tests/test_isolation.py",
                 "-k", "forbidden or guard or static_scan"],
    "attacks": ["tests/test_hostile_white.py"],
}


class Unusable(Exception):
    """An argument or an environment this script cannot work with (exit 2)."""


def find_python(spec: str) -> str:
    """An interpreter from '3.10' (pyenv's or pythonX.Y on PATH) or a path."""
    if os.sep in spec:
        if not os.access(spec, os.X_OK):
            raise Unusable(f"no Python at {spec}")
        return spec
    if not re.fullmatch(r"3\.\d+", spec):
        raise Unusable(f"--python takes a version like 3.10 or a path, not {spec!r}")
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    found = sorted(glob.glob(f"{root}/versions/{spec}.*/bin/python3"),
                   key=lambda p: [int(x) for x in re.findall(r"\d+", p.split("/")[-3])])
    if found:
        return found[-1]
    on_path = shutil.which(f"python{spec}")
    if on_path:
        return on_path
    raise Unusable(f"no Python {spec} here (neither pyenv's nor python{spec} on PATH)")


def pinned_torch() -> str:
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"torch==([^\s;#]+)\s*(#.*)?$", line.strip())
        if m:
            return m.group(1)
    raise Unusable(f"no torch pin in {CONSTRAINTS}")


def copy_repo(dest: Path) -> None:
    """The tracked files as the work tree has them (what a fresh clone of this commit
    plus the uncommitted edits would hold)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = REPO / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


# torch's own dependencies: their pins follow the pinned torch (torch 2.5.1 asks for
# sympy==1.13.1, the constraints pin 1.14.0), so another torch brings its own
FOLLOW_TORCH = ("sympy", "mpmath", "networkx", "filelock", "fsspec", "jinja2",
                "markupsafe", "typing-extensions", "setuptools")


def constraints_for(torch: str, dest: Path) -> Path:
    text = CONSTRAINTS.read_text(encoding="utf-8")
    pinned = pinned_torch()
    text, n = re.subn(r"(?m)^torch==[^\s;#]+.*$", f"torch=={torch}", text)
    if n != 1:
        raise Unusable(f"expected one torch pin in {CONSTRAINTS}, found {n}")
    if torch != pinned:
        names = "|".join(re.escape(name) for name in FOLLOW_TORCH)
        text = re.sub(rf"(?mi)^({names})==.*$", "", text)
    out = dest / "constraints.txt"
    out.write_text(text, encoding="utf-8")
    return out


def run(cmd: list, cwd: Path, log, timeout: float, env=None) -> subprocess.CompletedProcess:
    log.write(f"\n$ {' '.join(map(str, cmd))}\n")
    log.flush()
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    log.write(done.stdout[-20000:] + done.stderr[-20000:])
    log.flush()
    return done


def pytest_cell(done: subprocess.CompletedProcess) -> tuple[str, bool]:
    """'506/506' from pytest's closing line (passed over all that ran)."""
    closing = [line for line in done.stdout.splitlines()
               if re.search(r"\d+ (passed|failed|errors?)\b.* in [\d.]+s", line)][-1:] or [""]
    counts = {k: int(v) for v, k in re.findall(
        r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)", closing[0])}
    passed = counts.get("passed", 0)
    ran = passed + counts.get("failed", 0) + counts.get("error", 0) + counts.get("errors", 0)
    ok = done.returncode == 0 and passed > 0
    return (f"{passed}/{ran}" if ran else f"rc {done.returncode}"), ok


def class_of_three(root: Path, venv: Path, log) -> tuple[str, bool]:
    """Grade ana (solved), ben (softmax without the max shift) and cy (stubs)."""
    subs = root / "class"
    wrong = root / "tests" / "implementations" / "wrong" / "ex05_softmax" / "no_max_shift.py"
    for student, source in (("ana", "solutions"), ("ben", "solutions"), ("cy", "exercises")):
        folder = subs / student
        folder.mkdir(parents=True)
        for f in sorted((root / source).glob("ex[0-9][0-9]_*.py")):
            shutil.copy(f, folder / f.name)
    shutil.copy(wrong, subs / "ben" / "ex05_softmax.py")
    done = run([venv / "bin" / "attn-kit", "grade", subs, "--out", root / "graded",
                "--jobs", "2", "--seed", "7"], root, log, 900)
    try:
        with open(root / "graded" / "grades.csv", newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
        key = next(k for k in rows[0] if k.lower() in ("student", "submission", "name"))
        col = next(k for k in rows[0] if k.lower() in ("score", "total"))
        scores = {r[key]: float(r[col]) for r in rows}
        a, b, c = scores["ana"], scores["ben"], scores["cy"]
    except (OSError, StopIteration, KeyError, ValueError, IndexError) as exc:
        log.write(f"class: could not read grades.csv: {exc!r}\n")
        return f"rc {done.returncode}", False
    ok = done.returncode == 0 and a == 100 and 0 < b < 100 and c == 0
    return f"{a:g}/{b:g}/{c:g}", ok


def size_of(path: Path) -> str:
    total = sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())
    return f"{total / 1e9:.1f} GB" if total >= 1e9 else f"{total / 1e6:.0f} MB"


def header() -> str:
    return ("| " + " | ".join(COLUMNS) + " |\n"
            + "|" + "|".join("---" for _ in COLUMNS) + "|")


def test_pair(python: str, torch: str, work: Path, log) -> dict[str, str]:
    row = dict.fromkeys(COLUMNS, "-")
    started = time.monotonic()
    version = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                             capture_output=True, text=True)
    if version.returncode:
        raise Unusable(f"{python} does not run: {version.stderr.strip()[-200:]}")
    row["python"], row["torch"] = version.stdout.strip(), torch
    root, venv = work / "kit", work / "venv"
    root.mkdir()
    copy_repo(root)
    constraints = constraints_for(torch, work)
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    steps = [
        [python, "-m", "venv", venv],
        [venv / "bin" / "python", "-m", "pip", "install", "-q", "-c", constraints,
         "-e", ".[dev]"],
    ]
    for cmd in steps:
        done = run(cmd, root, log, 3600, env)
        if done.returncode:
            row["install"], row["result"] = "FAILED", "FAIL"
            row["minutes"] = f"{(time.monotonic() - started) / 60:.1f}"
            return row
    py = venv / "bin" / "python"
    got = run([py, "-c", "import torch, numpy; print(torch.__version__, numpy.__version__)"],
              root, log, 300, env)
    if got.returncode:
        row["install"], row["result"] = "import fails", "FAIL"
        return row
    row["torch"], row["numpy"] = got.stdout.split()
    row["install"] = f"{(time.monotonic() - started) / 60:.1f} min"
    ok = True
    for name, args in SMOKES.items():
        done = run([py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                    "--dist", "loadfile", *args], root, log, 1800, env)
        row[name], passed = pytest_cell(done)
        ok &= passed
    row["class"], passed = class_of_three(root, venv, log)
    ok &= passed
    done = run([venv / "bin" / "attn-kit", "check", "05"], root, log, 300, env)
    passed = done.returncode == 1 and "Traceback" not in done.stdout + done.stderr \
        and "not started" in done.stdout
    row["entry"] = "ok" if passed else f"rc {done.returncode}"
    ok &= passed
    row["result"] = "PASS" if ok else "FAIL"
    row["minutes"] = f"{(time.monotonic() - started) / 60:.1f}"
    row["venv"] = size_of(venv)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True,
                        help="a version (3.10: pyenv's or python3.10 on PATH) or a path")
    parser.add_argument("--torch", required=True,
                        help="a torch version (2.4.1), or 'pinned' for .ci/constraints.txt's")
    parser.add_argument("--work", default=None,
                        help="make the temporary folder here (default: the system's)")
    parser.add_argument("--log", default=None, help="the commands' output (default: in "
                        "the temporary folder, kept when a step fails)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--header", action="store_true", help="print the table's header")
    args = parser.parse_args(argv)
    try:
        python = find_python(args.python)
        torch = pinned_torch() if args.torch == "pinned" else args.torch
        if not re.fullmatch(r"\d+(\.\d+)+", torch):
            raise Unusable(f"--torch takes a version like 2.4.1 or 'pinned', not {torch!r}")
        work = Path(tempfile.mkdtemp(prefix="attn-kit-compat-", dir=args.work))
    except (Unusable, OSError) as exc:
        print(f"compat: {exc}", file=sys.stderr)
        return 2
    log_path = Path(args.log) if args.log else work / "compat.log"
    keep = args.keep
    try:
        with open(log_path, "a", encoding="utf-8") as log:
            row = test_pair(python, torch, work, log)
    except Unusable as exc:
        print(f"compat: {exc}", file=sys.stderr)
        return 2
    except subprocess.TimeoutExpired as exc:
        print(f"compat: a step took too long ({' '.join(map(str, exc.cmd[:4]))} ...); "
              f"kept {work} (log: {log_path})", file=sys.stderr)
        return 1
    if row["result"] != "PASS" and not args.log:
        keep = True
    if args.header:
        print(header())
    print("| " + " | ".join(row[c] for c in COLUMNS) + " |")
    if keep:
        print(f"compat: kept {work} (log: {log_path})", file=sys.stderr)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if row["result"] == "PASS" else (2 if row["install"] == "FAILED" else 1)


if __name__ == "__main__":
    sys.exit(main())
