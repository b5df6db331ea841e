"""Airport look-ups over the ``airportsdata`` database (real IATA codes)."""

from __future__ import annotations

import difflib
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import airportsdata

__all__ = ["Airport", "airport", "airports_for_city", "distance_km"]

# Names of IATA entries that are not passenger airports (rail and bus
# stations, heliports, bases): skipped when choosing a city's airport.
_NOT_AIRPORTS = ("railway", "station", "bus ", "heliport", "seaplane", "air base", "air force",
                 "naval", "army", "ferry", "port authority", "off-line point", "raf ")

# Where several airports serve a city and the busiest one cannot be told
# from the data alone, the main one by passenger traffic.
_MAIN_AIRPORT = {
    "london": "LHR", "new york": "JFK", "paris": "CDG", "tokyo": "HND", "chicago": "ORD",
    "washington": "IAD", "moscow": "SVO", "milan": "MXP", "rome": "FCO", "houston": "IAH",
    "dallas": "DFW", "sao paulo": "GRU", "rio de janeiro": "GIG", "buenos aires": "EZE",
    "istanbul": "IST", "seoul": "ICN", "shanghai": "PVG", "beijing": "PEK", "osaka": "KIX",
    "stockholm": "ARN", "berlin": "BER", "montreal": "YUL", "toronto": "YYZ", "bangkok": "BKK",
    "jakarta": "CGK", "tehran": "IKA", "mexico city": "MEX", "los angeles": "LAX",
    "san francisco": "SFO", "miami": "MIA", "orlando": "MCO", "detroit": "DTW",
    "brussels": "BRU", "oslo": "OSL", "dubai": "DXB", "taipei": "TPE", "manila": "MNL",
}


@dataclass(frozen=True)
class Airport:
    """One passenger airport."""

    iata: str
    name: str
    city: str
    country: str
    lat: float
    lon: float
    tz: str

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.iata, "name": self.name, "city": self.city, "country": self.country}


def _fold(text: str) -> str:
    """Lower case without accents, so 'São Paulo' matches 'sao paulo'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


@lru_cache(maxsize=1)
def _by_code() -> dict[str, Airport]:
    table = airportsdata.load("IATA")
    result = {}
    for code, row in table.items():
        name = row["name"]
        if any(word in name.lower() for word in _NOT_AIRPORTS):
            continue
        result[code] = Airport(code, name, row["city"], row["country"], float(row["lat"]),
                               float(row["lon"]), row["tz"])
    return result


@lru_cache(maxsize=1)
def _by_city() -> dict[str, list[Airport]]:
    index: dict[str, list[Airport]] = {}
    for item in _by_code().values():
        if item.city:
            index.setdefault(_fold(item.city), []).append(item)
    return index


def airport(code: str) -> Airport | None:
    """The airport with IATA ``code`` (any case), or None."""
    return _by_code().get(code.strip().upper())


def _rank(city: str, item: Airport) -> tuple[int, int, str]:
    name = item.name.lower()
    main = _MAIN_AIRPORT.get(city) == item.iata
    return (0 if main else 1, 0 if "international" in name else 1, item.iata)


def airports_for_city(city_name: str) -> list[Airport]:
    """Airports of a city, main one first. Raises ``LookupError`` with suggestions."""
    key = _fold(city_name)
    if not key:
        raise ValueError("city_name must not be empty")
    found = _by_city().get(key)
    if not found and len(key) == 3 and (item := airport(key)):
        return [item]
    if not found and (city := _fold(re.split(r"[,(]", city_name, maxsplit=1)[0])):
        found = _by_city().get(city)  # "Lisbon, Portugal" or "Lisbon (PT)": the city first
        key = city if found else key
    if not found:
        close = difflib.get_close_matches(key, _by_city().keys(), n=3, cutoff=0.8)
        hint = f"; did you mean {', '.join(repr(c.title()) for c in close)}?" if close else ""
        raise LookupError(f"no airport found for city {city_name!r}{hint}")
    return sorted(found, key=lambda item: _rank(key, item))


def distance_km(a: Airport, b: Airport) -> float:
    """Great-circle distance between two airports (haversine, mean Earth radius)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))
