"""The simulation MCP server: pharmacokinetic models run by libRoadRunner."""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Annotated, Any

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from pydantic import Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from . import engine
from .jobs import TERMINAL
from .pk import pk_parameters
from .series import thin
from .state import BridgeState, shared_state
from .units import convert

__all__ = ["MAX_END_TIME", "MAX_POINTS", "build_server"]

log = logging.getLogger(__name__)

MAX_END_TIME = 24 * 60.0
MAX_POINTS = 5000
CHUNKS = 20

INSTRUCTIONS = """Pharmacokinetic simulations (libRoadRunner). list_models shows the model
library; load_simulation(model_path) gives a simulation_id. Parameters have units and
plausible bounds: set_parameter_value converts the value from the unit you give. Time is
in hours. run_simulation starts a job; poll get_job_status until it has succeeded, then
get_simulation_results and calculate_pk_parameters. Pass a request_id to mutating calls
so that a retry does not repeat them."""

RequestId = Annotated[str | None, Field(
    description="Optional idempotency key: a repeated call with the same request_id returns "
                "the first call's result without doing it again")]
SimulationId = Annotated[str, Field(description="The simulation_id load_simulation returned")]
JobId = Annotated[str, Field(description="The job_id run_simulation returned")]


def _spec_or_error(file: Path, root: Path, model_path: str) -> engine.ModelSpec:
    try:
        return engine.load_spec(file, root)
    except Exception as exc:
        raise ToolError(f"model_path: {model_path!r} cannot be loaded: {exc}") from None


def build_server(model_dirs: Sequence[Path] | None = None, job_timeout: float = 120.0, *,
                 state: BridgeState | None = None) -> FastMCP:
    """A new simulation server over ``model_dirs`` (default: the bundled model library).

    Directories in ``AGENTDESK_SIMULATION_MODEL_DIRS`` (os.pathsep-separated) are added.
    Simulations and jobs live in ``state``, by default shared by the whole process.
    """
    dirs = engine.configured_dirs(model_dirs)
    bridge = state or shared_state()
    board = bridge.jobs
    server: FastMCP = FastMCP("simulation", instructions=INSTRUCTIONS)

    def list_models() -> dict[str, Any]:
        """List the model library: each model's parameters (value, unit, bounds) and outputs."""
        models = []
        for file, root in engine.iter_models(dirs):
            try:
                models.append(engine.load_spec(file, root).summary())
            except Exception as exc:
                log.warning("simulation model %s cannot be loaded: %s", file, exc)
        return {"models": models}

    def load_simulation(
        model_path: Annotated[str, Field(description="A model_path from list_models, "
                                                     "e.g. one_compartment_oral.ant")],
        request_id: RequestId = None,
    ) -> dict[str, Any]:
        """Load a model from the library as a new simulation with its default parameters."""
        def do() -> dict[str, Any]:
            file, root = engine.resolve_model(model_path, dirs)
            sim = bridge.add(_spec_or_error(file, root, model_path))
            return {"simulation_id": sim.simulation_id, "model_path": sim.spec.model_path,
                    "name": sim.spec.name,
                    "parameters": sim.spec.parameters_public(sim.values),
                    "outputs": sim.spec.outputs_public()}

        return bridge.once("load_simulation", request_id, {"model_path": model_path}, do)

    def list_parameters(simulation_id: SimulationId) -> dict[str, Any]:
        """The simulation's parameters: path, current value, unit, bounds, description."""
        sim = bridge.simulation(simulation_id)
        with bridge.lock:
            return {"simulation_id": sim.simulation_id,
                    "parameters": sim.spec.parameters_public(sim.values)}

    def _parameter(sim: Any, parameter_path: str) -> engine.ParameterInfo:
        info = sim.spec.parameters.get((parameter_path or "").strip())
        if info is None:
            raise ToolError(f"parameter_path: {parameter_path!r} is not a parameter of "
                            f"{sim.spec.model_path}; parameters: {', '.join(sim.spec.parameters)}")
        return info

    def get_parameter_value(
        simulation_id: SimulationId,
        parameter_path: Annotated[str, Field(description="Parameter id, e.g. ka")],
    ) -> dict[str, Any]:
        """One parameter's current value and unit."""
        sim = bridge.simulation(simulation_id)
        info = _parameter(sim, parameter_path)
        with bridge.lock:
            return {"path": info.path, "value": sim.values[info.path], "unit": info.unit}

    def set_parameter_value(
        simulation_id: SimulationId,
        parameter_path: Annotated[str, Field(description="Parameter id, e.g. ka")],
        value: Annotated[float, Field(description="The new value, in `unit`")],
        unit: Annotated[str, Field(description="Unit of value, e.g. mg, g, 1/h, 1/min, L, mL; "
                                               "converted to the parameter's unit")],
        comment: Annotated[str | None, Field(description="Why the value changes")] = None,
        request_id: RequestId = None,
    ) -> dict[str, Any]:
        """Set a parameter, converting from the given unit and checking plausible bounds."""
        def do() -> dict[str, Any]:
            sim = bridge.simulation(simulation_id)
            info = _parameter(sim, parameter_path)
            if info.unit is None:
                raise ToolError(f"parameter_path: {info.path!r} has no documented unit in the "
                                "model's metadata, so its value cannot be checked")
            new = convert(float(value), unit, info.unit, info.path)
            shown = f"{value:g} {unit}" + (f" = {new:g} {info.unit}" if unit != info.unit else "")
            if info.integer and not float(new).is_integer():
                raise ToolError(f"value: {info.path} must be a whole number, not {shown}")
            low = -math.inf if info.min is None else info.min
            high = math.inf if info.max is None else info.max
            if not low <= new <= high:
                raise ToolError(f"value: {shown} is outside the plausible range of {info.path}: "
                                f"{low:g} to {high:g} {info.unit}")
            with bridge.lock:
                old = sim.values[info.path]
                sim.values[info.path] = new
                change = {"path": info.path, "old_value": old, "new_value": new,
                          "unit": info.unit, "given": {"value": value, "unit": unit},
                          "comment": comment}
                sim.history.append(change)
            bridge.remember(sim)
            return {"simulation_id": sim.simulation_id, **change}

        args = {"simulation_id": simulation_id, "parameter_path": parameter_path,
                "value": value, "unit": unit, "comment": comment}
        return bridge.once("set_parameter_value", request_id, args, do)

    def run_simulation(
        simulation_id: SimulationId,
        end_time: Annotated[float, Field(description=f"Hours to simulate, > 0 and <= {MAX_END_TIME:g}")],
        points: Annotated[int, Field(description=f"Time points, 2..{MAX_POINTS}")] = 200,
        request_id: RequestId = None,
    ) -> dict[str, Any]:
        """Start a simulation job from t = 0 to end_time hours; returns its job_id."""
        def do() -> dict[str, Any]:
            sim = bridge.simulation(simulation_id)
            if not (math.isfinite(end_time) and 0 < end_time <= MAX_END_TIME):
                raise ToolError(f"end_time: {end_time!r} must be > 0 and at most "
                                f"{MAX_END_TIME:g} h")
            if not 2 <= points <= MAX_POINTS:
                raise ToolError(f"points: {points!r} must be between 2 and {MAX_POINTS}")
            with bridge.lock:
                values = dict(sim.values)
            spec = sim.spec

            def work(after_chunk: Any) -> dict[str, Any] | None:
                return engine.simulate(spec, values, float(end_time), int(points), CHUNKS,
                                       after_chunk)

            meta = {"time_unit": spec.time_unit,
                    "output_units": {o["name"]: o.get("unit") for o in spec.outputs}}
            job = board.submit(sim.simulation_id, work, job_timeout, meta)
            return {"job_id": job.job_id, "status": job.status}

        args = {"simulation_id": simulation_id, "end_time": end_time, "points": points}
        return bridge.once("run_simulation", request_id, args, do)

    def get_job_status(job_id: JobId) -> dict[str, Any]:
        """A job's status (queued, running, succeeded, failed, cancelled, timeout) and progress."""
        return board.get(job_id).snapshot()

    def cancel_job(job_id: JobId) -> dict[str, Any]:
        """Cancel a queued or running job; a finished job keeps its status."""
        job = board.cancel(job_id)
        return {"job_id": job.job_id, "status": job.status}

    def _succeeded(job_id: str) -> Any:
        job = board.get(job_id)
        if job.status != "succeeded" or job.result is None:
            detail = f"; error: {job.error}" if job.error else ""
            raise ToolError(f"job_id: job {job.job_id} is {job.status} (progress "
                            f"{job.progress:.0%}){detail}; results exist only once it has "
                            "succeeded")
        return job

    def get_simulation_results(
        job_id: JobId,
        max_points: Annotated[int | None, Field(
            ge=10, le=MAX_POINTS, description="At most this many time points, evenly "
            "spaced, with the first, the last and each output's peak kept (all if omitted)",
        )] = None,
    ) -> dict[str, Any]:
        """The time course of a job that has succeeded: time (h) and each output's values."""
        job = _succeeded(job_id)
        time, outputs = job.result["time"], job.result["outputs"]
        if max_points is not None:
            time, outputs = thin(time, outputs, max_points)
        return {"job_id": job.job_id, "simulation_id": job.simulation_id,
                "time": time, "time_unit": job.meta["time_unit"], "outputs": outputs,
                "output_units": job.meta["output_units"], "points": len(job.result["time"])}

    def calculate_pk_parameters(
        job_id: JobId,
        output: Annotated[str, Field(description="An output name, e.g. C")],
    ) -> dict[str, Any]:
        """Cmax, Tmax, AUC (0..tlast and to infinity), half-life and warnings for one output."""
        job = _succeeded(job_id)
        series = job.result["outputs"]
        name = (output or "").strip()
        if name not in series:
            raise ToolError(f"output: {output!r} is not an output of this simulation; "
                            f"outputs: {', '.join(series)}")
        return pk_parameters(job.result["time"], series[name], name,
                             job.meta["output_units"].get(name), job.meta["time_unit"])

    for tool in (list_models, load_simulation, list_parameters, get_parameter_value,
                 set_parameter_value, run_simulation, get_job_status, cancel_job,
                 get_simulation_results, calculate_pk_parameters):
        server.tool(tool)

    @server.custom_route("/jobs/{job_id}/events", methods=["GET"])
    async def job_events(request: Request) -> Response:
        """Server-sent events of a job: status and progress, then end with the final status."""
        from sse_starlette import EventSourceResponse

        job_id = request.path_params["job_id"]
        if board.find(job_id) is None:
            return JSONResponse({"error": f"job_id: {job_id!r} is not a known job"},
                                status_code=404)

        async def events() -> AsyncIterator[dict[str, str]]:
            last: dict[str, Any] = {}
            while True:
                job = board.find(job_id)
                if job is None:
                    return
                snap = job.snapshot()
                data = {k: snap[k] for k in ("job_id", "status", "progress")}
                if snap["status"] != last.get("status"):
                    yield {"event": "status", "data": json.dumps(data)}
                if snap["progress"] != last.get("progress"):
                    yield {"event": "progress", "data": json.dumps(data)}
                last = snap
                if snap["status"] in TERMINAL:
                    yield {"event": "end", "data": json.dumps({**data, "error": snap["error"]})}
                    return
                await asyncio.sleep(0.05)

        return EventSourceResponse(events(), ping=15)

    return server
