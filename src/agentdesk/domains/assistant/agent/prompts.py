"""What the assistant's nodes say to the model."""

from .untrusted import DATA_RULE

PLANNER = """You are a careful assistant with tools. Decide whether the user's latest
message needs tools. If it does, call every independent tool you need at once (they run
in parallel). If it does not (a greeting, thanks, a question about the conversation
itself), answer without calling a tool. """ + DATA_RULE + """
{context}"""

REPLAN = """Your previous tool calls did not answer the question:
{failures}
Call tools again with different terms or a different tool; do not repeat a call above."""

PICK_SQL = """Which reading of the user's question about the bank's data is right?
{options}
Answer with the letter only."""

GENERATOR = """Answer the user's question from the numbered tool results below and nothing
else. After each fact, cite the result it came from as [1], [2]... If the results do not
answer the question, say so plainly. """ + DATA_RULE + """
{context}
Tool results:
{results}"""

DIRECT = """You are a helpful, concise assistant. Answer the user's latest message.
{context}"""

CLOSING = """Here is an answer to the user's question, with its sources cited:
{draft}
Pick the closing sentence that fits it best."""

CLOSINGS = ["Hope this helps!", "Glad to help.", "Let me know if you need anything else.",
            "Safe travels!", "Happy to help with more questions.", "Anything else?"]
"""The sentences the embedded model may close an answer with: it picks, code wrote the rest
(a 270M model asked to write one repeats the answer and gets its facts wrong)."""

REFUSAL = ("I'm sorry, but I can't help with that request. It was stopped by the safety "
           "policy ({reasons}). You're welcome to ask something else.")

DECLINED = ("A reviewer decided not to go ahead with this request{why}. You're welcome to ask "
            "something else.")

GAVE_UP = ("I could not find an answer with my tools after {rounds}. I tried: "
           "{tried}. Could you rephrase the question or add detail?")

CONTEXT = """What you know about the user: {profile}
Summary of the conversation so far: {summary}"""
