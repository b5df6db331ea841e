"""Simulation jobs: one worker thread each, with progress, cancellation and a timeout."""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastmcp.exceptions import ToolError

__all__ = ["TERMINAL", "Job", "JobBoard"]

TERMINAL = frozenset({"succeeded", "failed", "cancelled", "timeout", "lost"})
STEP_DELAY_ENV = "AGENTDESK_SIMULATION_STEP_DELAY"
MAX_JOBS = 500


def step_delay() -> float:
    """Seconds to wait after each chunk (a test hook; default 0)."""
    try:
        return max(0.0, float(os.environ.get(STEP_DELAY_ENV, "0") or 0))
    except ValueError:
        return 0.0


@dataclass
class Job:
    job_id: str
    simulation_id: str
    timeout: float
    status: str = "queued"
    progress: float = 0.0
    error: str | None = None
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    stop: threading.Event = field(default_factory=threading.Event)

    def snapshot(self) -> dict[str, Any]:
        return {"job_id": self.job_id, "status": self.status, "progress": self.progress,
                "error": self.error}


# Runs one simulation: given a callback (progress -> keep going?), returns the result or None.
Work = Callable[[Callable[[float], bool]], dict[str, Any] | None]


class JobBoard:
    """Every job of the process, and at most ``workers`` of them running at once."""

    def __init__(self, workers: int = 4,
                 store: Callable[[dict[str, Any]], None] | None = None,
                 load: Callable[[str], dict[str, Any] | None] | None = None) -> None:
        self._store = store
        self._load = load
        self._lock = threading.RLock()
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._slots = threading.BoundedSemaphore(workers)

    def submit(self, simulation_id: str, work: Work, timeout: float,
               meta: dict[str, Any] | None = None) -> Job:
        job = Job(job_id=f"job-{uuid.uuid4().hex[:12]}", simulation_id=simulation_id,
                  timeout=timeout, meta=dict(meta or {}))
        with self._lock:
            self._jobs[job.job_id] = job
            self._evict()
            self._save(job)  # a job is on disk before it runs: if this process dies, it is lost
        threading.Thread(target=self._run, args=(job, work), name=job.job_id,
                         daemon=True).start()
        return job

    def get(self, job_id: str) -> Job:
        key = (job_id or "").strip()
        with self._lock:
            job = self._jobs.get(key)
            if job is None and key and self._load is not None:
                job = self._revive(self._load(key))
            if job is None:
                raise ToolError(f"job_id: {job_id!r} is not a known job")
            self._check_deadline(job)
            return job

    def find(self, job_id: str) -> Job | None:
        try:
            return self.get(job_id)
        except ToolError:
            return None

    def cancel(self, job_id: str) -> Job:
        with self._lock:
            job = self.get(job_id)
            self._finish(job, "cancelled", None)
            return job

    # -- internals -------------------------------------------------------------------------

    def _revive(self, record: dict[str, Any] | None) -> Job | None:
        """A job another process stored: finished, or lost with the process that ran it.

        Jobs run in threads of the process that started them; one that is stored
        unfinished and is not running here was cut off when its process ended.
        """
        if record is None:
            return None
        job = Job(job_id=record["job_id"], simulation_id=record["simulation_id"], timeout=0,
                  status=record["status"], progress=record["progress"], error=record["error"],
                  result=record.get("result"), meta=record.get("meta") or {})
        self._jobs[job.job_id] = job
        if job.status not in TERMINAL:
            self._finish(job, "lost", "the process running this job ended before it "
                                      "finished; run the simulation again")
        return job

    def _save(self, job: Job) -> None:
        if self._store is not None:
            self._store({**job.snapshot(), "simulation_id": job.simulation_id,
                         "meta": job.meta, "result": job.result})

    def _evict(self) -> None:
        finished = [k for k, j in self._jobs.items() if j.status in TERMINAL]
        while len(self._jobs) > MAX_JOBS and finished:
            del self._jobs[finished.pop(0)]

    def _finish(self, job: Job, status: str, error: str | None,
                result: dict[str, Any] | None = None) -> bool:
        """Move a job to a final status, unless it already has one."""
        with self._lock:
            if job.status in TERMINAL:
                return False
            job.status, job.error, job.result = status, error, result
            if status == "succeeded":
                job.progress = 1.0
            job.stop.set()
            self._save(job)
            return True

    def _check_deadline(self, job: Job) -> None:
        if (job.status == "running" and job.started is not None
                and time.monotonic() - job.started > job.timeout):
            self._finish(job, "timeout", f"the job took longer than {job.timeout:g} s")

    def _run(self, job: Job, work: Work) -> None:
        with self._slots:
            with self._lock:
                if job.status in TERMINAL:
                    return
                job.status, job.started = "running", time.monotonic()
            delay = step_delay()

            def after_chunk(progress: float) -> bool:
                with self._lock:
                    if job.status in TERMINAL:
                        return False
                    job.progress = round(progress, 4)
                    self._check_deadline(job)
                    if job.status in TERMINAL:
                        return False
                if delay:
                    assert job.started is not None
                    remaining = job.timeout - (time.monotonic() - job.started)
                    job.stop.wait(max(0.0, min(delay, remaining + 0.01)))
                with self._lock:
                    self._check_deadline(job)
                    return job.status not in TERMINAL

            try:
                result = work(after_chunk)
            except Exception as exc:
                self._finish(job, "failed", f"{type(exc).__name__}: {exc}".strip())
                return
            with self._lock:
                self._check_deadline(job)
                if result is not None:
                    self._finish(job, "succeeded", None, result)
                elif job.status not in TERMINAL:
                    self._finish(job, "failed", "the simulation stopped without a result")
