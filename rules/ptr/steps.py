"""The numbers the players declare for the combat under way (``cv A D``, ``column A:D``, ``drm N``: PtR 15.1.3,
15.1.4, 15.4), judged against the steps done the rulebook's way; a wrong number names the step that went wrong when
exactly one rule's misreading (``rules/ptr/misread.py``) gives it, as the losses do in ``hits.py``. A declaration
is judged when made: a column needs the chits and, for a Prepared attack, the Air Support roll; a CV or a DRM may
come before or after the roll, until the result is applied. A mixin of the PtR referee."""
from __future__ import annotations

from hexforge.rules.ptr.battle import Battle, Missing, Reading
from hexforge.rules.ptr.declaration import Declared
from hexforge.rules.ptr.misread import BY_KIND, CORRECT, misreadings
from hexforge.rules.registry import rule
from hexforge.rules.replay import Judged
from hexforge.rules.verdict import Illegal, Legal, NotCheckable, Verdict

STEP_VERBS = ("cv", "column", "drm")
GENERIC = {"cv": "PTR 15.1.3", "column": "PTR 15.1.4", "drm": "PTR 15.4"}  # when no single step is named
WHAT = {"cv": "CVs", "column": "CRT column", "drm": "final DRM"}


def value(r: Reading, verb: str) -> str:
    """The reading's number for a declaration, written as the player writes it."""
    if verb == "cv":
        return f"{r.a_cv} {r.d_cv}"
    if verb == "column":
        return r.column or "below the far-left column (5/0)"
    return str(r.drm)


class StepsMixin:
    """Judges ``cv``, ``column`` and ``drm`` declarations; see the module docstring."""

    @rule("PTR 15.1.3 / 15.1.4 / 15.4", "PTR15-3/PTR15-4/PTR15-5/PTR15-6/PTR15-8/PTR15-11/PTR15-13/PTR15-17/"
          "PTR15-18/PTR15-19/PTR19-4", "a CV, CRT column or final DRM the players declare is the one the steps "
          "give; a wrong one names the step that makes it")
    def on_step(self, j: Judged, d: Declared) -> None:
        self.say(j.index, self.step_verdict(d))

    def step_verdict(self, d: Declared) -> Verdict:
        b: Battle | None = self.battle()
        if b is None:
            return Illegal("PTR 15.1.1", f"'{d.verb}' declared, but no attack is under way")
        if d.verb == "column" and b.kind == "prepared" and b.shift is None:
            return NotCheckable("the Air Support roll (15.3C): the column is read after its shift")
        try:
            right = value(self.reading(b, CORRECT), d.verb)
        except Missing as m:
            return NotCheckable(m.needs)
        said = " ".join(d.args) if d.verb != "drm" else str(int(d.args[0]))
        if said == right:
            return Legal(detail=f"the {WHAT[d.verb]} {said}, as the steps give it")
        fits = []
        for rule_, how, way in misreadings(b.kind, self.lone_hq(b)) if b.kind in BY_KIND else ():
            try:
                if value(self.reading(b, way), d.verb) == said:
                    fits.append((rule_, how))
            except Missing:
                continue
        rules = sorted({r for r, _ in fits})
        seen = "; ".join(f"{how} ({r})" for r, how in fits)
        if len(rules) == 1:
            return Illegal(rules[0], f"the declared {WHAT[d.verb]} {said} is the one read with {seen}; the steps give "
                           f"{right}")
        return Illegal(GENERIC[d.verb], f"the declared {WHAT[d.verb]} {said} is not the {right} the steps give"
                       + (f"; it fits a reading with: {seen}" if fits else ""))
