"""Command line of hexforge's VASSAL engine harness; every command prints one JSON object.

    python -m tools.vassal info
    python -m tools.vassal load     MOD.vmod [--all-slots] [--no-setup-decode]
    python -m tools.vassal locate   MOD.vmod MAP X,Y ... [--board NAME] [--save FILE]
    python -m tools.vassal position MOD.vmod MAP LABEL ... [--board NAME] [--save FILE]
    python -m tools.vassal replay   MOD.vmod SAVE|LOG|setup:NAME [--steps] [--chat] [--max-steps N]
    python -m tools.vassal play     MOD.vmod SCRIPT.json OUT.vlog [--save START.vsav|setup:NAME] [--steps]

Global options go before the command: --compact, --timeout S (default 600), --keep, --heap.
Every answer has ``success``, ``errors`` and ``warnings`` (VASSAL's own log lines, closed
dialogs, findings of the command) and ``engine``. Exit status: 0 success, 1 the engine found an
error, 2 usage or environment problem (not installed: run ``bash tools/vassal/install.sh``),
3 timeout. Any Python may run it: without JPype it re-runs itself in the harness venv.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tools.vassal.env import HarnessError, cache_home

T0 = time.monotonic()
PROBLEM_KEYS = ("build_problems", "decode_problems", "execute_problems", "token_decode_problems", "problems")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m tools.vassal", description=__doc__.split("\n\n")[0],
                                 epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--compact", action="store_true", help="one-line JSON")
    ap.add_argument("--timeout", type=float, default=600, help="give up after S seconds, exit 3 (default 600)")
    ap.add_argument("--keep", action="store_true", help="keep the run folder (VASSAL's log); its path is in 'workdir'")
    ap.add_argument("--heap", default="2g", help="JVM maximum heap (default 2g)")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("info", help="engine jar, VASSAL and Java versions")
    p = sub.add_parser("load", help="build a module and decode every piece, prototype and set-up")
    p.add_argument("module", type=Path)
    p.add_argument("--all-slots", action="store_true", help="list every piece slot even when there are over 200")
    p.add_argument("--no-setup-decode", action="store_true", help="do not decode the pre-defined set-ups")
    for name, what, helptext in (("locate", "points", "map pixels X,Y -> location names, snap points"),
                                 ("position", "labels", "location labels -> map pixels")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("module", type=Path)
        p.add_argument("map", help="map name or id")
        p.add_argument(what, nargs="+")
        p.add_argument("--board", help="use this board's own coordinates/grid only")
        p.add_argument("--save", type=Path, help="take the board layout from this save")
    p = sub.add_parser("replay", help="load a save or log (or setup:NAME) and step through a log to its end")
    p.add_argument("module", type=Path)
    p.add_argument("save", help="a .vsav, a .vlog, or setup:NAME (a pre-defined set-up of the module)")
    p.add_argument("--steps", action="store_true", help="list all pieces after every log step too")
    p.add_argument("--chat", action="store_true", help="include the chat window's lines")
    p.add_argument("--max-steps", type=int, default=1_000_000, help="stop after N log steps")
    p = sub.add_parser("play", help="play a JSON script of actions; the engine writes the log OUT.vlog")
    p.add_argument("module", type=Path)
    p.add_argument("script", type=Path, help="JSON: {\"actions\": [...]} (see tools/vassal/play.py)")
    p.add_argument("out", type=Path, help="the .vlog the engine writes (must not exist)")
    p.add_argument("--save", help="start from this save or setup:NAME instead of a new game")
    p.add_argument("--steps", action="store_true", help="list all pieces after every action too (the live game, "
                                                         "as the player saw it, beside the replay's)")
    return ap


def run_command(eng: Any, args: argparse.Namespace) -> dict:
    """Start the engine and run the chosen command."""
    eng.start()
    if args.command == "info":
        from java.lang import System
        from tools.vassal.env import engine_jar
        return {"command": "info", "engine_jar": str(engine_jar()), "vassal_version": eng.vassal_version,
                "java_version": str(System.getProperty("java.version")), "cache_dir": str(cache_home()),
                "classpath": eng.classpath, "display": os.environ.get("DISPLAY")}
    if args.command == "load":
        from tools.vassal.modinfo import cmd_load
        return cmd_load(eng, args.module, args.all_slots, not args.no_setup_decode)
    if args.command in ("locate", "position"):
        from tools.vassal import replay
        fn = replay.cmd_locate if args.command == "locate" else replay.cmd_position
        return fn(eng, args.module, args.map, args.points if args.command == "locate" else args.labels,
                  args.board, args.save)
    if args.command == "replay":
        from tools.vassal.replay import cmd_replay
        return cmd_replay(eng, args.module, args.save, args.steps, args.chat, args.max_steps)
    from tools.vassal.play import cmd_play
    return cmd_play(eng, args.module, args.script, args.out, args.save, args.steps)


def summarize(eng: Any, res: dict) -> int:
    """Fill in ``errors``, ``warnings``, ``success`` and the engine facts; the exit status."""
    problems = [dict(p, where=k) for k in PROBLEM_KEYS for p in res.get(k) or []]
    problems += [dict(p, where=f"log_step:{s['step']}") for s in res.get("steps") or [] for p in s.get("problems", [])]
    errors = [p for p in problems if p["level"] == "ERROR"]
    warnings = [p for p in problems if p["level"] == "WARN"]
    errors += [{"level": "ERROR", "message": "uncaught Java exception", **u} for u in eng.uncaught]
    if res.get("command") == "load":
        from tools.vassal.modinfo import load_findings
        more_errors, more_warnings = load_findings(res)
        errors += more_errors
        warnings += more_warnings
    if res.get("command") == "replay":
        raw = res.get("raw") or {}
        if raw.get("undecodable_tokens"):
            errors.append({"level": "ERROR", "message": f"{len(raw['undecodable_tokens'])} commands VASSAL cannot "
                           "decode (it drops them silently)", "tokens": raw["undecodable_tokens"][:20]})
        if raw.get("invalid_utf8_chars"):
            warnings.append({"level": "WARN", "message": f"{raw['invalid_utf8_chars']} U+FFFD characters: "
                             "the savedGame bytes are not valid UTF-8"})
        errors += [{"level": "ERROR", "message": f"log step {s['step']} failed", **s["exception"]}
                   for s in res.get("steps") or [] if "exception" in s]
        if (res["save"].get("metadata") or {}).get("warning"):
            warnings.append({"level": "WARN", "message": res["save"]["metadata"]["warning"]})
        if res["save"].get("format") in ("VOBS", "XZ"):
            warnings.append({"level": "WARN", "message": f"VASSAL 3.6 cannot read {res['save']['format']} saves"})
    warnings += [{"level": "DIALOG", "message": f"{d['title']}: {d['text'][:500]}", "where": d["phase"]}
                 for d in eng.dialogs]
    res.update(errors=errors, warnings=warnings, dialogs=eng.dialogs)
    res["success"] = not errors and "error" not in res and res.get("decoded", True) is not False
    res["clean"] = res["success"] and not warnings
    res["engine"] = {"vassal_version": getattr(eng, "vassal_version", None)}
    res.setdefault("timings", {}).update(eng.timings, total_s=round(time.monotonic() - T0, 2))
    if eng.keep:
        res["workdir"] = str(eng.workdir)
    for k in PROBLEM_KEYS:
        if k in res and not res[k]:
            del res[k]
    return 0 if res["success"] else 1


def emit(res: dict, compact: bool) -> None:
    """Print the answer as JSON on stdout."""
    sys.stdout.write(json.dumps(res, indent=None if compact else 2, default=str, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    """Run one command and exit with its status (the JVM's own threads are not waited for)."""
    args = build_parser().parse_args(argv)
    for k, v in vars(args).items():  # the engine runs in its own folder: resolve paths first
        if isinstance(v, Path):
            setattr(args, k, v.absolute())
        elif k == "save" and isinstance(v, str) and not v.startswith("setup:"):
            setattr(args, k, str(Path(v).absolute()))
    from tools.vassal.engine import Engine, java_exception
    eng = Engine(heap=args.heap, keep=args.keep)

    def on_timeout() -> None:
        emit({"success": False, "error": f"timeout after {args.timeout} s in phase {eng.phase}",
              "dialogs": eng.dialogs}, args.compact)
        eng.shutdown()
        os._exit(3)
    timer = threading.Timer(args.timeout, on_timeout)
    timer.daemon = True
    timer.start()
    code = 2
    try:
        res = run_command(eng, args)
        time.sleep(0.3)  # let the dialog watcher see a dialog that has just opened
        code = summarize(eng, res)
        emit(res, args.compact)
    except HarnessError as e:
        emit({"success": False, "error": str(e), "phase": eng.phase}, args.compact)
    except Exception as e:  # noqa: BLE001 -- reported as JSON, exit 1
        emit({"success": False, "error": f"exception in phase {eng.phase}: {e}", "exception": java_exception(e),
              "dialogs": eng.dialogs}, args.compact)
        code = 1
    finally:
        timer.cancel()
        eng.shutdown()
        sys.stderr.flush()
    os._exit(code)
