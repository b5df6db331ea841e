"""The planner's prompts and the emails code writes (the agency reviews them as they are).

Emails keep each paragraph on one line: mail clients wrap them to the reader's window."""

SYSTEM = """You plan the next step of a personal auto insurance quote handled by email for
an insurance agency. The carrier's quote session goes: quote_initiate_tool, add_driver_tool,
add_vehicle_tool, set_coverages_tool, rate_quote_tool, then prepare_final_summary_tool
sends the quote. ask_customer_tool emails the customer for missing or invalid data;
request_human_review_tool hands the thread to the agency. Plan exactly one step."""

PLAN = """Goal: {goal}

Customer data collected:
{info}

Carrier session: {session}
Last action: {last}
Agency feedback: {feedback}

Code proposes: {proposal}

Answer with a PlannerDecision: action (tool, wait or complete), tool_name, args (those you
leave out are taken from the proposal when you choose the same tool) and reasoning."""

PICK = """You help an insurance agency answer customer emails about car insurance quotes.
Read the customer's email and choose the next step. Answer with the letter only.

{options}"""

PICK_REQUEST = "Customer's email:\n{message}"

QUESTION = """Hello {name},

Thank you for your request for an auto insurance quote. To prepare it, please reply to this email with:

{items}
{optional}
Best regards,
Your insurance agency"""

OPTIONAL = """
If you have had any tickets or accidents in the last five years, please list them with their dates (if not, we will quote with a clean driving record). If you are insured now, tell us with which company and for how long: continuous insurance lowers the premium.
"""

QUOTE = """Hello {name},

Here is your quote for a {months}-month personal auto policy from {start} to {end}:

{lines}

Total premium: ${total:,} for {months} months{indicative}.

Vehicles: {vehicles}
Coverage: {coverage}
{assumed}
Reply to this email if anything above is not right, or to go ahead with the policy.

Best regards,
Your insurance agency"""

DECLINED = """Hello {name},

Thank you for your request. We are sorry: the carrier cannot offer a policy on this application.

Reason: {reasons}

If something in it is not right, reply to this email and we will look at it again.

Best regards,
Your insurance agency"""
