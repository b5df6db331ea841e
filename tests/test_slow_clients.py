"""Slow and idle clients time out and connections are bounded, on the ``serve`` configuration.

A bounded number of raw sockets misbehave (connect and say nothing, trickle headers,
trickle a body); the server is started with timeouts of about a second, and every
wait in these tests has a deadline far beyond them.
"""

from __future__ import annotations

import selectors
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentdesk.errors import ConfigError
from agentdesk.server.serving import check_database, check_port_free
from agentdesk.settings import Settings

from .conftest import free_port
from .servers import Servers

MISBEHAVING = 100  # of each kind: 300 connections in all
DEADLINE = 60.0  # seconds: far beyond every timeout these servers are given


@pytest.fixture
def serve(servers: Servers) -> Callable[..., int]:
    """``serve(**settings)``: the port of a real server running exactly what ``agentdesk serve``
    runs (its uvicorn configuration too)."""
    def start(**settings: Any) -> int:
        return servers.app(serve_config=True, **settings).port

    return start


def connect(port: int, first: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    if first:
        sock.sendall(first)
    sock.setblocking(False)
    return sock


def wait_closed(socks: list[socket.socket], trickle: dict[socket.socket, bytes]) -> list[bytes]:
    """Read every socket until the server closes it; keep trickling a byte to some.

    Returns what each socket received; fails if one is still open at the deadline.
    """
    received = {s: b"" for s in socks}
    open_ = set(socks)
    selector = selectors.DefaultSelector()
    for sock in socks:
        selector.register(sock, selectors.EVENT_READ)
    deadline = time.monotonic() + DEADLINE
    while open_ and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.2):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(65536)
            except (ConnectionResetError, BlockingIOError):
                data = b""
            received[sock] += data
            if not data:
                selector.unregister(sock)
                open_.discard(sock)
        for sock in list(trickle):
            if sock in open_:
                try:
                    sock.send(trickle[sock])  # one more byte: must not extend the deadline
                except OSError:
                    trickle.pop(sock)
    selector.close()
    assert not open_, f"{len(open_)} of {len(socks)} connections still open after {DEADLINE}s"
    return [received[s] for s in socks]


def test_ok_answers_while_hundreds_misbehave_and_they_are_all_cut_off(serve: Any) -> None:
    port = serve(header_timeout=1, body_timeout=1, keep_alive_timeout=1)
    silent = [connect(port) for _ in range(MISBEHAVING)]
    headers = [connect(port, b"GET /ok HTTP/1.1\r\nHost: x\r\nX-Slow: ")
               for _ in range(MISBEHAVING)]
    bodies = [connect(port, b"POST /threads HTTP/1.1\r\nHost: x\r\nContent-Type: "
                            b"application/json\r\nContent-Length: 1000\r\n\r\n{\"metadata\"")
              for _ in range(MISBEHAVING)]
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            for _ in range(5):
                assert http.get("/ok").json() == {"ok": True}
        trickle = {s: b"a" for s in headers} | {s: b" " for s in bodies}
        answers = wait_closed(silent + headers + bodies, trickle)
        assert all(a == b"" for a in answers[: 2 * MISBEHAVING])  # never a request: just closed
        assert all(a.startswith(b"HTTP/1.1 408") for a in answers[2 * MISBEHAVING:])
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            assert http.get("/ok").json() == {"ok": True}
            assert http.post("/threads/search", json={}).json() == []  # no body was taken
    finally:
        for sock in silent + headers + bodies:
            sock.close()


def test_idle_keep_alive_connections_are_closed(serve: Any) -> None:
    port = serve(keep_alive_timeout=1)
    sock = connect(port, b"GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
    try:
        (answer,) = wait_closed([sock], {})
        assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b'{"ok":true}')
    finally:
        sock.close()


def test_connections_past_the_bound_are_refused_until_idle_ones_time_out(serve: Any) -> None:
    port = serve(max_connections=16, header_timeout=1)
    idle = [connect(port) for _ in range(20)]
    try:
        probe = connect(port, b"GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        (refused,) = wait_closed([probe], {})
        assert refused.startswith(b"HTTP/1.1 503")
        wait_closed(idle, {})
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            assert http.get("/ok").json() == {"ok": True}
    finally:
        for sock in idle:
            sock.close()


def test_a_port_in_use_is_one_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ConfigError, match=f"cannot listen on 127.0.0.1:{port}: the port is "
                                              "in use"):
            check_port_free("127.0.0.1", port)
    check_port_free("127.0.0.1", free_port())


def test_an_unreachable_database_is_one_line(isolated_env: Path) -> None:
    url = f"postgresql://nobody@127.0.0.1:{free_port()}/nothing"
    with pytest.raises(ConfigError) as raised:
        check_database(Settings(data_dir=isolated_env, database_url=url))
    message = raised.value.message
    assert "\n" not in message and "cannot connect to PostgreSQL" in message, message
    check_database(Settings(data_dir=isolated_env))  # the default SQLite file opens
