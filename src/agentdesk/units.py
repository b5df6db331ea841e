"""The process's one pint registry, built on first use.

Building a registry reads all of pint's unit definitions, so the process builds one,
when something first asks for it, and every user shares it: the assistant's
calculator, the simulation agent reading amounts in a person's words and the
simulation bridge converting parameter values. Quantities of two registries cannot
be combined, which is one more reason there is only one.

Offset units (``degC``, ``degF``) are converted to their base unit before a product
(pint's ``autoconvert_offset_to_baseunit``): that is how the calculator computes
``100 degC in degF``. Code that scales a unit by an amount and must refuse an offset
unit there, as pint does by default, uses :func:`scaled`.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pint

__all__ = ["get_units", "scaled"]

_lock = threading.Lock()
_registry: pint.UnitRegistry | None = None


def get_units() -> pint.UnitRegistry:
    """The shared registry; the first call builds it (under a lock, so only one exists)."""
    global _registry
    with _lock:
        if _registry is None:
            import pint

            _registry = pint.UnitRegistry(autoconvert_offset_to_baseunit=True)
        return _registry


def scaled(value: float, quantity: Any) -> Any:
    """``value * quantity``, refusing an offset or logarithmic unit as pint does by default.

    Such a unit's zero is not its base unit's zero (0 degC is 273.15 K), so "5 times
    1 degC" has no single meaning; the shared registry would silently read it as
    5 x 274.15 K.

    Raises:
        pint.errors.OffsetUnitCalculusError: ``quantity`` is in such a unit, with pint's
            own message.
    """
    units = get_units()
    if units.Quantity(0, quantity.units).to_root_units().magnitude != 0:
        import pint

        raise pint.errors.OffsetUnitCalculusError(quantity.units)
    return value * quantity
