"""What a request says about an airport beyond the city: its country or state, and its size.

Countries and their subdivisions (states, provinces) come from ``pycountry``
(ISO 3166); an airport's size comes from ``airports-py``, whose OurAirports-derived
records give each airport a type (large, medium, small), whether it has scheduled
passenger service, and its longest runway. Neither is read until first needed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Place", "Size", "english_names", "fold", "is_major", "places_named", "size_of"]

# Everyday names for countries that ISO spells otherwise.
_COUNTRY_ALIASES = {
    "usa": "US", "u.s": "US", "u.s.a": "US", "america": "US", "united states of america": "US",
    "uk": "GB", "u.k": "GB", "britain": "GB", "great britain": "GB", "england": "GB",
    "scotland": "GB", "wales": "GB", "northern ireland": "GB", "holland": "NL",
    "russia": "RU", "korea": "KR", "czechia": "CZ", "turkey": "TR", "vietnam": "VN",
    "iran": "IR", "syria": "SY", "laos": "LA", "bolivia": "BO", "venezuela": "VE",
    "tanzania": "TZ", "moldova": "MD",
}

_TYPE_RANK = {"large_airport": 0, "medium_airport": 1, "small_airport": 2}


def fold(text: str) -> str:
    """Lower case without accents, so 'São Paulo' matches 'sao paulo'."""
    if text.isascii():
        return text.casefold().strip()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _key(text: str) -> str:
    return fold(text).strip(" .")


@dataclass(frozen=True)
class Place:
    """A country (``subdivision`` None) or one of its subdivisions, by name as airportsdata has it."""

    country: str
    subdivision: str | None = None


@lru_cache(maxsize=1)
def _names() -> dict[str, frozenset[Place]]:
    import pycountry

    index: dict[str, set[Place]] = {}

    def add(name: str | None, place: Place) -> None:
        if name:
            index.setdefault(_key(name), set()).add(place)

    for country in pycountry.countries:
        place = Place(country.alpha_2)
        for name in (country.name, getattr(country, "official_name", None),
                     getattr(country, "common_name", None), country.alpha_2, country.alpha_3):
            add(name, place)
    for alias, code in _COUNTRY_ALIASES.items():
        add(alias, Place(code))
    for sub in pycountry.subdivisions:
        place = Place(sub.country_code, fold(sub.name))
        add(sub.name, place)
        code = sub.code.split("-", 1)[1]
        if sub.country_code in ("US", "CA", "AU") and code.isalpha():
            add(code, place)  # "Portland, ME", "London, ON", "Perth, WA"
    return {name: frozenset(places) for name, places in index.items()}


def places_named(text: str) -> frozenset[Place]:
    """Every country or subdivision that ``text`` may name ("Georgia": the country and the state)."""
    return _names().get(_key(text), frozenset())


@dataclass(frozen=True, order=True)
class Size:
    """How much of an airport a traveller would mean: smaller sorts first for bigger airports."""

    unscheduled: int
    """0 with scheduled passenger service, 1 without or unknown."""

    type_rank: int
    """0 large, 1 medium, 2 small, 3 other or unknown."""

    runway_deficit: int
    """Minus the longest runway in feet: longer runways first."""


_UNKNOWN = Size(1, 3, 0)


@lru_cache(maxsize=1)
def _facts() -> tuple[dict[str, Size], dict[str, tuple[str, ...]]]:
    """Each airport's size, and its English names (airports-py's and its Wikipedia title's)."""
    from airports import airport_data

    sizes: dict[str, Size] = {}
    names: dict[str, tuple[str, ...]] = {}
    for kind, rank in _TYPE_RANK.items():
        for row in airport_data.get_airports_by_type(kind):
            code = row.get("iata") or ""
            if not code:
                continue
            runway = row.get("runway_length")
            size = Size(0 if row.get("scheduled_service") == "TRUE" else 1, rank,
                        -int(runway) if isinstance(runway, int | float) else 0)
            if size < sizes.get(code, _UNKNOWN):
                sizes[code] = size
            link = row.get("wikipedia") or ""
            title = link.partition("/wiki/")[2].replace("_", " ") if "/wiki/" in link else ""
            names[code] = (*names.get(code, ()), *(n for n in (row.get("airport"), title) if n))
    return sizes, names


def size_of(iata: str) -> Size:
    """The size of the airport with code ``iata``; unknown airports sort last."""
    return _facts()[0].get(iata, _UNKNOWN)


def is_major(iata: str) -> bool:
    """A large airport with scheduled passenger service."""
    size = size_of(iata)
    return size.unscheduled == 0 and size.type_rank == 0


def english_names(iata: str) -> tuple[str, ...]:
    """Other names of the airport ("Venice Marco Polo Airport" for Venezia / Tessera)."""
    return _facts()[1].get(iata, ())
