"""The HTTR supply chain as an overlay: each unit of a side in supply, out of supply or unknown (SR 13.2)."""
from __future__ import annotations

from typing import Callable

from hexforge.maps.overlay import UNKNOWN, Overlay, legend
from hexforge.rules.httr.supply import HttrSupply, Status


def chain(sup: HttrSupply, side: str, progress: Callable[[int], None] | None = None) -> dict[str, Status]:
    """The status of every unit of ``side`` on the map (``progress(1)`` after each)."""
    out = {}
    for uid in sorted(sup.state.positions):
        if sup.state.side(uid) == side and uid not in sup.state.eliminated and uid in sup.game.units:
            out[uid] = sup.status(uid)
            if progress is not None:
                progress(1)
    return out


def chain_overlay(sup: HttrSupply, side: str, progress: Callable[[int], None] | None = None) -> Overlay:
    """Each unit of ``side`` in supply, out of supply or unknown, with the link that decided it."""
    got = chain(sup, side, progress)
    ov = Overlay(f"HTTR 13.2 supply chain for {side}",
                 legend({"supplied": ("yes", "in supply: every link up to a source holds"),
                         "oos": ("no", "out of supply: a link is blocked or too long"),
                         "source": ("source", "supply source"),
                         UNKNOWN: (UNKNOWN, "unknown: needs TEC movement costs or terrain")}))
    for s in sup.sources:
        if s.side == side:
            for h in s.hexes or ():
                ov.values[h] = "source"
                ov.detail[h] = f"{s.name} ({s.rule})"
    for uid, st in got.items():
        h = sup.state.where(uid)
        cat = "supplied" if st.supplied else "oos" if st.supplied is False else UNKNOWN
        if ov.values.get(h) in (None, "supplied") or cat != "supplied":
            ov.values[h] = cat
        ov.marks[h] = uid if h not in ov.marks else ov.marks[h] + "," + uid
        ov.detail[h] = "; ".join(x for x in (ov.detail.get(h), f"{uid}: {st.reason}") if x)
        ov.notes.append(f"{uid}: {'in supply' if st.supplied else 'OUT of supply' if st.supplied is False else 'not checkable'}"
                        + (f" via {st.via}" if st.via else ""))
    missing = sup.missing()
    if missing:
        ov.notes.append("missing: " + "; ".join(missing[:5]) + (" ..." if len(missing) > 5 else ""))
    return ov
