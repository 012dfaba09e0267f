"""Game definitions as data (one folder per game), their loader and the Game model."""
from hexforge.counters.unit import Unit
from hexforge.games.find import NoSuchGame, bundled_game, bundled_games, resolve_game
from hexforge.games.game import Game
from hexforge.games.loader import check_game, load_game, resolve
from hexforge.games.problems import GameDataError, Problem

__all__ = ["Game", "GameDataError", "NoSuchGame", "Problem", "Unit", "bundled_game", "bundled_games", "check_game",
           "load_game", "resolve", "resolve_game"]
