"""PtR 3.2, fractions and rounding, as the referee's arithmetic follows it. A unit's movement keeps every fraction:
the movement judge (``rules/ptr/costs.py``) sums the MPs unrounded (the US leg road rate of 12.3C is 1/2 MP), so
6.5 MP exceed an MA of 6. Reading: no side total the referee computes holds a fraction to round up: a CV is each
unit's CS times an integer Combat Multiplier (15.2.1B), the HQ support of a Regular attack rounds its own half up
(15.4.3C) and a final TP value rounds down (15.4.4.2B, the combat rules' own exception). This module only
registers the predicate where the arithmetic lives."""
from __future__ import annotations

from hexforge.rules.registry import note

note("PTR 3.2", "PTR3-2", "a unit's fractions are kept; side totals round a remaining fraction up; movement fractions "
     "are never rounded", "ptr.costs (MPs summed unrounded) / ptr.combat.battle_strength (integer CVs)")
