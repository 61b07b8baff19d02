#!/usr/bin/env bash
# Installs what BeaconSim needs from Debian/Ubuntu packages, only when it is missing.
#   scripts/setup.sh          GNU GSL (libgsl-dev), zlib (zlib1g-dev: .jsonl.gz results) and pkg-config:
#                             enough to build and run
#   scripts/setup.sh test     also tshark, which the capture-writer tests open their output with,
#                             rsvg-convert (report figures and the coverage-map test render SVGs to PNG),
#                             Chromium (the report pages are rendered headless and looked at) and
#                             Python's venv (notebooks)
set -euo pipefail

need=()
pkg-config --exists gsl 2>/dev/null || need+=(libgsl-dev pkg-config)
pkg-config --exists zlib 2>/dev/null || need+=(zlib1g-dev pkg-config)
if [ "${1:-}" = "test" ]; then
    command -v tshark >/dev/null 2>&1 || need+=(tshark)
    command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
    command -v chromium >/dev/null 2>&1 || need+=(chromium)
    command -v python3 >/dev/null 2>&1 || need+=(python3)
    python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
fi
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: please install: ${need[*]} (no apt-get on this system)" >&2
    exit 1
fi
echo "setup: installing ${need[*]}" >&2
$sudo apt-get update -qq
# tshark asks whether non-root users may capture; answer "no" without a prompt.
echo "wireshark-common wireshark-common/install-setuid boolean false" | $sudo debconf-set-selections 2>/dev/null || true
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
