"""What a model file may reference: only model files inside its own model directory.

Antimony follows ``import "file"``; libSBML (inside Antimony, and in libRoadRunner
should it flatten) follows an SBML ``comp:externalModelDefinition``'s ``source``, and an
XML parser may follow a DTD's external entities. Each is checked before the file reaches
them: an import or a source must name a model file inside the model's directory (one
level deep: what is referenced references nothing further), and a DTD is refused. The
errors name the file and the line, never what a file holds.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

__all__ = ["MODEL_SUFFIXES", "confined_antimony", "confined_sbml", "inside"]

MODEL_SUFFIXES = (".ant", ".xml")

# A source as this module accepts it: a relative path of plain names, to an SBML file.
_SOURCE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*\.xml$")
# Each externalModelDefinition start tag, and a source attribute inside one.
_EXTERNAL_TAG = re.compile(r"<\s*(?:[\w.-]+:)?externalModelDefinition\b[^>]*>")
_SOURCE_ATTR = re.compile(r"""(\s(?:[\w.-]+:)?source\s*=\s*)(["'])(.*?)\2""", re.DOTALL)


def inside(path: Path, root: Path) -> bool:
    return path == root or path.is_relative_to(root)


def _local(name: str) -> str:
    return name.rpartition("}")[2]


def _sources(text: str, where: str) -> list[str]:
    """The ``source`` of each external model definition, as an XML parser reads it."""
    if re.search(r"<!\s*(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise ValueError(f"{where}: a DTD or entity declaration is not allowed in a model")
    try:
        tree = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        line = getattr(exc, "position", (0, 0))[0]
        raise ValueError(f"{where}: not well-formed XML (line {line})") from None
    found = []
    for element in tree.iter():
        if _local(str(element.tag)) == "externalModelDefinition":
            found.append(next((v for k, v in element.attrib.items()
                               if _local(k) == "source"), ""))
    return found


def confined_sbml(text: str, file: Path, root: Path, *, nested: bool = False) -> str:
    """SBML ``text`` with each external model's source rewritten to the absolute file it
    names, which must be an SBML file inside ``root``; anything else is a ValueError."""
    where = file.name
    sources = _sources(text, where)
    tags = list(_EXTERNAL_TAG.finditer(text))
    if sources and nested:
        raise ValueError(f"{where}: a referenced model cannot reference further models")
    if len(tags) != len(sources):  # the parser and this rewrite must see the same ones
        raise ValueError(f"{where}: cannot check its external model definitions")
    out, last = [], 0
    for tag, source in zip(tags, sources, strict=True):
        line = text.count("\n", 0, tag.start()) + 1
        attrs = list(_SOURCE_ATTR.finditer(tag.group(0)))
        bad = ValueError(f"{where}, line {line}: external model source {source[:80]!r} is "
                         "not an SBML file in the model's directory")
        if len(attrs) != 1 or attrs[0].group(3) != source or not _SOURCE.match(source):
            raise bad  # only plain relative paths: no URI, entity or absolute path
        real = (file.parent / source).resolve()  # no ".." in it: symlinks alone can move it
        if (not inside(real, root) or not real.is_file() or real.suffix.lower() != ".xml"
                or any(ch in str(real) for ch in "\"'&<>")):
            raise bad
        confined_sbml(real.read_text(encoding="utf-8"), real, root, nested=True)
        start = tag.start() + attrs[0].start(3)
        out += [text[last:start], str(real)]
        last = tag.start() + attrs[0].end(3)
    return "".join(out) + text[last:]


def _imports(text: str) -> list[tuple[int, int, str | None]]:
    """Each ``import`` statement of Antimony ``text``: (start, end, quoted file or None).

    Strings and comments (``//``, ``#``, ``/* */``) are skipped, so a word ``import``
    inside them is not one; ``None`` means the import names no quoted file.
    """
    found: list[tuple[int, int, str | None]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if text.startswith("//", i) or ch == "#":
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            i = text.find("*/", i + 2)
            i = n if i < 0 else i + 2
        elif ch in "\"'":
            end = text.find(ch, i + 1)
            i = n if end < 0 else end + 1
        elif ch.isalpha() or ch == "_":
            start = i
            while i < n and (text[i].isalnum() or text[i] == "_"):
                i += 1
            if text[start:i] == "import":
                j = i
                while j < n and text[j] in " \t":
                    j += 1
                quote = text[j] if j < n else ""
                end = text.find(quote, j + 1) if quote in ("\"", "'") else -1
                if end < 0:
                    found.append((start, i, None))
                else:
                    found.append((start, end + 1, text[j + 1:end]))
                    i = end + 1
        else:
            i += 1
    return found


def confined_antimony(text: str, file: Path, root: Path, *, nested: bool = False) -> str:
    """``text`` with each import rewritten to the absolute file it names, which must be a
    model file inside ``root``; anything else is a ValueError naming the line."""
    out, last = [], 0
    for start, end, name in _imports(text):
        line = text.count("\n", 0, start) + 1
        where = f"{file.name}, line {line}"
        if nested:
            raise ValueError(f"{where}: an imported model cannot import further models")
        if not name or "\x00" in name:
            raise ValueError(f"{where}: import must name a model file in quotes")
        try:
            real = (file.parent / name).resolve()
        except (OSError, RuntimeError):
            real = None
        if (real is None or not inside(real, root) or real.suffix.lower() not in MODEL_SUFFIXES
                or not real.is_file() or '"' in str(real)):
            raise ValueError(f"{where}: import {name[:80]!r} is not a model file in the "
                             "model's directory")
        if real.suffix.lower() == ".ant":
            confined_antimony(real.read_text(encoding="utf-8"), real, root, nested=True)
        else:  # Antimony reads the SBML file itself: it must reference nothing further
            confined_sbml(real.read_text(encoding="utf-8"), real, root, nested=True)
        out += [text[last:start], f'import "{real}"']
        last = end
    return "".join(out) + text[last:]
