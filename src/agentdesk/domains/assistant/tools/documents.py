"""Documents for the knowledge base: Markdown, plain text and HTML, cut into passages.

A passage is a few paragraphs of one section (at most :data:`MAX_PASSAGE_CHARS`),
labelled with the headings above it, so a hit can be read and cited on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

__all__ = ["KINDS", "MAX_DOCUMENT_BYTES", "MAX_PASSAGE_CHARS", "Document", "Passage",
           "parse_document", "read_document"]

MAX_PASSAGE_CHARS = 1200
MAX_DOCUMENT_BYTES = 5_000_000
KINDS = {".md": "markdown", ".markdown": "markdown", ".txt": "text", ".text": "text",
         ".html": "html", ".htm": "html"}


@dataclass(frozen=True)
class Passage:
    """One searchable piece of a document."""

    heading: str
    """The headings above it, outermost first, joined by " > "."""
    text: str


@dataclass(frozen=True)
class Document:
    """A parsed document, ready to index."""

    title: str
    kind: str
    passages: list[Passage]


class _HTMLText(HTMLParser):
    """HTML to Markdown-like text: headings as ``#`` lines, blocks as paragraphs."""

    _BLOCKS: ClassVar[frozenset[str]] = frozenset({"p", "div", "section", "article", "tr", "br", "pre", "blockquote", "table",
               "ul", "ol", "dd", "dt", "header", "footer", "main", "hr"})
    _SKIP: ClassVar[frozenset[str]] = frozenset({"script", "style", "noscript", "template", "svg",
                                                 "head"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title = ""
        self._skipping = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        elif tag in self._SKIP:
            self._skipping += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self.parts.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag in self._BLOCKS:
            self.parts.append("\n\n" if tag != "br" else "\n")
        elif tag == "li":
            self.parts.append("\n- ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in self._SKIP:
            self._skipping = max(0, self._skipping - 1)
        elif re.fullmatch(r"h[1-6]", tag) or tag in self._BLOCKS:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skipping:
            self.parts.append(re.sub(r"[ \t\r\n]+", " ", data))


def _html_to_text(html: str) -> tuple[str, str]:
    parser = _HTMLText()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts)
    text = re.sub(r"\n[ \t]+", "\n", text)
    return parser.title.strip(), re.sub(r"\n{3,}", "\n\n", text).strip()


def _sections(text: str) -> list[tuple[list[str], list[str]]]:
    """(heading path, paragraphs) for each section of Markdown-like text."""
    sections: list[tuple[list[str], list[str]]] = [([], [])]
    path: list[tuple[int, str]] = []
    paragraph: list[str] = []
    fenced = False

    def flush() -> None:
        if paragraph and "".join(paragraph).strip():
            sections[-1][1].append("\n".join(paragraph).strip("\n"))
        paragraph.clear()

    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            paragraph.append(line)
            continue
        heading = None if fenced else re.match(r"^(#{1,6})\s+(.+?)\s*#*\s*$", line)
        if heading:
            flush()
            level = len(heading.group(1))
            path = [(lvl, title) for lvl, title in path if lvl < level] + [(level, heading.group(2))]
            sections.append(([title for _, title in path], []))
        elif not line.strip() and not fenced:
            flush()
        else:
            paragraph.append(line)
    flush()
    return [(heads, paras) for heads, paras in sections if paras]


def _split_long(paragraph: str) -> list[str]:
    """A paragraph longer than a passage, cut at line or sentence ends."""
    pieces: list[str] = []
    current = ""
    for unit in re.split(r"(?<=[.!?])\s+|\n", paragraph):
        while len(unit) > MAX_PASSAGE_CHARS:
            pieces.append(unit[:MAX_PASSAGE_CHARS])
            unit = unit[MAX_PASSAGE_CHARS:]
        if current and len(current) + len(unit) + 1 > MAX_PASSAGE_CHARS:
            pieces.append(current)
            current = ""
        current = f"{current}\n{unit}" if current else unit
    if current:
        pieces.append(current)
    return pieces


def _passages(text: str) -> list[Passage]:
    passages = []
    for heads, paragraphs in _sections(text):
        heading = " > ".join(heads)
        current = ""
        for paragraph in paragraphs:
            for piece in _split_long(paragraph) if len(paragraph) > MAX_PASSAGE_CHARS else [paragraph]:
                if current and len(current) + len(piece) + 2 > MAX_PASSAGE_CHARS:
                    passages.append(Passage(heading, current))
                    current = ""
                current = f"{current}\n\n{piece}" if current else piece
        if current:
            passages.append(Passage(heading, current))
    return passages


def parse_document(text: str, kind: str, fallback_title: str) -> Document:
    """Parse ``text`` of ``kind`` (markdown, text or html) into titled passages."""
    title = ""
    if kind == "html":
        title, text = _html_to_text(text)
    elif kind == "markdown":
        first = re.search(r"^#\s+(.+?)\s*#*\s*$", text, re.MULTILINE)
        title = first.group(1) if first else ""
    else:
        first_line = text.strip().splitlines()[0] if text.strip() else ""
        title = first_line if 0 < len(first_line) <= 80 else ""
    return Document(title=title or fallback_title, kind=kind, passages=_passages(text))


def read_document(path: Path) -> Document:
    """Read and parse a file whose suffix says its kind.

    Raises:
        ValueError: the suffix is not one the knowledge base reads, the file is too
            large, not UTF-8, or holds no text.
    """
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise ValueError(f"{path}: not Markdown, text or HTML (suffixes: {', '.join(sorted(KINDS))})")
    size = path.stat().st_size
    if size > MAX_DOCUMENT_BYTES:
        raise ValueError(f"{path}: {size} bytes; the limit is {MAX_DOCUMENT_BYTES}")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    document = parse_document(text, kind, path.stem)
    if not document.passages:
        raise ValueError(f"{path}: holds no text")
    return document
