"""A time course thinned to a few hundred points for a plot, keeping what a reader looks at.

Evenly spaced points trace the curve; the first and last point and each output's peak
are always kept, so the plotted Cmax and Tmax are the computed ones and the curve
starts and ends where the run did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["thin"]


def _peak(values: Sequence[float]) -> int:
    return max(range(len(values)), key=lambda i: values[i]) if values else 0


def thin(time: Sequence[float], outputs: Mapping[str, Sequence[float]], max_points: int,
         ) -> tuple[list[float], dict[str, list[float]]]:
    """``time`` and ``outputs`` at no more than ``max_points`` (>= 2) of their indices.

    The evenly spaced indices are chosen so that, with the peaks added, the total stays
    within ``max_points``; a series already that short comes back whole.
    """
    count = len(time)
    if count <= max_points:
        return list(time), {name: list(values) for name, values in outputs.items()}
    peaks = {_peak(values) for values in outputs.values()}
    even_budget = max(2, max_points - len(peaks))
    step = (count - 1) / (even_budget - 1)
    keep = {round(i * step) for i in range(even_budget)} | {0, count - 1} | peaks
    while len(keep) > max_points:  # a peak fell between even points: drop an even one
        spare = sorted(keep - peaks - {0, count - 1})
        if not spare:
            break
        keep.discard(spare[len(spare) // 2])
    chosen = sorted(keep)
    return ([time[i] for i in chosen],
            {name: [values[i] for i in chosen] for name, values in outputs.items()})
