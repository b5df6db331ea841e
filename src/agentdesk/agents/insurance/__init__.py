"""The insurance agent (seed 003): personal auto quotes over email, with agency review."""
