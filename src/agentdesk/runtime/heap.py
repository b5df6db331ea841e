"""The garbage collector of a long-running process (``agentdesk serve``).

CPython's cyclic collector looks at the container objects it tracks: the young
generation after each 700 allocations (net of frees), the older ones every tenth
time, and now and then the whole heap. A server's heap is mostly what importing
its libraries and building its app made (about 250,000 objects: modules, classes,
functions, schemas, compiled graphs), none of which ever becomes garbage, and each
full collection walked all of it again. On the ``big`` peer benchmark (a state of
100 KB that every step, checkpoint read and answer copies; ``bench/peers``) the
collector took over a third of the server's CPU, most of it in those walks.

:func:`settle` moves what is alive once the app is built out of the collector's
sight (``gc.freeze``), so a full collection walks only what the process made since.
Raising the young generation's threshold as well was measured, and was no better:
the garbage of cycles then piled up between the rarer collections.
"""

from __future__ import annotations

import gc

__all__ = ["settle"]


def settle() -> None:
    """Collect once, then freeze every object alive: call once the process has imported
    and built what it serves with, before it serves (never in a process that builds
    apps over and over, such as a test run: what it froze would never be freed)."""
    gc.collect()
    gc.freeze()
