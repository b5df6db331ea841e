"""The main airport of the cities several airports serve, by passenger traffic.

Where the busiest one cannot be told from the data alone. The travel server picks a city's
airport with it, and the request reader knows these cities as cities even where
airportsdata files their airport under another name (Montreal's under Dorval): both read
this one table.
"""

from __future__ import annotations

__all__ = ["AIRPORT_NAMES", "MAIN_AIRPORT"]

MAIN_AIRPORT = {
    "london": "LHR", "new york": "JFK", "paris": "CDG", "tokyo": "HND", "chicago": "ORD",
    "washington": "IAD", "moscow": "SVO", "milan": "MXP", "rome": "FCO", "houston": "IAH",
    "dallas": "DFW", "sao paulo": "GRU", "rio de janeiro": "GIG", "buenos aires": "EZE",
    "istanbul": "IST", "seoul": "ICN", "shanghai": "PVG", "beijing": "PEK", "osaka": "KIX",
    "stockholm": "ARN", "berlin": "BER", "montreal": "YUL", "toronto": "YYZ", "bangkok": "BKK",
    "jakarta": "CGK", "tehran": "IKA", "mexico city": "MEX", "los angeles": "LAX",
    "san francisco": "SFO", "miami": "MIA", "orlando": "MCO", "detroit": "DTW",
    "brussels": "BRU", "oslo": "OSL", "dubai": "DXB", "taipei": "TPE", "manila": "MNL",
    "birmingham": "BHX", "manchester": "MAN", "glasgow": "GLA", "columbus": "CMH",
}
"""City (lower case) -> IATA code of its main airport."""

AIRPORT_NAMES = {
    "heathrow": "LHR", "gatwick": "LGW", "stansted": "STN", "o'hare": "ORD", "dulles": "IAD",
    "laguardia": "LGA", "schiphol": "AMS", "charles de gaulle": "CDG", "narita": "NRT",
    "haneda": "HND", "changi": "SIN", "fiumicino": "FCO", "malpensa": "MXP", "incheon": "ICN",
    "barajas": "MAD",
}
"""Airports people name by their own name, as a place to fly from or to ("Heathrow to New
York") -> IATA code. Only names that are no everyday word nor a person's ("Midway",
"Logan", "Pearson" are left out: "midway through the trip")."""
