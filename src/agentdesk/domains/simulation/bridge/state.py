"""What the bridge remembers: loaded simulations, jobs and idempotent call results.

One :class:`BridgeState` is shared by every server of the process (unless a server is
given its own), so a simulation loaded through one in-process server is still there
when a later run of the agent builds a new one.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastmcp.exceptions import ToolError

from .engine import ModelSpec, load_spec
from .jobs import JobBoard

__all__ = ["BridgeState", "Simulation", "shared_state"]

MAX_SIMULATIONS = 200
MAX_REQUESTS = 2000


@dataclass
class Simulation:
    simulation_id: str
    spec: ModelSpec
    values: dict[str, float]
    history: list[dict[str, Any]] = field(default_factory=list)


class BridgeState:
    """Simulations, jobs and idempotent results; also kept on disk when ``directory`` is set.

    On disk, any process's bridge can pick up what another one did: a thread paused in one
    ``agentdesk`` process and approved from another finds its simulation, job results and
    the record of an action that already ran.
    """

    def __init__(self, directory: Callable[[], Path] | None = None) -> None:
        self.lock = threading.RLock()
        self.simulations: OrderedDict[str, Simulation] = OrderedDict()
        self.requests: OrderedDict[tuple[str, str], tuple[Any, dict[str, Any]]] = OrderedDict()
        self.directory = directory
        self.jobs = JobBoard(store=self._store_job, load=self._load_job)

    # -- the disk ----------------------------------------------------------------------

    def _file(self, kind: str, key: str) -> Path | None:
        if self.directory is None:
            return None
        safe = hashlib.sha256(key.encode()).hexdigest()[:32]
        return self.directory() / kind / f"{safe}.json"

    def _write(self, kind: str, key: str, data: dict[str, Any]) -> None:
        file = self._file(kind, key)
        if file is None:
            return
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_suffix(f".{uuid.uuid4().hex}.tmp")
        tmp.write_text(json.dumps(data))
        os.replace(tmp, file)

    def _read(self, kind: str, key: str) -> dict[str, Any] | None:
        file = self._file(kind, key)
        if file is None or not file.exists():
            return None
        try:
            data: dict[str, Any] = json.loads(file.read_text())
        except (OSError, ValueError):
            return None
        return data

    def remember(self, sim: Simulation) -> None:
        """Keep ``sim`` (its model and parameter values) for other processes."""
        root = sim.spec.file
        for _ in Path(sim.spec.model_path).parts:
            root = root.parent
        self._write("simulations", sim.simulation_id, {
            "simulation_id": sim.simulation_id, "file": str(sim.spec.file), "root": str(root),
            "values": sim.values, "history": sim.history})

    def _restore(self, simulation_id: str) -> Simulation | None:
        data = self._read("simulations", simulation_id)
        if data is None:
            return None
        spec = load_spec(Path(data["file"]), Path(data["root"]))
        sim = Simulation(simulation_id, spec, dict(data["values"]), list(data["history"]))
        with self.lock:
            self.simulations[simulation_id] = sim
        return sim

    def _store_job(self, record: dict[str, Any]) -> None:
        self._write("jobs", record["job_id"], record)

    def _load_job(self, job_id: str) -> dict[str, Any] | None:
        return self._read("jobs", job_id)

    def add(self, spec: ModelSpec) -> Simulation:
        sim = Simulation(simulation_id=f"sim-{uuid.uuid4().hex[:12]}", spec=spec,
                         values=dict(spec.defaults))
        with self.lock:
            self.simulations[sim.simulation_id] = sim
            while len(self.simulations) > MAX_SIMULATIONS:
                self.simulations.popitem(last=False)
        self.remember(sim)
        return sim

    def simulation(self, simulation_id: str) -> Simulation:
        key = (simulation_id or "").strip()
        with self.lock:
            sim = self.simulations.get(key)
        if sim is None and key:
            sim = self._restore(key)
        if sim is None:
            raise ToolError(f"simulation_id: {simulation_id!r} is not a loaded simulation; "
                            "load one with load_simulation")
        return sim

    def once(self, tool: str, request_id: str | None, args: Any,
             do: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """``do()``, unless this ``request_id`` already did it: then the first result."""
        key = (request_id or "").strip()
        if not key:
            return do()
        if len(key) > 200:
            raise ToolError("request_id: longer than 200 characters")
        with self.lock:
            done = self.requests.get((tool, key))
            if done is None and (stored := self._read("requests", f"{tool}:{key}")):
                done = (stored["args"], stored["result"])
            if done is not None:
                if done[0] != args:
                    raise ToolError(f"request_id: {key!r} was already used for a different "
                                    f"{tool} call; use a new request_id for a new action")
                return copy.deepcopy(done[1])
            result = do()
            self.requests[(tool, key)] = (copy.deepcopy(args), copy.deepcopy(result))
            self._write("requests", f"{tool}:{key}", {"args": args, "result": result})
            while len(self.requests) > MAX_REQUESTS:
                self.requests.popitem(last=False)
            return result


_shared: BridgeState | None = None
_shared_lock = threading.Lock()


def _data_directory() -> Path:
    from agentdesk.settings import get_settings

    return get_settings().data_dir / "simulation"


def shared_state() -> BridgeState:
    """The process's bridge state, kept under ``<data dir>/simulation`` as well."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = BridgeState(directory=_data_directory)
        return _shared
