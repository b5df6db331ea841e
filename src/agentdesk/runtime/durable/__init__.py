"""What makes a run survive a crash: the run queue, dispatch to workers, leases and fencing, writes that stand or fall together, the effect ledger."""
