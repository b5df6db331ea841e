"""A seventh fresh banking set, written blind to the reader (tag ``fresh7``).

Each entry is ``(id, question, reference SQL for SQLite, tags)``, the shape of
``banking_fresh6.FRESH6``, over the generated bank (``create_bank_database(url, seed=7)``,
whose "today" is 2026-10-31: "this year" and "year to date" are 2026, "last month" September
2026, "last quarter" July to September 2026, "65 or older" born on or before 1961-10-31). The
60 questions were written as the people who would ask them (a teller at the counter, an
analyst, a compliance officer, a marketing intern typing fast, a regional manager dictating
with the punctuation spoken, a non-native writer with day-first dates and a thousands dot,
someone thinking in spreadsheet words: rows, column, pivot) from the README, the schema, the
bank's loader and the sixth set's conventions only, without reading the bank's reader, the
agent, their tests or the other sets' questions. Every reference was run on that bank and
checked by hand to answer its question with a non-degenerate result (never empty, never a
whole table; each filter a misreading would drop was run without it and gives another
answer); two questions first written word for word as an earlier set asks them were
reworded, one about spend by category was left out (whether a transfer out is spending is
not the bank's to say), and a count of customers who paid Netflix was kept to payments once
a refund showed up among its rows, all before measuring. None is unanswerable. Measured
once, blind, on 2026-11-29 at 3dcba8d (``python -m bench.quality.banking_parts`` and
``--no-variants``, no ``--part``, only this part's totals read), right / refused / silent
wrong: as written 25 / 29 / 6; with the phrasing variants 183 / 201 / 43. No case was changed
after. Measured again, still blind, after the round on ``fresh6 read`` (at a0e44b9): as written
33 / 23 / 4, with variants 235 / 163 / 29; once owners ranked by one of the rows they own
several of are said back ("top 5 customers by balance"), 235 / 164 / 28.

Conventions are the sixth set's: "spend" and "fees collected" are debits as positive dollars
(``SUM(-amount)`` over ``amount < 0``), as are cash withdrawn, rent paid and an average
purchase; payroll, deposits, refunds, interest paid out and incoming transfers are their
amounts as posted (``amount > 0``); "which customers" is their first and last name and "which
branches" their name; a percentage is out of 100; "top N" and "the N largest" return the values
ranked (tag ``ordered``); a count of cards, accounts or loans counts rows whatever their status
unless the question names one; a month is ``'YYYY-MM'``; a place "at our branches" is the
branch's, a place people "live in" the customer's. Tag ``misread`` (23 of the 60) marks a
question written to be easy to misread: the wrong table's date (closed, not opened; accounts
opened, not customers joined), a filter easy to drop (active, debit, open), distinct customers
where rows are counted, a threshold per customer, a negation, a null, a unit (years of a term
in months), a day-first date or a thousands dot, the sign of the money's way, "the N largest
X" returning X, a branch's place read as the customer's; the other tags say what the case
exercises.
"""

from __future__ import annotations

__all__ = ["FRESH7"]

_Y2025 = "BETWEEN '2025-01-01' AND '2025-12-31'"
_Y2026 = "BETWEEN '2026-01-01' AND '2026-12-31'"
_SEPT2026 = "BETWEEN '2026-09-01' AND '2026-09-30'"
_OCT2026 = "BETWEEN '2026-10-01' AND '2026-10-31'"
_Q3_2026 = "BETWEEN '2026-07-01' AND '2026-09-30'"

FRESH7: list[tuple[str, str, str, list[str]]] = [
    # A teller between customers.
    ("f7_premier_headcount",
     "quick one - how many premier customers have we got?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'premier'",
     ["count", "segment"]),
    ("f7_cards_expiring_nov",
     "How many active cards expire in November 2026?",
     "SELECT COUNT(*) FROM cards WHERE status = 'active' "
     "AND expires_at BETWEEN '2026-11-01' AND '2026-11-30'",
     ["count", "cards", "date"]),
    ("f7_atm_cash_october",
     "how much cash went out through the ATMs in October 2026, in dollars",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'cash' AND amount < 0 "
     f"AND posted_at {_OCT2026}",
     ["sum", "transactions", "date"]),
    ("f7_counter_customer_balance",
     "Customer erica.brown@aol.com is at my window, what's the total balance across all "
     "her accounts?",
     "SELECT SUM(a.balance) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "WHERE c.email = 'erica.brown@aol.com'",
     ["sum", "accounts", "lookup"]),
    ("f7_lost_cards_issued_2026",
     "How many of the cards we issued this year have been reported lost?",
     f"SELECT COUNT(*) FROM cards WHERE status = 'lost' AND issued_at {_Y2026}",
     ["count", "cards", "date"]),
    ("f7_ca_branches",
     "how many branches do we have in California?",
     "SELECT COUNT(*) FROM branches WHERE state = 'CA'",
     ["count", "branches", "place"]),
    ("f7_first_branch",
     "Which of our branches opened first?",
     "SELECT name FROM branches ORDER BY opened_at LIMIT 1",
     ["superlative", "branches"]),
    ("f7_oldest_customer",
     "Name of our oldest customer, please?",
     "SELECT first_name, last_name FROM customers ORDER BY birth_date LIMIT 1",
     ["superlative", "customers"]),

    # An analyst.
    ("f7_savings_closed_2025",
     "Number of savings accounts that were closed in 2025.",
     f"SELECT COUNT(*) FROM accounts WHERE type = 'savings' AND closed_at {_Y2025}",
     ["count", "accounts", "date", "misread"]),
    ("f7_active_mortgage_rate",
     "Average rate on active mortgages, please.",
     "SELECT AVG(rate) FROM loans WHERE kind = 'mortgage' AND status = 'active'",
     ["average", "loans", "misread"]),
    ("f7_five_biggest_principals",
     "What are the 5 largest loan principals on the books?",
     "SELECT principal FROM loans ORDER BY principal DESC LIMIT 5",
     ["top", "ordered", "loans", "misread"]),
    ("f7_joined_before_2016",
     "How many customers joined before 2016?",
     "SELECT COUNT(*) FROM customers WHERE joined_at < '2016-01-01'",
     ["count", "customers", "date"]),
    ("f7_student_principal_since_2024",
     "Average principal of student loans originated since January 1, 2024.",
     "SELECT AVG(principal) FROM loans WHERE kind = 'student' "
     "AND originated_at >= '2024-01-01'",
     ["average", "loans", "date"]),
    ("f7_weekend_card_tx_2026",
     "How many card-channel transactions were posted on a Saturday or Sunday in 2026?",
     f"SELECT COUNT(*) FROM transactions WHERE channel = 'card' AND posted_at {_Y2026} "
     "AND strftime('%w', posted_at) IN ('0', '6')",
     ["count", "transactions", "date"]),
    ("f7_loans_over_20_years",
     "How many loans run for longer than 20 years?",
     "SELECT COUNT(*) FROM loans WHERE term_months > 240",
     ["count", "loans", "unit", "misread"]),
    ("f7_auto_term_years",
     "What's the average term of auto loans, in years?",
     "SELECT AVG(term_months) / 12.0 FROM loans WHERE kind = 'auto'",
     ["average", "loans", "unit", "misread"]),
    ("f7_customers_opened_2025",
     "How many customers opened new accounts during 2025?",
     f"SELECT COUNT(DISTINCT customer_id) FROM accounts WHERE opened_at {_Y2025}",
     ["count", "distinct", "accounts", "date", "misread"]),
    ("f7_customers_over_two_accounts",
     "How many customers have more than two accounts on record?",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) > 2)",
     ["count", "per_entity", "misread"]),
    ("f7_private_avg_balance",
     "Average account balance for customers in the private segment?",
     "SELECT AVG(a.balance) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "WHERE c.segment = 'private'",
     ["average", "accounts", "segment"]),
    ("f7_delinquent_over_100k",
     "Delinquent loans over $100k: how many are there and what's their total principal?",
     "SELECT COUNT(*), SUM(principal) FROM loans WHERE status = 'delinquent' "
     "AND principal > 100000",
     ["count", "sum", "loans", "amount"]),

    # A compliance officer.
    ("f7_no_employer",
     "How many customer records have no employer on file?",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL",
     ["count", "customers", "null", "misread"]),
    ("f7_fl_borrowers",
     "For the file: how many distinct Florida-resident customers have at least one loan on "
     "record?",
     "SELECT COUNT(DISTINCT l.customer_id) FROM loans l JOIN customers c "
     "ON c.id = l.customer_id WHERE c.state = 'FL'",
     ["count", "distinct", "loans", "place", "misread"]),
    ("f7_big_deposits_ytd",
     "Count of deposits above $5,000 posted year to date.",
     f"SELECT COUNT(*) FROM transactions WHERE category = 'deposit' AND amount > 5000 "
     f"AND posted_at {_Y2026}",
     ["count", "transactions", "amount", "date"]),
    ("f7_default_borrowers",
     "Which customers have a loan in default?",
     "SELECT DISTINCT c.first_name, c.last_name FROM customers c JOIN loans l "
     "ON l.customer_id = c.id WHERE l.status = 'default'",
     ["list", "customers", "loans"]),
    ("f7_interest_paid_2025",
     "How much interest did we pay out to depositors in 2025?",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'interest' AND amount > 0 "
     f"AND posted_at {_Y2025}",
     ["sum", "transactions", "sign", "misread"]),
    ("f7_open_accounts_no_tx",
     "How many open accounts have never had a single transaction posted?",
     "SELECT COUNT(*) FROM accounts a WHERE a.status = 'open' AND NOT EXISTS "
     "(SELECT 1 FROM transactions t WHERE t.account_id = a.id)",
     ["count", "accounts", "negation", "misread"]),
    ("f7_pct_frozen_checking",
     "What percentage of checking accounts are frozen?",
     "SELECT 100.0 * SUM(status = 'frozen') / COUNT(*) FROM accounts WHERE type = 'checking'",
     ["percentage", "accounts"]),
    ("f7_blocked_debit_holders",
     "Which customers have a blocked debit card?",
     "SELECT DISTINCT c.first_name, c.last_name FROM cards k JOIN accounts a "
     "ON a.id = k.account_id JOIN customers c ON c.id = a.customer_id "
     "WHERE k.kind = 'debit' AND k.status = 'blocked'",
     ["list", "customers", "cards", "misread"]),
    ("f7_out_of_state_banking",
     "How many customers have an account, open or not, at a branch outside the state they "
     "live in?",
     "SELECT COUNT(DISTINCT c.id) FROM customers c JOIN accounts a ON a.customer_id = c.id "
     "JOIN branches b ON b.id = a.branch_id WHERE b.state <> c.state",
     ["count", "distinct", "place", "misread"]),

    # A marketing intern.
    ("f7_top_dining_merchants_2025",
     "hiii can u get me the top 5 dining merchants by how much ppl spent there in 2025?? thx",
     f"SELECT merchant, SUM(-amount) AS spend FROM transactions WHERE category = 'dining' "
     f"AND amount < 0 AND posted_at {_Y2025} GROUP BY merchant ORDER BY spend DESC LIMIT 5",
     ["top", "ordered", "spend", "merchant"]),
    ("f7_seniors",
     "how many of our customers are 65 or older?",
     "SELECT COUNT(*) FROM customers WHERE birth_date <= '1961-10-31'",
     ["count", "customers", "age"]),
    ("f7_avg_online_grocery",
     "what's the average online grocery purchase, in dollars?",
     "SELECT AVG(-amount) FROM transactions WHERE category = 'groceries' "
     "AND channel = 'online' AND amount < 0",
     ["average", "transactions", "channel"]),
    ("f7_top3_states",
     "top 3 states by number of customers",
     "SELECT state, COUNT(*) AS n FROM customers GROUP BY state ORDER BY n DESC LIMIT 3",
     ["top", "ordered", "customers", "place"]),
    ("f7_netflix_customers_2026",
     "How many different customers paid Netflix this year?",
     f"SELECT COUNT(DISTINCT a.customer_id) FROM transactions t JOIN accounts a "
     f"ON a.id = t.account_id WHERE t.merchant = 'Netflix' AND t.amount < 0 "
     f"AND t.posted_at {_Y2026}",
     ["count", "distinct", "merchant", "misread"]),
    ("f7_uber_lyft_2026",
     "How much did customers spend on Uber and Lyft together this year?",
     f"SELECT SUM(-amount) FROM transactions WHERE merchant IN ('Uber', 'Lyft') "
     f"AND amount < 0 AND posted_at {_Y2026}",
     ["sum", "spend", "merchant"]),
    ("f7_amazon_refunds_2025",
     "total refunds from Amazon in 2025?",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'refund' "
     f"AND merchant = 'Amazon' AND posted_at {_Y2025}",
     ["sum", "merchant", "refund"]),
    ("f7_smith_and_sons",
     "which customers list Smith and Sons as their employer",
     "SELECT first_name, last_name FROM customers WHERE employer = 'Smith and Sons'",
     ["list", "customers"]),

    # A regional manager dictating.
    ("f7_tx_branch_accounts_2026",
     "okay next one number of accounts opened at our Texas branches this year period",
     f"SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     f"WHERE b.state = 'TX' AND a.opened_at {_Y2026}",
     ["count", "accounts", "place", "misread"]),
    ("f7_boston_branch_accounts",
     "how many accounts are held at the Boston branch comma all statuses",
     "SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.city = 'Boston'",
     ["count", "accounts", "place", "misread"]),
    ("f7_q3_accounts_per_branch",
     "accounts opened last quarter broken down by branch thanks",
     f"SELECT b.name, COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     f"WHERE a.opened_at {_Q3_2026} GROUP BY b.name",
     ["group", "accounts", "branches", "date"]),
    ("f7_small_business_principal",
     "total principal we have lent to small business customers all loan statuses",
     "SELECT SUM(l.principal) FROM loans l JOIN customers c ON c.id = l.customer_id "
     "WHERE c.segment = 'small_business'",
     ["sum", "loans", "segment"]),
    ("f7_miami_top_checking",
     "give me the three largest checking balances at the Miami branch",
     "SELECT a.balance FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.city = 'Miami' AND a.type = 'checking' ORDER BY a.balance DESC LIMIT 3",
     ["top", "ordered", "accounts", "place", "misread"]),
    ("f7_big_mortgages_2025",
     "mortgages over half a million dollars originated in twenty twenty five how many",
     f"SELECT COUNT(*) FROM loans WHERE kind = 'mortgage' AND principal > 500000 "
     f"AND originated_at {_Y2025}",
     ["count", "loans", "amount", "words"]),

    # A non-native writer.
    ("f7_frozen_mm_total",
     "Please, how much is the total balance of money market accounts which are frozen?",
     "SELECT SUM(balance) FROM accounts WHERE type = 'money_market' AND status = 'frozen'",
     ["sum", "accounts"]),
    ("f7_open_checking_avg_balance",
     "What is average balance of the checking accounts which are open still?",
     "SELECT AVG(balance) FROM accounts WHERE type = 'checking' AND status = 'open'",
     ["average", "accounts"]),
    ("f7_dayfirst_accounts",
     "How many accounts were opened between 15/03/2026 and 30/04/2026?",
     "SELECT COUNT(*) FROM accounts WHERE opened_at BETWEEN '2026-03-15' AND '2026-04-30'",
     ["count", "accounts", "date", "misread"]),
    ("f7_auto_over_50k",
     "How many car loans have principal bigger than 50.000 dollars?",
     "SELECT COUNT(*) FROM loans WHERE kind = 'auto' AND principal > 50000",
     ["count", "loans", "amount", "misread"]),
    ("f7_smallest_incoming_transfer",
     "What was the amount of the smallest incoming transfer in September 2026?",
     f"SELECT MIN(amount) FROM transactions WHERE category = 'transfer' AND amount > 0 "
     f"AND posted_at {_SEPT2026}",
     ["min", "transactions", "sign", "misread"]),
    ("f7_credit_not_visa",
     "How many credit cards are in a network different than Visa?",
     "SELECT COUNT(*) FROM cards WHERE kind = 'credit' AND network <> 'visa'",
     ["count", "cards", "negation", "misread"]),
    ("f7_avg_rent_2026",
     "Average of rent payment in 2026, how much it is?",
     f"SELECT AVG(-amount) FROM transactions WHERE category = 'rent' AND amount < 0 "
     f"AND posted_at {_Y2026}",
     ["average", "transactions", "date"]),

    # Someone in a spreadsheet.
    ("f7_fees_by_month_2026",
     "Pivot fees by month for 2026: one row per month with the total fees collected.",
     f"SELECT strftime('%Y-%m', posted_at) AS month, SUM(-amount) FROM transactions "
     f"WHERE category = 'fees' AND amount < 0 AND posted_at {_Y2026} GROUP BY month",
     ["per_month", "spend", "transactions"]),
    ("f7_accounts_by_segment",
     "Can you pivot accounts by customer segment? One row per segment, with the count of "
     "open accounts.",
     "SELECT c.segment, COUNT(*) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "WHERE a.status = 'open' GROUP BY c.segment",
     ["group", "accounts", "segment"]),
    ("f7_rate_by_loan_kind",
     "pivot by loan kind with the average rate column, active loans only",
     "SELECT kind, AVG(rate) FROM loans WHERE status = 'active' GROUP BY kind",
     ["group", "average", "loans"]),
    ("f7_active_cards_by_network",
     "Pivot the cards table by network for active cards only: count of rows in each.",
     "SELECT network, COUNT(*) FROM cards WHERE status = 'active' GROUP BY network",
     ["group", "cards"]),
    ("f7_tx_per_channel_oct",
     "Count of rows in transactions per channel, October 2026 only",
     f"SELECT channel, COUNT(*) FROM transactions WHERE posted_at {_OCT2026} GROUP BY channel",
     ["group", "transactions", "date"]),
    ("f7_new_customers_per_year",
     "Rows for each year from 2020 on, with the count of customers who joined in that year.",
     "SELECT strftime('%Y', joined_at) AS year, COUNT(*) FROM customers "
     "WHERE joined_at >= '2020-01-01' GROUP BY year",
     ["group", "customers", "date"]),
    ("f7_cards_issued_per_month_2026",
     "column A month, column B number of cards issued, for every month of 2026 so far",
     f"SELECT strftime('%Y-%m', issued_at) AS month, COUNT(*) FROM cards "
     f"WHERE issued_at {_Y2026} GROUP BY month",
     ["per_month", "cards", "date"]),
    ("f7_credit_interest_q3",
     "Sum up the interest rows charged on credit accounts for Q3 2026.",
     f"SELECT SUM(-t.amount) FROM transactions t JOIN accounts a ON a.id = t.account_id "
     f"WHERE a.type = 'credit' AND t.category = 'interest' AND t.amount < 0 "
     f"AND t.posted_at {_Q3_2026}",
     ["sum", "transactions", "sign", "misread"]),
    ("f7_travel_spenders_2025",
     "How many customers spent more than $1,000 on travel in 2025?",
     f"SELECT COUNT(*) FROM (SELECT a.customer_id FROM transactions t JOIN accounts a "
     f"ON a.id = t.account_id WHERE t.category = 'travel' AND t.amount < 0 "
     f"AND t.posted_at {_Y2025} GROUP BY a.customer_id HAVING SUM(-t.amount) > 1000)",
     ["count", "per_entity", "spend", "misread"]),
    ("f7_payroll_last_month",
     "Total payroll credited last month?",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'payroll' AND amount > 0 "
     f"AND posted_at {_SEPT2026}",
     ["sum", "transactions", "date"]),
]
