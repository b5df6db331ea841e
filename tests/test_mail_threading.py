"""The thread resolver: JWZ-style parent chains, tokens, subject tags, and their order."""

from __future__ import annotations

import pytest

from agentdesk.channels.email.threader import (
    message_ids,
    normalize_subject,
    parent_chain,
    resolve,
    subject_tag,
    token_of,
)

# Conformance-style cases after https://www.jwz.org/doc/threading.html and the
# behaviour of the mailers it describes: (Message-ID, In-Reply-To, References) ->
# the ancestors, oldest first.
JWZ_CASES = [
    pytest.param("<c@x>", "<b@x>", "<a@x> <b@x>", ["<a@x>", "<b@x>"],
                 id="references-and-in-reply-to-agree"),
    pytest.param("<c@x>", "<b@x>", None, ["<b@x>"], id="in-reply-to-only"),
    pytest.param("<c@x>", None, "<a@x> <b@x>", ["<a@x>", "<b@x>"], id="references-only"),
    pytest.param("<c@x>", '"Your message of Mon, 1 Jan 2001" <b@x>', None, ["<b@x>"],
                 id="in-reply-to-with-free-text"),
    pytest.param("<c@x>", "<b@x> (Joe's message of Monday)", None, ["<b@x>"],
                 id="in-reply-to-with-trailing-comment"),
    pytest.param("<c@x>", "<b@x> <z@x>", None, ["<b@x>"],
                 id="in-reply-to-several-ids-first-wins"),
    pytest.param("<c@x>", "<b@x>", "<a@x>", ["<a@x>", "<b@x>"],
                 id="in-reply-to-appended-after-short-references"),
    pytest.param("<c@x>", "<a@x>", "<a@x> <b@x>", ["<b@x>", "<a@x>"],
                 id="in-reply-to-disagrees-with-last-reference"),
    pytest.param("<c@x>", None, "<a@x> <b@x> <a@x>", ["<a@x>", "<b@x>"],
                 id="repeated-reference-counts-once"),
    pytest.param("<c@x>", "<c@x>", "<a@x> <c@x>", ["<a@x>"], id="self-reference-dropped"),
    pytest.param("<c@x>", "b@x", "a@x", [], id="ids-without-brackets-ignored"),
    pytest.param("<c@x>", None, "<a@x>\r\n\t<b@x>", ["<a@x>", "<b@x>"],
                 id="folded-references"),
    pytest.param(None, None, None, [], id="no-threading-headers"),
]


@pytest.mark.parametrize(("message_id", "in_reply_to", "references", "chain"), JWZ_CASES)
def test_parent_chain(message_id: str | None, in_reply_to: str | None, references: str | None,
                      chain: list[str]) -> None:
    assert parent_chain(message_id, in_reply_to, references) == chain


def test_nearest_known_ancestor_wins() -> None:
    # The parent is unknown (say, a reply between two customers); the grandparent is ours.
    chain = parent_chain("<d@x>", "<c@x>", "<a@x> <b@x> <c@x>")
    found = resolve(token=None, chain=chain, tag=None, tokens={},
                    known_ids={"<a@x>": "T1", "<b@x>": "T2"}, tags={})
    assert (found.thread_id, found.via, found.matched) == ("T2", "references", "<b@x>")


def test_order_token_then_references_then_subject() -> None:
    maps = {"tokens": {"tok": "T-token"}, "known_ids": {"<a@x>": "T-ref"},
            "tags": {"Q-123456": "T-tag"}}
    assert resolve(token="tok", chain=["<a@x>"], tag="Q-123456", **maps).via == "token"
    assert resolve(token="zzz", chain=["<a@x>"], tag="Q-123456", **maps).thread_id == "T-ref"
    found = resolve(token=None, chain=["<q@x>"], tag="Q-123456", **maps)
    assert (found.thread_id, found.via) == ("T-tag", "subject")
    assert resolve(token=None, chain=[], tag="Q-999999", **maps).thread_id is None


def test_message_ids_and_subjects() -> None:
    assert message_ids("<a@x> junk <b@x> <a@x>") == ["<a@x>", "<b@x>"]
    assert normalize_subject("Re: RE: Fwd:  Re[2]: Your   quote") == "Your quote"
    assert subject_tag("Re: Your quote [Q-123456]") == "Q-123456"
    assert subject_tag("Re: Your quote [q-123456]") == "Q-123456"
    assert subject_tag("Your quote Q-123456") is None


def test_token_in_plus_address() -> None:
    assert token_of(["bob@x.com", "Quotes+ab12cd@agency.test"], "quotes") == "ab12cd"
    assert token_of(["quotes@agency.test"], "quotes") is None
    assert token_of(["otherquotes+ab@agency.test"], "quotes") is None
