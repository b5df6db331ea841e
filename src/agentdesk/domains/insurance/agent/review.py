"""The agency's review card: a question for a title, a short summary, the action to approve.

The card says each thing once. The summary says who asked and what approving does (the
email to send and what it asks for, or the carrier call with its key values); the
action's arguments are what runs, as the agency may edit them: the email's full text
(its line breaks kept) or the carrier call's arguments without the session id. The
email explains itself, so its reasons (why a VIN is refused) are in it and nowhere else
on the card. The same text is the agency's review email (``review_body`` of the mail
channel lists the arguments under the summary).
"""

from __future__ import annotations

from typing import Any

from .agenda import label, topic
from .dates import us_date
from .render import coverage_text, vehicle_text

__all__ = ["review_args", "review_data", "review_summary", "review_title"]


def _customer(values: dict[str, Any]) -> str:
    """``Ann Lee <ann@example.com>``, or what of it is known."""
    info = values.get("customer_info") or {}
    name = " ".join(p for p in (info.get("first_name"), info.get("last_name")) if p)
    name = name or values.get("customer_name") or ""
    email = values.get("customer_email")
    if name and email:
        return f"{name} <{email}>"
    return name or email or "the customer"


def _reply_subject(values: dict[str, Any]) -> str:
    """The subject the customer's emails go out with."""
    subject = values.get("subject") or "Your auto insurance quote"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def review_title(tool: str, args: dict[str, Any]) -> str:
    """What the agency is asked, as a question it answers with Approve."""
    if tool == "ask_customer_tool":
        return "Send this question to the customer?"
    if tool == "prepare_final_summary_tool":
        return ("Send the decline notice to the customer?" if args.get("outcome") == "declined"
                else "Send the quote to the customer?")
    if tool == "add_driver_tool":
        name = " ".join(str((args.get("driver") or {}).get(k) or "")
                        for k in ("first_name", "last_name")).strip()
        return f"Add {name or 'this driver'} to the quote?"
    if tool == "add_vehicle_tool":
        return "Add this vehicle to the quote?"
    return {"quote_initiate_tool": "Open a quote with the carrier?",
            "set_coverages_tool": "Set the quote's coverages?",
            "rate_quote_tool": "Ask the carrier for the price?",
            "request_human_review_tool": "Hand this thread to a person at the agency?",
            }.get(tool, "Approve the agent's next step?")


def _asked(args: dict[str, Any], info: dict[str, Any]) -> str:
    """The fields asked, by name; "(again)" marks one an earlier question asked (why a
    value was refused is in the email, once)."""
    asked = set(info.get("asked") or [])
    parts = []
    for item in args.get("missing_fields") or []:
        name = "full name" if item["field"] == "name" else label(item["field"])
        if topic(item["field"]) in asked:
            name += " (again)"
        parts.append(name)
    return ", ".join(parts)


_USES = {"commute": "used to commute", "pleasure": "used for pleasure",
         "business": "used for business", "farm": "used on a farm"}


def _record(driver: dict[str, Any]) -> str:
    tickets, accidents = len(driver.get("violations") or []), len(driver.get("accidents") or [])
    if not tickets and not accidents:
        return "no tickets or accidents"
    return (f"{tickets} ticket{'s' * (tickets != 1)} and {accidents} "
            f"accident{'s' * (accidents != 1)} on record")


def _carrier_call(values: dict[str, Any], tool: str, args: dict[str, Any]) -> str:
    info = values.get("customer_info") or {}
    session = values.get("mercury_session") or {}
    if tool == "quote_initiate_tool":
        applicant = args.get("applicant") or {}
        place = f" ({info['city']}, {info['state']})" if info.get("city") and info.get(
            "state") and info.get("zip_code") == applicant.get("zip_code") else ""
        name = f"{applicant.get('first_name', '')} {applicant.get('last_name', '')}".strip()
        email = values.get("customer_email")
        parts = [f"Quote request from {name}{f' <{email}>' if email else ''}: open a quote "
                 f"with the carrier, ZIP {applicant.get('zip_code')}{place}"]
        if args.get("effective_date"):
            parts.append(f"starting {us_date(args['effective_date'])}")
        prior = args.get("prior_insurance")
        parts.append(f"insured with {prior['carrier']} for {prior['months_continuous']} months"
                     if prior else "no current insurance")
        if args.get("discounts"):
            parts.append("discounts: " + ", ".join(d.replace("_", " ")
                                                   for d in args["discounts"]))
        return ", ".join(parts) + "."
    if tool == "add_driver_tool":
        driver = args.get("driver") or {}
        who = f"{driver.get('first_name', '')} {driver.get('last_name', '')}".strip()
        relation = driver.get("relationship", "named_insured")
        role = "" if relation == "named_insured" else f" ({relation})"
        return (f"Add {who}{role} to the quote: born {us_date(driver.get('birth_date'))}, "
                f"{str(driver.get('marital_status', '')).replace('_', ' ')}, licensed in "
                f"{driver.get('license_state')} since {us_date(driver.get('license_date'))}, "
                f"{_record(driver)}.")
    if tool == "add_vehicle_tool":
        vehicle = args.get("vehicle") or {}
        known = next((v for v in info.get("vehicles") or [] if v.get("vin") == vehicle.get(
            "vin")), vehicle)
        use = _USES.get(str(vehicle.get("use")), f"used for {vehicle.get('use')}")
        return (f"Add {vehicle_text(known)} to the quote: {use}, kept at ZIP "
                f"{vehicle.get('garaging_zip')}.")
    if tool == "set_coverages_tool":
        return f"Set the coverages: {coverage_text(args.get('coverages'))}."
    if tool == "rate_quote_tool":
        drivers, vehicles = len(session.get("drivers") or []), len(session.get("vehicles") or [])
        return (f"Ask the carrier to price the quote: {drivers} driver{'s' * (drivers != 1)}, "
                f"{vehicles} vehicle{'s' * (vehicles != 1)}, coverages "
                f"{coverage_text(session.get('coverages'))}.")
    return f"Hand this thread to a person at the agency. Reason: {args.get('reason')}"


def _email(values: dict[str, Any], tool: str, args: dict[str, Any]) -> str:
    to = _customer(values)
    if tool == "ask_customer_tool":
        return f"Email {to} asking for: {_asked(args, values.get('customer_info') or {})}."
    if args.get("outcome") == "declined":
        return f"Email {to} the decline notice: the carrier cannot offer a policy."
    quote = values.get("quote") or {}
    premium, term = quote.get("premium") or {}, quote.get("term") or {}
    text = (f"Email {to} the quote: ${premium.get('total', 0):,} for "
            f"{term.get('months', 6)} months, from {us_date(term.get('effective_date'))} to "
            f"{us_date(term.get('expiration_date'))}.")
    if args.get("outcome") == "referred":
        text += " The carrier refers it to an underwriter, so the price is indicative."
    return text


def review_summary(values: dict[str, Any], tool: str, args: dict[str, Any],
                   reasoning: str) -> str:
    """What approving does, in a line or two (each explanation once, the email not
    repeated): the email and whom it goes to, or the carrier call with its key values and
    why it is next. The request itself is shown beside the card, so it is not repeated."""
    if tool in ("ask_customer_tool", "prepare_final_summary_tool"):
        return _email(values, tool, args)
    body = _carrier_call(values, tool, args)
    why = f"\nWhy: {reasoning}" if reasoning and tool != "request_human_review_tool" else ""
    return f"{body}{why}"


def review_args(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """The action's arguments as the card shows them and an edit sends them back.

    An email is its text: the questions it asks and the quote it sends are in it (whether
    it quotes or declines follows the carrier's rating, and the title says which). A
    carrier call is its arguments without the session id, which nobody edits. What is left
    out stays as planned when edited.
    """
    if tool in ("ask_customer_tool", "prepare_final_summary_tool"):
        return {"message": args.get("message", "")}
    return {k: v for k, v in args.items() if k != "session_id"}


def review_data(values: dict[str, Any], tool: str) -> dict[str, Any]:
    """Structured detail beside the card: where the email goes (its text is the action's
    ``message``, previewed there), and for the quote the rating's trace, factor by factor."""
    if tool in ("ask_customer_tool", "prepare_final_summary_tool"):
        data: dict[str, Any] = {"email": {"to": values.get("customer_email"),
                                          "subject": _reply_subject(values)}}
        quote = values.get("quote")
        if tool == "prepare_final_summary_tool" and quote:
            data["trace"] = quote.get("trace", [])
        return data
    return {}
