"""The sample bank: its database, the SQL safety rules and the generated data."""
