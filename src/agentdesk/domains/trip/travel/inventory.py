"""A deterministic offline inventory of flight and hotel offers.

The same query always returns the same offers with the same ``offer_id``s:
every number is drawn from a random generator seeded by the query itself.
Flight durations and prices follow the great-circle distance between the two
airports and the date; hotels vary in name, stars and nightly price by city.
All prices are in USD.
"""

from __future__ import annotations

import hashlib
import random
from datetime import date, datetime, timedelta
from typing import Any

from ..airports import Airport, distance_km

__all__ = ["CURRENCY", "MAX_STAY_NIGHTS", "flight_offers", "hotel_offers"]

CURRENCY = "USD"
MAX_STAY_NIGHTS = 30
CRUISE_KMH = 820.0

_AIRLINES = [("TP", "TAP Air Portugal"), ("DL", "Delta"), ("UA", "United"), ("AA", "American"),
             ("BA", "British Airways"), ("AF", "Air France"), ("LH", "Lufthansa"),
             ("IB", "Iberia"), ("KL", "KLM"), ("AC", "Air Canada"), ("EK", "Emirates"),
             ("TK", "Turkish Airlines"), ("QR", "Qatar Airways"), ("LX", "Swiss")]

# Relative cost of a hotel night by country (ISO 3166 alpha-2); 1.0 elsewhere.
_COUNTRY_COST = {"US": 1.35, "GB": 1.4, "CH": 1.6, "NO": 1.45, "DK": 1.35, "IS": 1.5,
                 "FR": 1.25, "IE": 1.3, "NL": 1.3, "DE": 1.1, "IT": 1.15, "ES": 1.0, "PT": 0.9,
                 "JP": 1.1, "SG": 1.4, "AE": 1.3, "AU": 1.25, "CA": 1.2, "MX": 0.7, "TH": 0.55,
                 "VN": 0.45, "IN": 0.5, "TR": 0.7, "GR": 0.9, "CZ": 0.8, "PL": 0.75, "HU": 0.75,
                 "BR": 0.7, "AR": 0.6, "MA": 0.6, "EG": 0.55, "ZA": 0.65}

_HOTEL_STYLES = [("{city} Grand Hotel", 5), ("Hotel {city} Central", 3), ("The {city} Palace", 5),
                 ("{city} Riverside Inn", 3), ("Casa {city} Boutique", 4), ("{city} City Lodge", 2),
                 ("Park Hotel {city}", 4), ("{city} Harbour Suites", 4), ("Old Town {city} Hostel", 2),
                 ("{city} Garden Residences", 3)]
_BASE_NIGHT_BY_STARS = {2: 70.0, 3: 110.0, 4: 165.0, 5: 260.0}


def _rng(*parts: object) -> random.Random:
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _offer_id(prefix: str, *parts: object) -> str:
    return prefix + "-" + hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:10].upper()


def _season_factor(day: date) -> float:
    """Summer and the year-end holidays cost more; weekends a little more."""
    factor = 1.0
    if day.month in (6, 7, 8) or (day.month == 12 and day.day >= 18):
        factor *= 1.22
    elif day.month in (1, 2, 11):
        factor *= 0.9
    if day.weekday() in (4, 6):
        factor *= 1.08
    return factor


def _flights_one_way(origin: Airport, destination: Airport, day: date) -> list[dict[str, Any]]:
    km = distance_km(origin, destination)
    rng = _rng("flight", origin.iata, destination.iata, day.isoformat())
    count = rng.randint(3, 5)
    carriers = rng.sample(_AIRLINES, count)
    offers = []
    for index, (code, airline) in enumerate(carriers):
        stops = 0 if km < 1500 or index == 0 else rng.choice((0, 1, 1))
        minutes = round(km / CRUISE_KMH * 60 + 35 + stops * rng.randint(70, 180))
        depart = datetime.combine(day, datetime.min.time()) + timedelta(
            minutes=rng.randrange(6 * 60, 22 * 60, 5))
        arrive = depart + timedelta(minutes=minutes)
        fare = (45.0 + km * 0.085) * _season_factor(day) * rng.uniform(0.85, 1.3)
        fare *= 0.88 if stops else 1.0
        offers.append({
            "offer_id": _offer_id("FL", origin.iata, destination.iata, day.isoformat(), index),
            "airline": airline,
            "flight_number": f"{code}{rng.randint(100, 2999)}",
            "origin": origin.iata,
            "destination": destination.iata,
            "date": day.isoformat(),
            "departure_time": depart.strftime("%H:%M"),
            "arrival": arrive.strftime("%Y-%m-%d %H:%M"),
            "duration_minutes": minutes,
            "stops": stops,
            "cabin": "economy",
            "price": round(fare, 2),
            "currency": CURRENCY,
            "price_basis": "per traveler",
        })
    return sorted(offers, key=lambda offer: offer["price"])


def flight_offers(origin: Airport, destination: Airport, depart: date,
                  return_date: date | None = None) -> dict[str, Any]:
    """Offers for a one-way or return trip, cheapest first, prices per traveler."""
    result: dict[str, Any] = {
        "origin": origin.iata,
        "destination": destination.iata,
        "distance_km": round(distance_km(origin, destination)),
        "currency": CURRENCY,
        "outbound": _flights_one_way(origin, destination, depart),
    }
    if return_date is not None:
        result["return"] = _flights_one_way(destination, origin, return_date)
    return result


def hotel_offers(city: Airport, check_in: date, check_out: date) -> dict[str, Any]:
    """Hotel offers in ``city``, prices per room for the whole stay."""
    nights = (check_out - check_in).days
    rng = _rng("hotels", city.iata)
    styles = rng.sample(_HOTEL_STYLES, rng.randint(4, 6))
    cost = _COUNTRY_COST.get(city.country, 1.0)
    place = city.city or city.iata
    offers = []
    for index, (template, stars) in enumerate(styles):
        nightly_base = _BASE_NIGHT_BY_STARS[stars] * cost * rng.uniform(0.85, 1.2)
        stay_rng = _rng("stay", city.iata, index, check_in.isoformat(), check_out.isoformat())
        total = sum(nightly_base * _season_factor(check_in + timedelta(days=n)) for n in range(nights))
        total *= stay_rng.uniform(0.95, 1.05)
        offers.append({
            "offer_id": _offer_id("HT", city.iata, index, check_in.isoformat(), check_out.isoformat()),
            "name": template.format(city=place),
            "city_code": city.iata,
            "stars": stars,
            "check_in": check_in.isoformat(),
            "check_out": check_out.isoformat(),
            "nights": nights,
            "max_occupancy": rng.choice((2, 2, 2, 3, 4)),
            "nightly_price": round(total / nights, 2),
            "price": round(total, 2),
            "currency": CURRENCY,
            "price_basis": "per room, whole stay",
        })
    return {"city_code": city.iata, "city": place, "nights": nights, "currency": CURRENCY,
            "offers": sorted(offers, key=lambda offer: offer["price"])}
