"""The soak benchmark (``bench/soak.py``) at a tiny size: it samples, reports and loses nothing.

A real ``agentdesk serve`` on a SQLite file, driven by ``langgraph_sdk``; no
timed assertion and no growth assertion (the figures belong to ``python -m
bench.soak``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import soak as soak_bench


def test_tiny_soak_samples_and_loses_no_thread(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "soak.png"
    [result] = soak_bench.soak(threads=20, clients=2, databases=["sqlite"], interval=0.2,
                               out=out)
    assert result.database == "sqlite" and result.threads == 20
    assert result.lost == []
    assert result.samples, "the sampler took no reading"
    last = result.samples[-1]
    assert last.done == 20
    assert all(s.rss_mb > 0 and s.fds > 0 for s in result.samples)
    assert all(s.connections > 0 for s in result.samples), "no handle to the SQLite file seen"
    assert {s.lag_source for s in result.samples} <= {"metrics", "/ok"}
    first, final = soak_bench.quarters(result)
    assert first and final
    printed = capsys.readouterr().out
    assert "sqlite: samples" in printed and "soak: after warm-up" in printed
    assert out.stat().st_size > 0 and out.read_bytes().startswith(b"\x89PNG")
    assert out.with_suffix(".json").exists()


def test_unknown_database_is_named(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.argv", ["soak", "--db", "sqlite,oracle"])
    with pytest.raises(SystemExit) as stopped:
        soak_bench.main()
    assert stopped.value.code == 2
    assert "--db: unknown oracle" in capsys.readouterr().err
