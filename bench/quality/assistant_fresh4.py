"""A fourth fresh held-back set for the general assistant, written blind to its code.

Same shape as :data:`bench.quality.assistant_set.QUESTIONS`: ``(id, question, tool, expected,
tags)``. Written without reading the assistant's planner, router, answer or tool code, its
other labelled questions (``assistant_set``, ``assistant_fresh``, ``assistant_fresh2``, all
but the first 60 lines of ``assistant_fresh3``) or its tests; only the README, the knowledge
base's documents, the bank's schema and generator, the travel data (airports, places,
inventory) and the benches were read. The questions are written as different people would
write them (typos, lower case, terse or long-winded, numbers in words, dates in many forms
such as 25/12/2026, British and US spellings, a greeting or some context first), and many are
easy to misread on purpose: what is left to pay after a discount, a total including a tip, a
per-unit price, a time of day in a city (across a daylight-saving gap), "before" and "after",
a negation ("not", "excluding", "don't have", "no layovers"), a threshold per customer
("more than one account", "at least two loans"), a documentation question that names the
bank. Every one is answerable with the assistant's offline tools, none depends on today's
date, and each expected value was computed (python, pint, zoneinfo, the travel inventory, and
the SQL on the bank generated with seed 7). They are never to be changed after seeing how the
assistant handles them. Every case carries the tags ``people`` and ``fresh4``.

For ``sql_query`` cases ``expected`` is the reference SQL, whose single value (on the bank
generated with seed 7) the answer must state.

Measured once when written (2026-11-29, at its first commit's code, totals only; right /
refused / silent wrong): as written 31 / 25 / 4 (``python -m bench.quality.assistant_variants
--part "fresh 4" --no-variants``), with its phrasing variants 216 / 190 / 26 (the same
without ``--no-variants``).
"""

from __future__ import annotations

__all__ = ["FRESH4"]

_T = ["people", "fresh4"]


def _date(iso: str, month: str, short: str, day: int, year: int) -> str:
    """The acceptable spellings of one date."""
    return (f"{iso}|{month} {day}, {year}|{day} {month} {year}|{short} {day}, {year}|"
            f"{day} {short} {year}")


def _time(hh: int, mm: int = 0) -> str:
    """The acceptable spellings of one time of day (24-hour and 12-hour clocks)."""
    half = "AM" if hh < 12 else "PM"
    h12 = hh % 12 or 12
    forms = [f"{hh:02d}:{mm:02d}", f"{h12}:{mm:02d} {half}", f"{h12}:{mm:02d}{half}"]
    if mm == 0:
        forms += [f"{h12} {half}", f"{h12}{half}"]
    return "|".join(forms)


FRESH4: list[tuple[str, str, str, list[str] | str, list[str]]] = [
    # calculator
    ("f4-calc-percent-of", "hiya! whats 12.5 percent of 3,960?", "calculator", ["495"], _T),
    ("f4-calc-sale-left", "The coat is £240 and the sale knocks 25% off. How much do I still "
     "have to pay?", "calculator", ["180"], _T),
    ("f4-calc-gallons-litres", "how many litres is 5 US gallons", "calculator", ["18.9"], _T),
    ("f4-calc-stone-kg", "Convert 6 stone to kilograms please, the GP's form wants kg",
     "calculator", ["38.1"], _T),
    ("f4-calc-words-divide", "what is two thousand and forty-eight divided by sixteen",
     "calculator", ["128"], _T),
    ("f4-calc-marathon-miles", "A marathon is 42.195 km. How many miles is that?",
     "calculator", ["26.2"], _T),
    ("f4-calc-squared", "(18+7)*4 minus 3 squared = ?", "calculator", ["91"], _T),
    ("f4-calc-fever", "thermometer says 38.5 C and the kid feels hot - what's that in "
     "fahrenheit?", "calculator", ["101.3|101.29"], _T),
    ("f4-calc-fortnight", "how many minutes are there in a fortnight?", "calculator",
     ["20,160|20160"], _T),
    ("f4-calc-salary-month", "I'm on 52,000 a year. What's that per month?", "calculator",
     ["4,333.3|4333.3"], _T),
    ("f4-calc-tip-total", "Dinner came to $64 and we're leaving a 15% tip - what's the total "
     "including the tip?", "calculator", ["73.6"], _T),
    ("f4-calc-per-kilo", "5 kg of apples cost 13.75 — what's that per kilo?", "calculator",
     ["2.75"], _T),
    # datetime_tool
    ("f4-dt-weekday-1976", "What day of the week was the 4th of July, 1976?", "datetime_tool",
     ["Sunday"], _T),
    ("f4-dt-days-ddmm", "how many days from 25/12/2026 to 14/02/2027", "datetime_tool", ["51"],
     _T),
    ("f4-dt-six-weeks", "what's the date six weeks after March 1st 2027?", "datetime_tool",
     [_date("2027-04-12", "April", "Apr", 12, 2027)], _T),
    ("f4-dt-london-sydney", "Morning! If it's 8am in London on 10 January 2027, what time is it "
     "in Sydney?", "datetime_tool", [_time(19)], _T),
    ("f4-dt-tokyo-berlin", "call is at 3pm Tokyo time on 1 June 2027, what time is that in "
     "Berlin", "datetime_tool", [_time(8)], _T),
    ("f4-dt-100-before", "Which date is 100 days before 1 Jan 2028?", "datetime_tool",
     [_date("2027-09-23", "September", "Sep", 23, 2027) + "|Sept 23, 2027|23 Sept 2027"], _T),
    ("f4-dt-noon-ny-la", "When it's noon in New York on Nov 10 2027, what time is it in LA?",
     "datetime_tool", [_time(9)], _T),
    ("f4-dt-weeks-days-after", "2 weeks and 3 days after 28 December 2026 - what's the date?",
     "datetime_tool", [_date("2027-01-14", "January", "Jan", 14, 2027)], _T),
    ("f4-dt-la-london-march", "9 in the morning in Los Angeles on 20 March 2027, what time is "
     "that in London?", "datetime_tool", [_time(16)], _T),
    ("f4-dt-mumbai-chicago", "If it's 6:30pm in Mumbai on 31 Oct 2027, what's the time in "
     "Chicago?", "datetime_tool", [_time(8)], _T),
    # get_airport_code
    ("f4-air-toronto", "whats the airport code for toronto", "get_airport_code", ["YYZ"], _T),
    ("f4-air-portland-or", "Which airport code do I use for Portland, Oregon?",
     "get_airport_code", ["PDX"], _T),
    ("f4-air-birmingham-uk", "Hello! Flying into Birmingham, England for a wedding. What's the "
     "airport code?", "get_airport_code", ["BHX"], _T),
    ("f4-air-glasgow", "airport code for glasgow scotland?", "get_airport_code", ["GLA"], _T),
    # search_flights / search_hotels
    ("f4-fl-nonstop-bos-lis", "What's the cheapest nonstop flight from Boston to Lisbon on "
     "March 10, 2027? No layovers please.", "search_flights", ["532.85"], _T),
    ("f4-fl-airline-sfo-sea", "which airline has the cheapest flight SFO to Seattle on "
     "2027-04-22", "search_flights", ["United"], _T),
    ("f4-ht-rome-name", "cheapest hotel in Rome, check in 3 May 2027, check out 7 May 2027 - "
     "what's it called?", "search_hotels", ["Rome City Lodge"], _T),
    ("f4-ht-paris-price", "How much is the cheapest hotel in Paris for 14-17 September 2027, "
     "whole stay?", "search_hotels", ["603.10|603.1"], _T),
    # kb_search
    ("f4-kb-max-chars", "Hi there - if I paste a really long message into the assistant, how "
     "many characters will it take by default before refusing it?", "kb_search",
     ["16000|16,000"], _T),
    ("f4-kb-catcher-port", "with no relay set up, what port is the local mail catcher on?",
     "kb_search", ["2526"], _T),
    ("f4-kb-body-limit", "what's the largest request body the API accepts before it answers "
     "413?", "kb_search", ["262144|262,144"], _T),
    ("f4-kb-rerank-package", "for the kb rerank option, which package ships the little "
     "embedding model?", "kb_search", ["wordllama"], _T),
    ("f4-kb-value-cut", "In the bank query results, how many characters can a single value "
     "have before it gets cut off?", "kb_search", ["8192|8,192"], _T),
    ("f4-kb-mail-from", "what address do the insurance quote emails come from if i never "
     "configure it", "kb_search", ["quotes@localhost"], _T),
    ("f4-kb-disable-mcp", "Which environment variable stops the server from serving /mcp?",
     "kb_search", ["AGENTDESK_DISABLE_MCP"], _T),
    ("f4-kb-busy-thread", "If I start a new run on a thread that's still busy, what does "
     "agentdesk do by default (not the Agent Server)?", "kb_search", ["reject|409"], _T),
    ("f4-kb-worker-concurrency", "out of the box, how many runs does one worker process execute "
     "at once?", "kb_search", ["16"], _T),
    ("f4-kb-iban-check", "How does the door check that an IBAN is real before redacting it?",
     "kb_search", ["mod-97|mod 97"], _T),
    ("f4-kb-cron-library", "which python library parses the cron expressions for scheduled "
     "runs?", "kb_search", ["croniter"], _T),
    ("f4-kb-file-lines", "the design notes say a file that gets too long is doing two jobs - "
     "how many lines is too long?", "kb_search", ["400"], _T),
    ("f4-kb-quoted-history", "when a customer replies to an email, what removes the old quoted "
     "text and their signature?", "kb_search", ["mail-parser-reply"], _T),
    ("f4-kb-refused-topics", "Which topics does the default policy flat-out refuse, as opposed "
     "to sending to a person?", "kb_search", ["weapons", "malware"], _T),
    # sql_query
    ("f4-sql-joined-before-2019", "hey, how many of our customers signed up before 2019?",
     "sql_query", "SELECT COUNT(*) FROM customers WHERE joined_at < '2019-01-01'", _T),
    ("f4-sql-accounts-not-open", "how many accounts aren't open at the moment?", "sql_query",
     "SELECT COUNT(*) FROM accounts WHERE status <> 'open'", _T),
    ("f4-sql-auto-principal-2025", "What was the total principal of auto loans originated in "
     "2025?", "sql_query",
     "SELECT SUM(principal) FROM loans WHERE kind = 'auto' "
     "AND originated_at BETWEEN '2025-01-01' AND '2025-12-31'", _T),
    ("f4-sql-savings-avg-excl-closed", "Average balance on savings accounts, excluding closed "
     "ones?", "sql_query",
     "SELECT AVG(balance) FROM accounts WHERE type = 'savings' AND status <> 'closed'", _T),
    ("f4-sql-texas-premier", "number of premier customers in texas", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE state = 'TX' AND segment = 'premier'", _T),
    ("f4-sql-more-than-one-account", "How many customers have more than one account?",
     "sql_query",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) > 1)", _T),
    ("f4-sql-loan-over-100k", "how many customers have a loan bigger than $100k", "sql_query",
     "SELECT COUNT(DISTINCT customer_id) FROM loans WHERE principal > 100000", _T),
    ("f4-sql-starbucks-2025", "How many transactions at Starbucks were there in 2025?",
     "sql_query",
     "SELECT COUNT(*) FROM transactions WHERE merchant = 'Starbucks' "
     "AND posted_at BETWEEN '2025-01-01' AND '2025-12-31'", _T),
    ("f4-sql-cards-blocked-lost", "cards that are blocked or lost — how many in total?",
     "sql_query", "SELECT COUNT(*) FROM cards WHERE status IN ('blocked', 'lost')", _T),
    ("f4-sql-mortgage-rate", "What's the average interest rate on mortgages?", "sql_query",
     "SELECT AVG(rate) FROM loans WHERE kind = 'mortgage'", _T),
    ("f4-sql-payroll-march", "How many payroll deposits over $3,000 landed in March 2026?",
     "sql_query",
     "SELECT COUNT(*) FROM transactions WHERE category = 'payroll' AND amount > 3000 "
     "AND posted_at BETWEEN '2026-03-01' AND '2026-03-31'", _T),
    ("f4-sql-no-employer", "How many customers don't have an employer on file?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL", _T),
    ("f4-sql-born-before-1960", "How many customers were born before 1960?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE birth_date < '1960-01-01'", _T),
    ("f4-sql-frozen-balance", "Total balance sitting in frozen accounts?", "sql_query",
     "SELECT SUM(balance) FROM accounts WHERE status = 'frozen'", _T),
    ("f4-sql-private-excl-2026", "how many private segment customers are there, excluding "
     "anyone who joined in 2026?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE segment = 'private' AND joined_at < '2026-01-01'", _T),
    ("f4-sql-two-loans", "How many customers have at least two loans?", "sql_query",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM loans GROUP BY customer_id "
     "HAVING COUNT(*) >= 2)", _T),
]
