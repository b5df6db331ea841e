"""A small, fixed catalogue of things to do per destination, with a cost per person.

The planner offers these (filtered to what the budget leaves) instead of letting a
small model invent names and prices. Cities not listed get generic activities named
after the city. Costs are fair per-person estimates in USD; several are free.
"""

from __future__ import annotations

import unicodedata

__all__ = ["activities_for"]

_CATALOGUE: dict[str, list[tuple[str, float]]] = {
    "lisbon": [("Tram 28 ride through Alfama", 4), ("Belem Tower and Jeronimos Monastery", 25),
               ("Sunset at the Miradouro da Senhora do Monte", 0), ("Fado dinner in Bairro Alto", 65),
               ("Day trip to the palaces of Sintra", 55), ("Oceanarium of Lisbon", 28),
               ("Pasteis de Belem tasting", 8), ("Walk along the Tagus riverfront to LX Factory", 0)],
    "paris": [("Louvre Museum", 24), ("Walk along the Seine and Ile de la Cite", 0),
              ("Eiffel Tower summit", 38), ("Musee d'Orsay", 18), ("Montmartre and Sacre-Coeur", 0),
              ("Seine river cruise", 20), ("Versailles palace and gardens", 32),
              ("Latin Quarter bistro dinner", 55)],
    "london": [("British Museum", 0), ("Tower of London", 40), ("Walk from Westminster to "
               "Tower Bridge", 0), ("West End musical", 85), ("Borough Market food tour", 45),
               ("Kew Gardens", 25), ("Tate Modern and the South Bank", 0), ("Thames river cruise", 25)],
    "rome": [("Colosseum and Roman Forum", 30), ("Vatican Museums and Sistine Chapel", 35),
             ("Evening walk from the Trevi Fountain to the Pantheon", 0),
             ("Trastevere food tour", 70), ("Borghese Gallery", 25), ("Appian Way bike ride", 30),
             ("Gelato and piazza walk in Centro Storico", 6), ("Day trip to Ostia Antica", 20)],
    "barcelona": [("Sagrada Familia", 36), ("Park Guell", 15), ("Gothic Quarter walk", 0),
                  ("Casa Batllo", 40), ("Tapas evening in El Born", 45),
                  ("Barceloneta beach afternoon", 0), ("Montjuic cable car and castle", 20),
                  ("Picasso Museum", 15)],
    "madrid": [("Prado Museum", 17), ("Royal Palace of Madrid", 16), ("Retiro Park rowing", 8),
               ("Flamenco show in La Latina", 45), ("Tapas crawl on Cava Baja", 40),
               ("Reina Sofia Museum", 14), ("Sunset at the Temple of Debod", 0),
               ("Day trip to Toledo", 35)],
    "new york": [("Metropolitan Museum of Art", 30), ("Walk across the Brooklyn Bridge", 0),
                 ("Top of the Rock observation deck", 40), ("Broadway show", 120),
                 ("Central Park bike ride", 20), ("Staten Island Ferry and harbor views", 0),
                 ("High Line and Chelsea Market", 0), ("Museum of Modern Art", 30)],
    "tokyo": [("Senso-ji temple in Asakusa", 0), ("Tsukiji outer market breakfast", 25),
              ("Shibuya Sky observation deck", 20), ("teamLab Planets", 30),
              ("Meiji Shrine and Harajuku walk", 0), ("Sumo morning practice visit", 25),
              ("Day trip to Nikko", 60), ("Izakaya evening in Shinjuku", 45)],
    "amsterdam": [("Rijksmuseum", 25), ("Canal cruise", 20), ("Anne Frank House", 16),
                  ("Van Gogh Museum", 24), ("Jordaan walk", 0), ("Bike ride to Vondelpark", 15),
                  ("Day trip to Zaanse Schans windmills", 10), ("Indonesian rijsttafel dinner", 45)],
    "berlin": [("Reichstag dome", 0), ("Museum Island", 25), ("East Side Gallery walk", 0),
               ("Berlin Wall Memorial", 0), ("Day trip to Potsdam palaces", 30),
               ("Street food at Markthalle Neun", 20), ("Pergamon Panorama", 15),
               ("Spree river cruise", 20)],
    "dublin": [("Trinity College and the Book of Kells", 22), ("Guinness Storehouse", 30),
               ("Walk in Phoenix Park", 0), ("Kilmainham Gaol", 10),
               ("Traditional music night in Temple Bar", 20), ("Day trip to Howth cliffs", 8),
               ("National Museum of Ireland", 0), ("Dublin food walking tour", 65)],
    "seattle": [("Pike Place Market", 0), ("Space Needle", 35), ("Chihuly Garden and Glass", 32),
                ("Ferry to Bainbridge Island", 10), ("Museum of Pop Culture", 30),
                ("Discovery Park walk", 0), ("Underground tour of Pioneer Square", 25),
                ("Kerry Park skyline view", 0)],
    "san francisco": [("Alcatraz Island tour", 45), ("Walk across the Golden Gate Bridge", 0),
                      ("Cable car ride", 8), ("Ferry Building food hall", 25),
                      ("Golden Gate Park and the de Young Museum", 20),
                      ("Chinatown and North Beach walk", 0), ("Sausalito by ferry", 15),
                      ("Exploratorium", 35)],
    "boston": [("Freedom Trail walk", 0), ("Museum of Fine Arts", 27), ("Fenway Park tour", 25),
               ("Harbor cruise", 35), ("North End food tour", 60), ("Harvard Yard walk", 0),
               ("New England Aquarium", 33), ("Isabella Stewart Gardner Museum", 22)],
    "porto": [("Port wine cellar tasting in Gaia", 20), ("Livraria Lello", 8),
              ("Ribeira riverside walk", 0), ("Douro river six bridges cruise", 18),
              ("Clerigos Tower", 10), ("Day trip to the Douro Valley", 90),
              ("Francesinha lunch", 15), ("Serralves Museum and park", 15)],
}

_GENERIC = [("Walking tour of {city}'s old town", 0), ("Main city museum of {city}", 18),
            ("Local food market tasting in {city}", 30), ("Sunset viewpoint over {city}", 0),
            ("Guided bike tour of {city}", 35), ("Dinner with local cuisine in {city}", 50),
            ("Day trip from {city} to the countryside", 70), ("Parks and gardens of {city}", 0)]


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def activities_for(city: str) -> list[tuple[str, float]]:
    """(name, cost per person in USD) of things to do in ``city``, in a fixed order."""
    known = _CATALOGUE.get(_fold(city))
    if known:
        return [(name, float(cost)) for name, cost in known]
    return [(name.format(city=city), float(cost)) for name, cost in _GENERIC]
