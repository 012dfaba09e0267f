"""On the bundled Piercing the Reich data the organization, replacement and entry checks that need a datum the
transcription lacks say not checkable, naming it, and never legal (PtR 3.5, 6.1D, 7.0B, 7.2, 21.5.6)."""
from __future__ import annotations

from hexforge.rules.verdict import Legal
from tests.rules.ptr.helpers import PtrLog, illegal, unsure, verdicts


def needs(r, index: int) -> str:
    (v,) = verdicts(r, index)
    assert not isinstance(v, Legal)
    return v.needs


def test_german_isolation_needs_the_zoc_chart(ptr):
    """PTR6-3: whether 526-454 is isolated from its HQ (18.4) needs the map terrain (and the ZOC Chart)."""
    r = PtrLog(ptr, {"LXXXI-526 Inf": "2208", "526-454": "1709", "LXXXI-116 Pz": "2514"}).phase(2, "organization") \
        .say("german", "assign 526-454 to 116pz").check("s2")
    assert illegal(r) == [] and "isolated" in needs(r, 1) and "unsurveyed hexes" in needs(r, 1)


def test_replacement_recipients_need_command_ranges_and_cs(ptr):
    """PTR6-11 / PTR6-12: 1-II/16's command range to its HQ and its printed CS are not transcribed."""
    r = PtrLog(ptr, {"VII-1 Inf": "1107", "1-II/16": "1206"}).phase(2, "replacement") \
        .say("us", "replace 1-II/16").check("s2")
    assert illegal(r) == [] and "command_range of HQ VII-1 Inf" in needs(r, 1) and "cs of unit 1-II/16" in needs(r, 1)


def test_reorganization_needs_the_chart(ptr):
    """PTR6-13: the German Reorganization Chart is not transcribed (nor the CS the RPs come from)."""
    r = PtrLog(ptr, {"LXXXI-526 Inf": "2208", "526-454": "2209", "526-453": "2207"}).phase(2, "replacement") \
        .say("german", "cannibalize 526-454").say("german", "reorganize 526-453").check("s2")
    assert illegal(r) == [] and "cs of unit" in needs(r, 2) + needs(r, 1)
    assert any("German Reorganization Chart" in n or "cannibalized" in n for _, n in unsure(r))


def test_isolated_edge_entry_needs_hex_control(ptr):
    """PTR3-4 / PTR6-18: VII-1 Inf shut in 3010 by six German units leaves the 1st Infantry isolated, so 1-238 may
    enter a US-controlled hex of the south edge (S5 code A); who controls 1001, next to 3A-I/32, needs the terrain
    (ZOC Chart)."""
    ring = dict(zip(["526-454", "526-453", "526-253", "526-328", "526-18", "526-412"],
                    ["2910", "2909", "3009", "3109", "3110", "3011"]))
    r = PtrLog(ptr, {"VII-1 Inf": "3010", "1-I/16": "1211", "3A-I/32": "1101", **ring}).phase(2, "reinforcement") \
        .enter("1-238", "1001").check("s5")
    assert illegal(r) == [] and "who controls the hexes next to the US set-up" in needs(r, 1)
