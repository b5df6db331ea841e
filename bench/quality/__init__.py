"""Quality benchmark: labelled requests run through the real agents (``python -m bench.quality``)."""
