"""The process's one pint registry: shared by the calculator and the simulation, built once."""

from __future__ import annotations

import threading

import pint
import pytest
from fastmcp.exceptions import ToolError

from agentdesk.domains.assistant.calculator import calculate, units
from agentdesk.domains.simulation.agent.amounts import convert as agent_convert
from agentdesk.domains.simulation.bridge.units import convert as bridge_convert
from agentdesk.units import get_units, scaled


def test_one_registry_for_every_user() -> None:
    built: list[pint.UnitRegistry] = []
    threads = [threading.Thread(target=lambda: built.append(get_units())) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(registry is get_units() for registry in built)
    assert units() is get_units()
    # Quantities of one registry combine; two registries' would not.
    total = units().Quantity(1, "mg") + get_units().parse_expression("500 ug")
    assert total.to("mg").magnitude == pytest.approx(1.5)


def test_offset_units_convert_in_the_calculator_but_are_not_scaled_by_the_simulation() -> None:
    assert calculate("100 degC in degF")["result"] == pytest.approx(212)
    assert scaled(2.0, get_units().parse_expression("mg")).magnitude == 2.0
    with pytest.raises(pint.errors.OffsetUnitCalculusError, match="degree_Celsius"):
        scaled(2.0, get_units().parse_expression("degC"))
    assert agent_convert(5.0, "degC", "degF") is None
    assert agent_convert(2.0, "g", "mg") == pytest.approx(2000)
    with pytest.raises(ToolError, match="cannot convert 'degC' to 'degF'"):
        bridge_convert(5.0, "degC", "degF", "T")
    assert bridge_convert(1.5, "L/h", "mL/min", "CL") == pytest.approx(25)
