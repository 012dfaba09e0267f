"""`hexforge build`: a game definition -> a complete ``.vmod`` with every scenario set up.

What a scenario's setup cannot place is reported as a :class:`SetupWarning` (Python's
``warnings``), one per scenario and kind, naming the scenario and the units.
"""
from __future__ import annotations

import warnings
from pathlib import Path

from hexforge.builder.components import Component
from hexforge.builder.legend import add_abbreviation_chart
from hexforge.builder.module import MapImages, Progress, assemble, finish
from hexforge.builder.setups import setup_file_name, setup_save, setup_warnings
from hexforge.builder.vmod import zip_bytes_to
from hexforge.games.game import Game
from hexforge.maps.convention import ImageGrid


def build_entries(game: Game, scenarios: list[str] | None = None, progress: Progress | None = None,
                  map_image: tuple[bytes, ImageGrid] | MapImages | None = None) -> dict[str, bytes]:
    """Every file of the module; ``scenarios`` limits the pre-defined setups (default: all);
    ``map_image`` replaces the drawn map with a user's image and its grid (or, by sheet letter,
    some sheets' drawn maps with the user's images of them)."""
    say = progress or (lambda _: None)
    module = assemble(game, say, map_image)
    add_abbreviation_chart(game, module)
    chosen = sorted(game.scenarios) if scenarios is None else scenarios
    for sid in chosen:
        say(f"setting up scenario {sid}")
        scenario = game.scenarios[sid]
        for message in setup_warnings(game, scenario):
            warnings.warn(SetupWarning(message), stacklevel=2)
        name = setup_file_name(sid)
        module.entries[name] = setup_save(game, scenario, module)
        module.components.append(Component("VASSAL.build.module.PredefinedSetup", {
            "name": setup_name(scenario.name.resolved), "file": name, "useFile": "true", "isMenu": "false"}))
    say("writing the buildFile")
    return finish(game, module)


class SetupWarning(UserWarning):
    """A scenario's pre-defined setup leaves units out or off the map (its data lacks their hexes)."""


def setup_name(scenario_name: str) -> str:
    """The setup's menu name (VASSAL cuts a name at ':', so a colon becomes a dash)."""
    return scenario_name.replace(":", " \u2013")


def build(game: Game, output: Path, force: bool = False, scenarios: list[str] | None = None,
          progress: Progress | None = None, map_image: tuple[bytes, ImageGrid] | MapImages | None = None) -> Path:
    """Write the module to ``output`` atomically; an existing file needs ``force``."""
    return zip_bytes_to(output, build_entries(game, scenarios, progress, map_image), force=force)
