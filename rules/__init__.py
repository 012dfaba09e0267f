"""Game rules: state, per-system rules and the log checker (built on the foundation)."""
