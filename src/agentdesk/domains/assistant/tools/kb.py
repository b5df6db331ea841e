"""The local knowledge base: documents cut into passages, ranked by BM25 (SQLite FTS5).

One SQLite file in the data directory (``kb.sqlite3``). agentdesk's own
documentation ships with the package and is indexed on first use (and again
when a new version changes it), so the knowledge base answers out of the box;
the operator adds more with ``agentdesk kb add``.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .commands import command_lines, commands_for
from .documents import Document, parse_document, read_document

__all__ = ["BUILTIN_PREFIX", "Hit", "KnowledgeBase", "StoredDocument", "kb_path"]

BUILTIN_PREFIX = "builtin:"
MAX_K = 20
_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    kind TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    passages INTEGER NOT NULL,
    added_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS passages (
    id INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    heading TEXT NOT NULL,
    text TEXT NOT NULL,
    UNIQUE (document_id, seq)
);
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5(
    title, heading, text, tokenize = 'porter unicode61 remove_diacritics 2'
);
"""
# Words too common to rank by; dropped from queries unless nothing else is left.
_STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how",
    "i", "in", "is", "it", "me", "my", "of", "on", "or", "our", "the", "this", "to", "was", "we",
    "what", "when", "where", "which", "who", "why", "will", "with", "you", "your"})


def kb_path(data_dir: Path) -> Path:
    """Where the knowledge base of a data directory lives."""
    return data_dir / "kb.sqlite3"


@dataclass(frozen=True)
class StoredDocument:
    """A document in the knowledge base."""

    id: int
    source: str
    title: str
    kind: str
    passages: int
    added_at: str

    @property
    def builtin(self) -> bool:
        return self.source.startswith(BUILTIN_PREFIX)


@dataclass(frozen=True)
class Hit:
    """One passage that matched a query."""

    document_id: int
    passage_id: str
    """``"<document id>#<passage number>"``, stable while the document is unchanged."""
    title: str
    source: str
    heading: str
    text: str
    score: float
    """BM25 relevance (higher is better) or, after re-ranking, the fused rank score."""
    commands: tuple[str, ...] = ()
    """The command lines of the passage's section (all its passages) that the query is
    about, so a hit on the prose around a command still shows the command."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@lru_cache(maxsize=1)
def _builtin_documents() -> tuple[tuple[str, str, str], ...]:
    """(source, sha256, text) of each document shipped in ``docs/``."""
    folder = resources.files(__package__).joinpath("docs")
    found = []
    for item in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if item.name.endswith((".md", ".txt", ".html")):
            text = item.read_text(encoding="utf-8")
            found.append((BUILTIN_PREFIX + item.name, hashlib.sha256(text.encode()).hexdigest(), text))
    return tuple(found)


def _match_query(query: str) -> str | None:
    """An FTS5 query that ORs the query's words, each quoted so no word is syntax."""
    words = [word for word in re.findall(r"\w+", query.lower()) if len(word) > 1 or word.isdigit()]
    kept = [word for word in words if word not in _STOPWORDS] or words
    unique = list(dict.fromkeys(kept))[:32]
    return " OR ".join(f'"{word}"' for word in unique) or None


class KnowledgeBase:
    """Documents and passages in one SQLite file, searched with FTS5's BM25."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(self.path, timeout=30)) as conn:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.executescript(_SCHEMA)
            with conn:  # one transaction: a failed add leaves nothing behind
                yield conn

    def ensure_builtin(self) -> None:
        """Index (or re-index) the documentation shipped with agentdesk."""
        with self._connect() as conn:
            known = {row["source"]: row["sha256"] for row in conn.execute(
                "SELECT source, sha256 FROM documents WHERE source LIKE ?", (BUILTIN_PREFIX + "%",))}
            for source, digest, text in _builtin_documents():
                if known.get(source) != digest:
                    name = source.removeprefix(BUILTIN_PREFIX)
                    self._store(conn, source, digest, parse_document(text, "markdown", name))

    def add(self, path: Path) -> tuple[StoredDocument, str]:
        """Add or refresh one file; returns the document and ``added``, ``updated`` or ``unchanged``.

        Raises:
            ValueError: the file cannot be read as a document (see ``read_document``).
        """
        resolved = path.expanduser().resolve()
        if not resolved.is_file():
            raise ValueError(f"{path}: no such file")
        document = read_document(resolved)
        digest = hashlib.sha256(resolved.read_bytes()).hexdigest()
        source = str(resolved)
        with self._connect() as conn:
            row = conn.execute("SELECT sha256 FROM documents WHERE source = ?", (source,)).fetchone()
            status = "added" if row is None else "unchanged" if row["sha256"] == digest else "updated"
            if status != "unchanged":
                self._store(conn, source, digest, document)
            stored = conn.execute("SELECT * FROM documents WHERE source = ?", (source,)).fetchone()
        return _stored(stored), status

    def _store(self, conn: sqlite3.Connection, source: str, digest: str, document: Document) -> None:
        now = datetime.now(UTC).isoformat(timespec="seconds")
        row = conn.execute("SELECT id FROM documents WHERE source = ?", (source,)).fetchone()
        if row is None:
            doc_id = conn.execute(
                "INSERT INTO documents (source, title, kind, sha256, passages, added_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (source, document.title, document.kind, digest, len(document.passages), now)).lastrowid
        else:
            doc_id = row["id"]
            self._drop_passages(conn, doc_id)
            conn.execute("UPDATE documents SET title = ?, kind = ?, sha256 = ?, passages = ?, "
                         "added_at = ? WHERE id = ?",
                         (document.title, document.kind, digest, len(document.passages), now, doc_id))
        for seq, passage in enumerate(document.passages, start=1):
            passage_id = conn.execute(
                "INSERT INTO passages (document_id, seq, heading, text) VALUES (?, ?, ?, ?)",
                (doc_id, seq, passage.heading, passage.text)).lastrowid
            conn.execute("INSERT INTO passages_fts (rowid, title, heading, text) VALUES (?, ?, ?, ?)",
                         (passage_id, document.title, passage.heading, passage.text))

    @staticmethod
    def _drop_passages(conn: sqlite3.Connection, doc_id: int) -> None:
        conn.execute("DELETE FROM passages_fts WHERE rowid IN "
                     "(SELECT id FROM passages WHERE document_id = ?)", (doc_id,))
        conn.execute("DELETE FROM passages WHERE document_id = ?", (doc_id,))

    def remove(self, doc_id: int) -> StoredDocument:
        """Remove an operator's document.

        Raises:
            LookupError: no such document.
            ValueError: the document ships with agentdesk (it would come back on next use).
        """
        with self._connect() as conn:
            row = conn.execute("SELECT * FROM documents WHERE id = ?", (doc_id,)).fetchone()
            if row is None:
                raise LookupError(f"no document with id {doc_id}")
            document = _stored(row)
            if document.builtin:
                raise ValueError(f"document {doc_id} ships with agentdesk and cannot be removed")
            self._drop_passages(conn, doc_id)
            conn.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
        return document

    def documents(self) -> list[StoredDocument]:
        """Every document, in the order they were first added."""
        self.ensure_builtin()
        with self._connect() as conn:
            return [_stored(row) for row in conn.execute("SELECT * FROM documents ORDER BY id")]

    def search(self, query: str, k: int = 5, rerank: bool = False) -> list[Hit]:
        """The ``k`` passages that best match ``query``.

        With ``rerank``, the best BM25 candidates are re-ordered by the similarity of
        their embedding (``wordllama``, shipped inside its wheel) to the query's.

        Raises:
            ValueError: the query has no words, or ``k`` is out of range.
        """
        if not 1 <= k <= MAX_K:
            raise ValueError(f"k: must be between 1 and {MAX_K}")
        match = _match_query(query)
        if match is None:
            raise ValueError("query: needs at least one word")
        self.ensure_builtin()
        limit = max(4 * k, 20) if rerank else k
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT p.document_id, p.seq, p.heading, p.text, d.title, d.source, "
                "bm25(passages_fts, 2.0, 3.0, 1.0) AS rank FROM passages_fts "
                "JOIN passages p ON p.id = passages_fts.rowid JOIN documents d ON d.id = p.document_id "
                "WHERE passages_fts MATCH ? ORDER BY rank LIMIT ?", (match, limit)).fetchall()
        hits = [Hit(row["document_id"], f"{row['document_id']}#{row['seq']}", row["title"],
                    row["source"], row["heading"], row["text"], round(-row["rank"], 4))
                for row in rows]
        if rerank and hits:
            from .rerank import rerank as by_similarity

            hits = by_similarity(query, hits)
        return self._with_commands(query, hits[:k])

    def _with_commands(self, query: str, hits: list[Hit]) -> list[Hit]:
        """``hits``, each with the commands of its section that ``query`` is about."""
        sections: dict[tuple[int, str], list[str]] = {}
        with self._connect() as conn:
            for hit in hits:
                key = (hit.document_id, hit.heading)
                if key not in sections:
                    texts = [row["text"] for row in conn.execute(
                        "SELECT text FROM passages WHERE document_id = ? AND heading = ? "
                        "ORDER BY seq", key)]
                    sections[key] = command_lines("\n\n".join(texts))
        return [replace(hit, commands=tuple(commands_for(
            query, sections[(hit.document_id, hit.heading)], hit.heading))) for hit in hits]


def _stored(row: sqlite3.Row) -> StoredDocument:
    return StoredDocument(row["id"], row["source"], row["title"], row["kind"], row["passages"],
                          row["added_at"])
