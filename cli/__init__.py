"""hexforge: hex-and-counter wargames as data, turned into VASSAL modules and checked."""
