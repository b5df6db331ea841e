"""Non-compartmental pharmacokinetic parameters of a concentration-time curve."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["pk_parameters"]

EXTRAPOLATION_LIMIT = 0.20
MIN_TERMINAL_POINTS = 3
R2_TOLERANCE = 1e-4


def _terminal_fit(t: np.ndarray, c: np.ndarray, imax: int) -> tuple[float, int, float] | None:
    """(lambda_z, points used, adjusted R²) of the log-linear terminal phase, or None.

    Candidates are the trailing run of positive, strictly decreasing points after Cmax.
    Of the fits over the last n >= 3 of them, the one with the most points whose adjusted
    R² is within 1e-4 of the best is taken (the usual best-fit rule).
    """
    start = len(c) - 1
    while start - 1 > imax and c[start - 1] > c[start] > 0:
        start -= 1
    if c[start] <= 0 or len(c) - start < MIN_TERMINAL_POINTS:
        return None
    x = t[start:][::-1]
    y = np.log(c[start:][::-1])
    n = np.arange(1, len(x) + 1, dtype=float)
    sx, sy = np.cumsum(x), np.cumsum(y)
    sxx, syy, sxy = np.cumsum(x * x), np.cumsum(y * y), np.cumsum(x * y)
    with np.errstate(divide="ignore", invalid="ignore"):
        vx = sxx - sx * sx / n
        vy = syy - sy * sy / n
        cxy = sxy - sx * sy / n
        slope = cxy / vx
        r2 = np.where(vy > 0, cxy * cxy / (vx * vy), 1.0)
        adj = 1 - (1 - r2) * (n - 1) / (n - 2)
    usable = (n >= MIN_TERMINAL_POINTS) & np.isfinite(slope) & (slope < 0) & np.isfinite(adj)
    if not usable.any():
        return None
    best = float(np.max(adj[usable]))
    pick = int(np.max(np.nonzero(usable & (adj >= best - R2_TOLERANCE))[0]))
    return -float(slope[pick]), pick + 1, float(adj[pick])


def pk_parameters(time: Sequence[float], conc: Sequence[float], output: str,
                  unit: str | None, time_unit: str = "h") -> dict[str, Any]:
    """Cmax, Tmax, AUC (linear trapezoid to tlast), AUC_inf, half-life and warnings."""
    t = np.asarray(time, dtype=float)
    c = np.asarray(conc, dtype=float)
    warnings: list[str] = []
    imax = int(np.argmax(c))
    cmax, tmax = float(c[imax]), float(t[imax])
    auc = float(np.sum((c[1:] + c[:-1]) * np.diff(t)) / 2) if len(t) > 1 else 0.0
    result: dict[str, Any] = {
        "output": output, "unit": unit, "time_unit": time_unit, "cmax": cmax, "tmax": tmax,
        "auc": auc, "auc_inf": None, "half_life": None, "lambda_z": None,
        "extrapolated_fraction": None, "terminal_points": 0, "warnings": warnings}
    if cmax <= 0:
        warnings.append(f"{output} is never above zero; no PK parameters beyond Cmax")
        return result
    if imax == len(c) - 1:
        warnings.append("Cmax is at the last time point: the peak may lie after end_time; "
                        "simulate longer")
    fit = _terminal_fit(t, c, imax)
    if fit is None:
        warnings.append("no terminal elimination phase (fewer than 3 decreasing points after "
                        "Cmax): lambda_z, half_life and auc_inf are not available")
        return result
    lambda_z, used, adj_r2 = fit
    clast = float(c[-1])
    auc_inf = auc + clast / lambda_z
    fraction = (auc_inf - auc) / auc_inf if auc_inf > 0 else math.nan
    result.update(lambda_z=lambda_z, half_life=math.log(2) / lambda_z, auc_inf=auc_inf,
                  extrapolated_fraction=fraction, terminal_points=used)
    if fraction > EXTRAPOLATION_LIMIT:
        warnings.append(f"extrapolated AUC share is {fraction:.0%} (> {EXTRAPOLATION_LIMIT:.0%}): "
                        "auc_inf and half_life are unreliable; simulate longer")
    if adj_r2 < 0.9:
        warnings.append(f"terminal phase fit is poor (adjusted R² {adj_r2:.3f})")
    return result
