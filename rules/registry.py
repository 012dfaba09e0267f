"""The rule registry: each check registers its rule section and predicate, so the coverage
matrix (implemented / needs data / not yet) is generated from the code."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, TypeVar

F = TypeVar("F", bound=Callable)


@dataclass(frozen=True, slots=True)
class Registered:
    rule: str
    predicate: str
    text: str
    where: str


REGISTRY: list[Registered] = []


def rule(section: str, predicate: str, text: str) -> Callable[[F], F]:
    """Register the decorated check as implementing ``predicate`` of rule ``section``."""
    def wrap(fn: F) -> F:
        REGISTRY.append(Registered(section, predicate, text, f"{fn.__module__.split('.')[-1]}.{fn.__qualname__}"))
        return fn
    return wrap


def note(section: str, predicate: str, text: str, where: str) -> None:
    """Register a check that is not a single function (e.g. a branch of the checker)."""
    REGISTRY.append(Registered(section, predicate, text, where))


#: The F&M predicates, with the ids and meanings of digest-fire-and-movement.md section 7, and the data
#: the bundled games lack for them ("" when the games have it).
FM_CATALOGUE: tuple[tuple[str, str, str, str], ...] = (
    ("SEQ-1", "F&M 4.1", "phases in sequence-of-play order", ""),
    ("SEQ-2", "AAC 10.2 / ARN 10.4", "the Allied player is first", ""),
    ("SEQ-3", "F&M 5.2", "only the phasing player's units move", ""),
    ("SEQ-4", "F&M 8.0", "only the active player attacks or bombards", ""),
    ("SEQ-5", "F&M 5.5", "no leg unit moves in a Mobile Movement Phase", "units.csv mobility"),
    ("SEQ-6", "F&M 5.5", "a unit moved in the Movement Phase does not move in the Mobile Movement Phase", "units.csv mobility"),
    ("SEQ-7", "F&M 4.1", "only mobile units attack in the Mobile Combat Phase", "units.csv mobility"),
    ("SEQ-8", "F&M 4.1", "no mobile unit attacks in both combat phases", "units.csv mobility"),
    ("SEQ-9", "F&M 5.2", "a finished move is not resumed", ""),
    ("SEQ-10", "AAC 14.1 / ARN 11.0", "game length", ""),
    ("MOV-1", "F&M 5.1", "each step enters an adjacent hex", ""),
    ("MOV-2", "F&M 5.4", "step cost: most costly hex terrain + '+N' terrain + hexsides; road 1/2; trail 1", "TEC rows, map terrain"),
    ("MOV-3", "F&M 5.2", "MP spent never exceed the MA", "TEC rows, map terrain"),
    ("MOV-4", "F&M 5.2", "no step into an enemy-occupied hex", ""),
    ("MOV-5", "F&M 5.2", "no prohibited terrain; no map exit", "map terrain"),
    ("MOV-6", "F&M 5.2", "MP not carried over or transferred", ""),
    ("STK-1", "F&M 5.3", "one unit per hex at the end of every phase", ""),
    ("STK-2", "F&M 5.3", "no move ends stacked", ""),
    ("STK-3", "F&M 5.3", "setup and reinforcements never stack", ""),
    ("ZOC-1", "F&M 6.0", "ZOC = the six adjacent hexes, with the games' exceptions", ""),
    ("ZOC-2", "F&M 6.1", "a leg unit entering an EZOC stops", "units.csv mobility"),
    ("ZOC-3", "F&M 6.1", "EZOC to EZOC: one step for the whole MA", "units.csv mobility, TEC rows"),
    ("ZOC-4", "F&M 6.1", "a leg unit leaving an EZOC halts on entering another", "units.csv mobility"),
    ("ZOC-5", "F&M 6.1", "mobile units pay half their MA to enter an EZOC", "units.csv mobility"),
    ("ZOC-6", "F&M 6.1", "no EZOC to EZOC into a fortification hex or across a minefield hexside; commandos "
     "excepted, and they pay no EZOC costs", "map terrain (fortified hexes), units.csv type (commandos)"),
    ("ZOC-7", "ARN 10.6.2", "a unit crossing a ferry hexside counts as leg for EZOC", ""),
    ("ZOC-8", "F&M 6.0", "friendly ZOC never cancels an EZOC", ""),
    ("SET-1", "AAC 14.0", "Aachen: the initial positions are the set-up table's; the 3rd Armored Division on its map edge ranges", "the 3rd Armored Division set-up edge hexes (map data)"),
    ("SET-2", "ARN 11.0", "Arnhem S1: German positions and drop zone markers as listed; no Allied unit on the map", ""),
    ("SET-3", "ARN 12.0", "Arnhem S2: German units in their regions, away from cities and the south edge; drop zone "
     "markers placed by the same limits", "map regions and city hexes"),
    ("REI-1", "AAC 15.0 / ARN 11.1", "a reinforcement enters on its GT or later, in a listed hex or range", ""),
    ("REI-2", "AAC 15.0 / ARN 11.1", "in the Movement Phase (mobile units also the Mobile Movement Phase); Aachen: "
     "before units on the map move", "units.csv mobility"),
    ("REI-3", "AAC 15.0 / ARN 11.1", "never onto an enemy unit; Arnhem: a delayed unit shifts 3 hexes along the "
     "edge per GT", ""),
    ("REI-4", "AAC 15.0 / ARN 11.1", "the arrival hex is paid for (Arnhem: road/trail rate where one leaves the "
     "map); EZOC rules apply from it", "map terrain (arrival hexes), units.csv mobility"),
    ("REI-5", "AAC 15.3", "the 2nd Armored Division arrives on the first GT from 4 on that three connected "
     "fortified hexes near the Wurm are US-held, all nine together", "the 2nd AD unit list, Wurm river hexsides, "
     "West Wall fortified hexes"),
    ("REI-6", "ARN 10.6.6", "only the eliminated Allied engineer returns: next GT, Movement Phase, a south "
     "edge road hex", "which counter is the Allied engineer, the south map edge road hex"),
    ("SFM-1", "F&M 7.1", "SFMs used per side per GT within the GTRT allotment", "GTRT allotments, SFM counter mix"),
    ("SFM-2", "F&M 7.1", "lowest-valued markers selected first", "SFM counter mix (tables/sfm_pools.toml values)"),
    ("SFM-3", "ARN 10.7", "Arnhem 13-marker GTs: all non-air markers plus the airpower table roll", "GTRT allotments "
     "(which GTs give 13)"),
    ("SFM-4", "ARN 10.7.2", "Arnhem reductions a-c at the start of the SFM Phase (c: line of hexes traced by "
     "arnhem_supply, German units block)", "units.csv type (non-airborne British), the south map edge road hex"),
    ("SFM-5", "F&M 7.2", "each SFM used at most once per GT", "GTRT allotments"),
    ("SFM-6", "F&M 7.2", "each SFM applies to one target hex or combat", "GTRT allotments"),
    ("SFM-7", "F&M 8.2.1", "at most two SFMs per side in a ground combat (the placement order is not in logs)", ""),
    ("SFM-8", "AAC 12.1", "Aachen SFM bombardment ranges", ""),
    ("SFM-9", "ARN 10.7.1", "Arnhem SFM ranges: below +6 and German markers next to a friendly unit; +6 priests "
     "within two hexes of a non-airborne British unit; airpower anywhere; British markers for British/Polish "
     "units, US markers for US units", "units.csv type (non-airborne British)"),
    ("CMB-1", "F&M 8.0", "each defender attacked at most once per phase", ""),
    ("CMB-2", "F&M 8.0", "each attack targets exactly one hex", ""),
    ("CMB-3", "F&M 8.0", "attacks resolved one at a time", ""),
    ("CMB-4", "F&M 8.2.1", "a declared attack is always resolved", ""),
    ("CMB-5", "F&M CRT", "differential clamped to the line's range and +10", "CRT rows"),
    ("BOM-1", "F&M 8.1", "bombardment only in the Bombardment Phase, by SFMs alone", ""),
    ("BOM-2", "F&M 8.1", "at most two SFMs bombard one hex per player turn", ""),
    ("BOM-3", "F&M 8.1.2", "bombardment differential, hex terrain only", "CRT rows"),
    ("BOM-4", "F&M 8.1.3", "Ae/A1-3/Ex no effect in bombardment; (A) only with a friendly unit adjacent", "CRT rows"),
    ("BOM-5", "F&M 8.5", "no advance after bombardment", ""),
    ("BOM-6", "F&M 8.1.5", "bombardment retreat away from the closest enemy", ""),
    ("GC-1", "F&M 8.2", "attackers adjacent to the defender", ""),
    ("GC-2", "F&M 8.2", "each unit attacks once per phase", ""),
    ("GC-3", "F&M 8.2", "no attack across prohibited hexsides", "map terrain"),
    ("GC-4", "F&M 8.2.1", "attack/defense totals with SFMs and fortifications", ""),
    ("GC-5", "F&M 8.2.2", "the CRT terrain line incl. the river/bridge rule", "CRT rows, TEC combat column"),
    ("GC-6", "F&M 8.5", "advanced or displaced units do not attack again", ""),
    ("RES-1..6", "F&M 8.2.4", "each result applied exactly", "CRT rows 2-6"),
    ("RES-7", "AAC 14.1", "each US elimination shortens the game", ""),
    ("RET-1..6", "F&M 8.3", "retreat length, away, no enemy/EZOC, vacant first, shortfall depletes", ""),
    ("RET-7", "F&M 8.3", "retreat ends closer to a friendly map edge where possible", "which map edge is friendly"),
    ("RET-8", "ARN 10.5, 10.6", "no retreat across unbridged water; mobile not into marsh", "map terrain"),
    ("RET-9", "AAC 13.0", "fortified-hex units may ignore retreats", "fortified hexes"),
    ("DSP-1", "F&M 8.3.1", "displacement only when the only final hex is friendly-occupied", ""),
    ("DSP-2", "F&M 8.3.1", "a displaced unit moves one hex, not into prohibited, EZOC or occupied hexes", ""),
    ("DSP-3", "F&M 8.3.1", "passing through a friendly hex is not a displacement", ""),
    ("DSP-4", "F&M 8.3.1", "a displaced attacker does not attack again that player turn", ""),
    ("SR-1..4", "F&M 8.4", "stiff resistance: a step instead of the retreat", ""),
    ("ADV-1..5", "F&M 8.5", "advance only after D2/D3, along the retreat path, one per hex, then nothing else", ""),
    ("ADV-6", "ARN 10.5, 10.6", "no advance across unbridged water; mobile not into marsh", "map terrain"),
    ("AAC-1", "AAC 13.0", "no ZOC into enemy-occupied fortified hexes (30th Division excepted)", "fortified hexes"),
    ("AAC-2", "AAC 11.2", "temporary bridges", "map rivers"),
    ("AAC-3", "AAC 11.2", "a temporary bridge lasts while its engineer is in range, goes when an enemy unit "
     "adjoins it at a phase end, and never carries enemy units", "map rivers"),
    ("AAC-4", "AAC 11.0", "no bridge repair by anyone", ""),
    ("AAC-5", "AAC 14.1", "excessive casualties shorten the game", ""),
    ("AAC-6", "AAC 16.0", "victory", "city and red-star hexes"),
    ("ARN-1", "ARN 10.5", "mobile units in marsh only along roads/trails", "map terrain"),
    ("ARN-2", "ARN 10.6.1-2", "canal trail crossings, RR bridges and ferries", ""),
    ("ARN-3", "ARN 10.6", "no crossing of unbridged or demolished rivers/canals", "TEC river/canal crossing"),
    ("ARN-4", "ARN 10.6.3", "bridge demolition attempts and die rolls", "bridge types other than 1422/1423, 3325/3424, 2412/2413"),
    ("ARN-5", "ARN 10.6.4", "bridge repair attempts and die rolls", "which counter is the Allied engineer"),
    ("ARN-6", "ARN 10.6.5", "engineer ferry: declaration conditions; a bridge for Allied movement and retreat that GT while the engineer stays within its movement range", "which counter is the Allied engineer, map rivers/canals"),
    ("ARN-7", "ARN 11.4, 12.0", "airborne landings within 3 hexes of the drop zone marker; the drop table; S2 displaced-marker +1", "glider units, map terrain (drop-table rows), which scenario is played (drop zone markers)"),
    ("ARN-8", "ARN 11.3", "airborne arrivals on their GTs (101st, 82nd GT 1; Polish GT 5 and 7); other Allied "
     "reinforcements at 0103-0106", "the GT of the three XXX Corps rows printed without one (1 or 3)"),
    ("ARN-9", "ARN 10.7", "the Arnhem SFM checks SFM-3, SFM-4 and SFM-9", "GTRT allotments"),
    ("ARN-10", "ARN 11.5", "victory", "units.csv type (airborne or not)"),
)

CATALOGUES = {"fm": FM_CATALOGUE}


def _implemented(pred: str) -> list[Registered]:
    def tokens(p: str) -> set[str]:
        out = set()
        for part in p.replace(",", "/").split("/"):
            part = part.strip()
            if ".." in part:
                head, _, last = part.rpartition("-")
                lo, _, hi = last.partition("..")
                if lo.isdigit() and hi.isdigit():
                    out |= {f"{head}-{i}" for i in range(int(lo), int(hi) + 1)}
                    continue
            if "-" in part and "/" not in part:
                out.add(part)
        return out
    def expand(p: str) -> set[str]:
        toks = set()
        prefix = ""
        for part in p.split("/"):
            part = part.strip()
            if "-" in part:
                prefix = part.rsplit("-", 1)[0]
                toks |= tokens(part)
            elif part and prefix:
                toks |= tokens(f"{prefix}-{part}")
        return toks
    mine = expand(pred)
    return [r for r in REGISTRY if mine & expand(r.predicate)]


def matrix(system: str) -> str:
    """The coverage matrix of a system as markdown, generated from the registry."""
    import hexforge.rules.fm.aachen.system  # noqa: F401  (register the checks)
    import hexforge.rules.fm.arnhem.system  # noqa: F401
    import hexforge.rules.fm.referee  # noqa: F401
    import hexforge.rules.fm.combat  # noqa: F401  (registers the combat checks)
    import hexforge.rules.fm.arnhem.actions  # noqa: F401
    if system not in CATALOGUES:
        raise KeyError(f"no coverage catalogue for system {system!r} (known: {', '.join(sorted(CATALOGUES))})")
    lines = [f"# Rules coverage: {system}", "",
             "Generated by `hexforge rules coverage fm --write docs/coverage-fm.md` from the rule registry.",
             "`needs data`: implemented, but the bundled games lack the data named, so their logs get "
             "*not checkable* there.", "",
             "| predicate | rule | what | status | implemented by |", "|---|---|---|---|---|"]
    counts: dict[str, int] = {}
    for pred, section, what, needs in CATALOGUES[system]:
        impl = _implemented(pred)
        status = ("needs data: " + needs if needs else "implemented") if impl else "not yet"
        counts[status.split(":")[0]] = counts.get(status.split(":")[0], 0) + 1
        where = ", ".join(sorted({r.where for r in impl}))
        lines.append(f"| {pred} | {section} | {what} | {status} | {where} |")
    lines += ["", "Totals: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), ""]
    return "\n".join(lines)
