"""Dates and times: now in a zone, zone conversion, date arithmetic, relative dates.

Zones are IANA names through ``zoneinfo`` (``Europe/Lisbon``); a bare city that
names exactly one zone (``Tokyo``) and any capitalisation are accepted too.
Relative phrases ("next friday", "in 3 days", "2 weeks ago") go through
``dateparser``, from a reference moment that defaults to now.

The tool server's ``datetime_tool`` answers with :func:`datetime_operation`; the agent's
reading of a question asks :func:`zone` whether a place names a time zone.
"""

from __future__ import annotations

import difflib
import re
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

__all__ = ["Operation", "TimeError", "datetime_operation", "zone"]

Operation = Literal["now", "convert", "shift", "difference", "parse"]


class TimeError(ValueError):
    """A request the clock cannot answer, with a message naming the field."""


_CITY_ZONES = {
    "la": "America/Los_Angeles", "l.a.": "America/Los_Angeles",
    "san_francisco": "America/Los_Angeles", "sf": "America/Los_Angeles",
    "seattle": "America/Los_Angeles", "nyc": "America/New_York",
    "boston": "America/New_York", "washington": "America/New_York",
    "washington_dc": "America/New_York", "miami": "America/New_York",
    "atlanta": "America/New_York", "dallas": "America/Chicago", "houston": "America/Chicago",
    "mumbai": "Asia/Kolkata", "bombay": "Asia/Kolkata", "delhi": "Asia/Kolkata",
    "new_delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "bengaluru": "Asia/Kolkata",
    "chennai": "Asia/Kolkata", "beijing": "Asia/Shanghai", "osaka": "Asia/Tokyo",
}
"""Cities people name that no IANA zone is named after, with the zone they keep (Mumbai
keeps India's, ``Asia/Kolkata``); "LA" and "NYC" as people write them."""


@lru_cache(maxsize=1)
def _zones() -> dict[str, str]:
    """Every IANA zone by its lower-case name, and by its last part when that is unique;
    the cities of :data:`_CITY_ZONES` by their names."""
    names = available_timezones() | {"UTC"}
    by_name = {name.lower(): name for name in names}
    by_city: dict[str, list[str]] = {}
    for name in names:
        by_city.setdefault(name.rsplit("/", 1)[-1].lower(), []).append(name)
    for city, found in by_city.items():
        if len(found) == 1 and city not in by_name:
            by_name[city] = found[0]
    for city, name in _CITY_ZONES.items():
        by_name.setdefault(city, name)
    return by_name


def zone(name: str, field: str = "timezone") -> ZoneInfo:
    """The zone called ``name``, or a :class:`TimeError` with close names."""
    key = (name or "").strip().replace(" ", "_").lower()
    if not key:
        raise TimeError(f"{field}: must name an IANA time zone, e.g. 'Europe/Lisbon'")
    found = _zones().get(key)
    if found is not None:
        try:
            return ZoneInfo(found)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    close = difflib.get_close_matches(key, _zones().keys(), n=3, cutoff=0.75)
    hint = f"; did you mean {', '.join(repr(_zones()[c]) for c in close)}?" if close else \
        "; use an IANA name such as 'Europe/Lisbon' or 'America/New_York'"
    raise TimeError(f"{field}: {name!r} is not a known time zone{hint}")


def _describe(moment: datetime) -> dict[str, Any]:
    offset = moment.utcoffset() or timedelta(0)
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return {"datetime": moment.isoformat(timespec="seconds"), "date": moment.date().isoformat(),
            "time": moment.strftime("%H:%M:%S"), "weekday": moment.strftime("%A"),
            "timezone": str(moment.tzinfo), "utc_offset": f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"}


def _parse(value: str, tz: ZoneInfo, reference: datetime, field: str) -> datetime:
    """An ISO date or date-time, or a phrase dateparser reads, as an aware datetime in ``tz``."""
    text = (value or "").strip()
    if not text:
        raise TimeError(f"{field}: must be a date, a date-time or a phrase such as 'next friday'")
    if len(text) > 100:
        raise TimeError(f"{field}: longer than 100 characters")
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        import dateparser

        parsed_or_none = dateparser.parse(text, settings={
            "TIMEZONE": str(tz), "RETURN_AS_TIMEZONE_AWARE": True, "PREFER_DATES_FROM": "future",
            "RELATIVE_BASE": reference.astimezone(tz).replace(tzinfo=None)})
        if parsed_or_none is None:
            raise TimeError(f"{field}: cannot read {text!r} as a date or time") from None
        parsed = parsed_or_none
    return parsed.replace(tzinfo=tz) if parsed.tzinfo is None else parsed.astimezone(tz)


_UNITS = {"y": "years", "yr": "years", "year": "years", "mo": "months", "month": "months",
          "w": "weeks", "wk": "weeks", "week": "weeks", "d": "days", "day": "days",
          "h": "hours", "hr": "hours", "hour": "hours", "m": "minutes", "min": "minutes",
          "minute": "minutes", "s": "seconds", "sec": "seconds", "second": "seconds"}
_AMOUNT = re.compile(r"([+-]?\s*\d+)\s*([a-z]+)", re.IGNORECASE)


def _delta(amount: str) -> Any:
    """``"+3 days"``, ``"-2 weeks 4 hours"``, ``"1 month"`` as a relativedelta."""
    from dateutil.relativedelta import relativedelta

    text = (amount or "").strip()
    parts = _AMOUNT.findall(text)
    if not parts or _AMOUNT.sub("", text).strip(" ,and"):
        raise TimeError(f"amount: {amount!r} is not like '+3 days' or '-2 weeks 4 hours'")
    fields: dict[str, int] = {}
    sign = -1 if text.startswith("-") else 1
    for number, unit in parts:
        key = _UNITS.get(unit.lower().rstrip("s")) or _UNITS.get(unit.lower())
        if key is None:
            raise TimeError(f"amount: unknown unit {unit!r} (years, months, weeks, days, hours, "
                            "minutes, seconds)")
        value = int(number.replace(" ", ""))
        value = value if number.strip().startswith(("+", "-")) else sign * value
        if abs(value) > 100_000:
            raise TimeError(f"amount: {value} {key} is too far")
        fields[key] = fields.get(key, 0) + value
    return relativedelta(**fields)


def _human(delta: timedelta) -> str:
    seconds = int(abs(delta.total_seconds()))
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in
             ((days, "day"), (hours, "hour"), (minutes, "minute")) if n]
    return (", ".join(parts) or "less than a minute") + (" ago" if delta < timedelta(0) else "")


def datetime_operation(operation: Operation, timezone: str = "UTC", value: str | None = None,
                       to_timezone: str | None = None, amount: str | None = None,
                       other: str | None = None, reference: str | None = None) -> dict[str, Any]:
    """Answer one date-time question: ``now`` in ``timezone``; ``convert`` ``value`` from
    ``timezone`` to ``to_timezone``; ``shift`` ``value`` by ``amount``; ``difference`` from
    ``value`` to ``other``; ``parse`` a phrase ("next friday") as a date.

    Raises:
        TimeError: naming the field that is missing or wrong.
    """
    tz = zone(timezone)
    now = datetime.now(UTC) if reference is None else _parse(reference, tz, datetime.now(UTC),
                                                              "reference")
    if operation == "now":
        return _describe(now.astimezone(tz))
    if operation == "parse":
        moment = _parse(value or "", tz, now, "value")
        return {**_describe(moment), "from_now": _human(moment - now)}
    if operation == "convert":
        if not to_timezone:
            raise TimeError("to_timezone: needed to convert")
        moment = _parse(value, tz, now, "value") if value else now.astimezone(tz)
        return {"from": _describe(moment), **_describe(moment.astimezone(zone(to_timezone, "to_timezone")))}
    if operation == "shift":
        start = _parse(value, tz, now, "value") if value else now.astimezone(tz)
        try:
            moment = start + _delta(amount or "")
        except (OverflowError, ValueError) as exc:
            if isinstance(exc, TimeError):
                raise
            raise TimeError(f"amount: the result is out of range ({exc})") from None
        return {"from": _describe(start), **_describe(moment)}
    if operation == "difference":
        start = _parse(value, tz, now, "value") if value else now.astimezone(tz)
        if not other:
            raise TimeError("other: needed to compute a difference")
        end = _parse(other, tz, now, "other")
        delta = end - start
        return {"from": _describe(start), "to": _describe(end),
                "seconds": int(delta.total_seconds()), "days": round(delta.total_seconds() / 86_400, 4),
                "calendar_days": (end.date() - start.date()).days, "human": _human(delta)}
    raise TimeError(f"operation: {operation!r} is not one of now, convert, shift, difference, parse")
