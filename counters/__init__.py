"""Units and the order of battle (counter art comes with the module builder)."""
