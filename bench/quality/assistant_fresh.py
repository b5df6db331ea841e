"""A fresh held-back set for the general assistant, written blind to its code.

Same shape as :data:`bench.quality.assistant_set.QUESTIONS`: ``(id, question, tool, expected,
tags)``. The questions are written as different people would write them (typos, lower case,
terse or long-winded, numbers and units in words, dates in many forms), every one answerable
with the assistant's offline tools. They were written without reading the assistant's
planner, router or answer code, nor its other labelled questions, and are never to be
changed after seeing how the assistant handles them: their misses say how it reads text
nobody tuned it on. Every case carries the tags ``people`` and ``fresh``.

For ``sql_query`` cases ``expected`` is the reference SQL, whose single value (on the bank
generated with seed 7) the answer must state.
"""

from __future__ import annotations

__all__ = ["FRESH"]

_T = ["people", "fresh"]

FRESH: list[tuple[str, str, str, list[str] | str, list[str]]] = [
    # --- calculator: arithmetic, percentages, units -------------------------------------
    ("fresh_calc_pct_rent",
     "whats 17.5% of 2,480?", "calculator", ["434"], _T),
    ("fresh_calc_sixty_miles",
     "Quick one: sixty miles is how many kilometres?", "calculator", ["96.5"], _T),
    ("fresh_calc_kg_lbs",
     "my doctor says i weigh 72 kg, how much is that in pounds", "calculator", ["158.7"], _T),
    ("fresh_calc_batch",
     "Could you please work out 1,250 times 36, divided by 12? Thank you.", "calculator",
     ["3,750|3750"], _T),
    ("fresh_calc_body_temp",
     "98.6 fahrenheit in celcius??", "calculator", ["37"], _T),
    ("fresh_calc_average",
     "I had three invoices this week, 245, 380 and 129 dollars. What's (245 + 380 + 129) / 3, "
     "i.e. the average?", "calculator", ["251.3"], _T),
    ("fresh_calc_six_feet",
     "convert 6 ft to meters", "calculator", ["1.82|1.83"], _T),
    ("fresh_calc_tip",
     "Lunch came to $86.40 and I'd like to leave an 18 percent tip. How much is the tip?",
     "calculator", ["15.55"], _T),
    ("fresh_calc_two_sixteen",
     "2 to the power of 16", "calculator", ["65,536|65536"], _T),
    ("fresh_calc_grams_oz",
     "how many ounces in 500 grams", "calculator", ["17.6"], _T),
    ("fresh_calc_interest",
     "Hello - a client asks what simple interest comes to on 12000 at 4.5% a year for 3 "
     "years. Can you calculate 12000 * 4.5% * 3 for me?", "calculator", ["1,620|1620"], _T),
    ("fresh_calc_mph",
     "Whats 45 mph in km/h", "calculator", ["72.4"], _T),

    # --- datetime_tool: differences, shifts, weekdays, time zones -----------------------
    ("fresh_date_days_between",
     "how many days are there between march 3 2027 and june 18 2027", "datetime_tool",
     ["107"], _T),
    ("fresh_date_july_fourth",
     "What day of the week is 4 July 2027?", "datetime_tool", ["Sunday"], _T),
    ("fresh_date_ninety_days",
     "Our notice period is 90 days. If it starts on 15/01/2027, what date is 90 days after "
     "that?", "datetime_tool", ["2027-04-15|April 15, 2027|15 April 2027|Apr 15, 2027"], _T),
    ("fresh_tz_ny_london",
     "if it's 9am in New York on 2027-02-10, what time is it in London?", "datetime_tool",
     ["14:00|2:00 PM|2 PM|2:00 pm|2 pm|2pm"], _T),
    ("fresh_date_three_weeks_before",
     "What's the date three weeks before 25 December 2026?", "datetime_tool",
     ["2026-12-04|December 4, 2026|4 December 2026|Dec 4, 2026"], _T),
    ("fresh_date_days_to_new_year",
     "number of days from 2026-11-28 to 2027-01-01", "datetime_tool", ["34"], _T),
    ("fresh_tz_tokyo_la",
     "Meeting is at 18:30 Tokyo time on 1 May 2027. What time is that in Los Angeles?",
     "datetime_tool", ["02:30|2:30"], _T),
    ("fresh_date_six_months",
     "what is the date 6 months after aug 10 2027", "datetime_tool",
     ["2028-02-10|February 10, 2028|10 February 2028|Feb 10, 2028"], _T),
    ("fresh_date_weekday_october",
     "Which day of the week will the 31st of October 2027 be?", "datetime_tool",
     ["Sunday"], _T),
    ("fresh_tz_sydney_berlin",
     "when it is noon in sydney on 15 jan 2027, what time is it in berlin", "datetime_tool",
     ["02:00|2:00 AM|2 AM|2:00 am|2 am|2am"], _T),

    # --- travel: airport codes ----------------------------------------------------------
    ("fresh_airport_vienna",
     "airport code for vienna?", "get_airport_code", ["VIE"], _T),
    ("fresh_airport_zurich",
     "Hi, I'm booking a colleague's trip. What is the IATA code of the airport in Zurich, "
     "Switzerland?", "get_airport_code", ["ZRH"], _T),
    ("fresh_airport_helsinki",
     "Helsinki airport code pls", "get_airport_code", ["HEL"], _T),
    ("fresh_airport_nairobi",
     "Which airport code should I type for Nairobi, Kenya?", "get_airport_code", ["NBO"], _T),
    ("fresh_airport_portland_or",
     "what's the airport code for Portland, Oregon", "get_airport_code", ["PDX"], _T),
    ("fresh_airport_prague",
     "What is the three-letter airport code for Prague?", "get_airport_code", ["PRG"], _T),

    # --- kb_search: facts in agentdesk's own documentation ------------------------------
    ("fresh_kb_max_connections",
     "How many connections does the server serve at once by default before it answers 503?",
     "kb_search", ["512"], _T),
    ("fresh_kb_policy_file",
     "which environment variable do i set to point the assistant at my own safety policy "
     "file?", "kb_search", ["AGENTDESK_ASSISTANT_POLICY_FILE"], _T),
    ("fresh_kb_max_input_chars",
     "What is the default max_input_chars of the ingress policy, i.e. the longest message "
     "the assistant accepts?", "kb_search", ["16000|16,000|16 000"], _T),
    ("fresh_kb_rerank",
     "Is there a setting to rerank knowledge base search results with an embedding model? "
     "What's it called?", "kb_search", ["AGENTDESK_KB_RERANK"], _T),
    ("fresh_kb_bank_url",
     "where do I configure which database the banking agent reads? what's the env var",
     "kb_search", ["AGENTDESK_BANK_DATABASE_URL"], _T),
    ("fresh_kb_smtp_listen",
     "On which address and port does agentdesk serve receive email by default (SMTP "
     "listen)?", "kb_search", ["2525"], _T),
    ("fresh_kb_check_input",
     "How can I try the assistant's input safety check from the command line?", "kb_search",
     ["check-input"], _T),
    ("fresh_kb_max_body",
     "What is the default AGENTDESK_MAX_BODY_BYTES limit for request bodies?", "kb_search",
     ["262144|262,144"], _T),
    ("fresh_kb_api_keys_env",
     "Good morning. We want to protect the HTTP API with keys for a couple of users. Which "
     "variable holds the API keys?", "kb_search", ["AGENTDESK_API_KEYS"], _T),
    ("fresh_kb_otel",
     "how do i send traces to an opentelemetry collector, which env var?", "kb_search",
     ["AGENTDESK_OTEL_ENDPOINT|OTEL_EXPORTER_OTLP_ENDPOINT"], _T),

    # --- sql_query: the bank's data -----------------------------------------------------
    ("fresh_sql_private_segment",
     "how many customers are in the private segment?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE segment = 'private'", _T),
    ("fresh_sql_old_branches",
     "How many of our branches were opened before 2005?", "sql_query",
     "SELECT COUNT(*) FROM branches WHERE opened_at < '2005-01-01'", _T),
    ("fresh_sql_savings_total",
     "What's the total balance of all open savings accounts?", "sql_query",
     "SELECT SUM(balance) FROM accounts WHERE type = 'savings' AND status = 'open'", _T),
    ("fresh_sql_personal_rate",
     "average interest rate on personal loans", "sql_query",
     "SELECT AVG(rate) FROM loans WHERE kind = 'personal'", _T),
    ("fresh_sql_frozen_checking",
     "Could you tell me how many checking accounts are currently frozen?", "sql_query",
     "SELECT COUNT(*) FROM accounts WHERE type = 'checking' AND status = 'frozen'", _T),
    ("fresh_sql_amex_active",
     "number of active amex cards", "sql_query",
     "SELECT COUNT(*) FROM cards WHERE network = 'amex' AND status = 'active'", _T),
    ("fresh_sql_starbucks_2025",
     "How much did our customers spend at Starbucks in 2025?", "sql_query",
     "SELECT ABS(SUM(amount)) FROM transactions WHERE merchant = 'Starbucks' "
     "AND posted_at >= '2025-01-01' AND posted_at < '2026-01-01'", _T),
    ("fresh_sql_joined_q1_2023",
     "how many new customers joined in Q1 2023", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE joined_at >= '2023-01-01' "
     "AND joined_at < '2023-04-01'", _T),
    ("fresh_sql_delinquent",
     "How many loans are delinquent right now?", "sql_query",
     "SELECT COUNT(*) FROM loans WHERE status = 'delinquent'", _T),
    ("fresh_sql_mm_average",
     "whats the average balance of money market accounts", "sql_query",
     "SELECT AVG(balance) FROM accounts WHERE type = 'money_market'", _T),
    ("fresh_sql_florida",
     "How many customers do we have in Florida?", "sql_query",
     "SELECT COUNT(*) FROM customers WHERE state = 'FL'", _T),
    ("fresh_sql_atm_march",
     "number of ATM transactions in March 2026 please", "sql_query",
     "SELECT COUNT(*) FROM transactions WHERE channel = 'atm' "
     "AND posted_at >= '2026-03-01' AND posted_at < '2026-04-01'", _T),
]

READ = frozenset(case[0] for case in FRESH[::2])
"""Every other question (half of each tool's), whose misses were read and tuned on after the
set's one blind run (2026-11-28); they carry the tag ``read``. The other half stays blind."""

FRESH = [(qid, question, tool, expected, [*tags, "read"] if qid in READ else tags)
         for qid, question, tool, expected, tags in FRESH]
