"""The Initiative Track's last box (PtR 9.2.2C) on the synthetic game (boxes 0-10): on Turn 2 the Interdiction roll
5 gives Level 1, so the US (die 10 + 1) keeps winning against German 1s even with the German symbol in box 10."""
from __future__ import annotations

from hexforge.rules.verdict import NotCheckable
from tests.rules.ptr.helpers import PtrLog, illegal

TRACK = "Initiative Track"
FORMATIONS = ["1inf", "3arm", "1inf", "3arm", "3arm", "1inf", "3arm"]


def seven_us_wins(syn) -> PtrLog:
    """Turn 2: seven segments won by the US, each an activation of a US formation; the +DRM marker (German side
    showing) goes to 2, 4, 6, 8, 10, and then stays in 10."""
    log = PtrLog(syn).phase(2, "recovery").roll("us", 5, "Interdiction").phase(2, "operations")
    for f in FORMATIONS:
        log.initiative(10, 1).say("us", f"act {f}").roll("us", 5).say("us", "done")
    return log


def test_the_marker_stays_in_the_last_box(syn):
    """PTR9-4: after the seventh win the marker stays in box 10 (not 12): placed there, it is legal; in box 8,
    not."""
    r = seven_us_wins(syn).marker("Initiative +DRM", TRACK, 10).check()
    assert illegal(r) == []
    r = seven_us_wins(syn).marker("Initiative +DRM", TRACK, 8).check()
    assert illegal(r)[-1][1] == "PTR 9.2.2"


def test_bundled_track_top_is_not_known(ptr):
    """PTR9-4 on the bundled data: its Initiative Track's extent is inferred, so a marker passing box 10 is not
    checkable, naming the track (the roll's winner is still known: the marker's box counts from the next roll)."""
    log = PtrLog(ptr, {"LXXXI-116 Pz": "2514"}).phase(1, "operations")
    for f in ["1inf", "3arm", "1inf", "3arm", "1inf", "3arm"]:
        log.say("us", f"act {f}").roll("us", 5).say("us", "done").initiative(10, 1)
    r = log.check("s2")
    last = r.judged[len(log.events) - 1].verdicts
    assert any(isinstance(v, NotCheckable) and "Initiative Track's last box" in v.needs for v in last)
    assert not any(isinstance(v, NotCheckable) and "last box" in v.needs for j in r.judged[:-1] for v in j.verdicts)
