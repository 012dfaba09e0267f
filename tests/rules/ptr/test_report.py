"""A PtR report renders as text, JSON and the HTML page as an F&M one does (issue #14: 'The HTML report and
--json work for PtR as for F&M')."""
from __future__ import annotations

import json

from hexforge.rules.report import as_html, as_json, text
from tests.rules.ptr.test_actions import german


def test_text_json_and_html(syn):
    r = german(syn).move("116-PG", "1513", "1414", "1314", "1315").move("9-IN", "1611", "1610").check()
    t = text(r)
    assert "PTR 13.3A" in t and "PTR 11.2.1" in t
    data = json.loads(as_json(r))
    rules = [(e["index"], e.get("rule")) for e in data["events"] if e.get("rule")]
    assert rules == [(7, "PTR 13.3A"), (8, "PTR 11.2.1")] and data["summary"]["illegal"] == 2
    page = as_html(syn, r)
    assert page.startswith("<!doctype html>") and "PTR 13.3A" in page and "PTR 11.2.1" in page
