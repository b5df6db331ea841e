"""Ways in and out besides HTTP and the CLI (email)."""
