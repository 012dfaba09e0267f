"""hexforge.games."""
