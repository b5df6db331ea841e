"""Underwriting: knockout rules, state minimum limits and the coverage combinations written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agentdesk.domains.insurance.quote_request import Coverages, DriverCreate

from .errors import RULE_VIOLATION, STATE_MINIMUM, CarrierError
from .session import QuoteSession, at_fault_accidents, within

if TYPE_CHECKING:
    from .tables import RateTables

__all__ = ["Knockout", "check_coverages", "decision_of", "knockouts", "physical_damage",
           "state_minimums"]


@dataclass(frozen=True)
class Knockout:
    """One driver's reason to decline or refer the quote."""

    driver_id: str
    decision: str
    """``decline`` or ``refer``."""
    rule: str
    """``dui``, ``sr22`` or ``at_fault_accidents``."""
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"driver_id": self.driver_id, "decision": self.decision, "rule": self.rule,
                "reason": self.reason}


def knockouts(driver_id: str, driver: DriverCreate, session: QuoteSession,
              tables: RateTables) -> list[Knockout]:
    """The knockout rules this driver trips, as of the quote's effective date."""
    rules = tables.underwriting
    effective = session.effective_date
    found: list[Knockout] = []
    for rule in rules.violations:
        hits = sorted(v.date for v in driver.violations
                      if v.kind in rule.kinds and within(v.date, rule.lookback_months, effective))
        if hits:
            found.append(Knockout(driver_id, rule.decision, "+".join(rule.kinds),
                                  f"{rule.reason} ({', '.join(map(str, hits))})"))
    if driver.sr22_required:
        found.append(Knockout(driver_id, rules.sr22.decision, "sr22", rules.sr22.reason))
    accidents = rules.at_fault_accidents
    count = at_fault_accidents(driver, accidents.lookback_months, effective)
    if count > accidents.max:
        found.append(Knockout(driver_id, accidents.decision, "at_fault_accidents",
                              f"{accidents.reason} ({count})"))
    return found


def decision_of(found: list[Knockout]) -> str:
    """``decline`` if any rule declines, else ``refer`` if any refers, else ``accept``."""
    decisions = {k.decision for k in found}
    return "decline" if "decline" in decisions else "refer" if "refer" in decisions else "accept"


def _split(limit: str) -> tuple[int, int]:
    person, accident = limit.split("/")
    return int(person), int(accident)


def _below(limit: str, minimum: str) -> bool:
    have, need = _split(limit), _split(minimum)
    return have[0] < need[0] or have[1] < need[1]


def physical_damage(coverages: Coverages, vehicle_id: str) -> tuple[int | None, int | None]:
    """(comprehensive, collision) deductibles of one vehicle; None where not carried."""
    for override in coverages.vehicles:
        if override.vehicle_id == vehicle_id:
            return override.comprehensive_deductible, override.collision_deductible
    return coverages.comprehensive_deductible, coverages.collision_deductible


def state_minimums(tables: RateTables) -> dict[str, dict[str, Any]]:
    """Each written state's least coverages, as ``set_coverages`` takes them: BI and PD at
    the state's minimum, and UM at its minimum where the state requires it."""
    least: dict[str, dict[str, Any]] = {}
    for code, state in tables.states.states.items():
        least[code] = {"bodily_injury": state.min_bi, "property_damage": state.min_pd}
        if state.um_required:
            least[code]["uninsured_motorist"] = state.min_um
    return least


def check_coverages(coverages: Coverages, session: QuoteSession, tables: RateTables) -> None:
    """Refuse limits below the state's minimums and combinations the carrier does not write."""
    state = tables.states.states[session.state]
    where = f"{state.name} ({session.state})"
    if _below(coverages.bodily_injury, state.min_bi):
        raise CarrierError(STATE_MINIMUM, "coverages.bodily_injury",
                           f"{coverages.bodily_injury} is below the {where} minimum of "
                           f"{state.min_bi}")
    if coverages.property_damage < state.min_pd:
        raise CarrierError(STATE_MINIMUM, "coverages.property_damage",
                           f"{coverages.property_damage} is below the {where} minimum of "
                           f"{state.min_pd}")
    um = coverages.uninsured_motorist
    if state.um_required and state.min_um is not None:
        if um is None:
            raise CarrierError(STATE_MINIMUM, "coverages.uninsured_motorist",
                               f"{where} requires uninsured motorist coverage of at least "
                               f"{state.min_um}")
        if _below(um, state.min_um):
            raise CarrierError(STATE_MINIMUM, "coverages.uninsured_motorist",
                               f"{um} is below the {where} minimum of {state.min_um}")
    if um is not None and _below(coverages.bodily_injury, um):
        raise CarrierError(RULE_VIOLATION, "coverages.uninsured_motorist",
                           f"{um} is more than the bodily injury limit "
                           f"{coverages.bodily_injury}; UM cannot exceed BI")
    seen: set[str] = set()
    for index, override in enumerate(coverages.vehicles):
        if session.vehicle(override.vehicle_id) is None:
            raise CarrierError(RULE_VIOLATION, f"coverages.vehicles[{index}].vehicle_id",
                               f"{override.vehicle_id!r} is not a vehicle on this quote")
        if override.vehicle_id in seen:
            raise CarrierError(RULE_VIOLATION, f"coverages.vehicles[{index}].vehicle_id",
                               f"{override.vehicle_id} is listed twice")
        seen.add(override.vehicle_id)
    _check_physical_damage(coverages, session)


def _check_physical_damage(coverages: Coverages, session: QuoteSession) -> None:
    for vehicle in session.vehicles:
        comp, coll = physical_damage(coverages, vehicle.vehicle_id)
        field = _pd_field(coverages, vehicle.vehicle_id)
        if coll is not None and comp is None:
            raise CarrierError(RULE_VIOLATION, f"{field}comprehensive_deductible",
                               f"{vehicle.vehicle_id} has collision without comprehensive; "
                               f"collision is written only with comprehensive")
        if vehicle.ownership in ("financed", "leased") and (comp is None or coll is None):
            missing = "comprehensive_deductible" if comp is None else "collision_deductible"
            raise CarrierError(RULE_VIOLATION, f"{field}{missing}",
                               f"{vehicle.vehicle_id} is {vehicle.ownership}; its lienholder "
                               f"requires comprehensive and collision")


def _pd_field(coverages: Coverages, vehicle_id: str) -> str:
    for index, override in enumerate(coverages.vehicles):
        if override.vehicle_id == vehicle_id:
            return f"coverages.vehicles[{index}]."
    return "coverages."
