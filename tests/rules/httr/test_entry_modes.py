"""An off-map piece entering the map (a reinforcement, ScR 12.01: 'may enter in any of the modes they possess') enters
in the mode its Mode layer shows: the set-up's level of the piece (a built module's timeline gives it as
``Placement.layers``), or the layer change logged while it was off the map. On the synthetic game A-REC (a recon
troop of A-REG2, no airborne formation, vehicular) has Concentrated, Defilade and Travel; the primary road runs up column 05 from B0105."""
from __future__ import annotations

from hexforge.builder.locations import OFF_MAP
from hexforge.builder.timeline import Placement

from tests.rules.httr.helpers import Log, ref, rules_broken, unsure


def never_showed(report) -> list:
    """The verdicts that say the log never showed a unit's mode."""
    return [v for j in report.judged for v in unsure(j.verdicts) if "never showed" in v.needs]


def arrives(layers: dict[str, str], before: tuple = ()) -> Log:
    """A-REC, off the map at set-up with its piece's ``layers`` (as a built module's timeline gives them), enters
    B0105 in GT 8's Allied Movement Phase and moves up the road; ``before``: a layer change logged off the map."""
    log = Log({"G-INF1": "B0310"})
    log.setup += (Placement(ref("A-REC"), OFF_MAP, None, {}, None, dict(layers)),)
    log.phase(8, "allied_movement")
    if before:
        log.mode("A-REC", *before)
    return log.enter("A-REC", "B0105").move("A-REC", "B0205", "B0305")


def test_a_reinforcement_enters_in_its_pieces_mode():  # MOD-2 / MOD-3 on an entering unit, ScR 12.01 (L1455)
    """Entered in Travel (its piece's layer), its move is judged in Travel and its Organization Phase change to
    Defilade is the direct Travel-Defilade change only units without a Concentrated Mode may make (SR 5.2.3)."""
    log = arrives({"Mode": "Travel"})
    assert not never_showed(log.check())
    organized = log.phase(8, "allied_organization").mode("A-REC", "Defilade", "Travel")
    assert rules_broken(organized.check().judged[-1].verdicts) == ["HTTR SR 5.2.3"]
    concentrated = arrives({"Mode": "Concentrated"}).phase(8, "allied_organization").mode("A-REC", "Defilade")
    assert not rules_broken(concentrated.check().judged[-1].verdicts)


def test_a_layer_change_off_the_map_is_the_mode_it_enters_in():  # MOD-3, ScR 12.01 (L1455)
    """Set up Concentrated, switched to Travel off the map before it enters: it enters in Travel."""
    log = arrives({"Mode": "Concentrated"}, before=("Travel", "Concentrated"))
    organized = log.phase(8, "allied_organization").mode("A-REC", "Defilade", "Travel")
    report = organized.check()
    assert not never_showed(report)
    assert not rules_broken(report.judged[1].verdicts)  # its change off the map: ScR 12.01, not SR 5.2.1
    assert rules_broken(report.judged[-1].verdicts) == ["HTTR SR 5.2.3"]


def test_a_reinforcement_chooses_its_mode_off_the_map():  # OFF-5, ScR 12.01 (L1455); SR 5.2.2, 9.5.1.1
    """Off the map, before it first enters, a unit takes any mode it possesses, in any phase (no SR 5.2.1 limit);
    not one it lacks: A-ART (towed artillery) has no Concentrated Mode, A-INF3 (leg) no Travel Mode."""
    def change(unit: str, new: str, old: str) -> list:
        log = Log({"G-INF1": "B0310", unit: (None, {"Mode": old})}).phase(8, "allied_movement").mode(unit, new, old)
        return log.check().judged[-1].verdicts
    chosen = change("A-REC", "Travel", "Concentrated")
    assert not rules_broken(chosen) and "ScR 12.01" in (chosen[0].detail or "")
    assert rules_broken(change("A-ART", "Concentrated", "Defilade")) == ["HTTR ScR 12.01"]
    assert rules_broken(change("A-INF3", "Travel", "Concentrated")) == ["HTTR SR 9.5.1.1"]
    on_map = Log({"G-INF1": "B0310", "A-REC": ("B0105", {"Mode": "Concentrated"})}).phase(8, "allied_movement") \
        .mode("A-REC", "Travel", "Concentrated")  # on the map: the Organization Phase's change only (SR 5.2.1)
    assert rules_broken(on_map.check().judged[-1].verdicts) == ["HTTR SR 5.2.1"]


def test_a_move_from_an_off_map_box_brings_the_pieces_mode():  # MOD-3, ScR 12.01 (L1455), 10.1.4 (L1418)
    """Dragged from an off-map holding box (a Move with no hex of origin) onto B0105 in Travel: its Organization
    Phase change to Defilade is then judged from Travel (SR 5.2.3), not 'never showed'."""
    log = Log({"G-INF1": "B0310"})
    log.setup += (Placement(ref("A-REC"), OFF_MAP, None, {}, None, {"Mode": "Travel"}),)
    log.phase(8, "allied_movement").move("A-REC", "B0105").phase(8, "allied_organization") \
        .mode("A-REC", "Defilade", "Travel")
    report = log.check()
    assert not never_showed(report)
    assert rules_broken(report.judged[-1].verdicts) == ["HTTR SR 5.2.3"]
