"""Arnhem engineer replacement (ARN 10.6.6, L421): "If the Allied engineer unit is eliminated for any reason,
the Allied player may return the unit to play during the Movement Phase of the next GT. The enters on any
south map edge road hex." A log returns it with an entry (``Entered``) of the eliminated unit."""
from __future__ import annotations


from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.fm.arnhem.actions import allied
from hexforge.rules.fm.arnhem.supply import road_hexes
from hexforge.rules.core.movement import label
from hexforge.rules.registry import rule
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict
from hexforge.rules.fm.system import FireAndMovement
from hexforge.rules.fm.judge import Judge



@rule("ARN 10.6.6", "REI-6", "an eliminated Allied engineer returns in the Allied Movement Phase of the next GT "
      "on a south map edge road hex")
def judge_return(rules: FireAndMovement, ch: Judge, uid: str, h: Hex | None) -> Verdict | None:
    """The verdict on an eliminated unit entering the map again; ``None`` when ARN 10.6.6 does not govern it."""
    if ch.state.side(uid) != allied(rules):
        return None
    engineer = rules.is_engineer(uid)
    if engineer is False:
        return None
    why: list[str] = []
    kind, phasing = ch.phase()
    lost = ch.lost_turn.get(uid)
    if kind != "movement" or phasing != allied(rules):
        why.append("it is not the Allied Movement Phase")
    if lost is not None and ch.state.turn is not None and ch.state.turn != lost + 1:
        why.append(f"it was eliminated in GT {lost}; it returns in GT {lost + 1}, not GT {ch.state.turn}")
    roads, south = road_hexes(rules.game), rules.terrain.edges.get("south")
    if h is None or (roads is not None and h not in roads) or (roads is None and south and h not in south):
        why.append(f"{label(rules, h) if h else 'its hex'} is not a south map edge road hex")
    if why:
        return Illegal("ARN 10.6.6", f"{uid} returned to play: " + "; ".join(why))
    if isinstance(engineer, Unknown):
        return NotCheckable(f"whether {uid} is the Allied engineer unit (units.csv type; ARN 10.6.6 names no counter)")
    if roads is None:
        return NotCheckable("which south map edge hexes carry a road (terrain.toml place 'South map edge road "
                            "hex(es)', kind supply-source) for ARN 10.6.6")
    if lost is None or ch.state.turn is None:
        return NotCheckable(f"the game turn {uid} was eliminated in and the turn it returns (turn tracker)")
    return Legal()
