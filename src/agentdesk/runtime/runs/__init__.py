"""Threads and runs: reading a thread, preparing a run, executing it. Names no domain."""
