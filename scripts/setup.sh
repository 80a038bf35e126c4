#!/usr/bin/env bash
# Installs StreamSynth's build, test and run dependencies from Debian 12
# packages (the list: scripts/debian-packages.txt), as root or through sudo,
# skipping everything already present, so a repeated run takes well under a
# second. scripts/check-setup.sh proves the list complete after a build.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
list="${STREAMSYNTH_PACKAGES:-$here/debian-packages.txt}"
mapfile -t packages < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$list")

missing=()
for p in "${packages[@]}"; do
  # No pipe into grep -q: under pipefail an early exit of grep could fail the writer.
  if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup: these packages are missing and I am neither root nor able to use sudo: ${missing[*]}" >&2
    echo "setup: install them as root (apt-get install ${missing[*]}) and run me again" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
