"""VASSAL file formats: buildFile writing and module packing."""
