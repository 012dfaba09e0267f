"""Who won: the victory conditions judged at the end of a log (AAC 16.0, ARN 11.5).

A tracker watches the position after every event (``observe``) and gives the outcome at the end
(``final``): a winner, ``draw``, undecided (the log stops before the game ends) or not checkable
(naming the missing data).
"""
from __future__ import annotations


from hexforge.games.values import plain
from hexforge.maps.hexes import Hex
from hexforge.maps.terrain import Unknown
from hexforge.rules.registry import rule
from hexforge.rules.replay import Outcome
from hexforge.rules.verdict import Illegal
from hexforge.rules.fm.judge import Judge
from hexforge.rules.system import RulesSystem


def game_over(ch: Judge) -> bool | Unknown:
    """Has the log reached the end of the game: ended early (``ch.over``) or the last GT's last phase?"""
    if ch.over is not None:
        return True
    last = ch.rules.last_turn(ch.state)
    if isinstance(last, Unknown):
        return last
    st = ch.state
    return st.turn is not None and st.phase is not None and (
        st.turn > last or (st.turn == last and st.phase == len(ch.game.info.sequence) - 1))


def undecided(ch: Judge) -> Outcome:
    last = ch.rules.last_turn(ch.state)
    return Outcome(None, f"undecided: the log ends in GT {ch.state.turn}, before the end of the game "
                   f"(GT {last})")


class ArnhemVictory:
    """ARN 11.5: the Allies win at once when non-airborne units hold two of the three Arnhem hexes;
    at the end of GT 10 one such unit in any of them is a draw, otherwise the Germans win."""

    def __init__(self, rules: RulesSystem) -> None:
        self.rules = rules
        self.allied = rules.first_side  # ARN 10.4
        self.hexes = self._hexes()
        self.won: str | None = None
        self.needs: str | None = None

    def _hexes(self) -> frozenset[Hex] | Unknown:
        found = set()
        for sc in self.rules.scenarios():
            for v in sc.victory:
                if v.side == self.allied and v.kind == "occupy":
                    hx = plain(v.hexes)
                    if not isinstance(hx, list):
                        return Unknown("the Allied victory hexes (scenario [[victory]] hexes)")
                    found.add(frozenset(self.rules.map.hex(x) for x in hx))
        if len(found) != 1:
            return Unknown("the Allied victory hexes (one scenario [[victory]] of kind occupy, side "
                           f"{self.allied})")
        return next(iter(found))

    def holders(self, ch: Judge) -> list[str] | Unknown:
        """Arnhem hexes held by Allied non-airborne units (Unknown when a unit's type is missing)."""
        held = []
        for h in sorted(self.hexes):
            for u in ch.state.at(h):
                if ch.state.side(u) != self.allied:
                    continue
                a = self.rules.is_airborne(u)
                if isinstance(a, Unknown):
                    return a
                if not a:
                    held.append(self.rules.map.label(h))
                    break
        return held

    @rule("ARN 11.5", "ARN-10", "Allied victory at once on two of the three Arnhem hexes (non-airborne units); "
          "draw or German victory at the end of GT 10")
    def observe(self, ch: Judge) -> None:
        if isinstance(self.hexes, Unknown) or self.won or ch.over is not None:
            return
        held = self.holders(ch)
        if isinstance(held, Unknown):
            self.needs = self.needs or held.needs
            return
        if len(held) >= 2:
            self.won = f"{self.allied} wins: non-airborne units hold {' and '.join(held)} (ARN 11.5)"
            ch.over = Illegal("ARN 11.5", f"the game ended at once when {self.allied} non-airborne units held "
                              f"{' and '.join(held)} (Allied victory); nothing more is played")

    def final(self, ch: Judge) -> Outcome:
        if isinstance(self.hexes, Unknown):
            return Outcome(None, "", self.hexes.needs)
        if self.won:
            return Outcome(self.allied, self.won)
        if self.needs:
            return Outcome(None, "", self.needs)
        over = game_over(ch)
        if isinstance(over, Unknown):
            return Outcome(None, "", over.needs)
        if not over:
            return undecided(ch)
        held = self.holders(ch)
        if isinstance(held, Unknown):
            return Outcome(None, "", held.needs)
        if held:
            return Outcome("draw", f"draw: a non-airborne {self.allied} unit holds {held[0]} at the end (ARN 11.5)")
        german = self.rules.enemy_of(self.allied)
        return Outcome(german, f"{german} wins: no non-airborne {self.allied} unit holds an Arnhem hex at the "
                       "end (ARN 11.5)")


class AachenVictory:
    """AAC 16.0: the US wins holding (or last holding) every Aachen city hex and holding six red-star
    east-edge hexes; only the first is a draw; otherwise the Germans win. Judged at the game's end."""

    def __init__(self, rules: RulesSystem) -> None:
        self.rules = rules
        self.us = rules.first_side  # AAC 10.2
        self.city = self._places("city", "the Aachen city hexes (terrain.toml places of kind city)")
        self.stars = self._places("victory", "the east map edge red-star hexes (terrain.toml places of kind "
                                  "victory)")
        self.last: dict[Hex, str] = {}

    def _places(self, kind: str, what: str) -> frozenset[Hex] | Unknown:
        out: set[Hex] = set()
        for p in self.rules.terrain.places:
            if p.kind == kind:
                if p.hexes is None:
                    return Unknown(what)
                out |= p.hexes
        return frozenset(out) if out else Unknown(what)

    @rule("AAC 16.0", "AAC-6", "US victory: all Aachen city hexes occupied or last occupied by US units and six "
          "red-star hexes held; only the first is a draw; else German victory")
    def observe(self, ch: Judge) -> None:
        if isinstance(self.city, Unknown):
            return
        for h in self.city:
            units = ch.state.at(h)
            if units:
                self.last[h] = ch.state.side(units[0])

    def final(self, ch: Judge) -> Outcome:
        for need in (self.city, self.stars):
            if isinstance(need, Unknown):
                return Outcome(None, "", need.needs)
        over = game_over(ch)
        if isinstance(over, Unknown):
            return Outcome(None, "", over.needs)
        if not over:
            return undecided(ch)
        lab = self.rules.map.label
        lost = sorted(lab(h) for h in self.city if self.last.get(h) != self.us)
        stars = sum(1 for h in self.stars if any(ch.state.side(u) == self.us for u in ch.state.at(h)))
        german = self.rules.enemy_of(self.us)
        if lost:
            return Outcome(german, f"{german} wins: city hex {lost[0]} was not last occupied by {self.us} units "
                           "(AAC 16.0)")
        if stars < 6:
            return Outcome("draw", f"draw: {self.us} holds every city hex but only {stars} red-star hexes of the "
                           "six needed (AAC 16.0)")
        return Outcome(self.us, f"{self.us} wins: every city hex and {stars} red-star hexes held (AAC 16.0)")
