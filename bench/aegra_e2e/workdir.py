"""The work dir: Aegra's e2e tests and example graphs, and what lets them run here.

Laid out as::

    suite/pyproject.toml      Aegra's (its pytest options and markers), unchanged
    suite/tests/__init__.py   unchanged
    suite/tests/e2e/...       unchanged
    examples/...              Aegra's example graphs, unchanged
    langgraph.json            their graphs (from aegra.json), without Aegra-only keys
    overlay/aegra_api/        the ``settings`` stand-in the tests import
    fake_model/langchain/     the chat model the graphs get (no network)
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SUITE = "libs/aegra-api/tests/e2e"
COPIED = ("libs/aegra-api/pyproject.toml", "libs/aegra-api/tests/__init__.py", SUITE,
          "examples", "aegra.json")
AEGRA_ONLY_KEYS = {
    "http": "its app imports aegra_api (auth dependencies), which only Aegra has",
    "store": "store.scopes is an Aegra setting (per-org store namespaces)",
}


def _is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def _extract(aegra: Path, dest: Path) -> None:
    """The files of ``COPIED`` from a git dir (its HEAD) or a checkout, under ``dest``."""
    if _is_git_dir(aegra):
        archive = subprocess.run(["git", "-C", str(aegra), "archive", "HEAD", *COPIED],
                                 check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(dest, filter="data")
        return
    for rel in COPIED:
        source = aegra / rel
        if source.is_dir():
            shutil.copytree(source, dest / rel)
        else:
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / rel)


def commit_of(repo: Path) -> str:
    """The commit a tree is at (and whether its files differ from it), for the report."""
    out = subprocess.run(["git", "-C", str(repo), "log", "-1", "--format=%h %s"],
                         capture_output=True, text=True).stdout.strip()
    if not out:
        return "(not a git checkout)"
    dirty = subprocess.run(["git", "-C", str(repo), "status", "--porcelain",
                            "--untracked-files=no"], capture_output=True, text=True)
    return out + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


def langgraph_config(aegra_json: dict[str, object]) -> dict[str, object]:
    """aegra.json for any LangGraph server: its paths already are ``./examples/...``
    relative to the file, so only the Aegra-only keys go."""
    return {k: v for k, v in aegra_json.items() if k not in AEGRA_ONLY_KEYS}


OUTPUTS = ("junit-*.xml", "pytest-*.log", "server-*.log", "langgraph-*.json", "data-*",
           "summary.md", ".langgraph_api")
"""What earlier runs left in the work dir: removed, so no stale result is read."""


def prepare(aegra: Path, work: Path) -> Path:
    """Lay out ``work`` afresh; the suite's folder."""
    for pattern in OUTPUTS:
        for old in work.glob(pattern):
            if old.is_dir():
                shutil.rmtree(old)
            else:
                old.unlink()
    source = work / "source"
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    _extract(aegra, source)
    for name in ("suite", "examples", "overlay", "fake_model"):
        shutil.rmtree(work / name, ignore_errors=True)
    (work / "suite" / "tests").mkdir(parents=True)
    shutil.copy2(source / "libs/aegra-api/pyproject.toml", work / "suite" / "pyproject.toml")
    shutil.copy2(source / "libs/aegra-api/tests/__init__.py",
                 work / "suite" / "tests" / "__init__.py")
    shutil.copytree(source / SUITE, work / "suite" / "tests" / "e2e")
    shutil.copytree(source / "examples", work / "examples")
    for name in ("overlay", "fake_model"):
        shutil.copytree(HERE / name, work / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    aegra_json = json.loads((source / "aegra.json").read_text())
    (work / "langgraph.json").write_text(json.dumps(langgraph_config(aegra_json), indent=2))
    return work / "suite"
