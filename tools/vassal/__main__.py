"""``python -m tools.vassal``: see :mod:`tools.vassal.cli`."""
from tools.vassal.cli import main

main()
