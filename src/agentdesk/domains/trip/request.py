"""A free-text trip request read into the preference fields, by code.

"Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD" gives
origin Boston, destination Lisbon, depart 2027-03-10, return 2027-03-14, one
traveler and a budget of 2500. Dates are read with ``dateparser``, cities are
checked against ``airportsdata``'s city names (their codes are looked up by the
planner with the travel server's ``get_airport_code``). What is not in the text
stays unset; the input check then says what is missing.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from datetime import date, datetime, timedelta
from functools import lru_cache
from itertools import chain, pairwise
from typing import Any

from agentdesk.numerals import CARDINALS, ONES, ORDINAL_DAYS, TENS, cardinals, year_in_words

__all__ = ["find_dates", "read_fully", "read_request", "same_place", "stated_days",
           "stated_length"]

_MONTHS = ("january|february|march|april|may|june|july|august|september|october|"
           "november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec")
_DATE = re.compile(
    rf"\b(\d{{4}}([-/.])\d{{1,2}}\2\d{{1,2}}|(?:{_MONTHS})\.? \d{{1,2}}(?:st|nd|rd|th)?"
    rf"(?:\s*,?\s+(?:of\s+)?\d{{4}})?|"
    rf"\d{{1,2}}(?:st|nd|rd|th)?(?: (?:of )?|-)(?:{_MONTHS})\.?(?:(?:,?\s+(?:of\s+)?|-)\d{{4}})?|"
    r"\d{1,2}/\d{1,2}/(?:\d{4}|\d{2}(?![\d/]))|\d{1,2}\.\d{1,2}\.\d{4}|tomorrow|"
    r"next (?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|week|month)|in \d+ (?:days|weeks|months))\b", re.I)
_ORDINALS = ORDINAL_DAYS
_ORDINAL_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_ORDINAL = re.compile(rf"\b({_ORDINAL_WORD})(?= (?:of )?(?:{_MONTHS})\b)", re.I)
_ORDINAL_AFTER = re.compile(rf"\b((?:{_MONTHS})\.? )({_ORDINAL_WORD})\b", re.I)
"""An ordinal after its month ("May third"), as an ordinal before it ("the third of May")."""
_ORDINAL_ALONE = re.compile(rf"\b(?<=the )({_ORDINAL_WORD})\b(?= *(?:[,.;!?)]|$|and\b|for\b|"
                            r"with\b|back\b|return))", re.I)
"""A day of the month in words, its month said before: "back on the eighth." ("the first
hotel" is no day)."""
_ORDINAL_HOME = re.compile(rf"\b(?:back|home|return(?:ing)?)(?: on)? the ({_ORDINAL_WORD})\b"
                           r"(?! *(?:week|day|night|month|time|trip|leg|flight|of\b|one\b)\w*)",
                           re.I)
"""A day of the month in words after the way home, whatever follows it: "coming back the
fourth just me" (not "back the second week")."""
_RETURN_CUE = re.compile(r"\b(?:back|return(?:ing)?|ret|rtn|until|till)\W*(?:on\W*)?(?:the\W*)?"
                         r"(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?"
                         r"\W*(?:the\W*)?)?$", re.I)
"""What says a date is the way home ("back May 8th", "returning on the 8th", "back Saturday
July 24", a travel agent's "ret 2027-01-22")."""
_DAY_ONLY = re.compile(r"\b(?:on )?(?:the |(?:mon|tues|wednes|thurs|fri|satur|sun)day,? "
                       r"(?:the )?)(\d{1,2})(?:st|nd|rd|th)\b(?! (?:of )?(?:" + _MONTHS
                       + r")\b)", re.I)
"""A day of the month alone, of the month before: "back on the 8th", "back Monday 26th"."""
_WORDS = {"a": 1, "an": 1, **cardinals(20)}
_TENS = {word: CARDINALS[word] for word in TENS}
_UNIT_WORD = "|".join(ONES)
# Atomic: "twenty-one days" is 21 days, never "twenty" travelers and "one" day.
_COUNT = (rf"((?>\d+|(?:{'|'.join(_TENS)})(?:[- ](?:{_UNIT_WORD})\b)?|"
          rf"{'|'.join(sorted(_WORDS, key=len, reverse=True))}))")
_NUMBER_WORDS = "|".join(sorted([w for w in _WORDS if len(w) > 2] + list(_TENS), key=len,
                                reverse=True))
_WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'.-]*")
_ORIGIN_CUE = re.compile(r"(?:\bfrom|\bex|\bout of|\bleav(?:e|ing)|\bdepart(?:ing)?|\bflying|"
                         r"\bstarting|"
                         r"\b(?:i['’]?m|i am|we['’]?re|we are|live|living|based|located|"
                         r"reside|residing)(?: currently| now)? in|\borigin(?: city| airport)?|"
                         r"\bhome(?: city)?|\boutta|\bdeparture (?:city|airport))\W*$", re.I)
"""What says a city is where the trip starts: "from Boston", "ex Houston" (a travel
agent's "out of"), "leave Houston", "I'm in Boston", "we live in Boston" (checked before :data:`_DESTINATION_CUE`, whose "in" it would
otherwise be); a form's field names them too ("Origin airport: EWR")."""
_DESTINATION_CUE = re.compile(r"(?:\bto|\bin|\bvisit|\bvisiting|\bfor|"
                              r"\bdest(?:ination)?(?: city| airport)?|\barrival (?:city|airport)|"
                              r"\bdays in|"
                              r"\bnights in)\W*$", re.I)
_NOT_PLACES = frozenset({"FOR", "THE", "AND", "MAX", "FLY", "OUT", "TEN", "SIX", "DAY", "VIA",
                         "OUR", "USD", "ALL", "ONE", "TWO", "NEW", "BUT", "NOT", "ARE", "YOU",
                         "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN",
                         "OMG", "LOL", "BTW", "IMO", "TBC", "BRB", "IDK", "TBH", "DIY", "ATM",
                         "CEO", "VIP", "PTO"})
"""Three capitals that are IATA codes and words ("FOR" is an airport), the days of the
week as people shorten them ("LEAVING FRI 5/14" leaves on a Friday, not from Fritzlar), and
the shorthand people write in capitals among small letters ("OMG we just got married", "a
VIP lounge", "BTW"), each a small field's code (Omega, Payerne, Batu Licin) no one means."""
_CAPITAL_WORDS = frozenset(
    "add age ago air any arm art ask bad bag bar bay bed bet big bit box boy bus buy can cap "
    "car cat cut dad did die dry due ear eat end far fat fee fly fun gas get got guy had has "
    "hat her hey him his hit hot how ill inn key kid law lay let lie lot low mad man may mom "
    "mum nor now odd off old own pay per pet pls put red ret run sad say see set she shy sir sit "
    "son sun tax tea thx tip too top try use way wet who why win won wow yes yet you"
    .upper().split())
"""Words people write every day that are also airports' codes ("CAN" is Guangzhou, "GOT"
Gothenburg): in a text all in capitals ("HI, CAN YOU SORT OUT...") they are the words, as
nothing there says a code; in a text with small letters, capitals still say a code."""
_PEOPLE = (r"\b(?:kids?|children|child|bab(?:y|ies)|infants?|toddlers?|sons?|daughters?|teens?|"
           r"teenagers?|friends?|parents|colleagues?|co-?workers?|buddies|pals|mates|mothers?|"
           r"moms?|mums?|fathers?|dads?|sisters?|brothers?|"
           r"grand(?:mother|ma|father|pa|parents|kids|children)s?|grann(?:y|ies)|"
           r"aunts?|uncles?|cousins?|nieces?|nephews?|boss|roommates?|flatmates?|twins|"
           r"triplets|wi(?:fe|ves)|husbands?|hubby|partners?|spouses?|fianc[eé]{1,2}s?|"
           r"girlfriends?|boyfriends?|bf|gf|newborns?|employees?|classmates?|teammates?|"
           r"missus|missis|other half|better half|significant other|boys|girls|guys|ladies|"
           r"lads|gals)\b")
"""People a writer names (each a traveller, or someone the trip is for or about): a wife or
a partner read as one of a couple is read with it ("my wife and I"), named otherwise ("with
the wife", "my husband and I plus our newborn") no count holds them."""
_MEANING = re.compile(
    r"\bnon-?stop\b|\bdirect flights?\b|\b(?:business|premium|economy)(?: class)?\b(?=,|\.|$)|"
    r"(?:^|(?<=[.!?:] )|(?<=\bfly )|(?<=\bflying )|(?<=\bflies )|(?<=\bin )|(?<=\bor )|"
    r"(?<=\band )|(?<=\bbook )|(?<=\bto )|(?<=\bcabin )|(?<=\bseat )|(?<=\bseats )|"
    r"(?<=\bclass ))first(?: class)?\b(?=,|\.|$)|\b(?:business|first|premium|economy)"
    r"(?: class)?\b(?= class| seats?| flights?)|\b(?:per|a|each) night\b|\bnot\b|n't\b|\bno\b|"
    r"\bnever\b|\bavoid\w*\b|\bwithout\b|\bexcept\b|\bunless\b|\bonly if\b|"
    r"\bno (?:later|earlier) than\b|\bat the (?:latest|earliest)\b|\bvia\b|"
    r"\bstop(?:over)? in\b|\bwindow seat\b|\baisle\b|"
    r"\b(?:per|a|each) (?:person|head|travell?er|adult|guest|pax)\b|\bpp\b|\bp\.p\.?|"
    r"(?<=\d)(?: ?k)? ea\b\.?|(?<=[\dk]) for (?:me|myself)\b(?! *(?:and|&|\+|plus|with)\b)|\bmy (?:half|share|part|portion)\b|"
    rf"{_PEOPLE}|"
    r"\b(?:must|ha(?:s|ve) to|needs? to|(?:is |are )?required|requires?)\b"
    r"(?! (?:\w+ )?(?:get|go|fly|travel|head|visit|book|plan|find)\b)[^,;.!?()]*|"
    r"\b(?:pets?|dogs?|cats?|pupp(?:y|ies)|service animals?)\b|"
    r"\b(?:morning|afternoon|evening|night|red-?eye|overnight|early|late)(?: flights?\b|"
    r" departures?\b)|\b(?:pool|spa|gym|breakfast|parking|wi-?fi|kitchen|balcony|"
    r"(?:sea|ocean|city|mountain) ?views?|downtown|walking distance|close to|near(?:by)?)\b|"
    r"\b(?:state|province|county|region)\b|\b(?:per|a|each|an?) ?(?:day|week|month)\b|(?<=\d)/(?:day|night|week)\b|\bdaily\b|"
    r"\bnightly\b|\bat least\b|\bminimum\b|\bseparate(?:ly)?\b|\bexcl(?:uding|\.)?\b|"
    r"\bfor (?:the )?(?:hotels?|flights?|airfare|accommodation|lodging|food|meals)\b"
    r"(?! *(?:\+|&|and|plus|/) *(?:the |a )?(?:hotels?|flights?|airfare|accommodation|"
    r"lodging)\b)|"
    r"\b(?:after|before)\b(?= (?:the |on |mid-?|early |late )?(?:\d|next\b|tomorrow\b|"
    rf"(?:{_MONTHS}|mon|tue|wed|thu|fri|sat|sun)))|"
    r"\b(?:days?|mornings?|afternoons?|evenings?|nights?|weeks?|weekends?)"
    r"(?= (?:before|after|early|earlier|later|prior|ahead|beforehand)\b) \w+|\bonly\b|\bexclusively\b|\b(?:each|per|a) (?:way|leg|flight|ticket)\b|\bone[- ]way\b|"
    r"\b(?:wheelchair|(?:in)?accessib\w*|mobility|disab\w*|step-free)\b|"
    r"\b(?:(?:rental|hire|rent(?:ing)? an?) cars?|car (?:rental|hire|service)|transfers?|shuttles?|"
    r"pick-?ups?|pick(?:ing)? (?:me|us|them|him|her) up|drop-?offs?|taxis?|cabs?|"
    r"limo(?:usine)?s?|chauffeur\w*|drivers?|ubers?|lyfts?|valet)\b|"
    r"\b(?:(?:travel|trip|medical|health) )?insurance\b|\bvisas?\b|\bguided tours?\b|"
    r"\btour guides?\b|\b(?:restaurant|dinner|table) reservations?\b|"
    r"\b(?:meeting|conference|board|function|event) (?:rooms?|spaces?|halls?|venues?)\b|"
    r"\btickets? (?:to|for) (?:the |a |an )?(?:game|match|show|concert|play|musical|opera|"
    r"museum|exhibit\w*|theme park|park)\b|"
    r"\b(?:points|air ?miles|loyalty|rewards?|frequent fl[iy]er|status)\b|"
    r"\b(?:christmas|xmas|new year(?:'?s)?|easter|thanksgiving|boxing day)\b|"
    r"\b(?:each|apiece)\b", re.I)
"""What changes a plan and has no field here: the planner would silently ignore it. A
cabin ("business class", "in first."; "first" alone only where a cabin can be said: "look
at a couple of rentals first" is none), a budget per person is not the party's; people named without a count ("our baby", "with
friends") are not the party the count says, nor is one person's share ("$6000 for me",
"my half is $3000"); a requirement ("the hotel must allow dogs",
"has to be in the morning", up to the clause's end; not the trip itself: "I need to get
from Charlotte to Denver") or a pet has no field to hold it; nor has a restriction ("Hilton
only", "only on Aer Lingus"; the writer alone, "I'm the only one going", is the party), a
need of access ("a wheelchair accessible room"), a car, driver or transfer besides the trip
("plus a rental car", "an airport pickup", "a taxi to the venue"), another service no plan
books ("travel insurance", "a visa", "a guided tour", "tickets to the game", "a meeting
room"), points to spend ("we have points"), a price a flight ("$800 each way"), a trip one
way, a date as a bound ("after May 1", "before the 10th" is no day to plan on) or as a shift from another day ("two days before", "the morning after": the day read is
the event's, not the trip's),
a time of day ("morning flights"), a hotel's amenity or whereabouts ("with a pool",
"downtown", "near the beach"), a state said as one ("Washington state" is not Washington, DC; "New York state" not the
city), a budget a day ("$200 a day", "$200/day"), a floor ("at least $2000"), a budget for part
of the trip ("$2000 for the hotel", "hotel separate"; "for flights + hotel" is all of it), or
"each" or "apiece" that no slot read
("we can each spend about $800" is not the party's $800), or a feast that is no day read
("over Christmas")."""

_FOREIGN = (r"canadian|australian|aussie|kiwi|new zealand|nz|singapore|hong kong|hk|taiwan|"
            r"mexican|caribbean|jamaican")
_CONDITION = re.compile(
    rf"\b(?:{_FOREIGN})(?= ?(?:dollars?|\$|bucks)\b)|(?:(?<=dollars )|(?<=dollars \()|"
    rf"(?<=dollar )|(?<=bucks )|(?<=bucks \())(?:{_FOREIGN})\b|"
    r"\b(?:cad|aud|nzd|sgd|hkd|mxn|eur|gbp|jpy|chf|inr|brl|krw|cny|rmb|zar|sek|nok|dkk|euros?|"
    r"pounds?|quid|yen|rupees?|pesos?|reais|yuan|kron(?:a|or|er))\b|[€£¥₹]|"
    r"\b(?:trains?|rail|amtrak|eurostar|bus|coach|ferry|cruise|road ?trip)\b|"
    r"\b(?:airbnb|hostels?|camping|glamping|resorts?|all-?inclusive|villas?|apartments?|b&b|"
    r"motels?|condos?)\b|"
    r"\b(?:(?:king|queen|twin|double|bunk)(?:-size)? (?:beds?|rooms?)|suites?|adjoining|"
    r"connecting rooms?|cribs?|cots?)\b|"
    r"\b(?:refundable|non-?refundable|cancell?ations?|changeable)\b|"
    r"\b(?:luggage|carry-?ons?|checked bags?|suitcases?|"
    r"skis?(?! (?:trip|journey|holiday|vacation|weekend|getaway|break|week)\b)|"
    r"snowboards?|bikes?|bicycles?|"
    r"golf clubs?|surfboards?|strollers?|prams?|buggy|car seats?|cellos?|guitars?)\b|"
    r"\b(?:basic|premium) economy\b|\beconomy (?:plus|comfort)\b|"
    r"\b(?:vegetarian|vegan|halal|kosher|gluten|allerg\w*|dietary)\b|"
    r"\b(?:lounges?|legroom|exit rows?|upgrades?|bulkhead)\b|"
    r"\b(?:seat(?:ed|s|ing)?|sit(?:ting)?)\b[^,;.!?]{0,20}?\b(?:together|next to each other|"
    r"side by side)\b|\bseat (?:selection|assignments?)\b|"
    r"\b(?:delta|united(?! (?:states|kingdom|arab))|american airlines|southwest|jetblue|"
    r"alaska airlines|spirit airlines|frontier airlines|air canada|westjet|british airways|"
    r"lufthansa|air france|klm|emirates|qatar airways|ryanair|easyjet|iberia|aer lingus|qantas|"
    r"virgin (?:atlantic|australia)|turkish airlines|singapore airlines|cathay|korean air|"
    r"latam|avianca)\b|"
    r"\b(?:marriott|hilton|hyatt|sheraton|westin|ihg|holiday inn|best western|four seasons|"
    r"ritz|radisson|novotel|ibis|accor|wyndham|hampton inn)\b|"
    r"\balready\b|\b(?:covered|taken care of|paid for|reimburs\w*|expensed)\b|"
    r"\b(?:just|only)(?: the| a)? (?:flights?|airfare|hotels?|accommodation|lodging)\b|"
    r"\b(?:plus|on top of|in addition to|besides|apart from|aside from|not including)\b(?= "
    r"(?:the |our |my |a |any )?(?:flights?|airfare|hotels?|accommodation|lodging|food|meals|"
    r"taxes|fees|car|transfers?|activities|tours?|spending|extras?)\b)|"
    r"\b(?:noon|midday|midnight|lunch ?time|o'?clock|in the (?:morning|afternoon|evening)|"
    r"(?:morning|afternoon|evening|night) of)\b|"
    r"\b(?:might|maybe|perhaps|possibly|not sure|unsure|tbd|tbc|undecided)\b|"
    r"(?<!as )\bper\b(?! ?cent)|\b(?:pre-?tax|plus tax(?:es)?|floor|starting point)\b|"
    r"\b(?:last (?:time|year|trip|summer|winter|spring|fall|autumn|month|week)|previous(?:ly)?|"
    r"used to|ago)\b",
    re.I)
"""What a plan would ignore and no field holds, besides :data:`_MEANING`: money not the
US's dollars ("3000 dollars (Canadian)", "€3,000"), another way to travel ("by train"), a
stay that is no hotel ("an Airbnb"), a room's beds, a fare's terms, bags and gear ("skis",
"a stroller"; not "a ski trip"), a fare's cabin ("basic economy"), a diet, a seat's
extras or seats together, an airline or a hotel chain by name ("on Delta"), a part of the
trip already arranged or paid ("flights already booked", "hotel covered by work", "just the
flights"), a part on top of the budget ("$4000 plus flights"), a time of day ("by noon"), a
price by anything but the party ("$2500 per couple", "per room"; "per person" is read with the
party), a floor or a price before tax, a time gone by ("last year we paid $5000") and a
hedge ("my wife might come")."""


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


@lru_cache(maxsize=1)
def _cities() -> frozenset[str]:
    """airportsdata's city names, the cities the planner names a main airport for, and the
    name people use for a big airport's city where airportsdata files it with more words: "Frankfurt am Main", "Bordeaux/Merignac",
    "Tenerife Island", "Medan, Sumatra Island" are Frankfurt, Bordeaux, Tenerife, Medan.
    Only for a large airport with scheduled flights (``airports-py``): the extra words of
    small fields' cities ("Tours/Val de Loire", "Cat Island") are everyday words."""
    import airportsdata

    from .hubs import AIRPORT_NAMES, MAIN_AIRPORT

    table = airportsdata.load("IATA")
    names = {_fold(row["city"]) for row in table.values() if row.get("city")}
    # Airports people name by their own name ("Heathrow to New York").
    names.update(AIRPORT_NAMES)
    # The cities the planner names a main airport for outright (airportsdata files
    # Montreal's under Dorval): the planner plans them, so they are cities to read.
    names.update(_fold(city) for city in MAIN_AIRPORT)
    for city in _big_airports().values():
        head = re.split(r"\s*[/,]\s*|\s+(?:am|an der|upon)\s+", city)[0]
        names.add(_fold(re.sub(r"\s+Island$", "", head)))
    return frozenset(names)


@lru_cache(maxsize=1)
def _codes() -> frozenset[str]:
    import airportsdata

    return frozenset(airportsdata.load("IATA"))


_GREETINGS = frozenset({"hola"})
"""Greetings that are also a small airport's city ("Hola", Kenya): a request's greeting
("Hola, I need a trip...") names no place."""

_NICKNAMES = {"nyc": "New York", "philly": "Philadelphia", "vegas": "Las Vegas",
              "delhi": "New Delhi", "lisboa": "Lisbon", "milano": "Milan", "munchen": "Munich",
              "muenchen": "Munich", "koln": "Cologne", "wien": "Vienna", "praha": "Prague",
              "warszawa": "Warsaw", "bruxelles": "Brussels", "geneve": "Geneva",
              "kobenhavn": "Copenhagen", "moskva": "Moscow", "bombay": "Mumbai",
              "calcutta": "Kolkata", "peking": "Beijing", "saigon": "Ho Chi Minh City",
              "madras": "Chennai", "nola": "New Orleans", "big easy": "New Orleans",
              "big apple": "New York", "windy city": "Chicago", "chi-town": "Chicago",
              "sin city": "Las Vegas", "motor city": "Detroit", "beantown": "Boston",
              "mile high city": "Denver", "music city": "Nashville", "emerald city": "Seattle",
              "eiffel tower": "Paris", "statue of liberty": "New York",
              "golden gate bridge": "San Francisco", "big ben": "London",
              "la": "Los Angeles", "sf": "San Francisco"}
"""Cities by the names people shorten them to ("Delhi" for New Delhi), call them in
their own tongue or of old ("Lisboa", "Bombay"), by a nickname ("the Big Apple", "NOLA"),
a landmark ("the Eiffel Tower") or their initials in capitals ("LA"), none of them another
place's name but a far smaller one's, which the big city wins as in
:func:`.airports.shared_name` ("Madras": Chennai, not the town in Oregon whose airfield has
no scheduled flights); keyed as :func:`_fold` writes them ("München": "munchen"). A landmark
a stay is near is no city (:data:`_NEAR`)."""
_LANDMARKS = frozenset({"eiffel tower", "statue of liberty", "golden gate bridge", "big ben"})
_NEAR = re.compile(r"\b(?:by|near|next to|close to|beside|around|from|of|overlooking|facing|"
                   r"walk(?:ing distance)?(?: to| from)?)\W+(?:the\W+)?$", re.I)
"""What makes a landmark where a stay should be ("a hotel near the Eiffel Tower", "a view
of the Statue of Liberty"), not the city the trip goes to."""


def _is_city(candidate: str, any_case: bool, capitals: bool = False) -> bool:
    """Whether ``candidate`` names a city (or an airport, by its code): in lower case only
    where case tells nothing (``any_case``); a code that is an everyday word not in a text
    all in capitals (``capitals``)."""
    if _fold(candidate) in _NICKNAMES:
        # "LA", "SF" in capitals only: "la" is a word in many tongues.
        return candidate.isupper() if len(candidate) == 2 else \
            candidate[:1].isupper() or any_case
    if _fold(candidate) in _GREETINGS:
        return False
    if len(candidate) == 3 and candidate.isupper() and candidate not in _NOT_PLACES:
        return candidate in _codes() and not (capitals and candidate in _CAPITAL_WORDS)
    return (candidate[:1].isupper() or any_case) and _fold(candidate) in _cities()


_MISSPELT_CUE = re.compile(r"\b(?:from|outta|out of|leaving|departing)\s+$", re.I)
"""Where a word is the place a trip leaves whatever it is, if a place it goes to follows."""


def _route_to_place(text: str, end: int) -> bool:
    """Whether the words after ``end``, where a place's name ends, go on to another place:
    "to bangkok", "-> Paris" (in any case: the route says it)."""
    joint = re.compile(r"\s*(?:to|->|→|>)\s+", re.I).match(text, end)
    rest = list(_WORD.finditer(text, joint.end()))[:3] if joint else []
    if not joint or not rest or rest[0].start() != joint.end():
        return False
    return any(_is_city(text[rest[0].start():rest[size - 1].end()], True)
               for size in range(1, len(rest) + 1)
               if all(text[a.end():b.start()] == " " for a, b in pairwise(rest[:size])))


@lru_cache(maxsize=1)
def _big_airports() -> dict[str, str]:
    """The large airports with scheduled flights (``airports-py``): their cities by their
    codes."""
    import airportsdata
    from airports import airport_data

    table = airportsdata.load("IATA")
    found = {}
    for row in airport_data.get_airports_by_type("large_airport"):
        airport = table.get(row.get("iata") or "")
        if row.get("scheduled_service") == "TRUE" and airport and airport["city"]:
            found[airport["iata"]] = airport["city"]
    return found


@lru_cache(maxsize=1)
def _big_cities() -> dict[str, str]:
    """The cities of :func:`_big_airports`, by their name as :func:`_fold` writes it: the
    names a misspelt place is read as."""
    return {_fold(city): city for city in _big_airports().values()}


_CODE_SAID = re.compile(r"(?:^|[^\w\s]|\b(?:from|to|outta|out of|into|departing|leaving|"
                        r"flying|flights?))\s*$")
_CODE_ENDS = re.compile(r"\s*(?:$|[^\w\s]|\d|to\b)")


def _small_code(text: str, word: re.Match[str]) -> bool:
    """Whether ``word``, three small letters in a text all in small letters, is an airport's
    code: a large airport's, no everyday word (:data:`_CAPITAL_WORDS`), where a route says
    one ("sfo to seoul", "jfk -> paris", "departing sfo 07/04"; not "to run errands")."""
    code = word.group(0)
    return bool(re.fullmatch(r"[a-z]{3}", code)) and code.upper() in _big_airports() \
        and code.upper() not in _CAPITAL_WORDS | _NOT_PLACES \
        and bool(_CODE_SAID.search(text, 0, word.start())) \
        and bool(_CODE_ENDS.match(text, word.end()))


def _misspelt(name: str) -> str | None:
    """The big city ``name`` misspells ("Seatle": Seattle, "san fransisco": San Francisco),
    or None: a name of five letters or more that is no place's (nor a state's or a
    country's), nearly one big city's name (a letter or two off, its length within one:
    "Provence" is no Providence) and not nearly another's."""
    from .places import places_named

    folded = _fold(name)
    if len(folded) < 5 or folded in _cities() or places_named(name):
        return None
    scores = sorted(((difflib.SequenceMatcher(None, folded, city).ratio(), city)
                     for city in _big_cities() if abs(len(city) - len(folded)) <= 1),
                    reverse=True)[:2]
    if not scores or scores[0][0] < 0.88 \
            or (len(scores) > 1 and scores[1][0] >= scores[0][0] - 0.05):
        return None
    return _big_cities()[scores[0][1]]


def _name_begun(text: str, name: str, end: int, following: list[re.Match[str]]) -> bool:
    """Whether a code (``name``, three capitals, ending at ``end``) is the first word of a
    longer place's name misspelt rather than an airport: with the word after it (after one
    space) it is nearly the name of a city of several words that it begins ("SAN FRANSISCO"
    is nearly San Francisco: not San Diego's code)."""
    if not (len(name) == 3 and name.isupper() and following) \
            or text[end:following[0].start()] != " ":
        return False
    word = _fold(following[0].group(0))
    return len(word) >= 4 and any(difflib.SequenceMatcher(None, word, rest).ratio() >= 0.7
                                  for rest in _names_begun_by().get(_fold(name), ()))


@lru_cache(maxsize=1)
def _names_begun_by() -> dict[str, tuple[str, ...]]:
    """The rest of the names of cities named in several words, by their first word ("san":
    "francisco", "diego", ...)."""
    begun: dict[str, list[str]] = {}
    for city in _cities():
        first, _, rest = city.partition(" ")
        if rest:
            begun.setdefault(first, []).append(rest)
    return {first: tuple(rests) for first, rests in begun.items()}


def same_place(one: str, other: str) -> bool:
    """Whether two names of a slot are one place: a city in any case or accents, or an
    airport code and its city ("BOS", "boston")."""
    return _place_key(one) == _place_key(other)


def _place_key(name: str) -> str:
    from .hubs import AIRPORT_NAMES

    name = name.strip()
    if len(name) == 3 and name.isupper():
        return _code_cities().get(name, _fold(name))
    # "London Heathrow": Heathrow is in London, no second place.
    if _fold(name) in AIRPORT_NAMES:
        return _code_cities()[AIRPORT_NAMES[_fold(name)]]
    return _fold(name)


@lru_cache(maxsize=1)
def _code_cities() -> dict[str, str]:
    import airportsdata

    return {code: _fold(row.get("city") or code)
            for code, row in airportsdata.load("IATA").items()}


def _shown(name: str) -> str:
    """A place's name as the plan shows it: "boston", "BOSTON": Boston; "BOS", "ME" kept;
    an airport named by its name by its code ("Heathrow": LHR), as the planner looks it up."""
    from .hubs import AIRPORT_NAMES

    if _fold(name) in _NICKNAMES:
        return _NICKNAMES[_fold(name)]
    if _fold(name) in AIRPORT_NAMES:
        return AIRPORT_NAMES[_fold(name)]
    return name if (name[:1].isupper() and not name.isupper()) or len(name) <= 3 \
        else name.title()


def _qualifier(text: str, words: list[re.Match[str]],
               any_case: bool) -> tuple[re.Match[str], bool] | None:
    """The state or country ``words`` (those after a city) start with, as in "Portland, Maine",
    "Miami, FL", "Tokyo Japan": one to three words, after a comma or a space; and whether
    it surely is one.

    A code ("FL", "ME") is one in capitals in a text that has small letters too; in small
    letters there it is a word ("me", "in", "or"), and where case tells nothing (a text
    all in one case, or a city in capitals: "BOSTON TO") it could be either (not sure).
    """
    from .places import places_named

    for size in range(min(3, len(words)), 0, -1):
        run = words[:size]
        if any(text[a.end():b.start()] != " " for a, b in pairwise(run)):
            continue
        name = text[run[0].start():run[-1].end()].strip(".'-")
        code = len(name) <= 3
        if code and not any_case and not name.isupper():
            continue
        if (name[:1].isupper() or any_case) and places_named(name):
            found = re.compile(re.escape(name)).match(text, run[0].start())
            return (found, not (code and any_case)) if found else None
    return None


def _qualified(city: str, where: str) -> str | None:
    """The name ``city`` is planned by with the state or country ``where`` after it.

    ``city`` itself where ``where`` picks the airport ``city`` alone gets ("Tokyo, Japan"
    is Tokyo), "city, where" where it picks another ("Portland, Maine" is not Portland,
    Oregon), None where ``where`` has no airport of that name ("Boston, Georgia"). A
    country is also where its territories are, as ISO 3166-2 lists them among its parts:
    "Hong Kong, China" is Hong Kong (HK, a part of China: CN-HK), "San Juan, USA" San
    Juan, Puerto Rico (US-PR).
    """
    import pycountry

    from .airports import main_airport
    from .places import places_named

    qualified = f"{city}, {where}"
    named, alone = main_airport(qualified), main_airport(city)
    if named is None:
        territory = alone is not None and any(
            place.subdivision is None
            and pycountry.subdivisions.get(code=f"{place.country}-{alone.country}")
            for place in places_named(where))
        return city if territory else None
    return city if alone is not None and named.iata == alone.iata else qualified


_ROUTE = re.compile(r"([A-Z]{3})[-/]([A-Z]{3})\b")
"""Two airport codes joined, from the first to the second: "ATL-CUN"."""


def _places(text: str, dates: list[tuple[int, int]]) -> tuple[list[tuple[int, int, str]],
                                                              list[str]]:
    """(start, end, name) of every city the text names, longest names first, and the states
    or countries named after a city that have no airport of that name ("Boston, Georgia").

    A city written in lower case counts in a text written all in lower case (or all in
    capitals), where case tells nothing; the words of a date ("May 3rd", "MAY 3RD") are
    never a city, nor do their capitals (or a code's: "1200 USD") say how the rest is
    written. A state or country after a city is part of its name where it picks another
    airport ("Portland, Maine").
    """
    def in_date(at: int) -> bool:
        return any(start <= at < end for start, end in dates)

    # Nor do a code's ("USD", "NYC", "LA"): who writes in small letters writes codes in
    # capitals.
    codes = [m.span() for m in re.finditer(r"\b[A-Z]{2,3}\b", text)]
    letters = [c for at, c in enumerate(text) if c.isalpha() and not in_date(at)
               and not any(start <= at < end for start, end in codes)]
    any_case = not any(c.isupper() for c in letters) or not any(c.islower() for c in letters)
    words = [word for word in _WORD.finditer(text) if not in_date(word.start())]
    small_letters = not any(c.isupper() for c in letters)
    found: list[tuple[int, int, str]] = []
    unplaced: list[str] = []
    index = 0
    while index < len(words):
        # Two airport codes joined are a route: "ATL-CUN", "BOS/LIS".
        route = _ROUTE.fullmatch(words[index].group(0))
        # "atl-cun" in a text all in small letters, codes no everyday word spells.
        small = small_letters and re.fullmatch(r"([a-z]{3})[-/]([a-z]{3})",
                                               words[index].group(0))
        if small and all(code.upper() in _big_airports()
                         and code.upper() not in _CAPITAL_WORDS | _NOT_PLACES
                         for code in small.groups()):
            route = _ROUTE.fullmatch(words[index].group(0).upper())
        if route and all(_is_city(code, False) for code in route.groups()):
            at = words[index].start()
            found += [(at, at + 3, route[1]), (at + 4, at + 7, route[2])]
            index += 1
            continue
        for size in range(min(4, len(words) - index), 0, -1):
            run = words[index:index + size]
            if any(text[a.end():b.start()] != " " for a, b in pairwise(run)):
                continue
            name = text[run[0].start():run[-1].end()].strip(".'-")
            if _is_city(name, any_case and not (len(name) == 3 and name.isupper()),
                        capitals=not any(c.islower() for c in letters)):
                if _name_begun(text, name, run[0].start() + len(name),
                               words[index + size:index + size + 1]):
                    # "SAN FRANSISCO": not San Diego's code, a longer name not known
                    unplaced.append(text[run[0].start():words[index + size].end()])
                    index += size + 1
                    break
                shown = _shown(name)
                end = run[0].start() + len(name)
                index += size
                after = words[index:index + 3]
                # An airport's code names its place whole ("BOS"): nothing qualifies it.
                # A state's code not surely one only after a comma: "portland, me" may be
                # Maine, "london on the 3rd" is not Ontario.
                where = _qualifier(text, after, any_case or name.isupper()) if after and \
                    len(name) > 3 and re.fullmatch(r",? ", text[end:after[0].start()]) else None
                if where and not where[1] and text[end] != ",":
                    where = None
                qualified = _qualified(shown, _shown(where[0].group(0))) if where else shown
                if where and where[1]:
                    if qualified is None:
                        unplaced.append(text[run[0].start():where[0].end()])
                    end, shown = where[0].end(), qualified or shown
                    index += sum(1 for word in after if word.start() < end)
                elif where and qualified not in (None, shown):
                    # "portland, me": Portland, Maine, or Portland and a word.
                    unplaced.append(text[run[0].start():where[0].end()])
                found.append((run[0].start(), end, shown))
                break
        else:
            # A code in small letters where a route says one, in a text all in small
            # letters ("sfo to seoul"), is that airport.
            if small_letters and _small_code(text, words[index]):
                word = words[index]
                found.append((word.start(), word.end(), word.group(0).upper()))
                index += 1
                continue
            # A name misspelt at one end of a route whose other end is a place ("chicago to
            # san fransisco", "outta Seatle to bangkok"; "a note from Billing" is none).
            at = words[index].start()
            cue = _MISSPELT_CUE.search(text, max(0, at - 12), at)
            joined = bool(found) and bool(re.fullmatch(r"\W*(?:to|->|→|>)\s*",
                                                       text[found[-1][1]:at], re.I))
            for size in (range(min(3, len(words) - index), 0, -1) if joined or cue else ()):
                run = words[index:index + size]
                name = text[run[0].start():run[-1].end()].strip(".'-")
                meant = None if any(text[a.end():b.start()] != " " for a, b in pairwise(run)) \
                    or not (name[:1].isupper() or any_case) \
                    or not (joined or _route_to_place(text, run[-1].end())) \
                    else _misspelt(name)
                if meant:
                    found.append((run[0].start(), run[0].start() + len(name), meant))
                    index += size
                    break
            else:
                index += 1
    # A city and its airport's name ("London Gatwick") are that airport, not the city's
    # main one (Heathrow).
    from .hubs import AIRPORT_NAMES

    merged: list[tuple[int, int, str]] = []
    for start, end, name in found:
        if merged and name in AIRPORT_NAMES.values() and text[merged[-1][1]:start] == " " \
                and same_place(merged[-1][2], name):
            start = merged.pop()[0]
        merged.append((start, end, name))
    return merged, unplaced


_SIGN_OFF = re.compile(r"\b(?:cheers|thanks|thank you|thx|regards|best|best wishes|"
                       r"sincerely|love|ta)\W+(?!(?:from|in|to|out|at|for)\b)"
                       r"([A-Za-z][\w'.-]*(?: [A-Za-z][\w'.-]*)?)\W*$",
                       re.I)
"""A request's sign-off and the name after it, at its end: "Cheers,\nTom"."""
_DENIED = re.compile(r"\bnot\s+((?:(?:leaving|flying|departing|going|heading|travell?ing)\s+)?"
                     r"(?:from|out of|to|into|in)\s+|(?:leaving|departing)\s+)?$", re.I)
"""A place the writer says is not the one: "Not from Newark, from JFK", "JFK, not Newark",
"Not leaving from Newark this time" (its cue, "from", says which slot it is denied for)."""
_ALSO_CUE = re.compile(r"\b(?:and|then|or|plus|also)\W*$", re.I)


_MEANT = re.compile(r"\W+(?:i|we)?\s*(?:meant|mean|meant to (?:say|write|type))\W+$", re.I)
"""What puts the place after it in the place of one just denied: "not Denver, I meant
Boise"."""


def _corrected(text: str, places: list[tuple[int, int, str]]) -> tuple[
        list[tuple[int, int, str]], list[tuple[int, int]]]:
    """(``places`` with each place the writer corrects named as corrected, where the
    corrections are): "Charlotte to Denver ... not Denver, I meant Boise!" plans Boise
    where Denver was named (with Denver's cue), the correction's words read. A place
    denied without another meant right after it is left to :func:`_roles`."""
    spans = []
    for (start, end, name), (after, until, meant) in pairwise(list(places)):
        negated = _DENIED.search(text[max(0, start - 24):start])
        if not negated or negated.group(1) or not _MEANT.fullmatch(text[end:after]):
            continue
        spans.append((start - len(negated.group(0)), until))
        places = [(s, e, meant if same_place(n, name) and s < start else n)
                  for s, e, n in places if (s, e) not in ((start, end), (after, until))]
    return places, spans


def _airport(place: str) -> str | None:
    """The code of the airport a plan for ``place`` flies from or to: a code itself, a
    city's main one ("Tokyo": HND), or None where none is known."""
    from .airports import main_airport
    from .hubs import MAIN_AIRPORT

    if len(place) == 3 and place.isupper():
        return place
    if _fold(place) in MAIN_AIRPORT:
        return MAIN_AIRPORT[_fold(place)]
    found = main_airport(place)
    return found.iata if found is not None else None


def _holds(slot: str, name: str) -> bool:
    """Whether the place ``slot`` holds is the one ``name`` names: the same city, or, for an
    airport named by its code or its name (read as its code), that airport ("to Tokyo,
    Narita please" names NRT, which Tokyo alone, HND, is not; "Boston (BOS)" is Boston's)."""
    if len(name) == 3 and name.isupper() and same_place(slot, name):
        return _airport(slot) in (name, None)
    return same_place(slot, name)


def _roles(text: str, dates: list[tuple[int, int]]) -> tuple[
        str | None, str | None, list[str], list[tuple[int, int, str]]]:
    """(origin, destination, other places, spare places): by the cue before each city
    ("from", "to"), then by order. The other places are states or countries that name no
    airport after their city ("Boston, Georgia"); the spare places are every other city
    the text names that neither slot holds ("to Lisbon and then Porto", "from Boston or
    New York", "HI, CAN YOU... DUBAI, FROM MUMBAI" read with "CAN" the destination): a
    plan without them would ignore them, or be made for another place than meant. A spare
    place without a name is a place denied where another holds its slot ("Not from Newark,
    from JFK"): read, with its "not"."""
    places, others = _places(text, dates)
    # A word a head or a night is counted by is no place ("Price per person": not Price, Utah).
    places = [place for place in places if not re.match(
        r" per (?:person|head|pax|travell?er|night|day)\b", text[place[1]:], re.I)]
    # A landmark a stay is to be near is none of the trip's places: said.
    near = [place for place in places if _fold(text[place[0]:place[1]]) in _LANDMARKS
            and _NEAR.search(text[max(0, place[0] - 30):place[0]])]
    places = [place for place in places if place not in near]
    others += [text[start:end] for start, end, _ in near]
    # The writer's name after a sign-off ("Cheers, TOM": Tom, not Timbuktu) is no place.
    signed = _SIGN_OFF.search(text)
    places = [place for place in places if not signed or place[0] < signed.start(1)]
    places, corrected = _corrected(text, places)
    spare: list[tuple[int, int, str]] = [(start, end, "") for start, end in corrected]
    origin = destination = None
    free = []
    denied = []
    for start, end, name in places:
        before = text[max(0, start - 24):start]
        negated = _DENIED.search(before)
        if negated:
            denied.append((start - len(negated.group(0)), end, name, negated.group(1)))
        elif _ORIGIN_CUE.search(before) and origin is None:
            origin = name
        elif _DESTINATION_CUE.search(before) and destination is None and name != origin:
            destination = name
        else:
            free.append((start, end, name))
    for start, end, name in free:
        if name in (origin, destination):
            continue
        after = text[end:end + 12]
        if origin is None and (re.match(r"\W*(?:(?:to|–|—)\s|based\b)|\s*(?:-|=)?>|\s*→",
                                        after, re.I)
                               or _ROUTE.match(text.upper(), start)):
            origin = name  # "Boston to Oslo", "miami > buenos aires", "ATL-CUN"
        elif destination is None:
            destination = name  # "Tokyo! From San Francisco"
        else:
            spare.append((start, end, name))
    # Checked once both slots are held: "Boston (BOS) to Lisbon" gives BOS the origin after
    # Boston is passed over.
    spare = [(start, end, name) for start, end, name in spare
             if not any(_holds(place, name) for place in (origin, destination) if place)]
    # Another airport of a slot's city, named where the city's main one is denied, is the
    # slot ("to London, into Gatwick please (not Heathrow)" is Gatwick); named without
    # that ("to Tokyo, Narita please") it stays spare, and is said.
    main = {_airport(name) for _, _, name, _ in denied}
    for item in list(spare):
        name = item[2]
        for slot in ("origin", "destination"):
            city = origin if slot == "origin" else destination
            if city and len(name) == 3 and name.isupper() and same_place(city, name) \
                    and _airport(city) in main - {name} and len(city) > 3:
                spare.remove(item)
                if slot == "origin":
                    origin = name
                else:
                    destination = name
                break
    # A place denied is read as such where another holds the slot it was denied for ("Not
    # from Newark, from JFK"): its "not" is read. Otherwise the "not" stays, and is said.
    for start, end, name, cue in denied:
        slots = [origin] if cue and _ORIGIN_CUE.search(cue) else \
            [destination] if cue else [origin, destination]
        if all(slot and not _holds(slot, name) for slot in slots):
            spare.append((start, end, ""))
    return origin, destination, others, spare


def _number(word: str) -> int:
    """A :data:`_COUNT` as a number: "4", "four", "twenty-one"."""
    if word.isdigit():
        return int(word)
    return sum(_WORDS.get(part, _TENS.get(part, 0)) for part in re.split(r"[- ]", word.lower()))


_YEAR_FIRST = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})")
"""A date written year first, in any writing the month follows: "2027-03-10", "2027/8/5" (as
in Japan), "2027.2.19" (as in Korea)."""


def _parse_date(phrase: str, today: date) -> date | None:
    import dateparser

    year_first = _YEAR_FIRST.fullmatch(phrase)
    if year_first:
        try:
            return date(int(year_first[1]), int(year_first[3]), int(year_first[4]))
        except ValueError:
            return None

    base = datetime.combine(today, datetime.min.time())
    parsed = dateparser.parse(phrase, languages=["en"], settings={
        "PREFER_DATES_FROM": "future", "RELATIVE_BASE": base, "DATE_ORDER": "MDY"})
    return parsed.date() if parsed else None


_NUMERIC = re.compile(r"(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})")
"""A date in numbers: "5/14/2027", "14.05.2027", "5/14/27"."""


_UNTIL = r"(?: ?[-–] ?| (?:to|through|thru|till|until) (?:the )?)"
"""What joins the first and last days of a range: "12-15", "12 to the 15"."""
_DAY_RANGE = re.compile(
    rf"\b(?:(?P<m1>{_MONTHS})\.? (?P<a1>\d{{1,2}})(?:st|nd|rd|th)?{_UNTIL}(?P<b1>\d{{1,2}})"
    rf"(?:st|nd|rd|th)?(?! (?:of )?(?:{_MONTHS})\b)|(?P<a2>\d{{1,2}})(?:st|nd|rd|th)?{_UNTIL}"
    rf"(?P<b2>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<m2>{_MONTHS})\.?)(?P<y>,? (?:of )?\d{{4}})?"
    r"\b(?![-/:.]\d)"
    r"(?! ?(?:days?|nights?|nites?|weeks?|people|adults|kids|travell?ers|pax|persons|guests)\b)", re.I)
"""Days of one month, from the first to the last: "Feb 12-15, 2027", "12-15 February", "from
the 12 to the 18 of May 2027" (not "Dec 27 to 2 Jan", two months)."""


_ORDER_SAID = {
    "DMY": re.compile(r"\b(?:day (?:first|1st)|dd[/.-]?mm(?:[/.-]?yy(?:yy)?)?|day[/.-]month|"
                      r"(?:european|uk|british) dates?|"
                      r"(?:european|uk|british) (?:date )?format)\b", re.I),
    "MDY": re.compile(r"\b(?:month (?:first|1st)|mm[/.-]?dd(?:[/.-]?yy(?:yy)?)?|month[/.-]day|"
                      r"(?:(?-i:US)|american) dates?|"
                      r"(?:(?-i:US)|american) (?:date )?format)\b", re.I)}
"""The order a text says its dates in numbers are written in: "(European dates, day
first)", "(month/day/year)", "(day.month.year)", "(DDMMYYYY)", "US date" ("US" in capitals: "the two of us, dates..." is
no order)."""


def _numerals(phrase: str) -> tuple[int, int, int] | None:
    """The three numbers of a date in numbers, as written, or None for another date."""
    match = _NUMERIC.fullmatch(phrase)
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def _numeric_order(dates: list[tuple[int, int, int]]) -> str | None:
    """"MDY" or "DMY": the order the text's dates in numbers are written in, or None.

    A date whose day is over 12 says it ("5/14/2027" is month first, "14/05/2027" day
    first), and the text's other dates are written the same way ("10/4/2027 thru
    10/14/2027" is October 4th). Alone, "04/06/2027" is April 6th to some and June 4th to
    others: with nothing to say which, or dates that say both, there is no order.
    """
    orders = set()
    for first, second, _ in dates:
        if second > 12:
            orders.add("MDY")
        if first > 12:
            orders.add("DMY")
    return orders.pop() if len(orders) == 1 else None


def _numeric_date(numerals: tuple[int, int, int], order: str | None) -> date | None:
    """The day a date in numbers names written in ``order``; None where the order is
    unknown and the day could be either ("04/06/2027"), or no such day is; always None for
    ``order`` "" (an order said that the dates contradict: "05/14/2027 (day first)")."""
    first, second, year = numerals
    if order == "":
        return None  # the text says one order and writes another: none holds
    # A date over 12 on one side has one reading whatever the others say.
    if order is None and first != second and max(first, second) <= 12:
        return None
    month, day = (second, first) if order == "DMY" or first > 12 else (first, second)
    try:
        return date(year + 2000 if year < 100 else year, month, day)
    except ValueError:
        return None


def _weekday_reading(text: str, start: int,
                     numerals: tuple[int, int, int]) -> date | None:
    """The one day a date in numbers of no known order names that the weekday said just
    before it agrees with: "Thursday 2/4/2027" is February 4th, as April 2nd, 2027 is a
    Friday. None where no weekday is said, or both readings or neither agree with it."""
    said = _WEEKDAY.search(text[max(0, start - 14):start])
    if not said:
        return None
    weekday = _WEEKDAYS.index(said.group(1)[:3].lower())
    fits = {day for day in (_numeric_date(numerals, "MDY"), _numeric_date(numerals, "DMY"))
            if day is not None and day.weekday() == weekday}
    return fits.pop() if len(fits) == 1 else None


def _dates(text: str, today: date) -> list[tuple[int, int, date]]:
    """(start, end, day) of every date, in order; "the 17th" is a day of the month before.

    A date in numbers is read by the order the text's dates are written in
    (:func:`_numeric_order`); one that could be either day or month first is left unread.
    """
    # "the third of May" is read as "the   3rd of May": the same length, so positions hold.
    spelled = _ORDINAL.sub(lambda m: f"{_ORDINALS[m.group(1).lower()]}th".rjust(
        len(m.group(1))), text)
    spelled = _ORDINAL_AFTER.sub(lambda m: m.group(1) + f"{_ORDINALS[m.group(2).lower()]}th"
                                 .ljust(len(m.group(2))), spelled)
    spelled = _ORDINAL_ALONE.sub(lambda m: f"{_ORDINALS[m.group(1).lower()]}th"
                                 .ljust(len(m.group(1))), spelled)
    spelled = _ORDINAL_HOME.sub(lambda m: m.group(0)[:m.start(1) - m.start()] + (
        f"{_ORDINALS[m.group(1).lower()]}th".ljust(len(m.group(1)))), spelled)
    spelled = _spoken_years(spelled)
    # Days after a month are no range of the month after them: "Dec 27 to 2 Jan" is two
    # dates, not "27 to 2 Jan".
    ranges = [r for r in _DAY_RANGE.finditer(spelled) if not (
        r["a2"] and re.search(rf"\b(?:{_MONTHS})\.? $", spelled[:r.start()], re.I))]
    matches = [(m, _numerals(m.group(1))) for m in _DATE.finditer(spelled)
               if not any(r.start() <= m.start() < r.end() for r in ranges)]
    order = _numeric_order([numerals for _, numerals in matches if numerals])
    said = {key for key, pattern in _ORDER_SAID.items() if pattern.search(text)}
    if said:
        # The order the text says its dates are in; one its dates (a day over 12) or
        # its words contradict is none.
        order = said.pop() if len(said) == 1 and order in (None, *said) else ""
    # A date of either order is the one its weekday agrees with ("Thursday 2/4/2027").
    found = [(_word_start(text, spelled, m.start()), m.end(), (
        _numeric_date(numerals, order) or (_weekday_reading(spelled, m.start(), numerals)
                                           if order is None else None))
              if numerals else _parse_date(m.group(1), today)) for m, numerals in matches]
    found = [(start, end, day and _on_weekday(spelled, start, end, day, bool(
        re.search(r"\d{4}|\d/\d+$", m.group(1))))) for (start, end, day), (m, _) in zip(
        found, matches, strict=True)]
    days = [(start, end, day) for start, end, day in found if day is not None]
    for r in ranges:
        month, year = r["m1"] or r["m2"], r["y"] or ""
        one, two = (_parse_date(f"{month} {r[first] or r[second]}{year}", today)
                    for first, second in (("a1", "a2"), ("b1", "b2")))
        if one and two and one < two:
            middle = r.start("b1") if r["b1"] else r.start("b2")
            days += [(r.start(), middle, one), (middle, r.end(), two)]
    days += _holidays(spelled, today, days)
    days.sort()
    # A date without its year comes after the dates before it ("the 15th of December 2027
    # ... return the 29th of December" is December 29th, 2027, not 2026).
    for index, ((start, end, day), (match, _)) in enumerate(zip(found, matches, strict=True)):
        earlier = [d for s, _, d in days if s < start]
        if day is None or not earlier or re.search(r"\d{4}|\d/\d+$", match.group(1)) or \
                not re.search(_MONTHS, match.group(1), re.I):
            continue
        base = earlier[-1]
        try:
            day = day.replace(year=base.year)
            if day < base:
                day = day.replace(year=base.year + 1)
        except ValueError:
            continue
        days = [(s, e, day if (s, e) == (start, end) else d) for s, e, d in days]
        found[index] = (start, end, day)
    # A month and day in numbers without a year ("flying home Monday 8/9") is a date only in
    # a text whose order is known, after a date with its year, and after a weekday it
    # agrees with ("24/7", "50/50" and "1/2" are no dates).
    for match in _SHORT_NUMERIC.finditer(spelled):
        said_day = _WEEKDAY.search(spelled[max(0, match.start() - 14):match.start()])
        earlier = [day for s, _, day in days if s < match.start()]
        if order not in ("MDY", "DMY") or not said_day or not earlier or \
                any(s <= match.start() < e for s, e, _ in days):
            continue
        first, second = int(match.group(1)), int(match.group(2))
        month, number = (first, second) if order == "MDY" else (second, first)
        try:
            day = date(earlier[-1].year, month, number)
            if day < earlier[-1]:
                day = day.replace(year=day.year + 1)
        except ValueError:
            continue
        days.append((match.start(), match.end(), day))
    # "the following Friday": the first Friday after the date before it.
    for match in _FOLLOWING.finditer(spelled):
        earlier = [day for s, _, day in days if s < match.start()]
        if not earlier or any(s <= match.start() < e for s, e, _ in days):
            continue
        gap = _WEEKDAYS.index(match.group(1)[:3].lower()) - earlier[-1].weekday()
        days.append((match.start(), match.end(),
                     earlier[-1] + timedelta(days=(gap - 1) % 7 + 1)))
    for match in _DAY_ONLY.finditer(spelled):
        if any(s <= match.start() < e for s, e, _ in days):
            continue
        earlier = [day for s, _, day in days if s < match.start()]
        if earlier:
            base, number = earlier[-1], int(match.group(1))
            try:
                day = base.replace(day=number)
                if day < base:
                    day = (base.replace(day=1) + timedelta(days=32)).replace(day=number)
            except ValueError:
                continue
            days.append((match.start(), match.end(), day))
    # A day alone before the date a range ends on is of that date's month: "from the 12 to
    # May 18th, 2027".
    for match in re.finditer(rf"\bthe (\d{{1,2}})(?:st|nd|rd|th)?{_UNTIL}", spelled, re.I):
        last = next((day for s, _, day in days if s == match.end()), None)
        if last and int(match.group(1)) < last.day \
                and not any(s <= match.start() < e for s, e, _ in days):
            days.append((match.start(), match.end(), last.replace(day=int(match.group(1)))))
    # A date a year carried over, or a day of the month, still agrees with its weekday.
    days = [(start, end, day) for start, end, day in days
            if _on_weekday(spelled, start, end, day, True) == day]
    # A date some weeks or days from another is that many later: "two weeks from Friday the
    # 8th of January 2027" is January 22nd.
    for match in _FROM_DAY.finditer(spelled):
        at = next((i for i, (s, _, _) in enumerate(days) if s >= match.end() and re.fullmatch(
            r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,? *)?(?:the )?",
            spelled[match.end():s], re.I)), None)
        if at is not None:
            _, end, day = days[at]
            shift = _number(match.group(1)) * (7 if match.group(2).lower() == "week" else 1)
            days[at] = (match.start(), end, day + timedelta(days=shift))
    return sorted(days)


_SPOKEN_YEAR = re.compile(rf"\b(?:twenty|two thousand(?: and)?) (twenty|thirty)"
                          rf"(?:[- ]({_UNIT_WORD}))?\b", re.I)
"""A year as people say it: "twenty twenty seven", "two thousand and twenty-seven"."""
_BEFORE_YEAR = re.compile(rf"(?:(?:{_MONTHS})\.? +\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}"
                          rf"(?:st|nd|rd|th)? +(?:of +)?(?:{_MONTHS})) *,? *$", re.I)
"""A month and its day, just before a year: "march 4th", "the 12th of april"."""


def _spoken_years(spelled: str) -> str:
    """``spelled`` with each year said in words right after a month and its day written in
    digits, right-aligned in the same room ("march 4th twenty twenty seven" is read as March
    4th, 2027, as dictation writes it); a year in words elsewhere stays words."""
    def year(match: re.Match[str]) -> str:
        value = year_in_words(match.group(0))
        if value is None or not _BEFORE_YEAR.search(spelled[:match.start()]):
            return match.group(0)
        return str(value).rjust(len(match.group(0)))
    return _SPOKEN_YEAR.sub(year, spelled)


_FROM_DAY = re.compile(rf"\b{_COUNT} (day|week)s? from ", re.I)
"""A count of days or weeks from the date after it: "two weeks from Friday the 8th"."""
_FOLLOWING = re.compile(r"\b(?:the )?following (mon|tues|wednes|thurs|fri|satur|sun)day\b",
                        re.I)
"""A weekday counted from the date before it: "leaving Friday, June 11 ... home the following
Friday" is June 18th."""
_SHORT_NUMERIC = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})(?![\d/])")
"""A month and day in numbers without a year: "8/9"."""
_HOLIDAY = re.compile(
    rf"\b(?:(?:the )?day (?P<side>after|before) |(?P<count>\d{{1,2}}|{_NUMBER_WORDS}) days "
    r"(?P<sides>after|before) |on )?(?P<feast>christmas day|christmas eve|boxing day|"
    r"new year'?s day|new year'?s eve|(?<=after )christmas|(?<=before )christmas|"
    r"(?<=on )christmas|thanksgiving day|(?<=after )thanksgiving|(?<=before )thanksgiving|"
    r"(?<=on )thanksgiving)(?:,? (?P<year>\d{4})\b)?", re.I)
"""A day people name by its feast, on the day or some days after or before it ("on
Christmas Eve", "the day after Christmas 2027", "two days after Christmas"); "over
Christmas" or "for Christmas" is a season, no day (said, as "christmas" is in
:data:`_MEANING`, unless the trip read spans it: :data:`_SEASON`)."""
_FEASTS = {"christmas day": (12, 25), "christmas": (12, 25), "christmas eve": (12, 24),
           "boxing day": (12, 26), "new years day": (1, 1), "new years eve": (12, 31)}
_MOVABLE = ("thanksgiving", "thanksgiving day")
"""Feasts whose day moves, and differs by country: Thanksgiving is the fourth Thursday of
November in the US, the second Monday of October in Canada. Read only where the text also
says the day by its date ("the day after Thanksgiving 2027 (Friday Nov 26)"), as a
confirmation; alone they are said unread, not planned on one country's day."""


def _feast_day(feast: str, year: int) -> date:
    """The day of ``feast`` (a key of :data:`_FEASTS` or :data:`_MOVABLE`) in ``year``; the
    US's Thanksgiving for Thanksgiving."""
    if feast in _MOVABLE:
        first = date(year, 11, 1)
        return first + timedelta(days=(3 - first.weekday()) % 7 + 21)
    month, day = _FEASTS[feast]
    return date(year, month, day)


def _holidays(text: str, today: date,
              days: list[tuple[int, int, date]]) -> list[tuple[int, int, date]]:
    """(start, end, day) of the feasts :data:`_HOLIDAY` reads in ``text`` outside ``days``;
    without a year, the first one on or after the dates before it (or today): "December 27,
    2027, two days after Christmas" is that December 27th."""
    found = []
    for match in _HOLIDAY.finditer(text):
        if any(s < match.end() and match.start() < e for s, e, _ in days):
            continue
        feast = match["feast"].lower().replace("'", "")
        side = (match["side"] or match["sides"] or "").lower()
        count = _number(match["count"]) if match["count"] else 1
        shift = timedelta(days={"after": count, "before": -count}.get(side, 0))
        if match["year"]:
            when = _feast_day(feast, int(match["year"])) + shift
        else:
            base = max([d for s, _, d in days if s < match.start()], default=today)
            when = _feast_day(feast, base.year) + shift
            if when < base:
                when = _feast_day(feast, base.year + 1) + shift
        if feast in _MOVABLE and all(day != when for _, _, day in days):
            continue
        found.append((match.start(), match.end(), when))
    return found


_WEEKDAY = re.compile(r"\b(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs?(?:day)?)?|"
                      r"fri(?:day)?|sat(?:urday)?|sun(?:day)?)\.?,? *(?:the )?(?:on )?$", re.I)
"""A weekday just before a date ("Saturday 4 December", "Fri, 16 July", "Saturday the 11th")."""
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY_NAME = re.compile(r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)day)s?\b", re.I)
"""A weekday by its whole name: "Friday", "Saturdays"."""


def _on_weekday(text: str, start: int, end: int, day: date, year: bool) -> date | None:
    """``day``, the date at ``text[start:end]``, as the weekday said with it has it.

    A weekday and a date that disagree say two days: "Saturday 4 December" written in
    2026, when December 4th is a Friday, is the Saturday of the next year, whose December
    4th is one, where no year was written (``year`` False); otherwise None: the date is
    said unread, not planned on a day the writer did not mean.
    """
    said = _WEEKDAY.search(text[max(0, start - 14):start]) or \
        _WEEKDAY.search(re.split(r"\d", text[start:end])[0])
    weekday = _WEEKDAYS.index(said.group(1)[:3].lower()) if said else day.weekday()
    if day.weekday() == weekday:
        return day
    try:
        later = day.replace(year=day.year + 1)
    except ValueError:
        return None
    return later if not year and later.weekday() == weekday else None


def _word_start(text: str, spelled: str, at: int) -> int:
    """Where the date read at ``at`` of ``spelled`` starts in ``text``: at the ordinal word
    it was spelled from ("the twenty-first of May" is read as "the 21th of May" padded
    before), so no part of that word is left over; of two words ("the twenty seventh of
    May"), both."""
    while at > 0 and spelled[at - 1] == " " and (not text[at - 1].isspace() or (
            at > 1 and spelled[at - 2] == " " and not text[at - 2].isspace())):
        at -= 1
    return at


def find_dates(text: str, today: date | None = None) -> list[tuple[int, date]]:
    """Every date ``text`` names, with where it starts, read by the rules requests are."""
    return [(at, day) for at, _, day in _dates(text, today or date.today())]


_KIN = (r"(?:mother|mom|mum|father|dad|sister|brother|son|daughter|grandmother|grandma|"
        r"granny|grandfather|grandpa|aunt|uncle|cousin|niece|nephew|boss|roommate|"
        r"flatmate|best friend|friend|colleague|buddy|pal|mate)")
"""One person a writer may bring ("my mother"): their party of two only when the writer is
said to go too ("me and my mother"); alone ("a trip for my mother") it says nobody's count."""
_COUPLE = re.compile(r"\b(?:couple(?! (?:of|more|extra|hundred|thousand|grand|[a-z]+s)\b)|"
                     r"two of us|"
                     r"(?:the )?both of us|(?<=for )both(?= *(?:[,;.!?)]|$))|"
                     r"honeymoon|my (?:wife|husband|partner|spouse|girlfriend|"
                     r"boyfriend|fianc[eé]{1,2}|bf|gf|hubby)|"
                     rf"(?:me|myself|i) *(?:and|&|\+|plus) *my {_KIN}(?!['’]| *(?:and|&|\+)|"
                     rf" *, *(?:and |& )?(?:my |our )?(?:{_KIN}|wife|husband|partner|kids?|"
                     r"children|bab(?:y|ies)|friends?|\w+ (?:and|&)))|"
                     rf"my {_KIN} *(?:and|&|\+) *(?:me|myself|i)(?! *(?:and|&|\+)))\b")
"""Who travel as two: "me and my wife", "my partner and I", "me and my bf", "a couple" (not a
count of things: "a couple of days early", "a couple nights", "a couple hundred more"),
"me and my mother" (not "me and my mother and sister", nor "me and my mother, sister";
"me and my sister, 4k total" is two), "for the both of us", "$1800 for both"."""
_TWO_THINGS = re.compile(r"\b(?:flights?|airfare|hotels?|accommodation|lodging|room|car)\b"
                         r"[^.;!?]*?\b(?:and|&|\+|plus|/)\W*(?:an? |the )?(?:flights?|airfare|"
                         r"hotels?|accommodation|lodging|room|car)\b")
"""Two things a budget may be for: "flights and hotel", "a hotel and a flight"."""
_JOINED = re.compile(r"\b(?:plus|along with|as well as|and also|besides|on top of)\W*$")
"""Words that add someone to the people said before them: "the two of us plus my wife" is
three, no couple."""


_GROUP = re.compile(rf"\b{_COUNT} (?:(adults?|grown-?ups?|couples)|kids?|children|child|"
                    r"infants?|babies|baby|teens?|teenagers?|friends?|colleagues?|co-?workers?|"
                    r"buddies|pals|mates|sons?|daughters?|grand(?:children|child|kids?|sons?|"
                    r"daughters?)|classmates|teammates|cousins|siblings|sisters|brothers|nieces|"
                    r"nephews|bridesmaids|groomsmen)\b")
"""A count of some of the party: "2 adults", "3 kids", "two friends", "our three
grandchildren", "me plus my seven bridesmaids", "two couples" (four grown-ups; "a couples
massage" counts no one)."""
_TOTAL = re.compile(rf"\b(?:(?:family|party|group) of {_COUNT}|{_COUNT}(?: (?:people|"
                    r"persons?|travell?ers?|passengers?|of us|guests?)| ?(?:ppl|pax))|"
                    rf"(?:travell?ers|passengers|people|guests|pax|(?:number of|no\.? of|#) ?"
                    rf"(?:travell?ers|passengers|people|guests)|(?:travell?er|passenger|guest|"
                    rf"party) (?:count|number|size)):? {_COUNT}"
                    r"(?! *(?:adults?|kids?|child))(?![-/.:\d])|"
                    rf"we(?: are|['’]re| will be|['’]ll be) {_COUNT}(?= *(?:[,;.!?)]|$)))\b")
"""The whole party counted: "a family of 4", "4 people", "the 4 of us", "2 pax" ("1pax" as
an agent writes it), as a form's field: "travelers: 3", "travelers 3", "Traveller count: 1",
"Number of passengers: 2", and as people say it
of themselves: "we are 2." (not "we are 2 hours away")."""
_SELF_BEFORE = re.compile(r"\b(?:(?:me|myself|i)\s*(?:and|&|\+|plus|with)\s*(?:my |our )?|"
                          r"with my )$")
_SELF_AFTER = re.compile(r"\s*(?:and|&|\+|plus)\s*(?:me|myself|i)\b")
"""The one who writes, joined to a group: "me and 3 friends", "two colleagues and me",
"flying ... with my 2 kids" (the writer brings them; "with our 2 kids" says no count of us,
"for my 2 kids" none of the writer)."""


_AGE = rf"\b(?:\d{{1,2}}|(?:{'|'.join(_TENS)})-(?:{_UNIT_WORD})|{_NUMBER_WORDS})\b"
_AGE_LIST = rf"{_AGE}(?:(?: *(?:,|and|&) *| +){_AGE})*"
_AGES = re.compile(rf" *(?:\( *(?:(?:aged?|ages):? *)?{_AGE_LIST}(?: *years? old)? *\)|"
                   rf",? *(?:aged?|ages):? *{_AGE_LIST}\b|,? *{_AGE_LIST} *years? old\b|"
                   rf",? *{_AGE_LIST}(?= *\)))")
"""The ages of the children just counted: "two kids (8 and 11)", "2 kids aged 5, 7 and 9",
"(eight and eleven)", "(two kids, 6 and 9)", "(two kids 6 and 9)"; never a number alone
after them ("2 kids 5 nights")."""
_DESCRIBED = re.compile(r" *\((?:(?!plus\b|and\b|with\b|or\b)[a-z-]+ ){0,2}(?:friends|"
                        r"colleagues|co-?workers|adults|grown-?ups|students|mates|buddies|"
                        r"siblings|cousins|sisters|brothers)\)")
"""Who a party just counted are, said without a count: "three of us (college friends)"."""
_ONE = (rf"\b(?:me|myself|self|i|wife|husband|spouse|(?:my|our|his|her|their) (?:{_KIN}|wife|"
        r"husband|partner|spouse|girlfriend|boyfriend|fianc[eé]{1,2}|bf|gf|hubby))(?![\w'’])")
"""One person of a list: the writer ("self", as a form or an Indian writer has it), or one
person named by whose they are ("her mum"), a spouse even without ("self, wife and my
mother"; "me and my mother and sister" may be two or three)."""
_LISTED = re.compile(rf"\b{_ONE}(?:(?: *, *(?:and |& )?| +(?:and|&|\+|plus) +|"
                     rf" +(?=(?:my|our|his|her|their) )){_ONE}){{2,}}+"
                     r"(?! *,? *(?:and|&|\+|plus|with|along)\b)")
"""Three people or more listed one by one, none after them: "me, my partner and her mum",
"my wife, my son and I" (the writer among them, see :func:`_listed`)."""


def _listed(lowered: str) -> tuple[int, tuple[int, int]] | None:
    """(how many, where) of the people a list names one by one, the writer among them ("it's
    me, my partner and her mum" is three), or None where no such list is."""
    for match in _LISTED.finditer(lowered):
        people = re.findall(_ONE, match.group(0))
        if any(person in ("me", "myself", "self", "i") for person in people):
            return len(people), match.span()
    return None


_SOLO = re.compile(r"\b(?:solo|just me|only me|by myself|on my own|(?:i['’]?m|i am) the "
                   r"only (?:one|1)(?: going| travell?ing| flying| coming)?)\b")
"""The writer alone: "solo trip", "just me", "I'm the only one going"."""


def _solo(lowered: str) -> re.Match[str] | None:
    """Where the text says its writer travels alone: :data:`_SOLO`, or "alone" where no "we",
    "us" or "our" says others ("I go to visit my sister, alone"; "we want to go alone" is
    no party of one)."""
    alone = re.search(r"\balone\b", lowered)
    if alone and not re.search(r"\b(?:we|us|our)\b", lowered):
        return min((m for m in (_SOLO.search(lowered), alone) if m), key=lambda m: m.start())
    return _SOLO.search(lowered)


_ALL_OF = re.compile(rf"\bfor all {_COUNT}(?= *(?:of us)? *(?:[,;.!?)]|$))")
"""The whole party counted at a clause's end: "3.5k USD for all three"."""
_SELF_AND_PAIR = re.compile(r"\b(?:(?:me|myself|i) *(?:and|&|\+|plus) *(?:my|our) "
                            r"(?:grand)?parents|my (?:grand)?parents *(?:and|&|\+) *"
                            r"(?:me|myself|i))\b(?! *(?:,|and|&|\+|plus|with)\b)")
"""The writer and a pair ("myself and my parents", "my grandparents and I"): three, no one
after them."""


_HEARD = re.compile(r"\bfor (?:to|too) (?:people|persons|travell?ers|passengers|adults|guests)\b")
"""A count of two as dictation writes it down: "for to people"."""


def _party(lowered: str) -> tuple[int, list[tuple[int, int]]] | None:
    """How many travel, and where the text says so ("2 adults and 2 kids" is 4).

    Children or friends alone are not the party: "my wife and I with 2 kids" is 4, "three
    friends and me" is 4; "2 kids" with no grown-up said is left unread, not planned as
    two travelers. A whole party counted ("4 people", "a family of 4") and its groups
    must agree: "4 people (2 adults + 2 kids)" is four, "a family of 4 with 2 kids" is
    four (the rest grown-ups), "5 people: 2 adults and 2 kids" is left unread. Children's
    ages after their count ("two kids (8 and 11)") are read with it, one age a child; the
    writer alone ("solo", "just me") is one where nothing else counts the party; people
    listed one by one with the writer ("me, my partner and her mum") are one a name.
    """
    groups = [m for m in _GROUP.finditer(lowered)
              if not (m.group(2) == "couples" and m.group(1) in ("a", "an"))]
    # Every way the text says the two ("for our honeymoon my fiancee and I") is read.
    # "$2000 for both" is two people only where someone is named beside the writer and
    # no two things are ("flights and hotel, $2000 for both" is one person's).
    pair = bool(re.search(_PEOPLE, lowered)) and not _TWO_THINGS.search(lowered)
    said = [m for m in _COUPLE.finditer(lowered) if pair or m.group(0) != "both"]
    couples = [m.span() for m in said]
    couple = said[0] if said else None
    joined = [start for start, _ in couples if _JOINED.search(lowered, 0, start)]
    if any(start > couples[0][0] for start in joined):
        return None  # "the two of us plus my wife": two and one more
    total = _TOTAL.search(lowered)
    if total and couple and total.start() < couple.end() and couple.start() < total.end():
        total = None  # "the two of us" is the couple
    if groups:
        spans = [m.span() for m in groups]
        for group in groups:
            ages = _AGES.match(lowered, group.end())
            if ages and group.group(2) is None and len(re.findall(_AGE, ages.group(0))) \
                    == _number(group.group(1)):
                spans.append(ages.span())
        count = sum(_number(m.group(1)) * (2 if m.group(2) == "couples" else 1)
                    for m in groups)
        adults = any(m.group(2) for m in groups)
        me = None
        for group in groups:
            before = _SELF_BEFORE.search(lowered[:group.start()])
            after = _SELF_AFTER.match(lowered, group.end())
            me = me or (before.span() if before else after.span() if after else None)
        if not adults and couple:
            count, spans = count + 2, [*spans, *couples]
        elif not adults and me:
            count, spans = count + 1, [*spans, me]
        if total:
            stated = _number(next(g for g in total.groups() if g))
            # "a party of two plus a baby": the baby is beside the two, not among them;
            # whether a lap child is a traveller is for the writer to say.
            if any(re.fullmatch(r"\W*(?:plus|\+|and also|along with|as well as)\W*",
                                lowered[total.end():group.start()]) for group in groups):
                return None
            # Children alone are not all of a party: the rest of it are the grown-ups.
            grown_said = adults or couple or me
            if (stated == count and grown_said) or (stated > count and not grown_said):
                return stated, [total.span(), *spans]
            return None
        if adults or couple or me:
            return count, spans
        # "My sister just had a baby ... it'll be just me": the writer alone, the baby
        # someone visited (read with the writer only: "just me and a baby" is two).
        solo = _solo(lowered)
        return (1, [solo.span()]) if solo else None
    # People listed one by one are the party, or agree with its count ("the 3 of us: me,
    # my wife and my son").
    listed = _listed(lowered)
    if listed:
        if total is None:
            return listed[0], [listed[1]]
        return (listed[0], [total.span(), listed[1]]) if _number(
            next(g for g in total.groups() if g)) == listed[0] else None
    heard = _HEARD.search(lowered)
    if heard and total is None:
        return 2, [heard.span()]
    # "for a conference": an article, no count.
    party = total or re.search(rf"\bfor (?:the )?(?!an?\b){_COUNT}\b(?![ -]?(?:day|night|week|"
                               r"wk|usd|dollars|\$|k\b|hundred|thousand|grand|"
                               r"years?\b|yrs?\b|decades?\b|months?\b|mos?\b|hours?\b|"
                               r"hrs?\b|minutes?\b|mins?\b))"
                               r"(?! *(?:or|to|-|–) *\w)(?![.,/]\d|[ \u00a0\u202f]\d{3}\b)", lowered) \
        or _ALL_OF.search(lowered)
    # "myself and my parents": three, read with a count that agrees, or alone.
    trio = _SELF_AND_PAIR.search(lowered)
    if party:
        described = _DESCRIBED.match(lowered, party.end())
        count = _number(next(g for g in party.groups() if g))
        # "me and my sister ... between the two of us": the couple is the two counted
        # ("two travelers plus my wife" is not).
        return count, [party.span(), *([described.span()] if described else []),
                       *([trio.span()] if trio and count == 3 else []),
                       *(couples if count == 2 and not joined else [])]
    if trio:
        return 3, [trio.span()]
    if couple:
        return 2, couples
    solo = _solo(lowered)
    return (1, [solo.span()]) if solo else None


_OFFSET = re.compile(r" *(?:before|after|early|earlier|later|prior|ahead|beforehand|"
                     r"in advance|ago|from now)\b")
"""What makes a count of days a shift from another day rather than the trip's length: "get
there two days before", "a day early", "a week later"."""
_AFTER_LEAVING = re.compile(r" *(?:after|later than) (?:(?:we|i) (?:fly out|leave|depart|"
                            r"set off|head out)|(?:the )?(?:departure|outbound(?: flight)?))\b")
"""A shift from the day the trip leaves, which makes it the trip's length: "come back exactly
one week after we fly out" (not "after we arrive": a long flight lands the next day)."""


_HOME_LATER = re.compile(r"\b(?:(?:com(?:e|ing)|fly(?:ing)?|head(?:ing)?|go(?:ing)?|get(?:ting)?) "
                         r"(?:back|home)|return(?:ing)?|back)\s+$")
_LEFT_BEFORE = re.compile(r"\b(?:leav(?:e|ing)|depart(?:ing)?|fly(?:ing)? out|head(?:ing)? out)\b"
                          r"(?![^.;!?]*\b(?:arriv\w*|land\w*|get(?:ting)? (?:there|in)|"
                          r"check(?:ing)? in)\b)[^.;!?]*$")
"""A return some days "later", counted from the day the trip leaves: "leaving on Saturday
the 6th and coming back a week later" is a week's trip. Later than an arrival, or with no
leaving said before it in its sentence, it is no length."""


_DAYS = re.compile(rf"\b{_COUNT}[ -](day|night|nite|week|wk|fortnight)s?\b|\b(a )?(fortnight)\b")
_LATER = re.compile(r" *later\b")


def _home_later(lowered: str, match: re.Match[str]) -> bool:
    """Whether the count of days ``match`` is a return later than the leaving."""
    return bool(_LATER.match(lowered, match.end())
                and _HOME_LATER.search(lowered, 0, match.start())
                and _LEFT_BEFORE.search(lowered, 0, match.start()))


_TRIP_NOUN = re.compile(r"\b(?:trips?|vacations?|vacay|holidays?|getaways?|stays?|visits?|"
                        r"breaks?|tours?|journeys?|itinerar(?:y|ies)|adventures?|excursions?|"
                        r"escapes?|honeymoons?|weekends?|jaunts?)\b")
_FOLLOWS_LENGTH = frozenset({
    "in", "at", "to", "for", "from", "and", "or", "with", "on", "of", "starting", "leaving",
    "departing", "away", "total", "max", "please", "pls", "then", "there", "only", "but", "so",
    "is", "are", "the", "a", "an", "back", "home", "flying", "returning", "round", "i", "we",
    "me", "us", "it", "just", "all", "off", "out", "long", "later", "after", "before"})


def _of_something_else(lowered: str, length: re.Match[str]) -> bool:
    """Whether the count of days ``length`` is a thing's, not the trip's: joined to what it
    counts as one word ("my 13-week contract", "a 6 week course", "a week-long conference");
    a trip's ("a 5-day beach trip", "a 7 night stay") and a length alone ("two weeks in
    Rome") are the trip's length."""
    if not (re.search(r"\w-\w", length.group(0)) or lowered.startswith("-long", length.end())
            or (not length.group(0).endswith("s") and _days(length) > 1
            and not length.group(0).startswith(("a ", "an ", "one ", "1 ")))):
        return False
    after = re.match(r"(?:-long)?((?: [a-z'’-]+){1,3})", lowered[length.end():])
    if not after or after.group(1).split()[0] in _FOLLOWS_LENGTH:
        return False
    return not _TRIP_NOUN.search(after.group(1))


def _length(lowered: str) -> tuple[tuple[int, int], int] | None:
    """(where, how many days) of the trip's length in ``lowered`` ("4 days", "a week", "4
    nites" as people text it).

    None for a length that is no one number of days: a range ("5 or 6 nights", "5-6
    nights"), a part ("half a week", "a week and a half"), a fraction ("1.5 weeks") or a
    floor ("a week and a bit", "a week or longer", "10 days+"); its words are then left
    over, and said.
    """
    length = next((m for m in _DAYS.finditer(lowered)
                   if (not _OFFSET.match(lowered, m.end())
                       or _AFTER_LEAVING.match(lowered, m.end()) or _home_later(lowered, m))
                   and not _of_something_else(lowered, m)), None)
    if not length:
        return None
    leaving = _AFTER_LEAVING.match(lowered, length.end()) or (
        _LATER.match(lowered, length.end()) if _home_later(lowered, length) else None)
    if re.search(r"(?:\d\s*(?:-|–|or|to)|\d\.|\bhalf(?: of)?)\s*$", lowered[:length.start()]) \
            or re.match(r"\s*(?:and a (?:half|bit)|(?:-|–|or|to)\s*(?:\d|an?\b|one|two|three|"
                        r"four|five|six|seven|eight|nine|ten)|,? *(?:or|and|maybe|perhaps|"
                        r"possibly) (?:longer|more)\b|\+|plus\b)", lowered[length.end():]):
        return None
    return (length.start(), leaving.end() if leaving else length.end()), _days(length)


def _days(length: re.Match[str]) -> int:
    """How many days a :data:`_DAYS` match counts."""
    unit = length.group(2) or length.group(4)
    return _number(length.group(1) or "a") * {"week": 7, "wk": 7, "fortnight": 14}.get(unit, 1)


def _said_again(lowered: str, days: int) -> list[tuple[int, int]]:
    """Returns later than the leaving that count the trip's length read once more ("need a
    week in Honolulu ... leaving the 6th and coming back a week later")."""
    return [(m.start(), lowered.index("later", m.end()) + len("later"))
            for m in _DAYS.finditer(lowered) if _home_later(lowered, m) and _days(m) == days]


_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "k": 1000, "million": 1_000_000,
           "m": 1_000_000}
_SPELLED = f"{_NUMBER_WORDS}|zero"
_SCALE_WORD = "hundred|thousand|million|grand"
_NUMBER_WORD = rf"(?:{_SPELLED}|{_SCALE_WORD})"
_AMOUNT = (rf"(\d{{1,3}}(?:[.\u00a0\u202f ]\d{{3}})+(?![\d,]|\.\d)|"
           rf"\d(?:,?\d)*(?:\.\d+)?(?:\s*k\b|m\b|[ -](?:{_SCALE_WORD})\b|"
           rf" (?:and )?\d{{1,3}}(?=[ -](?:hundred|thousand)\b))*|"
           rf"(?:an? (?={_SCALE_WORD})|(?=(?:{_SPELLED})\b)){_NUMBER_WORD}"
           rf"(?:(?:[ -]|(?:(?<=hundred)|(?<=thousand)|(?<=million)),? and ){_NUMBER_WORD})*\b)")
"""An amount as people write it: "2500", "2,500", "6 000" and "5.000" (thousands set apart
as much of Europe sets them), "2.5k", "3 thousand", "6 thousand 5 hundred", "two thousand five
hundred", "a thousand"; :func:`_amount` gives its value."""


def _amount(phrase: str) -> float | None:
    """The value of an :data:`_AMOUNT` phrase ("two thousand five hundred": 2500), or None."""
    total = current = 0.0
    seen = False
    for token in re.findall(r"\d[\d,]*(?:\.\d+)?|[a-z]+", phrase):
        if token[0].isdigit():
            current += float(token.replace(",", ""))
        elif token in ("a", "an"):
            current += 1
        elif token in _WORDS or token in _TENS or token == "zero":
            current += _WORDS.get(token, _TENS.get(token, 0))
        elif token == "hundred":
            current = (current or 1) * 100
        elif token in _SCALES:
            total, current = total + (current or 1) * _SCALES[token], 0.0
        elif token == "and":
            continue
        else:
            return None
        seen = True
    return total + current if seen else None


_AFTER_AMOUNT = frozenset({"and", "for", "total", "in", "all", "overall", "tops", "max",
                           "maximum", "or", "but", "please", "including", "budget", "with"})
"""Words that may follow a budget written without a currency ("budget 2500 for two")."""


_SPENT = re.compile(r"\b(?:spent|paid|cost(?:s|ed)?|charged|earn(?:s|ed)?)\s*(?:about |around "
                    r"|roughly |only |just |over |almost |nearly )?(?:us)?\$?\s*$")
"""A verb of money gone or earned just before an amount: "we paid $210", "it cost 900"."""
_LEAST_BUDGET = 100
"""Less than any trip costs: an amount under it ("max. $5", "5 USD") is a number misread (a
thousands separator taken for a decimal point: "5.000" is 5 only to some), left unread."""


_FOR_US = (rf"(?: *for (?:the )?(?:both|all|{_NUMBER_WORDS}|\d+)(?: of us)?|"
           r" *for us(?: (?:two|both|all))?)?")
"""Whom an amount ending its clause is for: "1k max for both of us", "900 tops for the two
of us" (the party is read on its own)."""


def _budget(lowered: str) -> tuple[tuple[int, int], float] | None:
    """(where, how much) of the budget ``lowered`` states, in dollars, or None.

    "at most", "below" and the like name a budget only with a currency ("less than 5
    days"), as does an amount in words without "budget" ("two thousand five hundred
    dollars"); a scale word after an amount multiplies it ("3 thousand": 3000).
    """
    currency = r"(?:usd|(?:us |u\.s\. )?dollars?|bucks|us\$|\$)"
    # "US$4500", "2,200 US dollars": the US's dollars, as "USD"; "A$", "CA$", "NZ$" are not.
    sign = r"(?:usd|us\$|(?<![a-z])\$)"
    # "We'd rather not spend more than $5,000", "don't want to pay over $900", "prefer not
    # to spend more than": the "not" is read with the cap it makes.
    capped = (r"(?:below|at most|(?:no|not|n't)(?: (?:want|like|plan|wish|intend)(?: to)?|"
              r" to)?"
              r"(?: (?:spend|pay|go))? (?:more than|over|above)|less than|"
              r"(?:can(?:no|')t|can not|"
              r"must(?:n't| not)|should(?:n't| not)|won't) (?:go over|go above|exceed|be over|"
              r"be more than))\s*")
    for pattern in (
            rf"(?:budget(?: of| is|:)?(?: around| about| roughly| approx(?:imately|\.)?| ~)?|"
            rf"under|max(?:imum)?|up to|spend(?:ing)?(?: at most| up to| no more than)?)\s*"
            rf"{sign}?\s*{_AMOUNT}(?:\s*{currency})?",
            rf"{capped}{sign}\s*{_AMOUNT}", rf"{capped}{_AMOUNT}\s*{currency}",
            rf"{sign}\s*{_AMOUNT}", rf"(?<![\w.,]){_AMOUNT}\s*{currency}",
            # Thousands alone in a clause ("6.5k", "4k total", "2k budget"): money, as "5k
            # run" is not.
            r"(?<![\w.,$])(\d+(?:\.\d+)?k)\b(?= *(?:total|in total|all in|in all|tops|max|at most|"
            rf"budget)?{_FOR_US}(?: *(?:please|pls|plz))?"
            r" *(?:[,;.!?)]|$))",
            # Hundreds or more capped at a clause's end ("1200 max", "900 tops", "1,500 at
            # most", "900 budget"): money, as "2 stops max" is not.
            r"(?<![\w.,$])(\d{1,3}(?:,\d{3})+|[1-9]\d{2,})\s*(?:max(?:imum)?|tops|at most|"
            r"budget)"
            rf"(?={_FOR_US} *(?:[,;.!?)]|$))",
            # A count of grand ends a clause the same ("about five grand to spend", "5
            # grand total"); "a grand" alone is not counted ("a grand tour", "maybe a grand").
            rf"(?<![\w.,$])(?!an? ){_AMOUNT}(?<=grand)(?= *(?:to spend|total|in total|all in|"
            rf"in all|tops|max)? *(?:[,;.!?)]|$))"):
        for match in re.finditer(pattern, lowered):
            phrase = match.group(1).strip(" ,-")
            # What was spent or is earned is no budget: "we spent $5000 last time".
            if _SPENT.search(lowered, 0, match.start(1)):
                continue
            # "6 000" is six thousand; "5.000" five thousand to some, five to others, and
            # five is no trip's budget ("150.000", a budget either way, is none).
            grouped = re.fullmatch(r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+", phrase)
            if grouped and re.fullmatch(r"\d+\.\d{3}", phrase) \
                    and float(phrase) >= _LEAST_BUDGET:
                continue
            amount = _amount(re.sub(r"\D", "", phrase) if grouped else phrase)
            if not amount or amount < _LEAST_BUDGET:
                continue
            # Words alone ("under five days", "up to three") are a budget after "budget"
            # or before a currency only.
            if not re.search(r"\d", phrase) and not (
                    lowered[match.start():match.start() + 6] == "budget"
                    or re.search(rf"{currency}\s*$", match.group(0))
                    or re.match(rf"(?!an? )(?:{_SPELLED})\b.* grand$", phrase)):
                continue
            # A range ("2-3k", "2000 to 3000 dollars") is no one budget: left unread.
            if re.match(r"\s*(?:-|–|to|or)\s*[$\d]", lowered[match.end():]):
                continue
            # Without a currency, a number that counts something else is no budget: "under
            # 5 km", "max 2 stops" (left unread, and said).
            after = re.match(r" *(?:at most\b)? *([a-z]+)", lowered[match.end():])
            if after and after.group(1) not in _AFTER_AMOUNT and \
                    not re.search(rf"{currency}|grand$", match.group(0)) and \
                    not _EACH.match(lowered, match.end()):
                continue
            return match.span(), amount
    return None


_OTHER_MONEY = (r"(?:cad|aud|nzd|sgd|hkd|mxn|eur|gbp|jpy|chf|inr|brl|krw|cny|rmb|zar|sek|nok|"
                r"dkk|euros?|pounds?|quid|yen|rupees?|pesos?|reais|yuan|kron(?:a|or|er)|[€£¥₹])")
_FIGURE = r"(?:\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+|\d+(?:[.,]\d+)?k?)"
_ABOUT = r"(?:about|around|roughly|approx(?:imately|\.)?|~|=|close to|nearly|almost|some)"
_CONVERTED = re.compile(
    rf"\b(?:budget|spend|afford|under|up to|max(?:imum)?|total|keep|cap|have|got)\b"
    rf"[^.;!?$]{{0,25}}?((?:{_OTHER_MONEY}) ?{_FIGURE}|{_FIGURE} ?{_OTHER_MONEY})"
    rf"(?: *[(,–-])? *(?:(?:(?:which|that|it|this) (?:is|'s|comes to|makes)|"
    rf"(?:which |that )?i make(?: it| that)?|or|i\.e\.)(?: {_ABOUT})?|{_ABOUT}) *$")
"""A budget in other money, then in dollars: "our budget is 40,000 pesos, around 2,300
dollars", "RMB 30,000 (about USD 4,200)", "under €1,200, which I make about $1,300". The
dollars are the budget; the other money, said as the budget just before them, says the same.
Another amount so said ("the hotel is 200 euros, about $220") is still said."""


def _converted(lowered: str, start: int) -> tuple[int, int] | None:
    """Where the budget ending just before ``start`` is said in other money, or None."""
    match = _CONVERTED.search(lowered, 0, start)
    return match.span(1) if match else None


def _undated(text: str) -> str:
    """``text`` in lower case with its dates blanked: their numbers count nothing else."""
    lowered = text.lower()
    for start, end, _ in _dates(text, date.today()):
        lowered = lowered[:start] + " " * (end - start) + lowered[end:]
    return lowered


def stated_length(text: str) -> str | None:
    """The words that say how long the trip lasts, in lower case ("4 days"), or None."""
    length = _length(_undated(text))
    return text.lower()[slice(*length[0])] if length else None


def stated_days(text: str) -> int | None:
    """How many days the request says the trip lasts ("4 nights": 4), None if it does not."""
    length = _length(_undated(text))
    return length[1] if length else None


def read_request(text: str, today: date | None = None) -> dict[str, Any]:
    """The preference fields a request states (keys as ``TripPreferences`` names them)."""
    return read_fully(text, today)[0]


_ITEM = re.compile(r"^[ \t]*(\d{1,2})[.)](?=[ \t])", re.M)
"""A list's number at a line's start: "1. From: Detroit"."""


def _unnumbered(text: str) -> str:
    """``text`` without the numbers of a list its lines are ("1. From: Detroit\n2. To:
    Cancun"): numbered 1, 2, 3... in order, they count nothing; one number alone at a line's
    start ("2. adults") is kept, and read."""
    items = list(_ITEM.finditer(text))
    if len(items) < 2 or [int(m.group(1)) for m in items] != list(range(1, len(items) + 1)):
        return text
    for match in reversed(items):
        text = text[:match.start(1)] + " " * (match.end() - match.start(1)) + text[match.end():]
    return text


def read_fully(text: str, today: date | None = None) -> tuple[dict[str, Any], list[str]]:
    """(the preference fields a request states, the phrases it says and no field holds).

    The second part lists what would change a plan and that nothing here reads: a
    number or date left over, a negation ("not before ..."), a class of travel, a cap on
    a night's price. A caller must not plan without it and say nothing.
    """
    today = today or date.today()
    text = " ".join(_unnumbered(text).split())  # spacing says nothing
    found: dict[str, Any] = {}
    used: list[tuple[int, int]] = []
    spans = _dates(text, today)
    origin, destination, others, spare = _roles(text, [(start, end) for start, end, _ in spans])
    if origin:
        found["origin"] = origin
    if destination and destination != origin:
        found["destination"] = destination
    # A city named alone that another place shares, nothing telling them apart, is said:
    # "Atlanta to Birmingham" (Alabama's, or England's?), "Springfield", "Bali"; so is one
    # whose state or country after it, in brackets, is not where its airport is
    # ("Birmingham (Alabama)" is not England's).
    from .airports import shared_name

    for slot, beside in (("origin", "destination"), ("destination", "origin")):
        name = found.get(slot)
        if not name or "," in name or (len(name) == 3 and name.isupper()):
            continue
        told = _told_apart(text, name)
        said = any(other.casefold().startswith(name.casefold()) for other in others)
        if not said and (told is False
                         or (told is None and shared_name(name, found.get(beside)))):
            others.append(name)
    # A date after "back" or "returning" is the return, wherever it stands.
    home = next((i for i, (start, _, _) in enumerate(spans)
                 if _RETURN_CUE.search(text[max(0, start - 24):start])), None)
    # A day said again ("December 27, 2027, two days after Christmas") is no second date.
    away = [i for i in range(len(spans)) if i != home
            and all(day != spans[i][2] for _, _, day in spans[:i])]
    if away:
        found["depart"] = spans[away[0]][2].isoformat()
        used.append(spans[away[0]][:2])
    back = home if home is not None else (away[1] if len(away) > 1 else None)
    # Only the dates read are used: a third date, or a return before the departure, is
    # said unread, not dropped.
    if away and back is not None and spans[back][2] >= spans[away[0]][2]:
        found["return"] = spans[back][2].isoformat()
        used.append(spans[back][:2])
    # One day named, and the trip set around it ("the wedding is on May 22; I'd like to get
    # there two days before and fly home the morning after"): the trip's days, the day's
    # words read.
    around = _around(text, spans) if len(spans) == 1 and home is None else None
    event = set()
    if around:
        for slot, day in zip(("depart", "return"), around[0], strict=True):
            found.pop(slot, None)
            if day:
                found[slot] = day.isoformat()
        used += around[1]
        event.add(spans[0][2].isoformat())
    # A day read said again is read with it: "on 9/20/2027 (US date, so September 20)".
    read = {found.get("depart"), found.get("return"), *event}
    used += [(start, end) for start, end, day in spans if day.isoformat() in read]
    # A weekday a date read falls on says nothing more ("Friday, June 11", "the Tuesday after
    # (4 May)", "flying out on Friday" with Friday's date said); another is said.
    days_read = {date.fromisoformat(day).weekday() for day in read if day}
    used += [match.span() for match in _WEEKDAY_NAME.finditer(text)
             if _WEEKDAYS.index(match.group(1).lower()[:3]) in days_read]
    # Any other date is said, in words too ("tomorrow ... or next friday"), where its
    # numbers, if any, would be.
    others += [text[start:end] for start, end, day in spans if day.isoformat() not in read
               and not re.search(r"\d", text[start:end])]
    # The numbers of a date count nothing else: "return 2027-01-27 travellers 2" is not a
    # party of 27.
    lowered = text.lower()
    for at, until, _ in spans:
        lowered = lowered[:at] + " " * (until - at) + lowered[until:]
    length = _length(lowered)
    if length:
        start = date.fromisoformat(found["depart"]) if "depart" in found else None
        if "return" not in found and start:
            found["return"] = (start + timedelta(days=length[1])).isoformat()
        # A length that disagrees with the return date stated is left unread.
        if start is None or found["return"] == (start + timedelta(days=length[1])).isoformat():
            used.append(length[0])
            used += _said_again(lowered, length[1])
    # Dictation writes "to" as it hears it, a text as "2": "from detroit two las vegas".
    if origin and destination:
        used += [m.span() for m in re.finditer(r"\b(?:two|too|2)\b", lowered)
                 if lowered[:m.start()].rstrip().endswith(_fold(origin))
                 and lowered[m.end():].lstrip().startswith(_fold(destination))]
    party = _party(lowered)
    if party:
        found["travelers"], spans_party = party
        used += spans_party
        solo = _solo(lowered)
        if solo and spans_party == [solo.span()]:
            used += _people_visited(lowered)
        else:
            # Whom the trip goes to see is no traveller ("to visit my sister").
            used += [m.span() for m in re.finditer(_PEOPLE, lowered)
                     if _TO_SEE.search(lowered, 0, m.start())]
            used += _named_in_count(lowered, party[0], spans_party, used)
    else:
        # "with my family": more than one, and no count to plan for (one is assumed where
        # nothing is said); beside a count ("a family trip, 4 people") it is that party.
        others += [m.group(0) for m in _UNCOUNTED.finditer(text)][:1]
        # "We want to go...": the writer and others, however many.
        others += [m.group(0) for m in _WE.finditer(text)][:1]
    # A pair named ("my parents") is the party of two counted whole ("Two travellers").
    total = _TOTAL.search(lowered)
    if party and party[0] == 2 and total and total.span() in party[1]:
        used += [m.span(1) for m in _PAIR.finditer(lowered)]
    used += [m.span() for m in _OCCASION.finditer(lowered)]
    used += [m.span() for m in _YEARS_PAST.finditer(lowered)]
    used += [m.span() for m in _ONE_TRIP.finditer(lowered)]
    if "depart" in found and "return" in found:
        used += _seasons_spanned(lowered, date.fromisoformat(found["depart"]),
                                 date.fromisoformat(found["return"]))
    budget = _budget(lowered)
    # "No budget in mind" says none: nothing to read, nothing left over; beside a budget
    # read it is said ("no budget limit, around $2000").
    nothing = _NO_BUDGET.search(lowered)
    if nothing and not budget:
        used.append(nothing.span())
    if budget:
        used.append(budget[0])
        found["budget"] = budget[1]
        other = _converted(lowered, budget[0][0])
        if other:
            used.append(other)
        # "3500 USD only." (as a cheque writes it): that amount, nothing restricted.
        alone = _AMOUNT_ONLY.match(lowered, budget[0][1])
        if alone:
            used.append(alone.span())
        # A budget a head is the party's once the party is counted ("$1,200 per person"
        # for three is 3600); "per adult" with children, or no count, stays unread.
        each = _EACH.match(lowered, budget[0][1])
        # "Each" before the spending ("we can each spend about $800", "each of us has
        # $800") says it as much as after the amount.
        before = next((m for m in _EACH_BEFORE.finditer(lowered)
                       if m.start() < budget[0][0] <= m.end() <= budget[0][1]), None)
        head = each or before
        if head and party:
            used.append(head.span())
            found["budget"] = budget[1] * party[0]
        # "$3,000 total for the group (not each!)": the party's, as read.
        whole = _NOT_EACH.match(lowered, budget[0][1])
        if whole and not head:
            used.append(whole.span(1))
    # Someone named by name beside the writer ("with Sarah", "Tom is joining me") is a
    # traveller no count holds.
    slots = [found[slot] for slot in ("origin", "destination") if slot in found]
    for match in _NAMED.finditer(text):
        group = 1 if match.group(1) else 2
        if _a_name(text, *match.span(group)) \
                and not any(same_place(match.group(group), slot) for slot in slots):
            others.append(match.group(group))
    # A city no slot holds is said, unless another slot read its words ("2 PPL" is people,
    # whatever airport "PPL" is).
    others += [name for start, end, name in spare
               if name and all(end <= s or start >= e for s, e in used)]
    used += [(start, end) for start, end, name in spare if not name]
    return found, [*others, *_unread(text, used)]


_SHIFT = re.compile(rf"\b(?:{_COUNT} (?:days?|nights?)|the (?:day|morning|afternoon|evening|"
                    r"night)) (before|after|early|earlier|later|prior)\b(?= *(?:[,;.!?)]|and\b|$))",
                    re.I)
"""A shift from a day said before it, closing its clause: "two days before", "the morning
after" ("two days before the wedding" names another day, not said)."""
_TO_ARRIVE = re.compile(r"\b(?:get(?:ting)? (?:there|in)|arriv\w*|fly(?:ing)? (?:in|out)|"
                        r"be there|head(?:ing)? (?:out|over|there))\b[^,;.!?]*$", re.I)
_TO_GO_HOME = re.compile(r"\b(?:(?:fly(?:ing)?|com(?:e|ing)|head(?:ing)?|go(?:ing)?|"
                         r"get(?:ting)?|travell?(?:ing)?) (?:home|back)|return\w*|leav\w*)\b"
                         r"[^,;.!?]*$", re.I)
_DATE_AS_LEG = re.compile(r"\b(?:leav|depart|fly|flies|flight|out|start|from|arriv|land|back|"
                          r"return|home)\w*\W+(?:\w+\W+){0,3}$", re.I)
"""A word that makes the date a few words after it a leg's own: "leaving May 20", "lands in
Denver May 10"."""


def _around(text: str, spans: list[tuple[int, int, date]]) -> tuple[
        tuple[date, date | None], list[tuple[int, int]]] | None:
    """((depart, return), where) of a trip set around the one day ``spans`` holds, an
    event's: arriving some days before it ("get there two days before") and, if said, going
    home some days after ("fly home the morning after"); None where the day is a leg's own
    ("leaving May 20") or no arrival before it is said."""
    start, end, day = spans[0]
    if _DATE_AS_LEG.search(text[max(0, start - 40):start]):
        return None
    shifts = [m for m in _SHIFT.finditer(text) if m.start() >= end]
    before = [m for m in shifts if m.group(2).lower() in ("before", "early", "earlier", "prior")
              and _TO_ARRIVE.search(text[:m.start()])]
    after = [m for m in shifts if m.group(2).lower() in ("after", "later")
             and _TO_GO_HOME.search(text[:m.start()])]
    if len(before) != 1 or len(after) > 1 or len(shifts) != len(before) + len(after):
        return None
    def days(match: re.Match[str]) -> int:
        return _number(match.group(1)) if match.group(1) else 1
    back = day + timedelta(days=days(after[0])) if after else None
    return (day - timedelta(days=days(before[0])), back), [m.span() for m in shifts]


_NAMED = re.compile(r"(?-i:\b(?:[Ww]ith|and|&|\+|plus|joined by|bring(?:ing)?)\s+"
                    r"([A-Z][a-z]{2,})\b)|"
                    r"(?-i:\b([A-Z][a-z]{2,}) (?:is|will be|['’]s) (?:joining|coming|flying|"
                    r"travell?ing|going|tagging))")
"""A person named by name beside the trip: "with Sarah", "Sarah and Tom" (the second),
"Mr. and Mrs. Smith", "Tom is joining me"."""


def _a_name(text: str, start: int, end: int) -> bool:
    """Whether the capitalised word at ``text[start:end]``, beside "with", "and"..., may be a
    person's name: not the first word of a city's longer name said there ("and Mexico
    City"), no month, weekday, feast nor form of address (the trip's own cities are left out
    where it is read)."""
    after = [word.group(0) for word in _WORD.finditer(text, end, end + 40)][:3]
    longer = any(_fold(" ".join([text[start:end], *after[:size]])) in _cities()
                 for size in range(1, len(after) + 1))
    return not (longer or re.fullmatch(rf"{_MONTHS}|(?:mon|tues|wednes|thurs|fri|satur|sun)"
                                       r"day|christmas|easter|thanksgiving|sir|madam|dear",
                                       _fold(text[start:end])))


_SEASON = re.compile(r"(?<!home for )(?<!back for )(?<!home by )(?<!back by )(?<!before )"
                     r"(?<!until )(?<!till )\b(christmas|xmas|new year(?:'?s)?)\b"
                     r"(?! (?:day|eve)\b)")
"""A feast named as a season spent away ("to Madrid for christmas", "over New Year's"), not
as a day, nor as a time to be back by ("home for Christmas" is said: the trip's return)."""


def _seasons_spanned(lowered: str, depart: date, back: date) -> list[tuple[int, int]]:
    """Where ``lowered`` names a feast as a season that the trip from ``depart`` to ``back``
    spans: "home to Madrid for christmas, leaving 18 December, back 6 January" says
    nothing the dates do not; a feast outside them ("for Christmas", leaving in March) is
    left unread, and said."""
    spanned = []
    for match in _SEASON.finditer(lowered):
        feast = {"xmas": "christmas"}.get(match.group(1), match.group(1)).replace("'", "")
        feast = "new years day" if feast.startswith("new year") else feast
        if any(depart <= _feast_day(feast, year) <= back
               for year in range(depart.year, back.year + 1)):
            spanned.append(match.span())
    return spanned


_CLAUSE_END = re.compile(r"[.,;:!?()]| [-–—] ")
_TOGETHER = re.compile(r"\b(?:with|(?:and|&|\+) (?:me|i|myself)|bring\w*|tak(?:e|es|ing)|plus|"
                       r"join\w*|com(?:e|es|ing)|along|accompan\w*|travell?\w*|fl(?:y|ies|ying)|"
                       r"go(?:es|ing)?|tag\w*|we|us|our|together|too|also|both|all)\b")
"""Words that may make someone named a traveller: "with my sister", "bringing the baby", "my
son joins", "our kids", "she's coming too"."""


_TO_SEE = re.compile(r"\b(?:visit(?:ing)?|see(?:ing)?|meet(?:ing)?)\s+(?:my|our|his|her)?\s*$")
"""Words that make the person after them whom the trip goes to see: "to visit my sister"."""


_ONE_NAMED = re.compile(
    rf"\b(?:my|our|his|her) (?:{_KIN}|wife|husband|partner|spouse|girlfriend|boyfriend|"
    r"fianc[eé]{1,2}|bf|gf|hubby|grand(?:son|daughter|child|kid)|child|kid|baby|teen(?:ager)?|"
    r"newborn|toddler|infant|co-?worker|employee|classmate|teammate)(?![\w'’])"
    rf"(?: *\( *(?:(?:he|she)(?: is|['’]s)|aged?) *{_AGE}(?: *years? old)? *\))?")
"""One person named by whose they are, with their age if said after them: "my daughter",
"My grandson (he is twelve)"."""


def _named_in_count(lowered: str, count: int, spans: list[tuple[int, int]],
                    used: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where the people named one by one before the party's count are among it ("Taking my
    daughter to New York ... $2,500 for the two of us", "My wife has always wanted to go
    ... Two travelers"): where they are one fewer than the count (the writer is the
    other), each named before it and none the trip goes to see; otherwise nothing, and
    whoever is named is said. Someone added after the count ("the two of us plus my son")
    is not before it."""
    last = max(start for start, _ in spans)
    named = [m.span() for m in _ONE_NAMED.finditer(lowered) if m.end() <= last
             and not _TO_SEE.search(lowered, 0, m.start())
             and all(m.end() <= start or m.start() >= end for start, end in used)]
    return named if len(named) == count - 1 else []


def _people_visited(lowered: str) -> list[tuple[int, int]]:
    """Where the people a solo writer names are no travellers: each in a clause that does
    not join them to the trip ("My sister lives in Nashville and she just had a baby", "the
    spare room is taken by her in-laws"); one in a clause of :data:`_TOGETHER` ("just me,
    but my son may join") is left unread, and said."""
    visited = []
    for match in re.finditer(rf"{_PEOPLE}|\bin-laws\b", lowered):
        # Whom the trip goes to see is no traveller ("I go to Vancouver for visit my sister").
        if _TO_SEE.search(lowered, 0, match.start()):
            visited.append(match.span())
            continue
        starts = [m.end() for m in _CLAUSE_END.finditer(lowered, 0, match.start())]
        end = _CLAUSE_END.search(lowered, match.end())
        clause = lowered[starts[-1] if starts else 0:end.start() if end else len(lowered)]
        if not _TOGETHER.search(clause):
            visited.append(match.span())
    return visited


def _told_apart(text: str, city: str) -> bool | None:
    """Whether a state or country after ``city`` in ``text`` ("Springfield, Missouri",
    "Birmingham (UK)", "Hong Kong, China") is where the airport planned for it is: True,
    False where it is not ("Birmingham (Alabama)"), None where none follows it. Without a
    comma only a name surely a place tells them apart ("Columbus Ohio"; "portland or
    seattle" may be Portland or Seattle)."""
    words = list(_WORD.finditer(text))
    for match in re.finditer(rf"\b{re.escape(city)}\b", text, re.I):
        after = [word for word in words if word.start() >= match.end()][:3]
        joint = text[match.end():after[0].start()] if after else ""
        if not after or not re.fullmatch(r", ?| ?\(| ", joint):
            continue
        # As for a city's qualifier: a code is surely a place only in capitals among small
        # letters ("BOSTON TO LISBON": "TO" is no Tonga).
        where = _qualifier(text, after, text.islower() or text.isupper()
                           or match.group(0).isupper())
        if not where or (joint == " " and not where[1]):
            continue
        # Where the airport is (or a country whose part it is: "Hong Kong, China"); one
        # not surely a place that would be holds it too ("portland, or").
        if _qualified(city, _shown(where[0].group(0))) == city:
            return True
        if where[1]:
            return False
    return None


_PAIR = re.compile(r"(?<!plus )(?<!with )(?<!and )(?<!& )(?<!\+ )(?<!also )(?<!bring )"
                   r"(?<!bringing )\b(?:my|our|his|her) ((?:grand)?parents)\b")
"""Two people named as a pair: "my parents", "our grandparents" (not added to others:
"plus my parents")."""
_UNCOUNTED = re.compile(r"\b(?:famil(?:y|ies)|relatives|in-laws|folks|couples?|pairs?|trios?|"
                        r"groups?|teams?|crew|gang|party)\b", re.I)
"""People named as a group with no count: "with my family", "the in-laws", "a pair of
travelers", "a small group", "a couple of days" (no couple read: a count of something)."""
_WE = re.compile(r"\b(?:we|we['’](?:re|ve|d|ll)|us(?! ?(?:dollars?|\$|d\b|date)))\b", re.I)
"""The writer and others, uncounted: "we", "us" (not "US dollars"; not "our", which a
writer alone uses of their company: "our team offsite")."""
_NOT_EACH = re.compile(r"[^,;.!?]{0,30}?\b(not (?:each|apiece|per (?:person|head)|pp))\b")
"""A budget said not to be a head's, in its clause: "$3,000 total for the group (not each!)",
"2k, not per person"."""
_AMOUNT_ONLY = re.compile(r" *only\b(?= *(?:[,;.!?)]|$))")
""""Only" closing a budget's clause: "Budget around 3500 USD only." is 3500 (not "only if",
not "$900 only on flights")."""
_NO_BUDGET = re.compile(r"\bno (?:(?:fixed|set|real|particular|specific|strict|firm) )?"
                        r"budget\b(?! *(?:of|is|:|limit|cap|under|over|above|below)\b)")
"""A request that says it has no budget: "No budget in mind", "no set budget"."""
_OCCASION = re.compile(rf"\bfor (?:our|my|his|her|their) (?:\d{{1,3}}(?:st|nd|rd|th)|"
                       rf"{_ORDINAL_WORD})(?= *(?:[,;.!?)]|$))|"
                       rf"\b(?:\d{{1,3}}(?:st|nd|rd|th)|{_ORDINAL_WORD}) (?:wedding )?"
                       rf"(?:anniversary|birthday)\b|(?<='s )\d{{1,3}}(?:st|nd|rd|th)\b"
                       rf"(?! *(?:of\b|(?:{_MONTHS})\b))")
"""What a trip celebrates, counted: "our 25th wedding anniversary", "our tenth anniversary",
"for our 30th." (closing its clause),
"my mom's 60th" (someone's, no day of a month) is no date nor party."""
_YEARS_PAST = re.compile(
    rf"\bfor (?:(?:over|almost|nearly|about|around|more than|the (?:past|last)) )?{_COUNT} "
    rf"(?:years?|yrs?|decades?)\b|\b{_COUNT} (?:years?|yrs?|decades?) ago\b")
"""Years that passed before the trip: "a trip I've promised myself for 20 years", "married
for thirty years", "10 years ago". No trip lasts years, so they are neither its length nor
its party (and "in 2 years", a date, is not among them)."""
_ONE_TRIP = re.compile(r"\b(?:one|1|a single) (?:trip|getaway|vacation|holiday|journey|"
                       r"break)\b")
"""The trip itself, counted: "two couples, one getaway" is the one trip planned."""
_EACH = re.compile(r" *(?:(?:per|a|each|/) *(?:person|head|pax|travell?er)\b|pp\b|p\.p\.?|"
                   r"(?:each|apiece|ea)(?! *(?:way|night|day|leg|flight|room|ticket))\b\.?)")
"""What makes a budget one person's: "$1,200 per person", "2k pp", "2k p.p.", "$800 each",
"$800 ea.", "$800 apiece"
(not "$800 each way")."""
_EACH_BEFORE = re.compile(
    r"\b(?:per|each|a) (?:person|head|travell?er)\b(?: (?:is|of)\b| ?[:=])? ?|"
    r"\beach(?: of us)? (?:(?:can|could|will|would|should|may|might|want to|plan to|"
    r"are able to|is able to|can afford to)\s+)?(?:spend|pay|afford|contribute|put in|chip in|"
    r"ha(?:ve|s))(?: (?:about|around|roughly|approx(?:imately|\.)?|~|up to|at most|"
    r"no more than|max(?:imum)?|under))?\s*")
"""A budget said to be one person's before its amount: "we can each spend about $800", "each
of us has $800", "price per person can't go over $1,100" (up to the amount, which the budget reads; no clause's end between)."""


_ARRANGED = re.compile(
    r"\b(?:arrange|organi[sz]e|book|reserve|set up|include|add|sort out|line up|throw in|"
    r"get (?:me|us))(?: (?:me|us|them|him|her|for (?:me|us)))? (?:an?|the|some|our|my|his|her|"
    r"their)\b((?: [\w'’-]+){1,5}?)(?= *(?:[,.;:!?()]|$| (?:to|from|for|in|at|on|with|by|and|"
    r"that|which|so|as|when|while|please|pls)\b))", re.I)
"""Something asked to be arranged ("please arrange an airport pickup", "book us a table"):
unless it is the trip, its flights or its stay, it is a service no plan books, said
whatever it is called."""
_TRIP_ITSELF = re.compile(
    r"\b(?:trips?|travel|flights?|airfare|fares?|tickets?|hotels?|(?<!meeting )(?<!conference )"
    r"(?<!board )(?<!function )rooms?|accommodations?|"
    r"lodging|stay|week|weekend|fortnight|getaway|vacation|holiday|break|package|itinerary|"
    r"journey|return|round[- ]trip|cheap\w*|deal|prices?|rates?|quotes?)\b", re.I)
"""What a plan books or prices: the trip, its flights, its stay (a hotel's room, not a
meeting room), its length or its price."""


def _unread(text: str, used: list[tuple[int, int]]) -> list[str]:
    """The phrases of ``text`` that change a plan and that no field read."""
    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in used)

    unread = [m.group(0) for pattern in (_MEANING, _CONDITION)
              for m in pattern.finditer(text) if free(*m.span())]
    unread += [m.group(0) for m in _ARRANGED.finditer(text)
               if not _TRIP_ITSELF.search(m.group(1)) and free(*m.span(1))]
    for match in re.finditer(r"[$€£]?\d[\d,.:/-]*(?:\s*(?:[a-z%]+))?", text, re.I):
        digits = re.search(r"\d", match.group(0))
        at = match.start() + (digits.start() if digits else 0)
        if free(at, at + 1):
            unread.append(match.group(0).strip())
    # A number in words counts as much as one in digits ("two lodgers" is not one traveler).
    # A scale alone counts too ("around a grand" is an amount).
    for match in re.finditer(rf"\b(?:{_NUMBER_WORDS}|{_SCALE_WORD})\b(?:[ -][A-Za-z]+)?", text,
                             re.I):
        if free(match.start(), match.start() + 1):
            unread.append(match.group(0))
    # A month named whole that no date read holds ("or in June if cheaper"); "may" may be
    # the verb.
    months = "|".join(_MONTHS.split("|")[:12]).replace("may|", "")
    for match in chain(_WEEKDAY_NAME.finditer(text),
                                 re.finditer(rf"\b(?:{months})\b", text, re.I)):
        if free(*match.span()):
            unread.append(match.group(0))
    # So does a day in words no date read ("come home on the nineteenth period"); "first"
    # and "second" only as a day ("the first of"), as "my first trip" is none.
    for match in re.finditer(rf"\b(?:{_ORDINAL_WORD})\b", text, re.I):
        as_day = bool(re.match(r" *(?:of\b|[,;.!?)]|$)", text[match.end():])
                      and re.search(r"\bthe *$", text[:match.start()], re.I))
        if (match.group(0).lower() not in ("first", "second") or as_day) \
                and free(*match.span()):
            unread.append(match.group(0))
    return unread
