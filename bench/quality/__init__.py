"""Quality benchmark: labelled requests through the real agents (``python -m bench.quality``)."""
