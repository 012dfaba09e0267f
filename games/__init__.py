"""Game definitions as data (one folder per game), their loader and the Game model."""
from hexforge.counters.unit import Unit
from hexforge.games.game import Game
from hexforge.games.loader import bundled_games, check_game, load_game, resolve
from hexforge.games.problems import GameDataError, Problem

__all__ = ["Game", "GameDataError", "Problem", "Unit", "bundled_games", "check_game", "load_game", "resolve"]
