"""A sixth fresh held-back set for the general assistant, written blind to its code.

Same shape as :data:`bench.quality.assistant_set.QUESTIONS`: ``(id, question, tool, expected,
tags)``. Written without reading the assistant's planner, router, words, knowledge-base or
agent code, its other labelled questions (``assistant_set``, ``assistant_fresh`` to
``assistant_fresh5`` beyond the first lines of the third, for the shape) or its tests; only
the README, the knowledge base's documents, the bank's schema and generator, the travel
inventory and the benches were read. The questions are written as different people would
write them (typos, lower case, terse or long-winded, a greeting or some context first,
numbers in words, US and day-first dates, British and US spellings), and many are easy to
misread on purpose: "percent more than" against "percent of", what is left to pay after a
discount, a time of day in one city asked in another (one across a clock change), "before"
and "after" a month, a negation ("not", "excluding", "without", "no loan at all"), a
threshold per customer, and money spent asked as a positive amount of negative rows. Every
one is answerable with the assistant's offline tools, none depends on today's date, and each
expected value was computed (python, pint, zoneinfo, the travel inventory, and the SQL on
the bank generated with seed 7). They are never to be changed after seeing how the assistant
handles them. Every case carries the tags ``people`` and ``fresh6``.

For ``sql_query`` cases ``expected`` is the reference SQL, whose single value (on the bank
generated with seed 7) the answer must state.

Measured once, blind, 2026-11-29, totals only (``python -m bench.quality.assistant_variants
--part "fresh 6"``): as written 48 right, 12 refused, 0 silent wrong of 60; with the phrasing
variants 352 right, 86 refused, 0 silent wrong of 438.
"""

from __future__ import annotations

__all__ = ["FRESH6"]

_T = ["people", "fresh6"]

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]


def _date(year: int, month: int, day: int) -> str:
    """Every written form of one date an answer may give (ISO, US and day-first, long and
    short month names)."""
    name = _MONTHS[month - 1]
    return "|".join([f"{year}-{month:02d}-{day:02d}", f"{name} {day}, {year}",
                     f"{day} {name} {year}", f"{name[:3]} {day}, {year}",
                     f"{day} {name[:3]} {year}"])


FRESH6: list[tuple[str, str, str, list[str] | str, list[str]]] = [
    # calculator
    ("f6-calc-percent-of", "what is 12.5 percent of 3,640", "calculator", ["455"], _T),
    ("f6-calc-sale-left", "Hiya! The sofa I like is £1,250 and the shop's got 30% off it this "
     "weekend. How much would I still have to pay?", "calculator", ["875"], _T),
    ("f6-calc-marathon-km", "a marathon is 26.2 miles right? how many km is that", "calculator",
     ["42.16|42.17"], _T),
    ("f6-calc-words", "twelve times fourteen, plus nine", "calculator", ["177"], _T),
    ("f6-calc-gallons-ml", "How many millilitres are there in 3 US gallons?", "calculator",
     ["11,356.2|11356.2|11,356.24|11356.24"], _T),
    ("f6-calc-cm-feet", "My son is 180 cm now - what's that in feet?", "calculator",
     ["5.91|5.905|5.906"], _T),
    ("f6-calc-oven-f", "recipe is from a UK site and says 200C fan... what's that in "
     "fahrenheit?", "calculator", ["392"], _T),
    ("f6-calc-power-div", "(2^12)/16 - 6 = ?", "calculator", ["250"], _T),
    ("f6-calc-percent-more", "What is 15 percent more than 80?", "calculator", ["92"], _T),
    ("f6-calc-week-minutes", "how many minutes are there in a week", "calculator",
     ["10,080|10080"], _T),
    ("f6-calc-kg-oz", "Convert 5 kilograms to ounces, please.", "calculator",
     ["176.37|176.4"], _T),
    ("f6-calc-cubed-squared", "whats 7 cubed minus 2 squared?", "calculator", ["339"], _T),
    # datetime_tool
    ("f6-dt-xmas-march", "How many days are there from 25 December 2026 to 1 March 2027?",
     "datetime_tool", ["66"], _T),
    ("f6-dt-six-weeks", "what date is six weeks after 2027-02-20?", "datetime_tool",
     [_date(2027, 4, 3)], _T),
    ("f6-dt-weekday", "Which day of the week is 14 July 2027?", "datetime_tool",
     ["Wednesday"], _T),
    ("f6-dt-sydney-london", "My sister is in Sydney. If it's 3pm there on 10 January 2027, "
     "what time is it in London?", "datetime_tool", ["04:00|4:00 AM|4:00 am|4 am|4am"], _T),
    ("f6-dt-chicago-berlin", "call is at 8:15 in the morning Chicago time on June 1st 2027 - "
     "what time is that in Berlin?", "datetime_tool", ["15:15|3:15 PM|3:15 pm|3:15pm"], _T),
    ("f6-dt-100-before", "What date is 100 days before 1 May 2027?", "datetime_tool",
     [_date(2027, 1, 21)], _T),
    ("f6-dt-us-dates", "how many days between 01/02/2027 and 03/15/2027 (US dates, month "
     "first)", "datetime_tool", ["72"], _T),
    ("f6-dt-tokyo-ny", "When it's noon in Tokyo on 5 November 2027, what time is it in New "
     "York?", "datetime_tool", ["23:00|11:00 PM|11:00 pm|11 pm|11pm"], _T),
    ("f6-dt-weeks-days", "Whats the date 3 weeks and 2 days after 28 Feb 2027?",
     "datetime_tool", [_date(2027, 3, 23)], _T),
    ("f6-dt-new-year", "what day of the week does New Year's Day 2028 fall on?",
     "datetime_tool", ["Saturday"], _T),
    # get_airport_code
    ("f6-air-edinburgh", "whats the airport code for edinburgh", "get_airport_code", ["EDI"],
     _T),
    ("f6-air-krakow", "Flying to Kraków next spring. Which airport code do I type in?",
     "get_airport_code", ["KRK"], _T),
    ("f6-air-marrakech", "IATA code for Marrakech, Morocco?", "get_airport_code", ["RAK"], _T),
    ("f6-air-hanoi", "Hi, what is the three-letter code of the airport in Hanoi, Vietnam?",
     "get_airport_code", ["HAN"], _T),
    # search_flights / search_hotels
    ("f6-fl-lis-mad", "cheapest flight from Lisbon to Madrid on 12 May 2027? which airline "
     "and how much", "search_flights", ["United", "100.98"], _T),
    ("f6-fl-edi-dub", "I need to get from Edinburgh to Dublin on March 4th 2027. What's the "
     "lowest fare?", "search_flights", ["Turkish", "79.24"], _T),
    ("f6-ht-prague", "Cheapest place to stay in Prague, checking in 10 Sept 2027 and out on "
     "the 13th?", "search_hotels", ["Old Town Prague Hostel", "179.09"], _T),
    ("f6-ht-porto", "hotels in Porto (Portugal) from Oct 1 to Oct 5 2027 - which one is the "
     "cheapest and what's the total?", "search_hotels", ["Hotel Porto Central", "380.21"], _T),
    # kb_search
    ("f6-kb-max-chars", "What's the longest message the assistant will take by default, in "
     "characters?", "kb_search", ["16000|16,000"], _T),
    ("f6-kb-learned-score", "at what score does the learned injection reader send a message "
     "to a person?", "kb_search", ["0.85"], _T),
    ("f6-kb-file", "which file does the knowledge base live in?", "kb_search",
     ["kb.sqlite3"], _T),
    ("f6-kb-rerank-switch", "How do I turn on re-ranking for knowledge base searches?",
     "kb_search", ["AGENTDESK_KB_RERANK"], _T),
    ("f6-kb-rerank-package", "The embedding model used to rerank kb results - which package "
     "does it come in?", "kb_search", ["wordllama"], _T),
    ("f6-kb-default-model", "Which language model runs by default if I don't set up any API "
     "key?", "kb_search", ["Gemma 3 270M|Gemma 3|gemma3-270m"], _T),
    ("f6-kb-policy-file", "where do I point agentdesk at my own door policy TOML? which "
     "setting?", "kb_search", ["AGENTDESK_ASSISTANT_POLICY_FILE"], _T),
    ("f6-kb-default-refused", "Without any policy file of my own, what topics does the "
     "assistant refuse outright?", "kb_search", ["weapons", "malware"], _T),
    ("f6-kb-trip-model", "can I give just the trip agent a different model from the others? "
     "what's the env var", "kb_search", ["AGENTDESK_MODEL_TRIP|AGENTDESK_MODEL_<AGENT>"], _T),
    ("f6-kb-second-decision", "What HTTP status comes back if someone tries to decide an "
     "interrupt a second time?", "kb_search", ["409"], _T),
    ("f6-kb-file-length", "In the design notes, how many lines can a file grow to before "
     "it's a sign it holds two things?", "kb_search", ["400"], _T),
    ("f6-kb-redis", "When agentdesk runs on several machines, what carries the stream "
     "wake-ups between them?", "kb_search", ["Redis"], _T),
    ("f6-kb-fusion", "how are the embedding re-ranks combined with the BM25 order?",
     "kb_search", ["reciprocal rank fusion"], _T),
    ("f6-kb-reconnect", "If my SSE client drops and reconnects, how does it get the events "
     "it missed?", "kb_search", ["Last-Event-ID"], _T),
    # sql_query
    ("f6-sql-not-retail", "How many customers are NOT in the retail segment?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE segment <> 'retail'", _T),
    ("f6-sql-accounts-before-2020", "how many accounts were opened before 2020", "sql_query",
     "SELECT COUNT(*) FROM accounts WHERE opened_at < '2020-01-01'", _T),
    ("f6-sql-joined-after-june", "Number of customers who joined after June 2024?",
     "sql_query", "SELECT COUNT(*) FROM customers WHERE joined_at >= '2024-07-01'", _T),
    ("f6-sql-frozen-balance", "what's the total balance sitting in frozen accounts?",
     "sql_query", "SELECT ROUND(SUM(balance), 2) FROM accounts WHERE status = 'frozen'", _T),
    ("f6-sql-more-than-two", "How many customers have more than two accounts each?",
     "sql_query", "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) > 2)", _T),
    ("f6-sql-visa-credit-active", "how many active Visa credit cards are there?", "sql_query",
     "SELECT COUNT(*) FROM cards WHERE kind = 'credit' AND network = 'visa' "
     "AND status = 'active'", _T),
    ("f6-sql-loans-excl-paid", "Excluding paid-off loans, how many loans does the bank have?",
     "sql_query", "SELECT COUNT(*) FROM loans WHERE status <> 'paid_off'", _T),
    ("f6-sql-mortgage-rate", "whats the average interest rate on mortgages", "sql_query",
     "SELECT ROUND(AVG(rate), 2) FROM loans WHERE kind = 'mortgage'", _T),
    ("f6-sql-starbucks-2025", "How many Starbucks transactions were there in 2025?",
     "sql_query", "SELECT COUNT(*) FROM transactions WHERE merchant = 'Starbucks' "
     "AND posted_at >= '2025-01-01' AND posted_at < '2026-01-01'", _T),
    ("f6-sql-groceries-march", "how much did customers spend on groceries in March 2026?",
     "sql_query", "SELECT ROUND(-SUM(amount), 2) FROM transactions WHERE category = 'groceries' "
     "AND posted_at >= '2026-03-01' AND posted_at < '2026-04-01'", _T),
    ("f6-sql-born-before-1960", "How many of our customers were born before 1960?",
     "sql_query", "SELECT COUNT(*) FROM customers WHERE birth_date < '1960-01-01'", _T),
    ("f6-sql-fl-ga", "number of customers living in Florida or Georgia", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE state IN ('FL', 'GA')", _T),
    ("f6-sql-max-payroll", "What's the biggest single payroll deposit on record?",
     "sql_query", "SELECT MAX(amount) FROM transactions WHERE category = 'payroll'", _T),
    ("f6-sql-over-10k-not-closed", "How many accounts hold more than $10,000, not counting "
     "closed ones?", "sql_query",
     "SELECT COUNT(*) FROM accounts WHERE balance > 10000 AND status <> 'closed'", _T),
    ("f6-sql-no-loan", "how many customers don't have any loan at all?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE id NOT IN (SELECT customer_id FROM loans)", _T),
    ("f6-sql-auto-principal-2025", "What was the average principal of auto loans taken out "
     "in 2025?", "sql_query", "SELECT ROUND(AVG(principal), 2) FROM loans WHERE kind = 'auto' "
     "AND originated_at >= '2025-01-01' AND originated_at < '2026-01-01'", _T),
]
