"""Labelled banking questions over the generated bank (``create_bank_database(url, seed=7)``).

Each entry is ``(id, question, reference SQL for SQLite, tags)``. The reference is the
query an analyst would write; a case is right when the agent's rows equal its rows
(order matters only for cases tagged ``ordered``). ``tests/test_banking_quality_set.py``
proves every reference validates and returns rows.

The first five are the web app's "Try" questions and the README's (tag ``product``).
"""

from __future__ import annotations

Y2025 = "BETWEEN '2025-01-01' AND '2025-12-31'"
Y2026 = "BETWEEN '2026-01-01' AND '2026-12-31'"

QUESTIONS: list[tuple[str, str, str, list[str]]] = [
    # -- the product's own suggestions ------------------------------------------------------
    ("joined_2025", "How many customers joined in 2025?",
     f"SELECT COUNT(*) FROM customers WHERE joined_at {Y2025}", ["product", "count", "date"]),
    ("customers_per_segment", "How many customers are in each segment?",
     "SELECT segment, COUNT(*) FROM customers GROUP BY segment", ["product", "group"]),
    ("amount_per_month", "What is the total amount of transactions per month?",
     "SELECT strftime('%Y-%m', posted_at) AS month, SUM(amount) FROM transactions "
     "GROUP BY month", ["product", "group", "date"]),
    ("top10_customers_balance", "Which 10 customers have the highest total balance?",
     "SELECT c.first_name, c.last_name, SUM(a.balance) AS total FROM customers c "
     "JOIN accounts a ON a.customer_id = c.id GROUP BY c.id ORDER BY total DESC LIMIT 10",
     ["product", "topn", "join", "ordered"]),
    ("top5_merchants_spend", "Top 5 merchants by spend?",
     "SELECT merchant, SUM(-amount) AS spend FROM transactions WHERE amount < 0 "
     "AND merchant IS NOT NULL GROUP BY merchant ORDER BY spend DESC LIMIT 5",
     ["product", "topn", "ordered"]),
    # -- counts -----------------------------------------------------------------------------
    ("count_customers", "How many customers do we have?",
     "SELECT COUNT(*) FROM customers", ["count"]),
    ("open_accounts", "How many accounts are open?",
     "SELECT COUNT(*) FROM accounts WHERE status = 'open'", ["count", "filter"]),
    ("delinquent_loans", "How many loans are delinquent?",
     "SELECT COUNT(*) FROM loans WHERE status = 'delinquent'", ["count", "filter"]),
    ("active_credit_cards", "How many credit cards are active?",
     "SELECT COUNT(*) FROM cards WHERE kind = 'credit' AND status = 'active'",
     ["count", "filter"]),
    ("branches_california", "How many branches are there in California?",
     "SELECT COUNT(*) FROM branches WHERE state = 'CA'", ["count", "filter"]),
    ("customers_texas", "How many customers live in Texas?",
     "SELECT COUNT(*) FROM customers WHERE state = 'TX'", ["count", "filter"]),
    ("premier_customers", "How many premier customers are there?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'premier'", ["count", "filter"]),
    ("starbucks_transactions", "How many transactions were made at Starbucks?",
     "SELECT COUNT(*) FROM transactions WHERE merchant = 'Starbucks'", ["count", "filter"]),
    ("count_mortgages", "How many mortgages are there?",
     "SELECT COUNT(*) FROM loans WHERE kind = 'mortgage'", ["count", "filter"]),
    ("frozen_accounts", "How many frozen accounts do we have?",
     "SELECT COUNT(*) FROM accounts WHERE status = 'frozen'", ["count", "filter"]),
    ("customers_seattle", "How many customers live in Seattle?",
     "SELECT COUNT(*) FROM customers WHERE city = 'Seattle'", ["count", "filter"]),
    ("negative_balance", "How many accounts have a negative balance?",
     "SELECT COUNT(*) FROM accounts WHERE balance < 0", ["count", "filter"]),
    ("big_transactions", "How many transactions were over 1000 dollars?",
     "SELECT COUNT(*) FROM transactions WHERE amount > 1000", ["count", "filter"]),
    ("high_rate_loans", "How many loans have a rate above 10 percent?",
     "SELECT COUNT(*) FROM loans WHERE rate > 10", ["count", "filter"]),
    ("customers_with_mortgage", "How many customers have a mortgage?",
     "SELECT COUNT(DISTINCT customer_id) FROM loans WHERE kind = 'mortgage'",
     ["count", "filter", "join"]),
    # -- averages, sums, extremes -----------------------------------------------------------
    ("avg_loan_rate", "What is the average loan rate?",
     "SELECT AVG(rate) FROM loans", ["avg"]),
    ("avg_savings_balance", "What is the average balance of savings accounts?",
     "SELECT AVG(balance) FROM accounts WHERE type = 'savings'", ["avg", "filter"]),
    ("avg_auto_principal", "What is the average principal of auto loans?",
     "SELECT AVG(principal) FROM loans WHERE kind = 'auto'", ["avg", "filter"]),
    ("total_checking_balance", "What is the total balance of all checking accounts?",
     "SELECT SUM(balance) FROM accounts WHERE type = 'checking'", ["filter"]),
    ("largest_mortgage", "What is the largest mortgage principal?",
     "SELECT MAX(principal) FROM loans WHERE kind = 'mortgage'", ["filter"]),
    ("avg_amex_limit", "What is the average credit limit of amex cards?",
     "SELECT AVG(credit_limit) FROM cards WHERE network = 'amex'", ["avg", "filter"]),
    ("active_principal", "What is the total principal of active loans?",
     "SELECT SUM(principal) FROM loans WHERE status = 'active'", ["filter"]),
    ("avg_amount_2025", "What was the average transaction amount in 2025?",
     f"SELECT AVG(amount) FROM transactions WHERE posted_at {Y2025}", ["avg", "date"]),
    ("smallest_loan", "What is the smallest loan principal?",
     "SELECT MIN(principal) FROM loans", []),
    ("avg_term", "What is the average loan term in months?",
     "SELECT AVG(term_months) FROM loans", ["avg"]),
    ("grocery_spend_2025", "How much did customers spend on groceries in 2025?",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'groceries' AND amount < 0 "
     f"AND posted_at {Y2025}", ["filter", "date"]),
    # -- group-bys --------------------------------------------------------------------------
    ("accounts_per_type", "How many accounts are there of each type?",
     "SELECT type, COUNT(*) FROM accounts GROUP BY type", ["group"]),
    ("balance_by_type", "What is the total balance by account type?",
     "SELECT type, SUM(balance) FROM accounts GROUP BY type", ["group"]),
    ("loans_by_status", "How many loans are there by status?",
     "SELECT status, COUNT(*) FROM loans GROUP BY status", ["group"]),
    ("rate_by_kind", "What is the average loan rate by loan kind?",
     "SELECT kind, AVG(rate) FROM loans GROUP BY kind", ["group", "avg"]),
    ("cards_per_network", "How many cards are there per network?",
     "SELECT network, COUNT(*) FROM cards GROUP BY network", ["group"]),
    ("transactions_per_channel", "How many transactions are there per channel?",
     "SELECT channel, COUNT(*) FROM transactions GROUP BY channel", ["group"]),
    ("customers_per_state", "Number of customers per state",
     "SELECT state, COUNT(*) FROM customers GROUP BY state", ["group"]),
    ("principal_per_kind", "What is the average principal for each kind of loan?",
     "SELECT kind, AVG(principal) FROM loans GROUP BY kind", ["group", "avg"]),
    ("category_counts_2026", "How many transactions per category in 2026?",
     f"SELECT category, COUNT(*) FROM transactions WHERE posted_at {Y2026} GROUP BY category",
     ["group", "date"]),
    ("amount_by_category", "Total transaction amount by category",
     "SELECT category, SUM(amount) FROM transactions GROUP BY category", ["group"]),
    ("avg_amount_per_channel", "What is the average transaction amount per channel?",
     "SELECT channel, AVG(amount) FROM transactions GROUP BY channel", ["group", "avg"]),
    # -- dates ------------------------------------------------------------------------------
    ("joined_per_year", "How many customers joined each year?",
     "SELECT strftime('%Y', joined_at) AS year, COUNT(*) FROM customers GROUP BY year",
     ["group", "date"]),
    ("loans_2026", "How many loans were originated in 2026?",
     f"SELECT COUNT(*) FROM loans WHERE originated_at {Y2026}", ["count", "date"]),
    ("accounts_march_2026", "How many accounts were opened in March 2026?",
     "SELECT COUNT(*) FROM accounts WHERE opened_at BETWEEN '2026-03-01' AND '2026-03-31'",
     ["count", "date"]),
    ("transactions_q4_2025", "How many transactions were posted in Q4 2025?",
     "SELECT COUNT(*) FROM transactions WHERE posted_at BETWEEN '2025-10-01' AND '2025-12-31'",
     ["count", "date"]),
    ("loans_per_year", "How many loans were originated per year?",
     "SELECT strftime('%Y', originated_at) AS year, COUNT(*) FROM loans GROUP BY year",
     ["group", "date"]),
    ("accounts_per_month_2025", "How many accounts were opened each month in 2025?",
     f"SELECT strftime('%Y-%m', opened_at) AS month, COUNT(*) FROM accounts "
     f"WHERE opened_at {Y2025} GROUP BY month", ["group", "date"]),
    ("joined_since_2026", "How many customers joined since January 2026?",
     "SELECT COUNT(*) FROM customers WHERE joined_at >= '2026-01-01'", ["count", "date"]),
    ("amount_september_2026", "What is the total amount of transactions in September 2026?",
     "SELECT SUM(amount) FROM transactions WHERE posted_at BETWEEN '2026-09-01' AND '2026-09-30'",
     ["date"]),
    ("cards_expiring_2027", "How many cards expire in 2027?",
     "SELECT COUNT(*) FROM cards WHERE expires_at BETWEEN '2027-01-01' AND '2027-12-31'",
     ["count", "date"]),
    ("born_before_1960", "How many customers were born before 1960?",
     "SELECT COUNT(*) FROM customers WHERE birth_date < '1960-01-01'", ["count", "date"]),
    # -- top-N ------------------------------------------------------------------------------
    ("five_largest_loans", "What are the 5 largest loans?",
     "SELECT id, principal FROM loans ORDER BY principal DESC, id LIMIT 5",
     ["topn", "ordered"]),
    ("top3_states", "Which 3 states have the most customers?",
     "SELECT state, COUNT(*) AS n FROM customers GROUP BY state ORDER BY n DESC LIMIT 3",
     ["topn", "group", "ordered"]),
    ("top10_merchants_count", "Top 10 merchants by number of transactions",
     "SELECT merchant, COUNT(*) AS n FROM transactions WHERE merchant IS NOT NULL "
     "GROUP BY merchant ORDER BY n DESC LIMIT 10", ["topn", "ordered"]),
    ("branch_most_accounts", "Which branch has the most accounts?",
     "SELECT b.name, COUNT(*) AS n FROM branches b JOIN accounts a ON a.branch_id = b.id "
     "GROUP BY b.id ORDER BY n DESC LIMIT 1", ["topn", "join", "ordered"]),
    ("top5_cities", "Which 5 cities have the most customers?",
     "SELECT city, COUNT(*) AS n FROM customers GROUP BY city ORDER BY n DESC LIMIT 5",
     ["topn", "ordered"]),
    ("top3_spend_categories", "What are the top 3 spending categories?",
     "SELECT category, SUM(-amount) AS spend FROM transactions WHERE amount < 0 "
     "GROUP BY category ORDER BY spend DESC LIMIT 3", ["topn", "ordered"]),
    ("top5_customers_principal", "Which 5 customers have the highest total loan principal?",
     "SELECT c.first_name, c.last_name, SUM(l.principal) AS total FROM customers c "
     "JOIN loans l ON l.customer_id = c.id GROUP BY c.id ORDER BY total DESC LIMIT 5",
     ["topn", "join", "ordered"]),
    ("top5_accounts_balance", "Which 5 accounts have the highest balance?",
     "SELECT id, balance FROM accounts ORDER BY balance DESC LIMIT 5", ["topn", "ordered"]),
    # -- joins ------------------------------------------------------------------------------
    ("accounts_per_branch", "How many accounts does each branch have?",
     "SELECT b.name, COUNT(*) FROM branches b JOIN accounts a ON a.branch_id = b.id "
     "GROUP BY b.id", ["join", "group"]),
    ("chicago_balance", "What is the total balance of customers who live in Chicago?",
     "SELECT SUM(a.balance) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "WHERE c.city = 'Chicago'", ["join", "filter"]),
    ("premier_loans", "How many loans do premier customers have?",
     "SELECT COUNT(*) FROM loans l JOIN customers c ON c.id = l.customer_id "
     "WHERE c.segment = 'premier'", ["join", "count"]),
    ("balance_by_segment", "What is the average account balance by customer segment?",
     "SELECT c.segment, AVG(a.balance) FROM accounts a JOIN customers c "
     "ON c.id = a.customer_id GROUP BY c.segment", ["join", "group", "avg"]),
    ("private_transactions_2025", "How many transactions did private customers make in 2025?",
     f"SELECT COUNT(*) FROM transactions t JOIN accounts a ON a.id = t.account_id "
     f"JOIN customers c ON c.id = a.customer_id WHERE c.segment = 'private' "
     f"AND t.posted_at {Y2025}", ["join", "count", "date"]),
    ("principal_by_state", "What is the total loan principal by customer state?",
     "SELECT c.state, SUM(l.principal) FROM loans l JOIN customers c ON c.id = l.customer_id "
     "GROUP BY c.state", ["join", "group"]),
    ("accounts_texas_branches", "How many accounts were opened at branches in Texas?",
     "SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.state = 'TX'", ["join", "count", "filter"]),
    ("branch_highest_balance", "Which branch has the highest total balance?",
     "SELECT b.name, SUM(a.balance) AS total FROM branches b JOIN accounts a "
     "ON a.branch_id = b.id GROUP BY b.id ORDER BY total DESC LIMIT 1",
     ["join", "topn", "ordered"]),
    ("small_business_travel", "How much did small business customers spend on travel?",
     "SELECT SUM(-t.amount) FROM transactions t JOIN accounts a ON a.id = t.account_id "
     "JOIN customers c ON c.id = a.customer_id WHERE c.segment = 'small_business' "
     "AND t.category = 'travel' AND t.amount < 0", ["join", "filter"]),
    ("private_credit_limit",
     "What is the average credit limit of cards held by private customers?",
     "SELECT AVG(k.credit_limit) FROM cards k JOIN accounts a ON a.id = k.account_id "
     "JOIN customers c ON c.id = a.customer_id WHERE c.segment = 'private'",
     ["join", "avg", "filter"]),
    # -- lists with filters -----------------------------------------------------------------
    ("joined_october_2026", "List the customers who joined in October 2026.",
     "SELECT first_name, last_name FROM customers "
     "WHERE joined_at BETWEEN '2026-10-01' AND '2026-10-31'", ["filter", "date"]),
    ("texas_branches", "Show me all branches in Texas.",
     "SELECT name FROM branches WHERE state = 'TX'", ["filter"]),
    ("defaulted_loans", "Which loans are in default?",
     "SELECT id FROM loans WHERE status = 'default'", ["filter"]),
    ("frozen_rich_accounts", "List frozen accounts with a balance over 10000.",
     "SELECT id FROM accounts WHERE status = 'frozen' AND balance > 10000", ["filter"]),
    ("cheap_mortgages", "Show the mortgages with a rate below 4%.",
     "SELECT id, rate FROM loans WHERE kind = 'mortgage' AND rate < 4", ["filter"]),
]

Y2024 = "BETWEEN '2024-01-01' AND '2024-12-31'"

HELDOUT: list[tuple[str, str, str, list[str]]] = [
    # Written after the reader was built, in other words, and measured before any change.
    ("h_private_count", "Count the customers in the private segment",
     "SELECT COUNT(*) FROM customers WHERE segment = 'private'", ["count", "filter"]),
    ("h_signed_up_2024", "How many clients signed up in 2024?",
     f"SELECT COUNT(*) FROM customers WHERE joined_at {Y2024}", ["count", "date"]),
    ("h_money_market_avg", "What's the average balance of money market accounts?",
     "SELECT AVG(balance) FROM accounts WHERE type = 'money_market'", ["avg", "filter"]),
    ("h_closed_accounts", "Number of closed accounts",
     "SELECT COUNT(*) FROM accounts WHERE status = 'closed'", ["count", "filter"]),
    ("h_active_student", "How many student loans are active?",
     "SELECT COUNT(*) FROM loans WHERE kind = 'student' AND status = 'active'",
     ["count", "filter"]),
    ("h_amazon_2026", "Total spending at Amazon in 2026",
     f"SELECT SUM(-amount) FROM transactions WHERE merchant = 'Amazon' AND amount < 0 "
     f"AND posted_at {Y2026}", ["filter", "date"]),
    ("h_top_merchants_2025", "Which 5 merchants received the most transactions in 2025?",
     f"SELECT merchant, COUNT(*) AS n FROM transactions WHERE merchant IS NOT NULL "
     f"AND posted_at {Y2025} GROUP BY merchant ORDER BY n DESC LIMIT 5",
     ["topn", "date", "ordered"]),
    ("h_mortgage_rate", "Average interest rate of mortgages",
     "SELECT AVG(rate) FROM loans WHERE kind = 'mortgage'", ["avg", "filter"]),
    ("h_debit_per_network", "How many debit cards are there per network?",
     "SELECT network, COUNT(*) FROM cards WHERE kind = 'debit' GROUP BY network",
     ["group", "filter"]),
    ("h_loans_taken_per_year", "How many loans were taken out each year?",
     "SELECT strftime('%Y', originated_at) AS y, COUNT(*) FROM loans GROUP BY y",
     ["group", "date"]),
    ("h_tx_per_month_2026", "Show the number of transactions per month in 2026",
     f"SELECT strftime('%Y-%m', posted_at) AS m, COUNT(*) FROM transactions "
     f"WHERE posted_at {Y2026} GROUP BY m", ["group", "date"]),
    ("h_balance_per_branch", "What is the total balance per branch?",
     "SELECT b.name, SUM(a.balance) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.id", ["group", "join"]),
    ("h_branches_per_state", "How many branches are there in each state?",
     "SELECT state, COUNT(*) FROM branches GROUP BY state", ["group"]),
    ("h_florida", "How many customers live in Florida?",
     "SELECT COUNT(*) FROM customers WHERE state = 'FL'", ["count", "filter"]),
    ("h_delinquent_auto", "Which auto loans are delinquent?",
     "SELECT id FROM loans WHERE kind = 'auto' AND status = 'delinquent'", ["filter"]),
    ("h_visa_max_limit", "What is the highest credit limit on a visa card?",
     "SELECT MAX(credit_limit) FROM cards WHERE network = 'visa'", ["filter"]),
    ("h_dining_avg", "Average transaction amount for dining",
     "SELECT AVG(amount) FROM transactions WHERE category = 'dining'", ["avg", "filter"]),
    ("h_premier_savings", "How much money do premier customers hold in savings accounts?",
     "SELECT SUM(a.balance) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "WHERE c.segment = 'premier' AND a.type = 'savings'", ["join", "filter"]),
    ("h_opened_2024", "How many accounts were opened in 2024?",
     f"SELECT COUNT(*) FROM accounts WHERE opened_at {Y2024}", ["count", "date"]),
    ("h_mortgage_principal_2025",
     "What is the total principal of mortgages originated in 2025?",
     f"SELECT SUM(principal) FROM loans WHERE kind = 'mortgage' AND originated_at {Y2025}",
     ["filter", "date"]),
    ("h_online", "How many transactions happened online?",
     "SELECT COUNT(*) FROM transactions WHERE channel = 'online'", ["count", "filter"]),
    ("h_top3_branches_balance", "Top 3 branches by total balance",
     "SELECT b.name, SUM(a.balance) AS t FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.id ORDER BY t DESC LIMIT 3", ["topn", "join", "ordered"]),
    ("h_born_after_2000", "How many customers were born after 2000?",
     "SELECT COUNT(*) FROM customers WHERE birth_date > '2000-12-31'", ["count", "date"]),
    ("h_cards_last_year", "How many cards were issued in 2025?",
     f"SELECT COUNT(*) FROM cards WHERE issued_at {Y2025}", ["count", "date"]),
    ("h_principal_per_status", "What is the average loan principal for each loan status?",
     "SELECT status, AVG(principal) FROM loans GROUP BY status", ["group", "avg"]),
    ("h_boston", "Which customers live in Boston?",
     "SELECT first_name, last_name FROM customers WHERE city = 'Boston'", ["filter"]),
    ("h_big_2025", "How many transactions over $5,000 were there in 2025?",
     f"SELECT COUNT(*) FROM transactions WHERE amount > 5000 AND posted_at {Y2025}",
     ["count", "filter", "date"]),
    ("h_fee_2025", "How many fee transactions were posted in 2025?",
     f"SELECT COUNT(*) FROM transactions WHERE category = 'fees' AND posted_at {Y2025}",
     ["count", "filter", "date"]),
    ("h_limit_per_network", "What is the average credit limit per card network?",
     "SELECT network, AVG(credit_limit) FROM cards GROUP BY network", ["group", "avg"]),
]
"""Questions kept apart from tuning: their figure is the honest one for new wording."""

FRESH: list[tuple[str, str, str, list[str]]] = [
    # A second batch, written last and measured once; not tuned against (tag ``fresh``).
    ("f_retail_count", "What's the number of retail customers?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'retail'", ["count", "filter"]),
    ("f_lost_cards", "How many cards have been reported lost?",
     "SELECT COUNT(*) FROM cards WHERE status = 'lost'", ["count", "filter"]),
    ("f_avg_personal_rate", "Average rate on personal loans",
     "SELECT AVG(rate) FROM loans WHERE kind = 'personal'", ["avg", "filter"]),
    ("f_rent_total_2026", "Total rent paid in 2026",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'rent' AND amount < 0 "
     f"AND posted_at {Y2026}", ["filter", "date"]),
    ("f_atm_per_month_2025", "ATM transactions per month in 2025",
     f"SELECT strftime('%Y-%m', posted_at) AS m, COUNT(*) FROM transactions "
     f"WHERE channel = 'atm' AND posted_at {Y2025} GROUP BY m", ["group", "date", "filter"]),
    ("f_customers_by_city_ca", "How many customers are there in each city in California?",
     "SELECT city, COUNT(*) FROM customers WHERE state = 'CA' GROUP BY city",
     ["group", "filter"]),
    ("f_max_balance", "What is the highest account balance?",
     "SELECT MAX(balance) FROM accounts", []),
    ("f_top3_dining_merchants", "Which 3 merchants have the highest total spend on dining?",
     "SELECT merchant, SUM(-amount) AS s FROM transactions WHERE category = 'dining' "
     "AND amount < 0 AND merchant IS NOT NULL GROUP BY merchant ORDER BY s DESC LIMIT 3",
     ["topn", "ordered", "filter"]),
    ("f_credit_accounts_balance", "Total balance of credit accounts",
     "SELECT SUM(balance) FROM accounts WHERE type = 'credit'", ["filter"]),
    ("f_loans_per_kind_2026", "How many loans of each kind were originated in 2026?",
     f"SELECT kind, COUNT(*) FROM loans WHERE originated_at {Y2026} GROUP BY kind",
     ["group", "date"]),
    ("f_private_avg_balance", "What is the average balance of private customers' accounts?",
     "SELECT AVG(a.balance) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "WHERE c.segment = 'private'", ["join", "avg", "filter"]),
    ("f_mastercard_active", "How many active Mastercard cards are there?",
     "SELECT COUNT(*) FROM cards WHERE network = 'mastercard' AND status = 'active'",
     ["count", "filter"]),
    ("f_joined_per_month_2026", "Customer sign-ups per month in 2026",
     f"SELECT strftime('%Y-%m', joined_at) AS m, COUNT(*) FROM customers "
     f"WHERE joined_at {Y2026} GROUP BY m", ["group", "date"]),
    ("f_boston_branch_accounts", "How many accounts does the Boston Riverside branch have?",
     "SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.name = 'Boston Riverside'", ["count", "join", "filter"]),
    ("f_big_loans", "How many loans are larger than 500,000?",
     "SELECT COUNT(*) FROM loans WHERE principal > 500000", ["count", "filter"]),
]
"""Questions written after all tuning, measured as they came."""
