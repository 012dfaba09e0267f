"""Developer tools of the hexforge repository (not part of the installed package)."""
