#!/usr/bin/env bash
# Gradescope runs this once, from /autograder/source, when it builds the image.
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
cd "$(dirname "$0")"
if ! command -v python3 >/dev/null || ! python3 -m venv --help >/dev/null 2>&1; then
    apt-get update && apt-get install -y python3 python3-venv python3-pip
fi
python3 -m venv "$ROOT/venv"
"$ROOT/venv/bin/pip" install --upgrade pip
# torch's CPU build (a few hundred MB) from PyTorch's own index, rather than the CUDA
# build (several GB) that PyPI has under the same version; then the rest from PyPI
"$ROOT/venv/bin/pip" install --index-url https://download.pytorch.org/whl/cpu \
    "$(grep '^torch' requirements.txt)"
"$ROOT/venv/bin/pip" install -r requirements.txt
