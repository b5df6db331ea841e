"""Aegra's e2e suite against agentdesk and ``langgraph dev``, on Aegra's example graphs.

``python -m bench.aegra_e2e [--aegra PATH] [--servers agentdesk,lgdev] [--tree PATH ...]
[--work DIR]``: lays out the work dir (``workdir.py``), then for each server starts it
on the example graphs, runs the suite with Aegra's own pytest options and its dev-mode
selection, writes ``junit-<server>.xml`` to the work dir and prints the counts and
the tests that pass on ``langgraph dev`` but fail on agentdesk.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx

from bench.peers.servers import CACHE, Server, find_python, free_port, install

from .junit import Outcome, counts, outcomes
from .workdir import AEGRA_ONLY_KEYS, commit_of, prepare

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_AEGRA = Path("/work/.mirror/aegra+aegra/repo")
VENV = CACHE / "aegra-e2e"
VENV_PACKAGES = [
    # Aegra's uv.lock versions of what its e2e tests import, and a per-test timeout.
    "langgraph-sdk==0.4.2", "httpx==0.28.1", "pytest==9.0.2", "pytest-asyncio==1.3.0",
    "sqlalchemy==2.0.46", "pytest-timeout==2.4.0",
]
MARKERS = "not prod_only and not auth_only"
"""Aegra's ``make e2e-dev``: no Redis workers; auth tests need its JWT example server."""
LEFT_OUT = {
    "--ignore=tests/e2e/manual_auth_tests":
        "auth_only: needs a server running Aegra's JWT mock auth (make e2e-dev leaves it out)",
    "--ignore=tests/e2e/multi_instance":
        "several Aegra instances behind one Redis (make e2e-dev leaves it out)",
    "--ignore=tests/e2e/test_runs/test_run_reconciliation_e2e.py":
        "imports Aegra's ORM and WorkerExecutor; every test in it is prod_only anyway",
    "--deselect=tests/e2e/test_threads/test_thread_deletion.py"
    "::test_thread_deletion_removes_checkpoints":
        "counts rows in the checkpoint tables of Aegra's own PostgreSQL database",
}


def e2e_venv() -> Path:
    """The tests' venv (Python 3.12, as Aegra), made once."""
    stamp = VENV / ".installed"
    wanted = "\n".join(VENV_PACKAGES)
    if stamp.exists() and stamp.read_text() == wanted:
        return VENV
    print(f"installing the e2e venv into {VENV} ...", file=sys.stderr)
    subprocess.run([find_python("3.12"), "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(VENV / "bin" / "pip"), "install", "--quiet", *VENV_PACKAGES], check=True)
    stamp.write_text(wanted)
    return VENV


class StartFailed(Exception):
    """The server exited before answering; ``log_text`` is what it printed."""

    def __init__(self, server: Server) -> None:
        super().__init__(f"{server.label} exited at start; see {server.log}")
        self.log_text = server.log.read_text(errors="replace")


def _wait_ready(server: Server, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise StartFailed(server)
        try:
            if httpx.get(server.url + "/info", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    server.stop()
    raise SystemExit(f"{server.label} did not answer within {timeout:.0f}s; see {server.log}")


def _start(label: str, argv: list[str], env: dict[str, str], work: Path) -> Server:
    """Start ``argv`` in ``work`` (its own process group), with ``env`` over ours."""
    log = work / f"server-{label}.log"
    # The database is the fresh data dir's SQLite file, whatever this shell points at.
    full = {k: v for k, v in os.environ.items() if k != "AGENTDESK_DATABASE_URL"}
    with log.open("wb") as out:
        process = subprocess.Popen(argv, env={**full, **env}, cwd=work, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    port = argv[argv.index("--port") + 1]
    server = Server(label, process, f"http://127.0.0.1:{port}", None, log)
    _wait_ready(server)
    return server


def start_agentdesk(label: str, tree: Path, work: Path, refused: list[str]) -> Server:
    """``agentdesk serve --config`` on a fresh SQLite data dir, importing ``tree``'s code.

    A graph the server refuses at startup (``Error: graph 'x': ...``) is taken out
    of its config and the server started again on the rest; each refusal is added
    to ``refused`` for the report, so the tests that need it fail visibly.
    """
    config = json.loads((work / "langgraph.json").read_text())
    env = {"AGENTDESK_LOG_LEVEL": "warning",
           "PYTHONPATH": os.pathsep.join([str(work / "fake_model"), str(tree / "src"),
                                          str(tree)])}
    while True:
        path = work / f"langgraph-{label}.json"
        path.write_text(json.dumps(config, indent=2))
        data = work / f"data-{label}"
        shutil.rmtree(data, ignore_errors=True)
        env["AGENTDESK_DATA_DIR"] = str(data)
        argv = [sys.executable, "-m", "agentdesk", "serve", "--host", "127.0.0.1",
                "--port", str(free_port()), "--config", str(path)]
        try:
            return _start(label, argv, env, work)
        except StartFailed as failed:
            found = re.search(r"^Error: graph '([^']+)': (.*)$", failed.log_text, re.MULTILINE | re.IGNORECASE)
            if not found or found.group(1) not in config["graphs"]:
                raise SystemExit(str(failed)) from None
            refused.append(f"{found.group(1)}: {found.group(2)}")
            del config["graphs"][found.group(1)]


def start_lgdev(work: Path) -> Server:
    """``langgraph dev`` (in memory) from the peers' venv, its state dir cleared first."""
    venv = install("lgdev")
    shutil.rmtree(work / ".langgraph_api", ignore_errors=True)
    argv = [str(venv / "bin" / "langgraph"), "dev", "--config", "langgraph.json",
            "--port", str(free_port()), "--no-browser", "--no-reload",
            "--server-log-level", "warning"]
    env = {"LANGSMITH_TRACING": "false", "LANGGRAPH_CLI_NO_ANALYTICS": "1",
           "PYTHONPATH": str(work / "fake_model")}
    return _start("lgdev", argv, env, work)


def run_suite(server: Server, suite: Path, work: Path, timeout: int,
              select: str | None) -> dict[str, Outcome]:
    """Aegra's suite against ``server``; JUnit XML and the pytest log in ``work``."""
    xml = work / f"junit-{server.label}.xml"
    argv = [str(VENV / "bin" / "python"), "-m", "pytest", "tests/e2e", "-m", MARKERS,
            *LEFT_OUT, "-p", "no:cacheprovider", f"--timeout={timeout}",
            f"--junitxml={xml}", "-q", "-rfE"]
    if select:
        argv += ["-k", select]
    env = {**os.environ, "SERVER_URL": server.url, "PYTHONPATH": str(work / "overlay")}
    log = work / f"pytest-{server.label}.log"
    print(f"{server.label}: running the suite against {server.url} (log: {log})",
          file=sys.stderr)
    with log.open("wb") as out:
        subprocess.run(argv, cwd=suite, env=env, stdout=out, stderr=subprocess.STDOUT)
    return outcomes(xml)


def report(results: dict[str, dict[str, Outcome]]) -> str:
    """Counts per server; per agentdesk run, what passes on langgraph dev but fails there."""
    lines = ["| server | passed | failed | skipped | total |", "|---|---|---|---|---|"]
    for label, got in results.items():
        tally = counts(got)
        lines.append(f"| {label} | {tally['passed']} | {tally['failed']} | "
                     f"{tally['skipped']} | {len(got)} |")
    reference = results.get("lgdev")
    for label, got in results.items():
        if label == "lgdev" or reference is None:
            continue
        gaps = sorted(t for t, o in reference.items()
                      if o.status == "passed" and got.get(t, Outcome("failed")).status == "failed")
        lines += ["", f"Pass on langgraph dev, fail on {label}: {len(gaps)}", "",
                  "| test | SDK call | first line of the failure |", "|---|---|---|"]
        causes: Counter[str] = Counter()
        for test in gaps:
            outcome = got.get(test, Outcome("failed", "(not run)"))
            cause = f"{outcome.call or '-'} | {outcome.message[:160].replace('|', '/')}"
            causes[cause] += 1
            lines.append(f"| {test.removeprefix('tests.e2e.')} | {cause} |")
        lines += ["", f"The same, by cause ({label}):", "", "| tests | SDK call | failure |",
                  "|---|---|---|"]
        lines += [f"| {n} | {cause} |" for cause, n in causes.most_common()]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--aegra", type=Path, default=DEFAULT_AEGRA,
                        help="Aegra's repo: a git dir (its HEAD is used) or a checkout")
    parser.add_argument("--servers", default="agentdesk,lgdev",
                        help="comma-separated, of: agentdesk, lgdev")
    parser.add_argument("--tree", type=Path, action="append",
                        help="agentdesk tree to serve (its src/ goes on PYTHONPATH); "
                             f"repeat for several; default {ROOT}")
    parser.add_argument("--work", type=Path, default=CACHE / "aegra-e2e-work",
                        help="work dir: the extracted suite, logs and JUnit XML")
    parser.add_argument("--timeout", type=int, default=120, help="seconds per test")
    parser.add_argument("-k", dest="select", help="pytest -k expression (a subset)")
    args = parser.parse_args()
    names = [n.strip() for n in args.servers.split(",") if n.strip()]
    unknown = sorted(set(names) - {"agentdesk", "lgdev"})
    if unknown:
        raise SystemExit(f"--servers: unknown {', '.join(unknown)}; known: agentdesk, lgdev")
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    work = args.work.resolve()
    suite = prepare(args.aegra, work)
    e2e_venv()
    print(f"Aegra {commit_of(args.aegra)}; work dir {work}", file=sys.stderr)
    starts = []
    refused: dict[str, list[str]] = {}
    served: dict[str, str] = {}
    if "agentdesk" in names:
        for tree in trees:
            label = f"agentdesk-{tree.name}" if len(trees) > 1 else "agentdesk"
            refused[label] = []
            served[label] = f"{tree} at {commit_of(tree)}"
            starts.append((label, lambda lb=label, t=tree: start_agentdesk(
                lb, t, work, refused[lb])))
    if "lgdev" in names:
        starts.append(("lgdev", lambda: start_lgdev(work)))
    results: dict[str, dict[str, Outcome]] = {}
    for _label, start in starts:
        server = start()
        try:
            results[server.label] = run_suite(server, suite, work, args.timeout, args.select)
        finally:
            server.stop()
    text = report(results)
    for label, tree in served.items():
        text += f"\n\n{label}: {tree}"
    for label, graphs in refused.items():
        for graph in graphs:
            text += f"\n\n{label} refused graph {graph} at startup; it served the others."
    (work / "summary.md").write_text(text + "\n")
    print(text)
    print("\nLeft out of every run: " + "; ".join(
        f"{opt.split('=', 1)[1]} ({why})" for opt, why in LEFT_OUT.items()))
    print("langgraph.json drops aegra.json's " + "; ".join(
        f"{key} ({why})" for key, why in AEGRA_ONLY_KEYS.items()))


if __name__ == "__main__":
    main()
