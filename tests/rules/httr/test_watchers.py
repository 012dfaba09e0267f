"""Every HTTR topic module that answers events is listed among the referee's watchers (rules/httr/watchers.py):
an ``on_event`` no row names would never be called, and its checks would silently judge nothing."""
from __future__ import annotations

import importlib
import pkgutil

import hexforge.rules.httr as httr
from hexforge.rules.httr.watchers import WATCHERS


def test_every_on_event_module_is_a_watcher():
    listed = {w.on_event for w in WATCHERS}
    modules = [importlib.import_module(f"{httr.__name__}.{m.name}") for m in pkgutil.iter_modules(httr.__path__)]
    hooks = {m.__name__ for m in modules if callable(getattr(m, "on_event", None))}
    assert len(hooks) >= len(WATCHERS) - 1  # the walk finds the topic modules
    assert {name for name in hooks if importlib.import_module(name).on_event not in listed} == set()


def test_each_memory_is_kept_once():
    logs = [w.log for w in WATCHERS if w.log is not None]
    assert len(logs) == len(set(logs))
