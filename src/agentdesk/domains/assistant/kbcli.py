"""``agentdesk kb``: the assistant's local knowledge base (add, list, search, remove)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from agentdesk.runtime.commands import JsonOpt, ModelOpt, refuse_bad_model
from agentdesk.runtime.terminal import console, err_console

kb_app = typer.Typer(no_args_is_help=True, help="The assistant's local knowledge base.")


def _knowledge_base() -> Any:
    from agentdesk.domains.assistant.tools.server import knowledge_base

    return knowledge_base()


def _files(paths: list[Path]) -> list[Path]:
    """The files named, and the Markdown, text and HTML files under the folders named."""
    from agentdesk.domains.assistant.tools.documents import KINDS

    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in KINDS)
        else:
            found.append(path)
    return found


@kb_app.command("add")
def add(
    paths: Annotated[list[Path], typer.Argument(help="Markdown, text or HTML files, or folders.")],
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Add (or refresh) documents; a file added again replaces its old passages."""
    refuse_bad_model(model, as_json)
    kb = _knowledge_base()
    kb.ensure_builtin()
    results: list[dict[str, Any]] = []
    failed = False
    for path in _files(paths):
        try:
            document, status = kb.add(path)
        except ValueError as exc:
            failed = True
            results.append({"path": str(path), "status": "refused", "error": str(exc)})
            continue
        results.append({"path": str(path), "status": status, "id": document.id,
                        "title": document.title, "passages": document.passages})
    if not results:
        failed = True
        results.append({"path": " ".join(map(str, paths)), "status": "refused",
                        "error": "no Markdown, text or HTML files found"})
    if as_json:
        print(json.dumps({"documents": results}))
    else:
        for item in results:
            if item["status"] == "refused":
                err_console.print(f"[red]refused:[/] {item['error']}", highlight=False)
            else:
                console.print(f"{item['status']}: [{item['id']}] {item['title']} "
                              f"({item['passages']} passages) {item['path']}", highlight=False)
    raise typer.Exit(2 if failed else 0)


@kb_app.command("list")
def list_documents(as_json: JsonOpt = False, model: ModelOpt = None) -> None:
    """List the documents in the knowledge base, agentdesk's own documentation included."""
    from rich.table import Table

    refuse_bad_model(model, as_json)
    documents = _knowledge_base().documents()
    if as_json:
        print(json.dumps({"documents": [{**vars(d), "builtin": d.builtin} for d in documents]}))
        return
    table = Table("id", "title", "kind", "passages", "source", "added")
    for d in documents:
        table.add_row(str(d.id), d.title, d.kind, str(d.passages), d.source, d.added_at)
    console.print(table)


@kb_app.command("search")
def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    k: Annotated[int, typer.Option("--k", min=1, max=20, help="How many passages.")] = 5,
    rerank: Annotated[bool | None, typer.Option(
        "--rerank/--no-rerank", help="Re-rank with the embedding model (default: AGENTDESK_KB_RERANK).")] = None,
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Search as the assistant's kb_search tool does."""
    from agentdesk.settings import get_settings

    refuse_bad_model(model, as_json)

    use_rerank = get_settings().kb_rerank if rerank is None else rerank
    try:
        hits = _knowledge_base().search(query, k, rerank=use_rerank)
    except ValueError as exc:
        if as_json:
            print(json.dumps({"type": "InputError", "message": str(exc)}))
        else:
            err_console.print(f"[red]error:[/] {exc}", highlight=False)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps({"query": query, "results": [hit.to_dict() for hit in hits]}))
        return
    for hit in hits:
        console.print(f"[bold]{hit.passage_id}[/] {hit.title} > {hit.heading}  "
                      f"(score {hit.score})", highlight=False)
        console.print(hit.text[:300] + ("…" if len(hit.text) > 300 else ""), highlight=False)
        console.print()


@kb_app.command("remove")
def remove(doc_id: Annotated[int, typer.Argument(help="The document's id (see kb list).")],
           as_json: JsonOpt = False, model: ModelOpt = None) -> None:
    """Remove a document you added."""
    refuse_bad_model(model, as_json)
    try:
        document = _knowledge_base().remove(doc_id)
    except (LookupError, ValueError) as exc:
        if as_json:
            print(json.dumps({"type": "InputError", "message": f"ID: {exc}", "field": "ID"}))
        else:
            err_console.print(f"[red]error:[/] ID: {exc}", highlight=False)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps({"removed": {"id": document.id, "title": document.title,
                                      "source": document.source}}))
        return
    console.print(f"removed: [{document.id}] {document.title} {document.source}", highlight=False)
