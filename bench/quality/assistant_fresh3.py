"""A third fresh held-back set for the general assistant, written blind to its code.

Same shape as :data:`bench.quality.assistant_set.QUESTIONS`: ``(id, question, tool, expected,
tags)``. Written without reading the assistant's planner, router, answer or tool code, its
other labelled questions (``assistant_set``, ``assistant_fresh``, ``assistant_fresh2``) or
its tests; only the README, the knowledge base's documents, the bank's schema and generator
and the benches were read. The questions are written as different people would write them
(typos, lower case, terse or long-winded, numbers and units in words, dates in many forms,
British and US spellings, a greeting or some context first), and many are easy to misread on
purpose: a stated time of day in a city, a negation ("not", "excluding", "without"), "before"
and "after", a threshold per customer, a discount asked as what is left to pay. Every one is
answerable with the assistant's offline tools, none depends on today's date, and each
expected value was computed (python, pint, zoneinfo, airportsdata, and the SQL on the bank
generated with seed 7). They are never to be changed after seeing how the assistant handles
them. Every case carries the tags ``people`` and ``fresh3``.

For ``sql_query`` cases ``expected`` is the reference SQL, whose single value (on the bank
generated with seed 7) the answer must state.
"""

from __future__ import annotations

__all__ = ["FRESH3"]

_T = ["people", "fresh3"]

_DATE_0415 = "2027-04-15|April 15, 2027|15 April 2027|Apr 15, 2027|15 Apr 2027"

FRESH3: list[tuple[str, str, str, list[str] | str, list[str]]] = [
    # calculator
    ("f3-calc-percent-of", "whats 17.5% of 2,480?", "calculator", ["434"], _T),
    ("f3-calc-miles-km", "I've got 250 miles to drive tomorrow, how many kilometres is that?",
     "calculator", ["402.3"], _T),
    ("f3-calc-degf-degc", "hey quick one - convert seventy-two degrees fahrenheit to celsius",
     "calculator", ["22.2"], _T),
    ("f3-calc-power-minus", "what's 3 to the power of 7, minus 1000?", "calculator",
     ["1187|1,187"], _T),
    ("f3-calc-height", "How tall is 5 feet 11 inches in centimeters?", "calculator",
     ["180.3"], _T),
    ("f3-calc-hours-seconds", "how many seconds are in 3.5 hours", "calculator",
     ["12,600|12600"], _T),
    ("f3-calc-after-cut", "(1200 - 15% of 1200) / 4 = ?", "calculator", ["255"], _T),
    ("f3-calc-kg-lb", "i weigh 82 kg, whats that in pounds", "calculator", ["180.7|180.8"], _T),
    ("f3-calc-kmh-mph", "Convert 100 km/h to mph please.", "calculator", ["62.1"], _T),
    ("f3-calc-discount-left", "The jacket is 85 dollars and there's 40 percent off. How much do "
     "I actually pay?", "calculator", ["51"], _T),
    ("f3-calc-fraction-percent", "What is one eighth expressed as a percentage?", "calculator",
     ["12.5"], _T),
    ("f3-calc-mib-bytes", "how many bytes is 3 MiB", "calculator", ["3,145,728|3145728"], _T),
    ("f3-calc-oven", "My oven recipe (American) says 350 F. What's that in Celsius?",
     "calculator", ["176.6|176.7"], _T),
    # datetime_tool
    ("f3-dt-days-between", "How many days are there from 3 March 2027 to 19 June 2027?",
     "datetime_tool", ["108"], _T),
    ("f3-dt-90-after", "what date is 90 days after 2027-01-15?", "datetime_tool", [_DATE_0415],
     _T),
    ("f3-dt-ny-tokyo", "If it's 9:30 am in New York on 2027-02-10, what time is it in Tokyo?",
     "datetime_tool", ["23:30|11:30 PM|11:30 pm|11:30pm"], _T),
    ("f3-dt-london-la", "When it is 18:00 in London on 15 July 2027, what's the time in Los "
     "Angeles?", "datetime_tool", ["10:00|10 am|10am"], _T),
    ("f3-dt-two-weeks-before", "what's the date two weeks before 2027-03-01?", "datetime_tool",
     ["2027-02-15|February 15, 2027|15 February 2027|Feb 15, 2027|15 Feb 2027"], _T),
    ("f3-dt-us-format-shift", "Date 6 weeks and 3 days after 12/25/2026?", "datetime_tool",
     ["2027-02-08|February 8, 2027|8 February 2027|Feb 8, 2027|8 Feb 2027"], _T),
    ("f3-dt-weekday", "What day of the week was the 4th of July 2026?", "datetime_tool",
     ["Saturday"], _T),
    ("f3-dt-utc-sydney", "noon UTC on 10 Jan 2027 - what time is that in Sydney?",
     "datetime_tool", ["23:00|11:00 PM|11:00 pm|11 pm|11pm"], _T),
    ("f3-dt-berlin-chicago", "I land in Berlin at 07:45 local time on 30 March 2027. What time "
     "will it be in Chicago then?", "datetime_tool", ["00:45|12:45 AM|12:45 am|12:45am"], _T),
    ("f3-dt-leap-feb", "how many days between 2028-02-01 and 2028-03-01", "datetime_tool",
     ["29 days"], _T),
    ("f3-dt-minus-100", "Good morning! What is 20 May 2027 minus 100 days?", "datetime_tool",
     ["2027-02-09|February 9, 2027|9 February 2027|Feb 9, 2027|9 Feb 2027"], _T),
    ("f3-dt-uk-dates", "Using UK dates (day/month): how many days from 01/02/2027 to "
     "01/03/2027?", "datetime_tool", ["28 days"], _T),
    ("f3-dt-auckland-london", "It's 9am on Monday 1 November 2027 in Auckland. What time is it "
     "in London?", "datetime_tool", ["20:00|8:00 PM|8:00 pm|8 pm|8pm"], _T),
    ("f3-dt-denver-paris", "what time is it in Paris when it is 1:30 in the morning in Denver "
     "on March 14th 2027?", "datetime_tool", ["09:30|9:30 AM|9:30 am|9:30am"], _T),
    # sql_query
    ("f3-sql-premier-2024", "How many premier segment customers joined in 2024?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE segment = 'premier' "
     "AND joined_at >= '2024-01-01' AND joined_at < '2025-01-01'", _T),
    ("f3-sql-not-texas", "how many customers are not in Texas?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE state <> 'TX'", _T),
    ("f3-sql-frozen-checking", "Number of checking accounts that are frozen?", "sql_query",
     "SELECT COUNT(*) FROM accounts WHERE type = 'checking' AND status = 'frozen'", _T),
    ("f3-sql-personal-active-rate", "What's the average interest rate on personal loans that "
     "are still active?", "sql_query",
     "SELECT ROUND(AVG(rate), 2) FROM loans WHERE kind = 'personal' AND status = 'active'", _T),
    ("f3-sql-open-savings-total", "total balance held in open savings accounts", "sql_query",
     "SELECT ROUND(SUM(balance), 2) FROM accounts WHERE type = 'savings' AND status = 'open'",
     _T),
    ("f3-sql-more-than-two-accounts", "How many customers have more than two accounts each?",
     "sql_query", "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts "
     "GROUP BY customer_id HAVING COUNT(*) > 2)", _T),
    ("f3-sql-over-5000-2025", "how many transactions over $5,000 were posted in 2025?",
     "sql_query", "SELECT COUNT(*) FROM transactions WHERE amount > 5000 "
     "AND posted_at >= '2025-01-01' AND posted_at < '2026-01-01'", _T),
    ("f3-sql-loans-before-2020", "How many loans were originated before 2020?", "sql_query",
     "SELECT COUNT(*) FROM loans WHERE originated_at < '2020-01-01'", _T),
    ("f3-sql-cards-expire-2027", "how many cards expire in 2027", "sql_query",
     "SELECT COUNT(*) FROM cards WHERE expires_at >= '2027-01-01' "
     "AND expires_at < '2028-01-01'", _T),
    ("f3-sql-joined-mar-jun-2025", "How many customers joined from March through June 2025?",
     "sql_query", "SELECT COUNT(*) FROM customers WHERE joined_at >= '2025-03-01' "
     "AND joined_at < '2025-07-01'", _T),
    ("f3-sql-checking-avg-not-closed", "Average balance of checking accounts, excluding closed "
     "ones?", "sql_query",
     "SELECT ROUND(AVG(balance), 2) FROM accounts WHERE type = 'checking' AND status <> 'closed'",
     _T),
    ("f3-sql-starbucks-q1-2026", "how many transactions at Starbucks in Q1 2026?", "sql_query",
     "SELECT COUNT(*) FROM transactions WHERE merchant = 'Starbucks' "
     "AND posted_at >= '2026-01-01' AND posted_at < '2026-04-01'", _T),
    ("f3-sql-visa-debit-lost-blocked", "How many Visa debit cards are lost or blocked?",
     "sql_query", "SELECT COUNT(*) FROM cards WHERE kind = 'debit' AND network = 'visa' "
     "AND status IN ('lost', 'blocked')", _T),
    ("f3-sql-max-payroll", "What's the largest single payroll deposit in the bank's data?",
     "sql_query", "SELECT MAX(amount) FROM transactions WHERE category = 'payroll'", _T),
    ("f3-sql-loans-not-paid-off", "how many loans are not paid off yet?", "sql_query",
     "SELECT COUNT(*) FROM loans WHERE status <> 'paid_off'", _T),
    ("f3-sql-customers-without-loan", "How many customers don't have any loan at all?",
     "sql_query", "SELECT COUNT(*) FROM customers WHERE id NOT IN "
     "(SELECT customer_id FROM loans)", _T),
    ("f3-sql-chicago-not-retail", "Hi, I'm looking at our Chicago base: how many customers in "
     "Chicago are not in the retail segment?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE city = 'Chicago' AND segment <> 'retail'", _T),
    # kb_search
    ("f3-kb-max-input", "hi! what's the longest message (in characters) the assistant accepts by "
     "default?", "kb_search", ["16000|16,000"], _T),
    ("f3-kb-check-input-ask", "agentdesk assistant check-input: which exit code means it wants a "
     "human to look at it?", "kb_search", ["3 for ask|3 ask"], _T),
    ("f3-kb-serve-port", "on which port does agentdesk serve listen if I don't set anything?",
     "kb_search", ["8000"], _T),
    ("f3-kb-run-lease", "How long is the lease a worker holds on a run, and which env var "
     "changes it?", "kb_search", ["30", "AGENTDESK_RUN_LEASE_SECONDS"], _T),
    ("f3-kb-add-folder", "how do i put a folder of my own markdown notes into the knowledge "
     "base", "kb_search", ["kb add"], _T),
    ("f3-kb-default-model", "Which language model does agentdesk use by default, when there's "
     "no API key?", "kb_search", ["270M|Gemma"], _T),
    ("f3-kb-max-body", "What's the biggest request body the HTTP API accepts before it answers "
     "413?", "kb_search", ["262144|262,144"], _T),
    ("f3-kb-rerank", "which setting switches on re-ranking of the knowledge base search "
     "results?", "kb_search", ["AGENTDESK_KB_RERANK"], _T),
    ("f3-kb-sql-agent-runs", "In the banking agent, how many times at most does the SQL agent "
     "run?", "kb_search", ["three times|MAX_RETRY_COUNT = 2|3 times"], _T),
    ("f3-kb-smtp-listen", "By default where does agentdesk serve receive incoming mail? host and "
     "port pls", "kb_search", ["2525"], _T),
    # travel
    ("f3-air-birmingham-al", "airport code for Birmingham, Alabama (not the one in England!)",
     "get_airport_code", ["BHM"], _T),
    ("f3-air-manchester-nh", "whats the iata code for manchester new hampshire",
     "get_airport_code", ["MHT"], _T),
    ("f3-air-portland-or", "Which airport code should I use for Portland, Oregon?",
     "get_airport_code", ["PDX"], _T),
    ("f3-air-reykjavik", "IATA code for Reykjavik?", "get_airport_code", ["KEF"], _T),
    ("f3-flights-den-bna", "are there any flights from Denver to Nashville on April 22, 2027?",
     "search_flights", ["DEN", "BNA"], _T),
    ("f3-hotels-lisbon", "Find me a hotel in Lisbon, checking in 10 March 2027 and out on the "
     "14th", "search_hotels", ["Lisbon"], _T),
]
