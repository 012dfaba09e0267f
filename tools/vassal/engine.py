"""One JVM running VASSAL's Player code on an X display of our own, driven from Python.

VASSAL is a single-threaded Swing program with one ``GameModule`` per process, so one
:class:`Engine` per harness process loads one module; every call into VASSAL runs on the
Swing event thread (:meth:`Engine.edt`). Modal dialogs are closed as soon as they show and
recorded; everything VASSAL logs is captured, so a run reports what the engine complained of.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

from tools.vassal import env
from tools.vassal.env import HarnessError

LEVELS = {"TRACE": 0, "DEBUG": 1, "INFO": 2, "WARN": 3, "ERROR": 4}
# Preferences that would make VASSAL ask a question in the middle of a run.
QUIET_PREFS = ("PromptNewLogAtStart", "PromptNewLogEnd", "promptLogComment", "PromptNewLog")


def java_exception(exc: Any) -> dict:
    """A Java Throwable (or a Python exception) as plain data."""
    if not hasattr(exc, "getClass"):
        return {"class": type(exc).__name__, "message": str(exc)}
    out = {"class": str(exc.getClass().getName()), "message": str(exc.getMessage()),
           "stack": [str(s) for s in list(exc.getStackTrace())[:12]]}
    cause = exc.getCause()
    if cause is not None and cause is not exc:
        out["cause"] = java_exception(cause)
    return out


def _logback_config(path: Path, logfile: Path) -> None:
    path.write_text(
        '<configuration><appender name="FILE" class="ch.qos.logback.core.FileAppender">'
        f'<file>{logfile}</file><encoder><pattern>%date [%thread] %-5level %logger - %msg%n</pattern>'
        '</encoder></appender><root level="info"><appender-ref ref="FILE"/></root></configuration>')


class Engine:
    """The JVM, the Swing thread, VASSAL's log and dialogs, and the loaded module."""

    def __init__(self, heap: str = "2g", keep: bool = False) -> None:
        self.heap, self.keep = heap, keep
        self.phase = "startup"
        self.timings: dict[str, float] = {}
        self.dialogs: list[dict] = []
        self.uncaught: list[dict] = []
        self.module: Any = None
        self.workdir: Path | None = None
        self.classpath: list[str] = []
        self._stop = False

    # -- life cycle ---------------------------------------------------------------------
    def start(self) -> None:
        """Start Xvfb and the JVM with VASSAL's classes, and prepare the Player's singletons."""
        t = time.monotonic()
        env.ensure_jpype()
        import jpype
        import jpype.imports  # noqa: F401  (makes "from VASSAL... import" work)
        engine_jar = env.engine_jar()
        self.classpath = [str(engine_jar), str(env.support_jar(engine_jar)), *env.dependency_classpath()]
        runs = env.cache_home() / "runs"
        runs.mkdir(parents=True, exist_ok=True)
        self.workdir = Path(tempfile.mkdtemp(prefix="run-", dir=runs))
        for sub in ("conf", "tmp", "home"):
            (self.workdir / sub).mkdir()
        _logback_config(self.workdir / "logback.xml", self.workdir / "vassal.log")
        os.environ["DISPLAY"] = env.start_xvfb()
        os.chdir(self.workdir)  # VASSAL writes stray files (CONF_DIR_IS_UNDEFINED/) into the working directory
        self.timings["xvfb_s"] = round(time.monotonic() - t, 2)
        t = time.monotonic()
        w = self.workdir
        jpype.startJVM("-Djava.awt.headless=false", f"-DVASSAL.conf={w / 'conf'}", f"-DVASSAL.cache={w / 'conf'}",
                       f"-Djava.io.tmpdir={w / 'tmp'}", f"-Duser.home={w / 'home'}",
                       f"-Dlogback.configurationFile={w / 'logback.xml'}", "-Duser.language=en",
                       "-Duser.country=US", "-Dswing.defaultlaf=javax.swing.plaf.metal.MetalLookAndFeel",
                       f"-Xmx{self.heap}", classpath=self.classpath, convertStrings=True)
        self.timings["jvm_start_s"] = round(time.monotonic() - t, 2)
        self._prepare_java(jpype)

    def _prepare_java(self, jpype: Any) -> None:
        from ch.qos.logback.core.read import ListAppender
        from java.lang import Class, System, Thread
        from javax.swing import SwingUtilities
        from org.slf4j import LoggerFactory
        from VASSAL import Info
        from VASSAL.launch import StandardConfig

        System.setOut(System.err)  # stdout carries our JSON only
        self._swing = SwingUtilities
        engine = self

        @jpype.JImplements("java.lang.Runnable")
        class Call:
            def __init__(self, fn: Callable[[], Any]) -> None:
                self.fn, self.result, self.exc = fn, None, None

            @jpype.JOverride
            def run(self) -> None:
                try:
                    self.result = self.fn()
                except BaseException as e:  # noqa: BLE001 -- re-raised on the calling thread
                    self.exc = e

        @jpype.JImplements("java.lang.Thread$UncaughtExceptionHandler")
        class Uncaught:
            @jpype.JOverride
            def uncaughtException(self, thread: Any, exc: Any) -> None:
                engine.uncaught.append({"phase": engine.phase, "thread": str(thread.getName()),
                                        "exception": java_exception(exc)})

        self._call = Call
        Thread.setDefaultUncaughtExceptionHandler(Uncaught())
        root = LoggerFactory.getLogger("ROOT")
        self._appender = ListAppender()
        self._appender.setContext(root.getLoggerContext())
        self._appender.start()
        root.addAppender(self._appender)
        Info.setConfig(StandardConfig())
        self.vassal_version = str(Info.getVersion())

        def menu_manager() -> None:
            # GameModule.build() needs a MenuManager; the Player's own is a private class.
            ctor = Class.forName("VASSAL.launch.Player$PlayerMenuManager").getDeclaredConstructor()
            ctor.setAccessible(True)
            ctor.newInstance()
        self.edt(menu_manager)
        threading.Thread(target=self._close_dialogs, daemon=True).start()

    def shutdown(self) -> None:
        """Stop watching dialogs and remove the run folder (unless asked to keep it)."""
        self._stop = True
        if self.workdir and not self.keep:
            shutil.rmtree(self.workdir, ignore_errors=True)

    # -- threads, dialogs, log ---------------------------------------------------------------
    def edt(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the Swing event thread, wait, and return its result (or raise)."""
        call = self._call(fn)
        self._swing.invokeAndWait(call)
        if call.exc is not None:
            raise call.exc
        return call.result

    def _close_dialogs(self) -> None:
        """Close every modal dialog as it shows, recording its title and text."""
        import jpype
        from java.awt import Dialog, Window

        @jpype.JImplements("java.lang.Runnable")
        class Dispose:
            def __init__(self, w: Any) -> None:
                self.w = w

            @jpype.JOverride
            def run(self) -> None:
                self.w.dispose()

        seen: set[int] = set()
        while not self._stop:
            time.sleep(0.15)
            try:
                for w in Window.getWindows():
                    if not isinstance(w, Dialog) or not w.isShowing() or not w.isModal():
                        continue
                    if int(w.hashCode()) not in seen:
                        seen.add(int(w.hashCode()))
                        self.dialogs.append({"phase": self.phase, "title": str(w.getTitle() or ""),
                                             "text": component_text(w)[:2000]})
                    self._swing.invokeLater(Dispose(w))
            except Exception:  # noqa: BLE001 -- the watcher must outlive any one bad window
                continue

    def mark(self) -> int:
        """A position in VASSAL's log, for :meth:`log_since`."""
        return int(self._appender.list.size())

    def log_since(self, mark: int = 0, level: str = "WARN") -> list[dict]:
        """What VASSAL logged at ``level`` or worse since ``mark``."""
        out, events = [], self._appender.list
        for i in range(mark, int(events.size())):
            e = events.get(i)
            if LEVELS.get(str(e.getLevel()), 0) < LEVELS[level]:
                continue
            d = {"level": str(e.getLevel()), "logger": str(e.getLoggerName()), "message": str(e.getFormattedMessage())}
            if e.getThrowableProxy() is not None:
                tp = e.getThrowableProxy()
                d["exception"] = {"class": str(tp.getClassName()), "message": str(tp.getMessage())}
            out.append(d)
        return out

    # -- the module and the game -----------------------------------------------------------------
    def load_module(self, path: str | Path) -> Any:
        """Build the module as the Player does (``GameModule.init``) and silence its questions."""
        from VASSAL.build import GameModule
        from VASSAL.tools import DataArchive
        path = Path(path)
        if not path.is_file():
            raise HarnessError(f"no such module file: {path}")
        self.phase = "build_module"
        t = time.monotonic()

        def build() -> Any:
            GameModule.init(GameModule(DataArchive(str(path.absolute()))))
            g = GameModule.getGameModule()
            from java.lang import Boolean
            for key in QUIET_PREFS:
                if g.getPrefs().getOption(key) is not None:
                    g.getPrefs().setValue(key, Boolean.FALSE)
            return g
        try:
            self.module = self.edt(build)
        finally:
            self.timings["module_build_s"] = round(time.monotonic() - t, 2)
        return self.module

    def new_game(self) -> None:
        """Press Game > New: the default board layout and at-start stacks are placed (set-up wizards
        are skipped: the harness's wizard stand-in cancels them)."""
        from java.lang import Class
        self.phase = "new_game"
        action = Class.forName("VASSAL.build.module.GameState").getDeclaredField("newGame")
        action.setAccessible(True)
        self.edt(lambda: action.get(self.module.getGameState()).actionPerformed(None))

    def load_game(self, path: str | Path, res: dict) -> Any:
        """Decode and execute a save or log as Game > Load does; the decoded command, or None."""
        from java.io import File
        g = self.module
        self.phase = "decode_save"
        mark, t = self.mark(), time.monotonic()
        cmd = self.edt(lambda: g.getGameState().decodeSavedGame(File(str(Path(path).absolute()))))
        res.setdefault("timings", {})["decode_s"] = round(time.monotonic() - t, 2)
        res["decode_problems"] = self.log_since(mark)
        if cmd is None:
            return None
        self.phase = "execute_save"
        mark, t = self.mark(), time.monotonic()
        self.edt(cmd.execute)
        res["timings"]["execute_s"] = round(time.monotonic() - t, 2)
        res["execute_problems"] = self.log_since(mark)
        return cmd

    def find_map(self, name: str) -> Any:
        """The map whose name or id is ``name``."""
        from VASSAL.build.module import Map
        maps = list(Map.getMapList())
        for m in maps:
            if name in (str(m.getMapName()), str(m.getId()), str(m.getIdentifier())):
                return m
        raise HarnessError(f"no map {name!r}; the maps are {[str(m.getMapName()) for m in maps]}")

    def pieces(self) -> list[dict]:
        """Every piece on every map, as :class:`hexforge.harness.Pieces` lists them."""
        import jpype  # JClass: the Python package "hexforge" would shadow the Java package
        text = str(self.edt(jpype.JClass("hexforge.harness.Pieces").all))
        return [_piece(rec.split("\x1f")) for rec in text.split("\x1e")] if text else []

    def board_layout(self) -> dict[str, list[dict]]:
        """Per map, the boards placed on it with their origin and size in map pixels."""
        from VASSAL.build.module import Map

        def layout() -> dict:
            return {str(m.getMapName()): [{"board": str(b.getName()), "x": int(b.bounds().x), "y": int(b.bounds().y),
                                           "w": int(b.bounds().width), "h": int(b.bounds().height),
                                           "reversed": bool(b.isReversed())} for b in m.getBoards()]
                    for m in Map.getMapList()}
        return self.edt(layout)


def _piece(f: list[str]) -> dict:
    d: dict[str, Any] = {"id": f[0], "name": f[1], "basic_name": f[2], "gpid": f[3], "map": f[4], "map_id": f[5],
                         "x": int(f[6]), "y": int(f[7]), "location": f[8], "board": f[9] or None}
    if f[10]:
        d["zone"] = f[10]
    if f[11]:
        d["stack_id"], d["stack_index"] = f[11], int(f[12])
    if f[13]:
        d["deck"] = f[13]
    d["markers"] = dict(kv.split("=", 1) for kv in f[14].split("\x1d") if "=" in kv) if f[14] else {}
    return d


def component_text(comp: Any, depth: int = 0) -> str:
    """The visible text of a dialog: its labels, text fields and option-pane message."""
    from java.awt import Container
    from javax.swing import JLabel, JOptionPane
    from javax.swing.text import JTextComponent
    parts: list[str] = []
    if depth > 30:
        return ""
    if isinstance(comp, JOptionPane) and isinstance(comp.getMessage(), str):
        parts.append(comp.getMessage())
    if isinstance(comp, (JLabel, JTextComponent)) and comp.getText():
        parts.append(str(comp.getText()))
    if isinstance(comp, Container):
        parts += [component_text(c, depth + 1) for c in comp.getComponents()]
    text = " | ".join(p.strip() for p in parts if p and p.strip())
    if depth == 0:
        import re
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).strip()
    return text
