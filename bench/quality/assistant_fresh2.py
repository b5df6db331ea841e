"""A second fresh held-back set for the general assistant, written blind to its code.

Same shape as :data:`bench.quality.assistant_fresh.FRESH`: ``(id, question, tool, expected,
tags)``. Written by someone who never read the assistant's planner, router, answer or tool
code, nor its other labelled questions (only the README, the knowledge base's documents, the
bank's schema and generator, and the benches that judge and run the cases). The questions
are written as different people would write them (greetings, context first, lower case,
typos, numbers in words, dates in many forms, British and US spellings), every one answerable
with the assistant's offline tools; about a third are easy to misread on purpose (a stated
time, a date that crosses midnight or a clock change, "before", "not", "excluding", "more
than", a threshold per customer). They are never to be changed after seeing how the
assistant handles them. Every case carries the tags ``people`` and ``fresh2``.

Every expected value was computed when the set was written: arithmetic and units with pint,
dates and clocks with :mod:`zoneinfo`, airport codes, flights and hotels with the travel
server's own tools, knowledge-base facts from the documents as shipped. For ``sql_query``
cases ``expected`` is the reference SQL, whose single value (on the bank generated with seed
7) the answer must state.
"""

from __future__ import annotations

__all__ = ["FRESH2"]

_T = ["people", "fresh2"]

FRESH2: list[tuple[str, str, str, list[str] | str, list[str]]] = [
    # --- calculator -------------------------------------------------------------------------
    ("f2-calc-pct-of", "hey, quick one - what's 17.5% of 2,480?", "calculator", ["434"], _T),
    # misread: 17.5 % of it (434) instead of what is left
    ("f2-calc-pct-off", "If I knock 17.5 percent off 2480, what am I left with?", "calculator",
     ["2046|2,046"], _T),
    ("f2-calc-power-minus", "whats 3 to the power of 7 minus 100", "calculator",
     ["2087|2,087"], _T),
    ("f2-calc-fahrenheit", "convert 72 fahrenheit into celsius please", "calculator",
     ["22.2"], _T),
    ("f2-calc-marathon", "How many kilometres is 26.2 miles? (marathon distance)", "calculator",
     ["42.16|42.2"], _T),
    ("f2-calc-stone", "I weigh eleven stone. What's that in kilograms?", "calculator",
     ["69.85|69.9"], _T),
    # misread: 850 / (5 * 2) = 85
    ("f2-calc-precedence", "what is (1200 - 350) / 5 * 2", "calculator", ["340"], _T),
    # misread: 15 % of (80 + 12) = 13.8
    ("f2-calc-add-to-pct", "Morning! Add 12 to 15% of 80 for me", "calculator", ["24"], _T),
    ("f2-calc-seconds", "How many seconds are there in three and a half hours?", "calculator",
     ["12600|12,600"], _T),
    # misread: 12 % of 350 (42)
    ("f2-calc-pct-more", "what's 12% more than 350?", "calculator", ["392"], _T),
    ("f2-calc-kilos", "100 kilos in lbs?", "calculator", ["220.4|220.5"], _T),
    ("f2-calc-speed", "Convert 90 km per hour to metres per second", "calculator",
     ["25 m|25.0"], _T),
    # --- dates and clocks -------------------------------------------------------------------
    ("f2-date-between", "How many days are there between 3 March 2027 and 1 June 2027?",
     "datetime_tool", ["90"], _T),
    ("f2-date-after-iso", "what date is 45 days after 2027-01-20?", "datetime_tool",
     ["2027-03-06|march 6|6 march"], _T),
    # misread: after instead of before
    ("f2-date-before", "what was the date thirty days BEFORE 15/03/2027?", "datetime_tool",
     ["2027-02-13|february 13|13 february"], _T),
    # misread: the time now in New York; BST to EDT is 5 hours
    ("f2-date-london-ny", "If it's 9am in London on the 2nd of July 2027, what time is it in "
     "New York?", "datetime_tool", ["04:00|4:00 am|4 am"], _T),
    ("f2-date-sydney-berlin", "it's 18:30 in Sydney on 10 Jan 2027 - what time is that in "
     "Berlin?", "datetime_tool", ["08:30|8:30 am"], _T),
    ("f2-date-weekday-leap", "what day of the week is 29 February 2028?", "datetime_tool",
     ["tuesday"], _T),
    # misread: Lisbon is still on winter time (UTC+0) on 27 March 2027, Chicago already on
    # summer time (UTC-5): 5 hours, not 6
    ("f2-date-lisbon-chicago", "My flight leaves Lisbon at 22:15 local time on 27 March 2027. "
     "What time will it be in Chicago when I take off?", "datetime_tool",
     ["17:15|5:15 pm"], _T),
    # misread: the date stays the 15th
    ("f2-date-la-tokyo", "When it's 3pm in Los Angeles on Nov 15 2027, what's the time and "
     "date in Tokyo?", "datetime_tool",
     ["08:00|8:00 am|8 am", "2027-11-16|nov 16|16 nov|november 16|16 november"], _T),
    ("f2-date-weeks-days", "Add 2 weeks and 3 days to 28 December 2026 - what date do I get?",
     "datetime_tool", ["2027-01-14|january 14|14 january"], _T),
    ("f2-date-halloween", "whats the date 100 days after halloween 2027 (oct 31)",
     "datetime_tool", ["2028-02-08|february 8|8 february"], _T),
    # misread: New York is on summer time from 14 March 2027, London only from 28 March
    ("f2-date-ny-london-gap", "10:00 in New York on 2027-03-20 — what's that in London?",
     "datetime_tool", ["14:00|2:00 pm|2 pm"], _T),
    # misread: the date stays 1 September
    ("f2-date-tokyo-london", "I land in Tokyo at 07:05 on 1 September 2027 (local time). What "
     "time is it in London at that moment?", "datetime_tool",
     ["23:05|11:05 pm", "2027-08-31|aug 31|31 aug|august 31|31 august"], _T),
    # misread: 2028 is a leap year (60 days, not 59)
    ("f2-date-leap-span", "how many days between 1 Jan 2028 and 1 March 2028", "datetime_tool",
     ["60"], _T),
    # --- travel ------------------------------------------------------------------------------
    ("f2-air-portland", "airport code for portland oregon pls", "get_airport_code",
     ["PDX"], _T),
    ("f2-air-reykjavik", "Hi! I'm flying into Reykjavik in April - what's the code of its main "
     "international airport?", "get_airport_code", ["KEF"], _T),
    ("f2-air-manchester", "What's the IATA code for Manchester, UK?", "get_airport_code",
     ["MAN"], _T),
    # misread: Sydney, Nova Scotia (YQY)
    ("f2-air-sydney", "Which airport code do I type for Sydney in Australia, not the one in "
     "Nova Scotia?", "get_airport_code", ["SYD"], _T),
    ("f2-air-milan", "airport code for Milan?", "get_airport_code", ["MXP"], _T),
    # misread: the cheapest flight of all (Iberia, one stop, 385.35)
    ("f2-flight-bos-lis", "What's the cheapest non-stop flight from Boston to Lisbon on 10 "
     "March 2027?", "search_flights", ["532.85", "AA2619|American"], _T),
    # misread: the cheapest hotel of all (Lisbon City Lodge, two stars, 248.13)
    ("f2-hotel-lisbon", "cheapest hotel in Lisbon with at least 3 stars, checking in "
     "2027-03-10 and out 2027-03-14?", "search_hotels",
     ["Hotel Lisbon Central", "345.44"], _T),
    # --- the knowledge base -----------------------------------------------------------------
    ("f2-kb-max-input", "what's the default max input length the assistant accepts?",
     "kb_search", ["16000|16,000"], _T),
    ("f2-kb-policy-file", "Which environment variable points to the assistant's policy file?",
     "kb_search", ["AGENTDESK_ASSISTANT_POLICY_FILE"], _T),
    # misread: 3 (ask) or 1 (refuse)
    ("f2-kb-exit-invalid", "what exit code does agentdesk assistant check-input give when the "
     "input itself is invalid (not when it's refused)?", "kb_search",
     ["2 when the input|exit code is 2|exits 2"], _T),
    ("f2-kb-rerank", "how do i turn on the embedding re-ranking for the knowledge base search?",
     "kb_search", ["AGENTDESK_KB_RERANK"], _T),
    ("f2-kb-file", "What's the file name of the knowledge base's SQLite database?",
     "kb_search", ["kb.sqlite3"], _T),
    ("f2-kb-port", "What port does agentdesk serve listen on if I don't set anything?",
     "kb_search", ["8000"], _T),
    # misread: 2525 (where serve receives mail)
    ("f2-kb-catcher", "which port does the local SMTP catcher use? not the listener, the "
     "catcher", "kb_search", ["2526"], _T),
    ("f2-kb-learned-threshold", "whats the score threshold of the learned reader at the "
     "assistant's door", "kb_search", ["0.85"], _T),
    ("f2-kb-iban", "What placeholder replaces an IBAN when it gets redacted?", "kb_search",
     ["REDACTED_IBAN"], _T),
    # misread: AGENTDESK_MODEL (every agent)
    ("f2-kb-model-trip", "How do I pick a different model only for the trip agent, not "
     "globally?", "kb_search", ["AGENTDESK_MODEL_TRIP|AGENTDESK_MODEL_<AGENT>"], _T),
    ("f2-kb-body-too-large", "what HTTP status do you get back if the request body is too "
     "large?", "kb_search", ["413"], _T),
    ("f2-kb-max-rows", "How many rows at most will the banking agent return from a query?",
     "kb_search", ["1000|1,000"], _T),
    ("f2-cli-show", "which agentdesk command shows me a thread's pending decision and its "
     "audit timeline?", "kb_search", ["agentdesk show"], _T),
    ("f2-cli-resume", "Good afternoon. A run of mine got cut off halfway - what command do I "
     "use to continue it?", "kb_search", ["agentdesk resume"], _T),
    # --- the bank's data ----------------------------------------------------------------------
    ("f2-sql-premier-tx", "How many premier customers live in Texas?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE segment = 'premier' AND state = 'TX'", _T),
    # misread: the open ones
    ("f2-sql-not-open", "how many accounts are not open right now?", "sql_query",
     "SELECT COUNT(*) FROM accounts WHERE status <> 'open'", _T),
    ("f2-sql-avg-savings", "What's the average balance across open savings accounts?",
     "sql_query",
     "SELECT AVG(balance) FROM accounts WHERE type = 'savings' AND status = 'open'", _T),
    # misread: joined in 2018, or up to the end of 2018
    ("f2-sql-joined-before", "Number of customers who joined before 2018", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE joined_at < '2018-01-01'", _T),
    ("f2-sql-mortgage-rate", "How many mortgages carry an interest rate above 6 percent?",
     "sql_query", "SELECT COUNT(*) FROM loans WHERE kind = 'mortgage' AND rate > 6", _T),
    ("f2-sql-auto-principal", "total principal on active auto loans?", "sql_query",
     "SELECT CAST(SUM(principal) AS INTEGER) FROM loans WHERE kind = 'auto' "
     "AND status = 'active'", _T),
    # misread: the number of accounts, or customers with two or more
    ("f2-sql-more-than-two", "How many customers have more than two accounts?", "sql_query",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) > 2) AS t", _T),
    ("f2-sql-starbucks-2025", "how many Starbucks transactions were there in 2025?",
     "sql_query", "SELECT COUNT(*) FROM transactions WHERE merchant = 'Starbucks' "
     "AND posted_at >= '2025-01-01' AND posted_at < '2026-01-01'", _T),
    ("f2-sql-groceries-2024", "How much did customers spend on groceries in 2024, in total?",
     "sql_query", "SELECT -SUM(amount) FROM transactions WHERE category = 'groceries' "
     "AND posted_at >= '2024-01-01' AND posted_at < '2025-01-01'", _T),
    # misread: the ones with an employer
    ("f2-sql-no-employer", "How many customers don't have an employer on file?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL", _T),
    # misread: born in 1990 or later
    ("f2-sql-born-after", "how many customers were born after 1990?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE birth_date >= '1991-01-01'", _T),
    # misread: the state of New York (Brooklyn and Buffalo too)
    ("f2-sql-nyc", "How many customers live in New York City itself - the city, not the "
     "whole state?", "sql_query", "SELECT COUNT(*) FROM customers WHERE city = 'New York'",
     _T),
    # misread: every visa card
    ("f2-sql-visa-no-debit", "How many visa cards are there, excluding debit cards?",
     "sql_query",
     "SELECT COUNT(*) FROM cards WHERE network = 'visa' AND kind <> 'debit'", _T),
    # misread: the retail customers
    ("f2-sql-not-retail", "how many customers are NOT in the retail segment", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE segment <> 'retail'", _T),
]
