#!/usr/bin/env bash
# The browser suite drives Debian's Chromium (never a downloaded browser build), with the
# Korean/Japanese and Thai fonts the five languages need (else screenshots show boxes and
# text widths differ from a player's machine).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
dpkg -s fonts-thai-tlwg >/dev/null 2>&1 || need+=(fonts-thai-tlwg)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian packages for the browser tests: ${need[*]}…"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
/usr/bin/chromium --version
