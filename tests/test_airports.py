"""get_airport_code gives the airport a traveller means: the main commercial one first."""

from __future__ import annotations

import pytest

from agentdesk.domains.trip.airports import airports_for_city

from .test_travel_server import call, error

# Well-known cities and the airport a traveller flying there would name.
CITIES = [
    ("Seattle", "SEA"), ("Dublin", "DUB"), ("Portland", "PDX"), ("London", "LHR"),
    ("Paris", "CDG"), ("New York", "JFK"), ("Tokyo", "HND"), ("Lisbon", "LIS"),
    ("Boston", "BOS"), ("Chicago", "ORD"), ("Los Angeles", "LAX"), ("San Francisco", "SFO"),
    ("Washington", "IAD"), ("Atlanta", "ATL"), ("Denver", "DEN"), ("Miami", "MIA"),
    ("Toronto", "YYZ"), ("Vancouver", "YVR"), ("Montreal", "YUL"), ("Mexico City", "MEX"),
    ("Sao Paulo", "GRU"), ("Buenos Aires", "EZE"), ("Frankfurt", "FRA"), ("Munich", "MUC"),
    ("Berlin", "BER"), ("Madrid", "MAD"), ("Barcelona", "BCN"), ("Rome", "FCO"),
    ("Milan", "MXP"), ("Venice", "VCE"), ("Naples", "NAP"), ("Florence", "FLR"),
    ("Amsterdam", "AMS"), ("Brussels", "BRU"), ("Zurich", "ZRH"), ("Vienna", "VIE"),
    ("Prague", "PRG"), ("Athens", "ATH"), ("Istanbul", "IST"), ("Belgrade", "BEG"),
    ("Seville", "SVQ"), ("Dubai", "DXB"), ("Delhi", "DEL"), ("Mumbai", "BOM"),
    ("Singapore", "SIN"), ("Hong Kong", "HKG"), ("Bangkok", "BKK"), ("Seoul", "ICN"),
    ("Sydney", "SYD"), ("Melbourne", "MEL"), ("Auckland", "AKL"), ("Johannesburg", "JNB"),
    ("Cairo", "CAI"), ("Nairobi", "NBO"), ("Birmingham", "BHX"), ("Manchester", "MAN"),
    ("Columbus", "CMH"), ("Sapporo", "CTS"), ("St. Louis", "STL"), ("Saint Petersburg", "LED"),
    ("Quebec City", "YQB"), ("Kuwait City", "KWI"), ("Reykjavik", "KEF"), ("Honolulu", "HNL"),
]


@pytest.mark.parametrize(("city", "code"), CITIES)
def test_a_city_gives_its_main_commercial_airport(city: str, code: str) -> None:
    assert airports_for_city(city)[0].iata == code


@pytest.mark.parametrize(("asked", "code"), [
    ("Dublin, Georgia", "DBN"), ("Dublin, Ireland", "DUB"), ("Dublin (IE)", "DUB"),
    ("Portland, Maine", "PWM"), ("Portland, ME", "PWM"), ("Portland, Oregon", "PDX"),
    ("Portland, OR, USA", "PDX"), ("Birmingham, Alabama", "BHM"), ("Birmingham, UK", "BHX"),
    ("Paris, Texas", "PRX"), ("Paris, France", "CDG"), ("London, Ontario", "YXU"),
    ("London, England", "LHR"), ("Melbourne, Florida", "MLB"), ("Melbourne, Australia", "MEL"),
    ("Hyderabad, Pakistan", "HDD"), ("Hyderabad, India", "HYD"),
    ("Valencia, Venezuela", "VLN"), ("Valencia, Spain", "VLC"),
])
def test_a_state_or_country_picks_between_cities_of_the_same_name(asked: str,
                                                                  code: str) -> None:
    found = airports_for_city(asked)
    assert found[0].iata == code
    assert all(item.country == found[0].country for item in found)


def test_the_other_airports_stay_as_alternatives() -> None:
    codes = [item.iata for item in airports_for_city("Seattle")]
    assert codes[0] == "SEA" and "BFI" in codes
    dublin = [item.iata for item in airports_for_city("Dublin")]
    assert dublin[0] == "DUB" and "DBN" in dublin


def test_a_place_where_the_city_has_no_airport_is_an_error_naming_where_it_has() -> None:
    with pytest.raises(LookupError) as caught:
        airports_for_city("Dublin, Kentucky")
    assert "'Dublin, Kentucky'" in str(caught.value)
    assert "Georgia, US" in str(caught.value) and "IE" in str(caught.value)


def test_through_the_tool_the_answer_names_the_region() -> None:
    data = call("get_airport_code", city_name="Portland, Maine")
    assert (data["code"], data["region"], data["country"]) == ("PWM", "Maine", "US")
    assert call("get_airport_code", city_name="Seattle")["code"] == "SEA"
    assert "that city has airports in" in error("get_airport_code", city_name="Paris, Kentucky")
