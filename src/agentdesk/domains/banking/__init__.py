"""Banking: questions about a bank's data answered with validated, read-only SQL."""
