"""Airport look-ups over the ``airportsdata`` database (real IATA codes).

A city's airports come main one first: a few metropolitan areas are named
outright (their busiest airport cannot be told from the data), the rest are
ranked by size (see :mod:`.places`): scheduled passenger service, then large
before medium before small, then the longest runway. A country or state after
the city ("Dublin, Georgia", "Portland, ME", "Lisbon (PT)") picks among
cities of the same name.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import airportsdata

from .hubs import MAIN_AIRPORT as _MAIN_AIRPORT
from .places import Place, english_names, fold, is_major, places_named, size_of

__all__ = ["Airport", "airport", "airports_for_city", "distance_km", "main_airport", "shared_name"]

# Names of IATA entries that are not passenger airports (rail and bus
# stations, heliports, bases): skipped when choosing a city's airport.
# Whole words only: "Columbus International" is an airport, "Central Bus Station" is not.
_NOT_AIRPORTS = re.compile(
    r"\b(railway|station|bus|heliport|seaplane|air base|air force|naval|army|ferry|"
    r"port authority|off-line point|raf)\b", re.IGNORECASE)


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
    region: str = ""
    """The state, province or region (airportsdata's ``subd``), e.g. "Georgia"."""

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.iata, "name": self.name, "city": self.city, "region": self.region,
                "country": self.country}

    def is_in(self, place: Place) -> bool:
        """Whether the airport lies in ``place`` (a country, or a state of one)."""
        return self.country == place.country and (
            place.subdivision is None or fold(self.region) == place.subdivision)


@lru_cache(maxsize=1)
def _by_code() -> dict[str, Airport]:
    table = airportsdata.load("IATA")
    result = {}
    for code, row in table.items():
        name = row["name"]
        if _NOT_AIRPORTS.search(name):
            continue
        result[code] = Airport(code, name, row["city"], row["country"], float(row["lat"]),
                               float(row["lon"]), row["tz"], row.get("subd") or "")
    return result


def _norm(text: str) -> str:
    """A name as a lookup key: folded, without punctuation, "Saint" and "St." alike."""
    words = re.sub(r"[^\w\s]", " ", fold(text)).split()
    return " ".join("st" if word == "saint" else word for word in words)


# Words after which an airport's name stops naming its place.
_GENERIC = {"international", "intl", "airport", "airfield", "regional", "municipal", "national",
            "county", "field", "intercontinental", "domestic", "air", "aeropuerto", "aeroporto"}


def _name_keys(name: str) -> list[str]:
    """What an airport's name says of its place: "venice", "venice marco", "venice marco polo"."""
    words = _norm(name).split()
    head = []
    for word in words[:4]:
        if word in _GENERIC:
            break
        head.append(word)
    return [" ".join(head[:n]) for n in range(1, len(head) + 1)]


@lru_cache(maxsize=1)
def _by_city() -> dict[str, list[Airport]]:
    """Airports by their city, and by the place their names start with.

    airportsdata files some airports under a neighbouring town or the local
    spelling ("Vancouver International" under Richmond, Venice under Venezia);
    the name a traveller uses is in the airport's own names.
    """
    index: dict[str, list[Airport]] = {}
    for item in _by_code().values():
        keys = {_norm(item.city)} if item.city else set()
        for name in (item.name, *english_names(item.iata)):
            keys.update(_name_keys(name))
        for key in keys:
            index.setdefault(key, []).append(item)
    return index


@lru_cache(maxsize=1)
def _by_region() -> dict[str, list[Airport]]:
    index: dict[str, list[Airport]] = {}
    for item in _by_code().values():
        if item.region:
            index.setdefault(_norm(item.region), []).append(item)
    return index


def airport(code: str) -> Airport | None:
    """The airport with IATA ``code`` (any case), or None."""
    return _by_code().get(code.strip().upper())


def _rank(city: str, item: Airport) -> tuple[Any, ...]:
    return (_MAIN_AIRPORT.get(city) != item.iata, size_of(item.iata), item.iata)


def _qualified(found: list[Airport], qualifiers: list[str], asked: str) -> list[Airport]:
    """The airports in every country or state the request names; unknown words are ignored."""
    for text in qualifiers:
        places = places_named(text)
        if not places:
            continue
        inside = [item for item in found if any(item.is_in(place) for place in places)]
        if not inside:
            where = sorted({", ".join(p for p in (item.region, item.country) if p)
                            for item in found})
            raise LookupError(f"no airport found for {asked!r}; that city has airports in "
                              f"{'; '.join(where)}")
        found = inside
    return found


_NEARBY_KM = 60.0
"""How far a city's main airport may be from it (Sapporo's is 40 km away, in Chitose)."""


@lru_cache(maxsize=1)
def _majors() -> list[Airport]:
    return [item for item in _by_code().values() if is_major(item.iata)]


def _with_nearby(key: str, found: list[Airport]) -> list[Airport]:
    """A city whose own airports are all small also gets the major airports near its first."""
    if any(is_major(item.iata) for item in found):
        return found
    first = min(found, key=lambda item: _rank(key, item))
    return found + [item for item in _majors()
                    if item not in found and distance_km(item, first) <= _NEARBY_KM]


def _city(key: str) -> list[Airport]:
    """The airports filed under a city (its main one too, whatever its own city is called)."""
    found = list(_by_city().get(key, []))
    main = airport(_MAIN_AIRPORT.get(key, ""))
    if main is not None and main not in found:
        found.insert(0, main)
    return found


def airports_for_city(city_name: str) -> list[Airport]:
    """Airports of a city, main one first. Raises ``LookupError`` with suggestions."""
    key = _norm(city_name)
    if not key:
        raise ValueError("city_name must not be empty")
    found = _city(key)
    if not found and len(key) == 3 and (item := airport(key)):
        return [item]
    if not found:  # "Lisbon, Portugal", "Dublin, Georgia", "Lisbon (PT) please"
        head, *rest = re.split(r"[,()]", city_name)
        found = _city(_norm(head))
        if found:
            key = _norm(head)
            found = _qualified(found, [part for part in rest if part.strip()], city_name)
    if not found:  # a region or city state named as such: "Delhi", "Bavaria"
        found = [item for item in _by_region().get(key, []) if is_major(item.iata)]
    if not found:
        close = difflib.get_close_matches(key, _by_city().keys(), n=3, cutoff=0.8)
        hint = f"; did you mean {', '.join(repr(c.title()) for c in close)}?" if close else ""
        raise LookupError(f"no airport found for city {city_name!r}{hint}")
    return sorted(_with_nearby(key, found), key=lambda item: _rank(key, item))


def main_airport(city_name: str) -> Airport | None:
    """The airport a plan for ``city_name`` flies from or to (its first), or None where no
    airport is found for it."""
    try:
        return airports_for_city(city_name)[0]
    except (LookupError, ValueError):
        return None


def distance_km(a: Airport, b: Airport) -> float:
    """Great-circle distance between two airports (haversine, mean Earth radius)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


_APART_KM = 250.0
"""How far apart two airports of one name are two places, not one city's (Paris-Beauvais is
85 km from Paris, Domodedovo 40 km from Moscow)."""


def shared_name(city_name: str, beside: str | None = None) -> bool:
    """Whether ``city_name`` alone may name another place than the airport chosen for it.

    True where the name is also a region whose large airport lies far from the one chosen,
    itself not large ("Bali": a town in Cameroon, BLC, and the island, DPS); or where an
    airport filed under the same city name, with scheduled flights, lies far from the one
    chosen in the same country, as big or one size smaller ("Springfield": Missouri's SGF,
    Illinois' SPI; "Portland": Oregon and Maine), or in the country of the place ``beside``
    it (the trip's other end), as big ("Atlanta to Birmingham" may be Alabama's BHM, not
    England's BHX; "London to Manchester" is England's). A name whose namesakes are
    smaller, or abroad from both ends, is the big one ("Sydney" is not Sydney, Nova Scotia;
    "New York to Barcelona" is Spain's).
    """
    chosen = main_airport(city_name)
    other = main_airport(beside) if beside else None
    if chosen is None or (beside and other is None):
        return False
    key = _norm(city_name)
    if not is_major(chosen.iata) and any(
            is_major(item.iata) and distance_km(item, chosen) > _APART_KM
            for item in _by_region().get(key, [])):
        return True
    rank = size_of(chosen.iata).type_rank
    for item in _by_city().get(key, []):
        size = size_of(item.iata)
        if _norm(item.city) != key or size.unscheduled or distance_km(item, chosen) <= _APART_KM:
            continue
        if item.country == chosen.country and size.type_rank <= rank + 1:
            return True
        if other is not None and item.country == other.country != chosen.country \
                and size.type_rank <= rank:
            return True
    return False
