"""A third fresh banking set, written blind to the reader (tag ``fresh3``).

Each entry is ``(id, question, reference SQL for SQLite, tags)``, the shape of
``banking_fresh2.FRESH2``, over the generated bank (``create_bank_database(url, seed=7)``,
whose "today" is 2026-10-31). The questions were written from the README, the schema, the
generator and the benches only, without reading the bank's reader, the agent, their tests
or the other sets' questions, and every reference was run on that bank and checked to
answer its question. Measured once, blind, on 2026-11-29
(``python -m bench.quality.banking_parts --part fresh3`` and ``--no-variants``), right /
refused / silent wrong: as written 36 / 27 / 7; with the phrasing variants 239 / 178 / 46.
No case was changed after.

Conventions of the references: "spend", "paid" and "fees collected" are debits as positive
dollars (``SUM(-amount)`` over ``amount < 0``); a payroll credit or a deposit is its
positive amount; "which customers" is their first and last name; a percentage is out of
100; "top N" / "the N largest" returns the values ranked (tag ``ordered`` when the order
is asked for). Tag ``misread`` marks a question written to be easy to misread (the wrong
table's date, a filter easy to drop, a count of rows where distinct entities are asked, a
negation, a null, a sign); the other tags say what the case exercises.
"""

from __future__ import annotations

__all__ = ["FRESH3"]

_Y2024 = "BETWEEN '2024-01-01' AND '2024-12-31'"
_Y2025 = "BETWEEN '2025-01-01' AND '2025-12-31'"
_Y2026 = "BETWEEN '2026-01-01' AND '2026-12-31'"
_CUSTOMER_CARDS = "SELECT a.customer_id FROM cards c JOIN accounts a ON a.id = c.account_id"

FRESH3: list[tuple[str, str, str, list[str]]] = [
    # -- counts with filters ----------------------------------------------------------------
    ("f3_private_ny_state", "hi there - how many private banking clients live in New York state?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'private' AND state = 'NY'",
     ["count", "filter", "greeting", "misread"]),
    ("f3_blocked_mastercards", "no. of blocked mastercard cards",
     "SELECT COUNT(*) FROM cards WHERE network = 'mastercard' AND status = 'blocked'",
     ["count", "filter", "terse"]),
    ("f3_delinquent_auto", "How many auto loans are delinquent at the moment?",
     "SELECT COUNT(*) FROM loans WHERE kind = 'auto' AND status = 'delinquent'",
     ["count", "filter"]),
    ("f3_online_shopping_txns", "count the online shopping txns",
     "SELECT COUNT(*) FROM transactions WHERE category = 'shopping' AND channel = 'online'",
     ["count", "filter", "abbreviation", "misread"]),
    ("f3_open_money_market", "how many money market accts are currently open?",
     "SELECT COUNT(*) FROM accounts WHERE type = 'money_market' AND status = 'open'",
     ["count", "filter", "abbreviation"]),
    ("f3_lost_debit_cards", "Good morning! Could you tell me how many debit cards have been "
     "reported lost?",
     "SELECT COUNT(*) FROM cards WHERE kind = 'debit' AND status = 'lost'",
     ["count", "filter", "greeting", "chatty"]),
    ("f3_denver_branch_accounts", "how many accounts are held at the Denver branch",
     "SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.city = 'Denver'",
     ["count", "filter", "join"]),
    # -- sums and averages ------------------------------------------------------------------
    ("f3_avg_mortgage_rate", "What's the average interest rate on our mortgages?",
     "SELECT AVG(rate) FROM loans WHERE kind = 'mortgage'", ["average", "filter"]),
    ("f3_total_savings_balance", "Total balance held in savings accounts, please.",
     "SELECT SUM(balance) FROM accounts WHERE type = 'savings'", ["sum", "filter"]),
    ("f3_avg_student_principal", "avg principal of student loans?",
     "SELECT AVG(principal) FROM loans WHERE kind = 'student'",
     ["average", "filter", "abbreviation"]),
    ("f3_fees_collected_2025", "How much did we collect in fees during 2025?",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'fees' AND amount < 0 "
     f"AND posted_at {_Y2025}",
     ["sum", "date", "misread"]),
    ("f3_payroll_q3_2025", "Total payroll deposits in Q3 2025",
     "SELECT SUM(amount) FROM transactions WHERE category = 'payroll' "
     "AND posted_at BETWEEN '2025-07-01' AND '2025-09-30'",
     ["sum", "date", "quarter", "misread"]),
    ("f3_avg_amex_limit", "what's the average credit limit on amex cards",
     "SELECT AVG(credit_limit) FROM cards WHERE network = 'amex'", ["average", "filter"]),
    ("f3_starbucks_h2_2024", "how much was spent at Starbucks in the last half of 2024?",
     "SELECT SUM(-amount) FROM transactions WHERE merchant = 'Starbucks' AND amount < 0 "
     "AND posted_at BETWEEN '2024-07-01' AND '2024-12-31'",
     ["sum", "merchant", "date", "misread"]),
    ("f3_avg_grocery_spend", "On average, how much do people spend per grocery transaction?",
     "SELECT AVG(-amount) FROM transactions WHERE category = 'groceries' AND amount < 0",
     ["average", "filter", "chatty"]),
    ("f3_rent_jan_to_mar_2026", "sum of rent paid from Jan to Mar 2026",
     "SELECT SUM(-amount) FROM transactions WHERE category = 'rent' AND amount < 0 "
     "AND posted_at BETWEEN '2026-01-01' AND '2026-03-31'",
     ["sum", "date", "terse"]),
    # -- per-group breakdowns ---------------------------------------------------------------
    ("f3_texas_by_segment", "Breakdown of our Texas customers by segment",
     "SELECT segment, COUNT(*) FROM customers WHERE state = 'TX' GROUP BY segment",
     ["group", "filter", "misread"]),
    ("f3_principal_per_kind", "total principal per loan type",
     "SELECT kind, SUM(principal) FROM loans GROUP BY kind", ["group", "sum", "terse"]),
    ("f3_accounts_per_branch", "Could you summarise how many accounts each branch has?",
     "SELECT b.name, COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.name",
     ["group", "count", "join"]),
    ("f3_avg_balance_per_type_not_closed",
     "average balance per account type, excluding closed accounts",
     "SELECT type, AVG(balance) FROM accounts WHERE status <> 'closed' GROUP BY type",
     ["group", "average", "negation", "misread"]),
    ("f3_active_cards_by_network", "active cards broken down by network pls",
     "SELECT network, COUNT(*) FROM cards WHERE status = 'active' GROUP BY network",
     ["group", "count", "filter", "misread"]),
    ("f3_txns_per_channel_oct_2026", "Number of transactions by channel for October 2026",
     "SELECT channel, COUNT(*) FROM transactions "
     "WHERE posted_at BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY channel",
     ["group", "count", "date", "misread"]),
    ("f3_monthly_txns_h1_2026", "monthly transaction counts for the first half of 2026",
     "SELECT strftime('%Y-%m', posted_at), COUNT(*) FROM transactions "
     "WHERE posted_at BETWEEN '2026-01-01' AND '2026-06-30' GROUP BY 1",
     ["group", "count", "date", "per_month"]),
    # -- top N ------------------------------------------------------------------------------
    ("f3_top5_balances", "the 5 largest balances",
     "SELECT balance FROM accounts ORDER BY balance DESC LIMIT 5",
     ["top_n", "ordered", "terse"]),
    ("f3_top3_merchants_2025", "Top 3 merchants by spend in 2025?",
     f"SELECT merchant, SUM(-amount) FROM transactions WHERE amount < 0 AND merchant IS NOT NULL "
     f"AND posted_at {_Y2025} GROUP BY merchant ORDER BY 2 DESC LIMIT 3",
     ["top_n", "ordered", "merchant", "date"]),
    ("f3_ten_biggest_loans", "show me the ten biggest loans by principal",
     "SELECT principal FROM loans ORDER BY principal DESC LIMIT 10",
     ["top_n", "ordered", "number_words"]),
    ("f3_oldest_three_branches", "Which 3 branches opened first?",
     "SELECT name FROM branches ORDER BY opened_at LIMIT 3",
     ["top_n", "ordered", "date"]),
    ("f3_lowest_auto_rates", "5 lowest auto loan rates",
     "SELECT rate FROM loans WHERE kind = 'auto' ORDER BY rate LIMIT 5",
     ["top_n", "ordered", "filter", "misread"]),
    ("f3_top3_states", "Which three states have the most customers?",
     "SELECT state, COUNT(*) FROM customers GROUP BY state ORDER BY 2 DESC LIMIT 3",
     ["top_n", "ordered", "number_words"]),
    # -- thresholds per entity (HAVING) -----------------------------------------------------
    ("f3_three_plus_accounts", "How many customers hold at least three accounts?",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) >= 3)",
     ["having", "count", "number_words", "misread"]),
    ("f3_more_than_one_loan", "which customers have got more than one loan on the books?",
     "SELECT c.first_name, c.last_name FROM customers c JOIN loans l ON l.customer_id = c.id "
     "GROUP BY c.id HAVING COUNT(*) > 1",
     ["having", "which_customers"]),
    ("f3_two_plus_cards", "how many customers have 2 or more cards?",
     f"SELECT COUNT(*) FROM ({_CUSTOMER_CARDS} GROUP BY a.customer_id HAVING COUNT(*) >= 2)",
     ["having", "count", "join", "misread"]),
    ("f3_branches_over_200_accounts", "Which branches have more than 200 accounts?",
     "SELECT b.name FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.id HAVING COUNT(*) > 200",
     ["having", "join"]),
    ("f3_two_mortgages", "Are there any customers with more than one mortgage? Who?",
     "SELECT c.first_name, c.last_name FROM customers c JOIN loans l ON l.customer_id = c.id "
     "WHERE l.kind = 'mortgage' GROUP BY c.id HAVING COUNT(*) > 1",
     ["having", "which_customers", "filter", "misread"]),
    # -- missing values ---------------------------------------------------------------------
    ("f3_no_closing_date", "how many accts have no closing date recorded",
     "SELECT COUNT(*) FROM accounts WHERE closed_at IS NULL",
     ["null", "count", "abbreviation"]),
    ("f3_customers_without_card", "how many customers don't have a card",
     f"SELECT COUNT(*) FROM customers WHERE id NOT IN ({_CUSTOMER_CARDS})",
     ["null", "negation", "count", "misread"]),
    ("f3_premier_no_loan", "How many premier customers have never taken out a loan?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'premier' "
     "AND id NOT IN (SELECT customer_id FROM loans)",
     ["null", "negation", "count", "misread"]),
    ("f3_cards_no_limit", "how many cards have no credit limit set?",
     "SELECT COUNT(*) FROM cards WHERE credit_limit IS NULL", ["null", "count", "misread"]),
    # -- negations --------------------------------------------------------------------------
    ("f3_not_texas", "How many customers are not in Texas?",
     "SELECT COUNT(*) FROM customers WHERE state <> 'TX'", ["negation", "count", "misread"]),
    ("f3_cheque_accounts_not_closed", "How many cheque accounts are there, excluding closed "
     "accounts?",
     "SELECT COUNT(*) FROM accounts WHERE type = 'checking' AND status <> 'closed'",
     ["negation", "count", "british", "misread"]),
    ("f3_loans_not_paid_off", "number of loans that aren't paid off",
     "SELECT COUNT(*) FROM loans WHERE status <> 'paid_off'", ["negation", "count"]),
    ("f3_credit_cards_not_visa", "credit cards that arent Visa, how many?",
     "SELECT COUNT(*) FROM cards WHERE kind = 'credit' AND network <> 'visa'",
     ["negation", "count", "typo", "misread"]),
    ("f3_avg_balance_non_retail",
     "What is the average account balance for customers outside the retail segment?",
     "SELECT AVG(a.balance) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "WHERE c.segment <> 'retail'",
     ["negation", "average", "join"]),
    # -- the date column of the noun asked about --------------------------------------------
    ("f3_cards_issued_2025", "how many cards did we issue during calendar year 2025?",
     f"SELECT COUNT(*) FROM cards WHERE issued_at {_Y2025}", ["date", "count"]),
    ("f3_accounts_closed_2026", "How many accounts were closed in 2026?",
     f"SELECT COUNT(*) FROM accounts WHERE closed_at {_Y2026}",
     ["date", "count", "misread"]),
    ("f3_loans_of_2024_joiners", "How many loans belong to customers who joined in 2024?",
     f"SELECT COUNT(*) FROM loans l JOIN customers c ON c.id = l.customer_id "
     f"WHERE c.joined_at {_Y2024}",
     ["date", "count", "join", "misread"]),
    ("f3_accounts_at_old_branches",
     "How many accounts are held at branches that opened before 2000?",
     "SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.opened_at < '2000-01-01'",
     ["date", "count", "join", "misread"]),
    ("f3_born_before_1960", "how many of our custmers were born before 1960",
     "SELECT COUNT(*) FROM customers WHERE birth_date < '1960-01-01'", ["date", "count"]),
    ("f3_cards_expiring_h1_2027", "Cards expiring in the first half of 2027 - how many?",
     "SELECT COUNT(*) FROM cards WHERE expires_at BETWEEN '2027-01-01' AND '2027-06-30'",
     ["date", "count", "misread"]),
    # -- date ranges in many forms ----------------------------------------------------------
    ("f3_loans_since_sept_2026", "How many loans were originated since Sept 1st 2026?",
     "SELECT COUNT(*) FROM loans WHERE originated_at >= '2026-09-01'",
     ["date", "count", "abbreviation"]),
    ("f3_joined_before_2020", "number of customers who joined before 2020",
     "SELECT COUNT(*) FROM customers WHERE joined_at < '2020-01-01'", ["date", "count"]),
    ("f3_txns_q3_2025", "How many txns were posted in Q3 2025?",
     "SELECT COUNT(*) FROM transactions WHERE posted_at BETWEEN '2025-07-01' AND '2025-09-30'",
     ["date", "count", "quarter", "abbreviation"]),
    ("f3_accounts_march_to_may_2025",
     "accounts opened between 1 March 2025 and 31 May 2025, how many",
     "SELECT COUNT(*) FROM accounts WHERE opened_at BETWEEN '2025-03-01' AND '2025-05-31'",
     ["date", "count", "british"]),
    ("f3_new_customers_oct_2026", "# of new customers in Oct. 2026?",
     "SELECT COUNT(*) FROM customers WHERE joined_at BETWEEN '2026-10-01' AND '2026-10-31'",
     ["date", "count", "terse"]),
    ("f3_txns_july_4_2025", "How many transactions were posted on 4 July 2025?",
     "SELECT COUNT(*) FROM transactions WHERE posted_at = '2025-07-04'",
     ["date", "count", "british"]),
    # -- percentages and ratios -------------------------------------------------------------
    ("f3_pct_premier", "What percentage of our customers are premier?",
     "SELECT 100.0 * SUM(segment = 'premier') / COUNT(*) FROM customers",
     ["percentage"]),
    ("f3_pct_accounts_closed", "what % of accounts are closed",
     "SELECT 100.0 * SUM(status = 'closed') / COUNT(*) FROM accounts",
     ["percentage", "terse"]),
    ("f3_pct_online_2025", "What share of 2025's transactions went through the online "
     "channel, as a percentage?",
     f"SELECT 100.0 * SUM(channel = 'online') / COUNT(*) FROM transactions "
     f"WHERE posted_at {_Y2025}",
     ["percentage", "date", "misread"]),
    ("f3_pct_loans_in_trouble", "Percentage of loans that are delinquent or in default?",
     "SELECT 100.0 * SUM(status IN ('delinquent', 'default')) / COUNT(*) FROM loans",
     ["percentage", "filter"]),
    ("f3_ratio_credit_to_debit_cards", "What's the ratio of credit cards to debit cards?",
     "SELECT 1.0 * SUM(kind = 'credit') / SUM(kind = 'debit') FROM cards", ["ratio"]),
    # -- distinct counts --------------------------------------------------------------------
    ("f3_customers_with_loans", "How many different customers have a loan?",
     "SELECT COUNT(DISTINCT customer_id) FROM loans", ["distinct", "count", "misread"]),
    ("f3_customer_cities", "how many different cities do our customers live in?",
     "SELECT COUNT(DISTINCT city) FROM customers", ["distinct", "count"]),
    ("f3_customers_active_sep_2026",
     "how many unique customers made a transaction in September 2026?",
     "SELECT COUNT(DISTINCT a.customer_id) FROM transactions t "
     "JOIN accounts a ON a.id = t.account_id "
     "WHERE t.posted_at BETWEEN '2026-09-01' AND '2026-09-30'",
     ["distinct", "count", "date", "join", "misread"]),
    # -- min / max --------------------------------------------------------------------------
    ("f3_max_personal_rate", "highest interest rate on a personal loan?",
     "SELECT MAX(rate) FROM loans WHERE kind = 'personal'", ["max", "filter"]),
    ("f3_earliest_join", "When did our earliest customer join?",
     "SELECT MIN(joined_at) FROM customers", ["min", "date"]),
    ("f3_largest_deposit_2024", "largest single deposit in 2024",
     f"SELECT MAX(amount) FROM transactions WHERE category = 'deposit' AND posted_at {_Y2024}",
     ["max", "date"]),
    ("f3_min_visa_limit", "Whats the smallest credit limit on a Visa card",
     "SELECT MIN(credit_limit) FROM cards WHERE network = 'visa'", ["min", "filter", "typo"]),
    # -- which customers --------------------------------------------------------------------
    ("f3_private_in_denver", "Which private clients live in Denver?",
     "SELECT first_name, last_name FROM customers WHERE segment = 'private' "
     "AND city = 'Denver'",
     ["which_customers", "filter"]),
    ("f3_defaulted_customers", "which customers have defaulted on a loan?",
     "SELECT first_name, last_name FROM customers "
     "WHERE id IN (SELECT customer_id FROM loans WHERE status = 'default')",
     ["which_customers", "filter", "join"]),
    ("f3_big_mortgages", "who has a mortgage over $900k?",
     "SELECT first_name, last_name FROM customers WHERE id IN "
     "(SELECT customer_id FROM loans WHERE kind = 'mortgage' AND principal > 900000)",
     ["which_customers", "amount", "misread"]),
]
