"""The knowledge base: parsing Markdown, text and HTML into passages, and ``agentdesk kb``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agentdesk.cli.main import app
from agentdesk.domains.assistant.tools.documents import (
    MAX_PASSAGE_CHARS,
    parse_document,
    read_document,
)
from agentdesk.domains.assistant.tools.server import knowledge_base

runner = CliRunner()


def test_markdown_passages_carry_their_heading_path_and_skip_fenced_hashes() -> None:
    text = ("# Guide\n\nIntro.\n\n## Install\n\n```sh\n# not a heading\nmake install\n```\n\n"
            "### Linux\n\nUse apt.\n\n## Run\n\nmake run\n")
    document = parse_document(text, "markdown", "fallback")
    assert document.title == "Guide"
    assert [(p.heading, p.text) for p in document.passages] == [
        ("Guide", "Intro."),
        ("Guide > Install", "```sh\n# not a heading\nmake install\n```"),
        ("Guide > Install > Linux", "Use apt."),
        ("Guide > Run", "make run"),
    ]


def test_long_sections_are_cut_into_bounded_passages() -> None:
    sentence = "The assistant answers questions from the knowledge base. "
    document = parse_document("# Long\n\n" + sentence * 100 + "\n\n" + "word " * 600, "markdown", "x")
    assert len(document.passages) > 3
    assert all(len(p.text) <= MAX_PASSAGE_CHARS for p in document.passages)
    assert sum(p.text.count("assistant") for p in document.passages) == 100


def test_html_keeps_text_and_headings_and_drops_scripts() -> None:
    html = ("<html><head><title>Refunds</title><style>p{}</style></head><body><nav>Home</nav>"
            "<h2>Window</h2><p>Within 30&nbsp;days &amp; with a receipt.</p><ul><li>Box</li>"
            "<li>Tags</li></ul><script>alert('x')</script></body></html>")
    document = parse_document(html, "html", "fallback")
    assert document.title == "Refunds"
    joined = "\n".join(p.text for p in document.passages)
    assert "Within 30\xa0days & with a receipt." in joined and "- Box" in joined
    assert "alert" not in joined and "p{}" not in joined
    assert any(p.heading == "Window" for p in document.passages)


def test_text_title_is_its_first_short_line(tmp_path: Path) -> None:
    path = tmp_path / "hours.txt"
    path.write_text("Office hours\n\nOpen 9 to 17.\n")
    assert read_document(path).title == "Office hours"
    path.write_text("x" * 200 + "\n")
    assert read_document(path).title == "hours"


@pytest.mark.parametrize(("name", "content", "message"), [
    ("a.pdf", b"%PDF", "not Markdown, text or HTML"),
    ("b.md", b"caf\xe9", "not UTF-8 text"),
    ("c.txt", b"   \n\n", "holds no text"),
])
def test_unreadable_documents_are_refused_and_leave_nothing(tmp_path: Path, name: str,
                                                            content: bytes, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    kb = knowledge_base()
    before = kb.documents()
    with pytest.raises(ValueError, match=message):
        kb.add(path)
    assert kb.documents() == before


# -- agentdesk kb ------------------------------------------------------------------------


def test_kb_cli_add_list_search_remove(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "returns.md").write_text("# Returns\n\nA kettle may be returned within 45 days.\n")
    (docs / "sub" / "hours.html").write_text("<title>Hours</title><p>Open from 9 to 17.</p>")
    (docs / "ignored.pdf").write_bytes(b"%PDF")

    added = runner.invoke(app, ["kb", "add", str(docs), "--json"])
    assert added.exit_code == 0, added.output
    statuses = {Path(d["path"]).name: d["status"] for d in json.loads(added.stdout)["documents"]}
    assert statuses == {"returns.md": "added", "hours.html": "added"}

    listed = json.loads(runner.invoke(app, ["kb", "list", "--json"]).stdout)["documents"]
    assert {d["title"] for d in listed} >= {"Returns", "Hours", "agentdesk", "agentdesk: design",
                                            "The general assistant"}
    assert sum(d["builtin"] for d in listed) == 3
    returns_id = next(d["id"] for d in listed if d["title"] == "Returns")

    found = json.loads(runner.invoke(app, ["kb", "search", "kettle returned", "--k", "1",
                                           "--json"]).stdout)["results"]
    assert found[0]["document_id"] == returns_id

    again = runner.invoke(app, ["kb", "add", str(docs / "returns.md")])
    assert again.exit_code == 0 and "unchanged" in again.stdout

    removed = runner.invoke(app, ["kb", "remove", str(returns_id)])
    assert removed.exit_code == 0 and "removed" in removed.stdout
    after = json.loads(runner.invoke(app, ["kb", "search", "kettle", "--json"]).stdout)["results"]
    assert all(hit["document_id"] != returns_id for hit in after)


def test_kb_cli_refusals_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "notes.pdf"
    bad.write_bytes(b"%PDF")
    result = runner.invoke(app, ["kb", "add", str(bad)])
    assert result.exit_code == 2 and "not Markdown, text or HTML" in result.stderr
    builtin_id = json.loads(runner.invoke(app, ["kb", "list", "--json"]).stdout)["documents"][0]["id"]
    result = runner.invoke(app, ["kb", "remove", str(builtin_id)])
    assert result.exit_code == 2 and "ships with agentdesk" in result.stderr
    result = runner.invoke(app, ["kb", "remove", "999"])
    assert result.exit_code == 2 and "no document with id 999" in result.stderr
    result = runner.invoke(app, ["kb", "search", "?!", "--json"])
    assert result.exit_code == 2 and "query" in json.loads(result.stdout)["message"]


def test_the_default_knowledge_base_holds_the_current_readme() -> None:
    """The assistant answers from agentdesk's own documentation: the packaged copy of the
    README is the README (copy it when the README changes)."""
    from pathlib import Path

    import agentdesk.domains.assistant.tools as package

    root = Path(__file__).resolve().parents[1]
    packaged = Path(package.__file__).parent / "docs" / "README.md"
    assert packaged.read_text(encoding="utf-8") == (root / "README.md").read_text(
        encoding="utf-8"), "copy README.md to src/agentdesk/domains/assistant/tools/docs/"


# -- answers from the knowledge base: whole sentences and the commands -------------------


def test_command_lines_are_read_from_shell_blocks_only() -> None:
    from agentdesk.domains.assistant.tools.commands import command_lines

    text = ("Intro.\n\n```\nagentdesk decide ID approve      # go ahead\n# a comment\n"
            "agentdesk run trip --from BOS \\\n          --to LIS\n```\n\n"
            "```json\n{\"approve\": true}\n```\n\n~~~sh\nmake run\n~~~\n")
    assert command_lines(text) == ["agentdesk decide ID approve  # go ahead",
                                   "agentdesk run trip --from BOS --to LIS", "make run"]


def test_the_commands_a_query_is_about() -> None:
    from agentdesk.domains.assistant.tools.commands import commands_for

    section = ["agentdesk show ID  # state, pending decision", "agentdesk decide ID approve",
               "agentdesk decide ID reject --message \"why\"", "agentdesk threads"]
    # "approve" and "decide" (as in "decision") beat "decision" alone.
    assert commands_for("approve decision from the command line", section) == [
        "agentdesk decide ID approve"]
    assert commands_for("reject", section) == ["agentdesk decide ID reject --message \"why\""]
    # "agentdesk" is in every command: it tells them apart from nothing.
    assert commands_for("agentdesk", section) == []
    # A word of the section's heading is what every line is about.
    assert commands_for("threads", section, heading="Threads") == []


def test_a_hit_carries_the_commands_of_its_section() -> None:
    """The prose about approving and the command block are two passages of one section."""
    hits = knowledge_base().search("approve decision from command line", k=3)
    top = hits[0]
    assert "agentdesk decide THREAD_ID approve" not in top.text
    assert "agentdesk decide THREAD_ID approve" in top.commands
    assert all(len(hit.commands) <= 4 for hit in hits)


def test_kb_answers_start_at_a_sentence_and_keep_the_command() -> None:
    from agentdesk.domains.assistant.agent.excerpts import excerpt, kb_fact, units
    from agentdesk.domains.assistant.tools.server import kb_search

    query = "approve decision from command line"
    fact = kb_fact(kb_search(query), query)
    assert "    agentdesk decide THREAD_ID approve\n" in fact
    import agentdesk.domains.assistant.tools as package

    docs = "\n\n".join(p.read_text() for p in (Path(package.__file__).parent / "docs").iterdir())
    for line in fact.splitlines():
        if line.startswith(("    ", "(from ")):
            continue
        for piece in line.split(" … "):  # each piece starts a paragraph, an item or a sentence
            words = r"\s+".join(re.escape(w) for w in piece.split()[:8])
            found = re.search(rf"(^|\n\s*\n|[.!?]\s+|\n)({words})", docs)
            assert found, piece
            if found.group(1) == "\n":  # a new line within a paragraph: an item or a row
                assert piece.startswith(("- ", "* ", "|")), piece

    text = ("at a pause it shows the itinerary, its cost\nbreakdown and budget status. Any "
            "later `agentdesk decide`\nfinishes it.\n\n- One item\n  continued.\n- Two.")
    assert units(text) == [(0, "at a pause it shows the itinerary, its cost breakdown and "
                               "budget status."),
                           (0, "Any later `agentdesk decide` finishes it."),
                           (1, "- One item continued."), (1, "- Two.")]
    long = "Filler words here. " * 40 + "Later `agentdesk decide` finishes it. " + "More. " * 40
    assert excerpt(long, "decide finishes", limit=120) == "Later `agentdesk decide` finishes it."


def test_an_excerpt_matches_the_query_words_in_any_form() -> None:
    """"failed ... retried" finds "failures are retried" over a sentence that only says "tools"."""
    from agentdesk.domains.assistant.agent.excerpts import excerpt

    text = ("Tools are listed here. " * 20 + "Transient failures are retried with exponential "
            "backoff. " + "More words follow. " * 20)
    assert "Transient failures are retried with exponential backoff." in excerpt(
        text, "failed tool calls retried", limit=120)


def test_a_long_list_item_is_read_sentence_by_sentence() -> None:
    from agentdesk.domains.assistant.agent.excerpts import excerpt

    item = ("- **Server**: " + "It starts workers and keeps them alive across restarts. " * 6
            + "It listens on port 8000 unless told otherwise.")
    assert "port 8000" in excerpt(item, "port listens", limit=200)


def test_a_question_asking_for_a_figure_prefers_a_sentence_holding_one() -> None:
    from agentdesk.domains.assistant.agent.excerpts import asks_number, excerpt

    text = ("The default port is documented in the settings table. " * 4
            + "The default port is 8000. " + "Change the default port with a flag. " * 4)
    assert asks_number("What port does the server listen on?")
    assert not asks_number("How do I approve a pending decision?")
    assert "8000" in excerpt(text, "default port", limit=120, numbers=True)


def test_a_count_asked_for_is_answered_by_a_figure_of_what_it_counts() -> None:
    """"how many lines" is answered by "~400 lines" or "`MAX_ROWS = 1000`" for rows, not by
    a figure of something else in the same sentence ("four bundled models")."""
    from agentdesk.domains.assistant.agent.excerpts import counted, states_count

    assert counted("the design notes say a file gets too long - how many lines is too long?") \
        == "lines"
    assert counted("What number of retries does it make?") == "retries"
    assert counted("how many of our customers are in Chicago?") is None  # nothing named
    assert counted("what number of multiplied by at most") is None  # no plural thing
    assert states_count("A file that grows past ~400 lines is a sign.", "lines")
    assert states_count("`MAX_ROWS = 1000`, `LIMIT 100`", "rows")
    assert states_count("the SQL agent runs at most three times", "times")
    assert states_count("failed calls are retried (retries: 3)", "retries")
    assert not states_count("four bundled Antimony models, two-compartment oral", "lines")
    assert not states_count("The bridge is a server; someone online reads it.", "lines")


def test_a_word_is_held_at_the_start_of_a_word_or_of_a_name_s_part() -> None:
    """"old" is not held by "holds", nor "text" by "context": the sentence about threads
    holds fewer of the question's words than the one that answers it."""
    from agentdesk.domains.assistant.agent.excerpts import excerpt

    long = ("A message is matched to its thread by the token in the address of the reply, "
            "then by its context, then by the subject tag (which alone only holds it). ")
    text = long + "Quoted history and signatures are stripped by mailstrip."
    query = "replies email removes old quoted text signature"
    assert excerpt(text, query, limit=120).startswith("Quoted history")
    # A name's part counts as a word: "rows" is held by `MAX_ROWS`.
    rows = ("The agent reads the question and writes the query for it. " * 3
            + "Results are capped at `MAX_ROWS = 1000`.")
    assert "1000" in excerpt(rows, "rows most", limit=80)


def test_a_sentence_too_long_to_state_whole_goes_after_one_as_good_that_fits() -> None:
    """Cut off at the limit, the long sentence would lose what was asked; the short one
    holding as many of the words is stated first."""
    from agentdesk.domains.assistant.agent.excerpts import excerpt

    long = "Quoted replies are matched to threads " + "by token, reference and tag, " * 5 + "x. "
    text = long + "Quoted replies are stripped by mailstrip."
    assert excerpt(text, "quoted replies", limit=120) == \
        "Quoted replies are stripped by mailstrip."


def test_a_long_sentence_holding_more_of_the_words_still_comes_first() -> None:
    from agentdesk.domains.assistant.agent.excerpts import excerpt

    long = ("Quoted history, the old text of earlier replies, and signatures are removed "
            "from every email a customer sends before the agent reads it, by the parser. ")
    text = long + "Signatures are kept in the archive."
    query = "replies email removes old quoted text signature"
    assert excerpt(text, query, limit=120).startswith("Quoted history, the old text")


def test_the_kind_of_value_asked_for_must_be_stated() -> None:
    """"how long is the lease" is answered by a length of time ("30 s"), "above what share"
    by a percentage ("20 %"); a sentence on the same subject without one is no answer. A size
    asked with "how long ... can be", or a count named beside it, is not a length of time."""
    from agentdesk.domains.assistant.agent.excerpts import asked_kind, states_kind

    assert asked_kind("by default how long is the lease a worker holds on a run?") \
        == "a length of time"
    assert asked_kind("Above what share of extrapolation does the PK calculation warn you?") \
        == "a percentage"
    assert asked_kind("Is there a cap on how long a message to the assistant can be?") is None
    assert asked_kind("how long can it be? What number of characters does it accept?") is None
    assert asked_kind("How do I approve a pending decision?") is None
    assert states_kind("A worker claims it with a lease (30 s, `AGENTDESK_RUN_LEASE_SECONDS`)",
                       "a length of time")
    assert states_kind("a 30-second lease", "a length of time")
    assert not states_kind("Every process that claims runs holds an exclusive `flock` on "
                           "`<data dir>/workers/<database>.lock`", "a length of time")
    assert states_kind("half-life, a warning above 20 % extrapolation", "a percentage")
    assert not states_kind("The bridge is a FastMCP server over libroadrunner (2 compartments)",
                           "a percentage")
