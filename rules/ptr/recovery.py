"""Formation Activation Recovery (PtR 10.3): how far a FAM advances in the Recovery Phase."""
from __future__ import annotations


def recovered(fam: int, advance: int, fam_max: int, supplied: bool) -> int:
    """PtR 10.3A-C / 10.3.1 / 10.3.2B: a supplied formation's FAM moves up ``advance`` boxes (the US rating; the
    German HQ Recovery Chart cell), never above its Maximum Activation Level; an OOS formation's stays."""
    return min(fam_max, fam + advance) if supplied else fam
