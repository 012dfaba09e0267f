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
#: the types of two kinds (kind() gives the first, KINDS's; is_kind() asks both): SR 18.9.7 (L956) 'Armored
#: Reconnaissance (specific light tanks or armored car) ... Even without the AFV silhouette, they are considered AFV
#: units' with 'an MA of 14' (a reconnaissance unit's, SR 9.3.1 L464)
TWO_KINDS = {"armored car": ("recon", "afv"), "armoured car": ("recon", "afv"),
             "armored reconnaissance": ("recon", "afv"), "armoured reconnaissance": ("recon", "afv")}
KINDS.update({t: ks[0] for t, ks in TWO_KINDS.items()})
VEHICULAR = frozenset({"vehicular", "motorized", "afv", "towed", "tracked", "wheeled"})


def kind(game: Game, uid: str) -> str | Unknown:
    """SR 2.6: the unit's kind (hq, leader, infantry, engineer, afv, recon, artillery, spa, at, hw, flak, ...)."""
    t = game.units[uid].type.strip().lower()
    return KINDS.get(t, Unknown(f"the type of unit {uid} (units.csv type)"))


def kinds_of(game: Game, uid: str) -> tuple[str, ...] | None:
    """Every kind of the unit (two for a type of :data:`TWO_KINDS`); ``None`` when units.csv does not say it."""
    k = kind(game, uid)
    return None if isinstance(k, Unknown) else TWO_KINDS.get(game.units[uid].type.strip().lower(), (k,))


def is_kind(game: Game, uid: str, *kinds: str) -> bool | None:
    """Whether the unit is of one of ``kinds`` (an armored car is both recon and afv); ``None`` when its type is not
    known."""
    ks = kinds_of(game, uid)
    return None if ks is None else any(k in kinds for k in ks)


def silhouetted(game: Game, uid: str) -> bool | None:
    """SR 2.8 (L92), 6.3.3.1 (L208): is the unit a silhouetted AFV? A unit typed ``afv`` is ('AFV units have
    silhouettes'); one that is an AFV only by SR 18.9.7 (an armored car) may show a silhouette or an armor symbol
    (L956): None, as for a unit of unknown type."""
    ks = kinds_of(game, uid)
    return None if ks is None or (ks[0] != "afv" and "afv" in ks) else ks[0] == "afv"


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


FORMATION_HQS = "formation_hqs"  # game.toml [special.formation_hqs]: formation name -> HQ unit id


def formation_hqs(game: Game) -> dict[str, str]:
    """game.toml ``[special.formation_hqs]`` ``hqs``: the formation names units.csv writes, each with the id of its
    HQ unit (an entry naming no units.csv id is left out: ``hexforge data status`` lists the names left unknown)."""
    table = game.special(FORMATION_HQS)
    rows = table.get("hqs") if isinstance(table, dict) else None
    return {str(r["formation"]): str(r["hq"]) for r in rows or () if isinstance(r, dict)
            and r.get("formation") and r.get("hq") in game.units}


def formation_hq(game: Game, name: str) -> str | None:
    """The HQ unit of the formation ``name`` (a units.csv formation): the unit whose id it is (the synthetic game
    names formations by their HQ ids), else the one ``[special.formation_hqs]`` maps it to; None when neither says
    (not known: the Formation Displays are not transcribed)."""
    if name in game.units:
        return name
    return formation_hqs(game).get(name)


def controlling_hq(game: Game, uid: str) -> str | None:
    """The HQ above the unit by its units.csv formation (:func:`formation_hq`); None when that HQ is not known, or is
    the unit itself (an HQ whose formation column names its own formation: the HQ above it is not given)."""
    f = game.units[uid].formation
    hq = formation_hq(game, f) if f else None
    return None if hq == uid else hq


def unresolved_formation(game: Game, uid: str) -> str:
    """The unit's units.csv formation when no HQ unit is known for it; "" when it has none, or when it names the
    unit's own formation (an HQ such as the corps HQ: nothing above it is given)."""
    f = game.units[uid].formation
    return "" if controlling_hq(game, uid) is not None or formation_hq(game, f) == uid else f


def formation_chain(game: Game, uid: str) -> list[str]:
    """The unit's HQs upward (its ``formation`` column, resolved by :func:`controlling_hq` while it names an HQ)."""
    out: list[str] = []
    f = controlling_hq(game, uid)
    while f is not None and f not in out and f != uid:
        out.append(f)
        f = controlling_hq(game, f)
    return out


def formation_names(game: Game, uid: str) -> list[str]:
    """The formation names of the unit and of each HQ above it (units.csv ``formation``), for data that names
    formations, e.g. ``[special.city_sources] formation``."""
    return list(dict.fromkeys(f for u in (uid, *formation_chain(game, uid)) if (f := game.units[u].formation)))


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
