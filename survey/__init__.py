"""hexforge survey: a map image to game data (grid, terrain), reviewed by a person."""
