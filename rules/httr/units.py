"""What the HTTR rules ask of a unit's data (units.csv): its kind, its mobility, its printed values.
Each answer is the value or :class:`Unknown` naming the column the data lacks (the bundled HTTR counters
have nearly no values: their Formation Displays are not transcribed)."""
from __future__ import annotations

from hexforge.games.game import Game
from hexforge.maps.terrain import Unknown

#: unit kinds by the units.csv ``type`` they are written as (compared without case)
KINDS = {"hq": "hq", "headquarters": "hq", "leader": "leader", "infantry": "infantry", "engineer": "engineer",
         "afv": "afv", "recon": "recon", "artillery": "artillery", "spa": "spa", "at": "at", "hw": "hw",
         "flak": "flak", "bridging engineer": "bridging_engineer", "static": "static"}
VEHICULAR = frozenset({"vehicular", "motorized", "afv", "towed", "tracked", "wheeled"})


def kind(game: Game, uid: str) -> str | Unknown:
    """SR 2.6: the unit's kind (hq, leader, infantry, engineer, afv, recon, artillery, spa, at, hw, flak, ...)."""
    t = game.units[uid].type.strip().lower()
    return KINDS.get(t, Unknown(f"the type of unit {uid} (units.csv type)"))


def is_kind(game: Game, uid: str, *kinds: str) -> bool | None:
    """Whether the unit is one of ``kinds``; ``None`` when its type is not known."""
    k = kind(game, uid)
    return None if isinstance(k, Unknown) else k in kinds


def kind_of(game: Game, uid: str) -> str | None:
    """The unit's kind, ``None`` when units.csv does not say it."""
    k = kind(game, uid)
    return None if isinstance(k, Unknown) else k


def mobility(game: Game, uid: str) -> str | Unknown:
    """leg, vehicular or towed (SR 9.3, 9.3.10)."""
    m = game.units[uid].mobility.strip().lower()
    if m == "leg":
        return "leg"
    if m == "towed":
        return "towed"
    if m in VEHICULAR:
        return "vehicular"
    return Unknown(f"whether unit {uid} is leg, vehicular or towed (units.csv mobility)")


def number(game: Game, uid: str, column: str) -> float | Unknown:
    """A printed value (strength, effectiveness, morale, range, at_dots, movement)."""
    v = game.units[uid].values.get(column)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return Unknown(f"{column} of unit {uid} (units.csv)")


def printed_range(game: Game, uid: str) -> float | Unknown:
    """SR 6.1.8: the printed range; a unit without one printed has range 1 (only units of range 2+ print it)."""
    v = game.units[uid].values.get("range")
    if v in (None, ""):
        return 1.0
    return number(game, uid, "range")


def formation_chain(game: Game, uid: str) -> list[str]:
    """The unit's HQs upward (its ``formation`` column, followed while it names a unit)."""
    out: list[str] = []
    f = game.units[uid].formation
    while f and f in game.units and f not in out:
        out.append(f)
        f = game.units[f].formation
    return out


def division(game: Game, uid: str) -> str | None:
    """The division (or independent corps-level) HQ above the unit, by the HQs' ``size``."""
    for hq in formation_chain(game, uid):
        if game.units[hq].size.strip().lower() in ("division", "corps"):
            return hq
    return None


NO_CONCENTRATED = ("hq", "artillery", "at", "flak")  # SR 5.2.2 (L145): 'units without a concentrated mode such as an artillery
# unit or HQ unit'; towed units by mobility (SR 9.3.10 L474: 'only in-battery and Travel Mode sides')


def has_mode(game: Game, uid: str, m: str) -> bool | None:
    """Whether the unit has mode ``m`` (SR 5.2.2, 9.3.10: no Concentrated Mode for HQs, artillery and towed
    units); ``None`` when its data does not say."""
    if m != "concentrated":
        return True
    if mobility(game, uid) == "towed":
        return False
    k = is_kind(game, uid, *NO_CONCENTRATED)
    return None if k is None else not k
