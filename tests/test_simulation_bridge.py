"""The simulation bridge (libRoadRunner PK models) through real MCP clients."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import os
import shutil
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from fastmcp import Client, FastMCP
from fastmcp.client.transports import StdioTransport

from agentdesk.domains.simulation.bridge import build_server
from agentdesk.domains.simulation.bridge.engine import BUNDLED_DIR

from .conftest import ServerThread

TOOLS = {"list_models", "load_simulation", "list_parameters", "get_parameter_value",
         "set_parameter_value", "run_simulation", "get_job_status", "cancel_job",
         "get_simulation_results", "calculate_pk_parameters"}
MODELS = {"one_compartment_oral.ant", "one_compartment_iv_bolus.ant",
          "two_compartment_oral.ant", "repeated_oral_dosing.ant"}
FINAL = {"succeeded", "failed", "cancelled", "timeout"}


@pytest.fixture(autouse=True)
def quiet_fastmcp(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server logs every tool error it returns; the tests expect those errors."""
    monkeypatch.delenv("AGENTDESK_SIMULATION_MODEL_DIRS", raising=False)
    monkeypatch.delenv("AGENTDESK_SIMULATION_STEP_DELAY", raising=False)
    logger = logging.getLogger("fastmcp")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield
    logger.setLevel(level)


def drive(body: Callable[[Client], Awaitable[Any]], server: FastMCP | None = None) -> Any:
    """Run ``body(client)`` with one in-memory client of one server."""
    async def main() -> Any:
        async with Client(server or build_server()) as client:
            return await body(client)

    return asyncio.run(main())


async def call(client: Client, tool: str, **args: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, args, raise_on_error=False)
    assert not result.is_error, f"{tool}({args}): {result.content}"
    assert isinstance(result.structured_content, dict)
    return result.structured_content


async def error(client: Client, tool: str, **args: Any) -> str:
    result = await client.call_tool(tool, args, raise_on_error=False)
    assert result.is_error, f"{tool}({args}) should have failed: {result.structured_content}"
    return str(result.content[0].text)


async def finish(client: Client, job_id: str, limit: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        status = await call(client, "get_job_status", job_id=job_id)
        if status["status"] in FINAL:
            return status
        await asyncio.sleep(0.01)
    raise AssertionError(f"job {job_id} did not finish in {limit} s")


async def simulate(client: Client, sim: str, end_time: float, points: int) -> dict[str, Any]:
    job = await call(client, "run_simulation", simulation_id=sim, end_time=end_time, points=points)
    assert (await finish(client, job["job_id"]))["status"] == "succeeded"
    return await call(client, "get_simulation_results", job_id=job["job_id"])


async def load(client: Client, model: str = "one_compartment_oral.ant") -> str:
    return str((await call(client, "load_simulation", model_path=model))["simulation_id"])


def values(params: list[dict[str, Any]]) -> dict[str, float]:
    return {p["path"]: p["value"] for p in params}


def bateman(t: np.ndarray, p: dict[str, float]) -> np.ndarray:
    ka, ke, v, dose, f = p["ka"], p["ke"], p["V"], p["dose"], p["F"]
    if math.isclose(ka, ke):
        return f * dose * ke * t / v * np.exp(-ke * t)
    return f * dose * ka / (v * (ka - ke)) * (np.exp(-ke * t) - np.exp(-ka * t))


def assert_matches_bateman(results: dict[str, Any], p: dict[str, float]) -> None:
    t = np.asarray(results["time"])
    c = np.asarray(results["outputs"]["C"])
    exact = bateman(t, p)
    big = exact > 1e-6 * exact.max()
    assert big.sum() > 0.9 * len(t)
    assert np.max(np.abs(c[big] - exact[big]) / exact[big]) < 1e-4
    assert np.max(np.abs(c[~big] - exact[~big]), initial=0) < 1e-8


# -- the MCP surface and the model library -----------------------------------------------


def test_tools_and_schemas() -> None:
    async def body(client: Client) -> dict[str, Any]:
        return {tool.name: tool.inputSchema for tool in await client.list_tools()}

    schemas = drive(body)
    assert set(schemas) == TOOLS
    assert set(schemas["set_parameter_value"]["required"]) == {
        "simulation_id", "parameter_path", "value", "unit"}
    assert {"comment", "request_id"} <= set(schemas["set_parameter_value"]["properties"])
    assert set(schemas["run_simulation"]["required"]) == {"simulation_id", "end_time"}
    assert schemas["calculate_pk_parameters"]["required"] == ["job_id", "output"]


def test_list_models_documents_every_model_and_each_loads_and_runs() -> None:
    async def body(client: Client) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        models = (await call(client, "list_models"))["models"]
        runs = {}
        for model in models:
            loaded = await call(client, "load_simulation", model_path=model["model_path"])
            assert loaded["parameters"] == model["parameters"]
            assert loaded["outputs"] == model["outputs"]
            runs[model["model_path"]] = await simulate(client, loaded["simulation_id"], 72, 145)
        return models, runs

    models, runs = drive(body)
    assert {m["model_path"] for m in models} == MODELS
    for model in models:
        assert model["name"] and model["description"]
        assert model["outputs"][0] == {"name": "C", "unit": "mg/L"}
        for param in model["parameters"]:
            assert set(param) == {"path", "value", "unit", "min", "max", "description"}
            assert param["unit"] and param["description"]
            assert param["min"] <= param["value"] <= param["max"]
        c = np.asarray(runs[model["model_path"]]["outputs"]["C"])
        assert len(c) == 145 and c.min() > -1e-9 and c.max() > 0.1
    by_path = {m["model_path"]: {p["path"]: p for p in m["parameters"]} for m in models}
    assert {"ka", "ke", "V", "dose", "F"} == set(by_path["one_compartment_oral.ant"])
    assert by_path["one_compartment_oral.ant"]["ka"]["unit"] == "1/h"
    assert {"CL", "V", "dose"} == set(by_path["one_compartment_iv_bolus.ant"])
    assert {"Q", "V2", "CL"} <= set(by_path["two_compartment_oral.ant"])
    assert {"tau", "n_doses"} <= set(by_path["repeated_oral_dosing.ant"])
    # The IV bolus starts at dose/V; repeated dosing has one peak per dose (5 doses, 12 h apart).
    assert runs["one_compartment_iv_bolus.ant"]["outputs"]["C"][0] == pytest.approx(100 / 50)
    rep = np.asarray(runs["repeated_oral_dosing.ant"]["outputs"]["C"])
    peaks = np.nonzero((rep[1:-1] > rep[:-2]) & (rep[1:-1] > rep[2:]))[0]
    assert len(peaks) == 5


# -- the engine is correct ---------------------------------------------------------------


def test_one_compartment_oral_matches_bateman() -> None:
    async def body(client: Client) -> tuple[dict[str, Any], dict[str, Any]]:
        sim = await load(client)
        params = values((await call(client, "list_parameters", simulation_id=sim))["parameters"])
        return params, await simulate(client, sim, 48, 481)

    params, results = drive(body)
    assert results["time_unit"] == "h" and results["output_units"]["C"] == "mg/L"
    assert results["time"][0] == 0 and results["time"][-1] == pytest.approx(48)
    assert len(results["time"]) == 481
    assert_matches_bateman(results, params)


def test_bateman_after_unit_converted_changes() -> None:
    async def body(client: Client) -> tuple[dict[str, Any], dict[str, Any]]:
        sim = await load(client)
        await call(client, "set_parameter_value", simulation_id=sim, parameter_path="ka",
                   value=0.03, unit="1/min")
        await call(client, "set_parameter_value", simulation_id=sim, parameter_path="dose",
                   value=0.25, unit="g")
        await call(client, "set_parameter_value", simulation_id=sim, parameter_path="V",
                   value=40000, unit="mL")
        params = values((await call(client, "list_parameters", simulation_id=sim))["parameters"])
        return params, await simulate(client, sim, 36, 361)

    params, results = drive(body)
    assert params["ka"] == pytest.approx(1.8) and params["dose"] == pytest.approx(250)
    assert params["V"] == pytest.approx(40)
    assert_matches_bateman(results, params)


def test_ka_equal_to_ke_follows_the_limit_formula() -> None:
    async def body(client: Client) -> tuple[dict[str, Any], dict[str, Any]]:
        sim = await load(client)
        for path in ("ka", "ke"):
            await call(client, "set_parameter_value", simulation_id=sim, parameter_path=path,
                       value=0.25, unit="1/h")
        params = values((await call(client, "list_parameters", simulation_id=sim))["parameters"])
        return params, await simulate(client, sim, 60, 301)

    params, results = drive(body)
    assert params["ka"] == params["ke"] == 0.25
    assert_matches_bateman(results, params)


def test_repeated_dosing_is_superposition_and_two_compartment_auc_is_f_dose_over_cl() -> None:
    async def body(client: Client) -> tuple[dict[str, Any], dict[str, Any]]:
        rep = await load(client, "repeated_oral_dosing.ant")
        results = await simulate(client, rep, 96, 145)
        two = await load(client, "two_compartment_oral.ant")
        job = await call(client, "run_simulation", simulation_id=two, end_time=24 * 14,
                         points=3000)
        await finish(client, job["job_id"])
        return results, await call(client, "calculate_pk_parameters", job_id=job["job_id"],
                                   output="C")

    results, pk = drive(body)
    t = np.asarray(results["time"])
    single = {"ka": 1.0, "ke": 0.1, "V": 50.0, "dose": 100.0, "F": 0.8}
    exact = sum(np.where(t > k * 12, bateman(np.clip(t - k * 12, 0, None), single), 0)
                for k in range(5))
    assert np.max(np.abs(np.asarray(results["outputs"]["C"]) - exact)) < 1e-6
    assert pk["auc_inf"] == pytest.approx(0.8 * 100 / 5, rel=1e-2)


# -- units and refusals -------------------------------------------------------------------


def test_set_parameter_converts_units() -> None:
    async def body(client: Client) -> list[dict[str, Any]]:
        sim = await load(client)
        out = [await call(client, "set_parameter_value", simulation_id=sim, parameter_path=path,
                          value=value, unit=unit, comment="test")
               for path, value, unit in (("dose", 0.5, "g"), ("ka", 0.05, "1/min"),
                                         ("V", 3000, "mL"), ("F", 75, "%"), ("ke", 0.2, "1/h"))]
        out.append(await call(client, "get_parameter_value", simulation_id=sim,
                              parameter_path="dose"))
        return out

    dose, ka, v, f, ke, got = drive(body)
    assert dose["old_value"] == 100 and dose["new_value"] == pytest.approx(500)
    assert dose["unit"] == "mg" and dose["given"] == {"value": 0.5, "unit": "g"}
    assert dose["comment"] == "test" and dose["path"] == "dose" and dose["simulation_id"]
    assert ka["new_value"] == pytest.approx(3) and ka["unit"] == "1/h"
    assert v["new_value"] == pytest.approx(3) and v["unit"] == "L"
    assert f["new_value"] == pytest.approx(0.75)
    assert ke["new_value"] == 0.2 and ke["old_value"] == 0.1
    assert got == {"path": "dose", "value": pytest.approx(500), "unit": "mg"}


@pytest.mark.parametrize(("path", "value", "unit", "field", "details"), [
    ("dose", 100, "L", "unit", ["'L'", "'mg'"]),
    ("ka", 1, "mg", "unit", ["'mg'", "'1/h'"]),
    ("V", 2, "kg", "unit", ["'kg'", "'L'"]),
    ("dose", 10, "g", "value", ["10000 mg", "0.01 to 5000 mg"]),
    ("ka", 2, "1/min", "value", ["120 1/h", "0.01 to 20 1/h"]),
    ("F", 1.5, "dimensionless", "value", ["0 to 1 dimensionless"]),
    ("dose", 100, "furlongs", "unit", ["'furlongs'"]),
    ("dose", 100, "2 mg", "unit", ["not a unit"]),
    ("Vmax", 1, "L", "parameter_path", ["'Vmax'", "ka, ke, V, dose, F"]),
])
def test_set_parameter_refusals_name_the_field(path: str, value: float, unit: str, field: str,
                                                details: list[str]) -> None:
    async def body(client: Client) -> tuple[str, dict[str, Any]]:
        sim = await load(client)
        text = await error(client, "set_parameter_value", simulation_id=sim,
                           parameter_path=path, value=value, unit=unit)
        return text, values((await call(client, "list_parameters", simulation_id=sim))["parameters"])

    text, after = drive(body)
    assert text.startswith(f"{field}:"), text
    for detail in details:
        assert detail in text, text
    assert after == {"ka": 1.0, "ke": 0.1, "V": 50.0, "dose": 100.0, "F": 0.8}


def test_other_refusals() -> None:
    async def body(client: Client) -> list[str]:
        sim = await load(client, "repeated_oral_dosing.ant")
        return [
            await error(client, "set_parameter_value", simulation_id=sim,
                        parameter_path="n_doses", value=2.5, unit="1"),
            await error(client, "list_parameters", simulation_id="sim-nope"),
            await error(client, "run_simulation", simulation_id=sim, end_time=0),
            await error(client, "run_simulation", simulation_id=sim, end_time=24 * 61),
            await error(client, "run_simulation", simulation_id=sim, end_time=10, points=1),
            await error(client, "get_job_status", job_id="job-nope"),
        ]

    integer, unknown_sim, zero, too_long, points, unknown_job = drive(body)
    assert integer.startswith("value:") and "whole number" in integer
    assert unknown_sim.startswith("simulation_id:") and "load_simulation" in unknown_sim
    assert zero.startswith("end_time:") and too_long.startswith("end_time:")
    assert points.startswith("points:")
    assert unknown_job.startswith("job_id:")


# -- model-path confinement ---------------------------------------------------------------


@pytest.fixture
def model_dirs(tmp_path: Path) -> tuple[Path, Path]:
    """A model dir with one model, a symlink out of it and a .py file; a secret outside."""
    inside, outside = tmp_path / "models", tmp_path / "outside"
    inside.mkdir()
    outside.mkdir()
    shutil.copy(BUNDLED_DIR / "one_compartment_oral.ant", inside / "mine.ant")
    shutil.copy(BUNDLED_DIR / "one_compartment_oral.ant", outside / "secret.ant")
    (inside / "escape.ant").symlink_to(outside / "secret.ant")
    (inside / "passwd.ant").symlink_to("/etc/passwd")
    (inside / "tool.py").write_text("print('no')\n")
    return inside, outside


@pytest.mark.parametrize("model_path", [
    "../../etc/passwd", "/etc/passwd", "../outside/secret.ant", "escape.ant", "passwd.ant",
    "tool.py", "{outside}/secret.ant", "", "mine.ant/../../outside/secret.ant",
])
def test_model_paths_outside_the_library_are_refused(model_dirs: tuple[Path, Path],
                                                     model_path: str) -> None:
    inside, outside = model_dirs
    model_path = model_path.format(outside=outside)

    async def body(client: Client) -> str:
        return await error(client, "load_simulation", model_path=model_path)

    text = drive(body, build_server([inside]))
    assert text.startswith("model_path:") and "is not in the model library" in text


def test_library_dirs_and_the_environment(model_dirs: tuple[Path, Path], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    inside, _ = model_dirs
    extra = tmp_path / "extra"
    (extra / "sub").mkdir(parents=True)
    shutil.copy(BUNDLED_DIR / "one_compartment_iv_bolus.ant", extra / "sub" / "bolus.ant")
    shutil.copy(BUNDLED_DIR / "one_compartment_iv_bolus.json", extra / "sub" / "bolus.json")
    shutil.copy(BUNDLED_DIR / "one_compartment_oral.ant", extra / "bare.ant")  # no metadata
    monkeypatch.setenv("AGENTDESK_SIMULATION_MODEL_DIRS", os.pathsep.join([str(extra), str(tmp_path / "missing")]))

    async def body(client: Client) -> tuple[set[str], dict[str, Any], str, str, dict[str, Any]]:
        listed = {m["model_path"] for m in (await call(client, "list_models"))["models"]}
        loaded = await call(client, "load_simulation", model_path="sub/bolus.ant")
        results = await simulate(client, loaded["simulation_id"], 10, 11)
        bare = await call(client, "load_simulation", model_path="bare.ant")
        refused = await error(client, "set_parameter_value", simulation_id=bare["simulation_id"],
                              parameter_path="ka", value=1, unit="1/h")
        mine = await call(client, "load_simulation", model_path=str(inside / "mine.ant"))
        return listed, results, refused, mine["model_path"], bare

    listed, results, refused, mine, bare = drive(body, build_server([inside]))
    assert listed == {"mine.ant", "sub/bolus.ant", "bare.ant"}  # no symlink out, no .py
    assert results["outputs"]["C"][0] == pytest.approx(2.0)
    assert mine == "mine.ant"
    assert {"ka", "ke", "V", "dose", "F"} <= {p["path"] for p in bare["parameters"]}
    assert all(p["unit"] is None for p in bare["parameters"])
    assert refused.startswith("parameter_path:") and "no documented unit" in refused


# -- jobs ---------------------------------------------------------------------------------


def test_job_progresses_to_succeeded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_SIMULATION_STEP_DELAY", "0.03")

    async def body(client: Client) -> tuple[dict[str, Any], list[dict[str, Any]], str, dict]:
        sim = await load(client)
        job = await call(client, "run_simulation", simulation_id=sim, end_time=24)
        early = await error(client, "get_simulation_results", job_id=job["job_id"])
        seen = []
        while not seen or seen[-1]["status"] not in FINAL:
            seen.append(await call(client, "get_job_status", job_id=job["job_id"]))
            await asyncio.sleep(0.01)
        results = await call(client, "get_simulation_results", job_id=job["job_id"])
        return job, seen, early, results

    job, seen, early, results = drive(body)
    assert job["status"] in {"queued", "running"} and job["job_id"]
    assert early.startswith("job_id:") and ("running" in early or "queued" in early)
    statuses = [s["status"] for s in seen]
    assert statuses[-1] == "succeeded" and "running" in statuses
    progress = [s["progress"] for s in seen]
    assert progress == sorted(progress) and progress[-1] == 1.0
    assert any(0 < p < 1 for p in progress)
    assert all(s["error"] is None for s in seen)
    assert len(results["time"]) == 200


def test_cancel_a_slow_job(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_SIMULATION_STEP_DELAY", "0.5")

    async def body(client: Client) -> tuple[dict[str, Any], dict[str, Any], str]:
        sim = await load(client)
        job = await call(client, "run_simulation", simulation_id=sim, end_time=24)
        cancelled = await call(client, "cancel_job", job_id=job["job_id"])
        await asyncio.sleep(0.6)
        status = await call(client, "get_job_status", job_id=job["job_id"])
        return cancelled, status, await error(client, "get_simulation_results",
                                              job_id=job["job_id"])

    cancelled, status, refused = drive(body)
    assert cancelled["status"] == "cancelled"
    assert status["status"] == "cancelled" and status["progress"] < 1
    assert "cancelled" in refused


def test_a_job_over_its_time_limit_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_SIMULATION_STEP_DELAY", "0.1")

    async def body(client: Client) -> tuple[dict[str, Any], str]:
        sim = await load(client)
        job = await call(client, "run_simulation", simulation_id=sim, end_time=24)
        status = await finish(client, job["job_id"], limit=10)
        return status, await error(client, "calculate_pk_parameters", job_id=job["job_id"],
                                   output="C")

    status, refused = drive(body, build_server(job_timeout=0.25))
    assert status["status"] == "timeout" and "0.25 s" in status["error"]
    assert status["progress"] < 1
    assert refused.startswith("job_id:") and "timeout" in refused


# -- PK parameters ------------------------------------------------------------------------


def test_pk_parameters_match_the_analytic_values() -> None:
    async def body(client: Client) -> tuple[dict[str, Any], dict[str, Any], str]:
        sim = await load(client)
        await call(client, "set_parameter_value", simulation_id=sim, parameter_path="dose",
                   value=0.5, unit="g")
        job = await call(client, "run_simulation", simulation_id=sim, end_time=96, points=4801)
        await finish(client, job["job_id"])
        pk = await call(client, "calculate_pk_parameters", job_id=job["job_id"], output="C")
        short = await call(client, "run_simulation", simulation_id=sim, end_time=8, points=81)
        await finish(client, short["job_id"])
        pk_short = await call(client, "calculate_pk_parameters", job_id=short["job_id"],
                              output="C")
        bad = await error(client, "calculate_pk_parameters", job_id=job["job_id"], output="X")
        return pk, pk_short, bad

    pk, short, bad = drive(body)
    ka, ke, v, dose, f = 1.0, 0.1, 50.0, 500.0, 0.8
    tmax = math.log(ka / ke) / (ka - ke)
    cmax = float(bateman(np.array([tmax]), {"ka": ka, "ke": ke, "V": v, "dose": dose, "F": f})[0])
    assert pk["output"] == "C" and pk["unit"] == "mg/L"
    assert pk["cmax"] == pytest.approx(cmax, rel=1e-3)
    assert pk["tmax"] == pytest.approx(tmax, rel=1e-2)
    assert pk["auc_inf"] == pytest.approx(f * dose / (v * ke), rel=1e-2)
    assert pk["auc"] == pytest.approx(f * dose / (v * ke) * (1 - math.exp(-ke * 96)), rel=1e-2)
    assert pk["half_life"] == pytest.approx(math.log(2) / ke, rel=1e-2)
    assert pk["lambda_z"] == pytest.approx(ke, rel=1e-2)
    assert pk["extrapolated_fraction"] < 0.01
    assert not any("extrapolated" in w for w in pk["warnings"])
    assert short["extrapolated_fraction"] > 0.2
    assert any("extrapolated AUC share" in w and "> 20%" in w for w in short["warnings"])
    assert bad.startswith("output:") and "C, depot, central" in bad


# -- idempotency --------------------------------------------------------------------------


def test_request_id_makes_mutations_happen_once() -> None:
    async def body(client: Client) -> dict[str, Any]:
        first = await call(client, "load_simulation", model_path="one_compartment_oral.ant",
                           request_id="approve-1")
        again = await call(client, "load_simulation", model_path="one_compartment_oral.ant",
                           request_id="approve-1")
        sim = first["simulation_id"]
        args = {"simulation_id": sim, "parameter_path": "dose", "value": 0.2, "unit": "g",
                "request_id": "approve-2"}
        set1 = await call(client, "set_parameter_value", **args)
        set2 = await call(client, "set_parameter_value", **args)
        # Without a request_id, the same change runs again (so old_value is now 200).
        set3 = await call(client, "set_parameter_value", **{**args, "request_id": None})
        misuse = await error(client, "set_parameter_value", **{**args, "value": 0.3})
        run1 = await call(client, "run_simulation", simulation_id=sim, end_time=12,
                          request_id="approve-3")
        run2 = await call(client, "run_simulation", simulation_id=sim, end_time=12,
                          request_id="approve-3")
        await finish(client, run1["job_id"])
        return {"first": first, "again": again, "set1": set1, "set2": set2, "set3": set3,
                "misuse": misuse, "run1": run1, "run2": run2}

    out = drive(body)
    assert out["again"] == out["first"]
    assert out["set1"] == out["set2"]
    assert out["set1"]["old_value"] == 100 and out["set1"]["new_value"] == pytest.approx(200)
    assert out["set3"]["old_value"] == pytest.approx(200)
    assert out["misuse"].startswith("request_id:") and "approve-2" in out["misuse"]
    assert out["run1"]["job_id"] == out["run2"]["job_id"]


def test_simulations_outlive_one_server_in_the_process() -> None:
    """The runtime builds a new in-process server for each run of an agent."""
    sim = drive(load)

    async def body(client: Client) -> dict[str, Any]:
        return await call(client, "get_parameter_value", simulation_id=sim, parameter_path="ka")

    assert drive(body) == {"path": "ka", "value": 1.0, "unit": "1/h"}


# -- transports: SSE job stream over HTTP, stdio ------------------------------------------


def _sse(lines: list[str]) -> list[tuple[str, dict[str, Any]]]:
    events, name, data = [], "message", []
    for line in [*lines, ""]:
        if not line:
            if data:
                events.append((name, json.loads("\n".join(data))))
            name, data = "message", []
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())
    return events


def test_job_events_stream_over_http(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_SIMULATION_STEP_DELAY", "0.02")
    with ServerThread(build_server().http_app()) as running:
        async def main() -> tuple[str, list[str], httpx.Response]:
            async with Client(f"{running.url}/mcp") as client:
                sim = await load(client)
                job = await call(client, "run_simulation", simulation_id=sim, end_time=24)
            lines: list[str] = []
            async with httpx.AsyncClient(timeout=20) as http:
                async with http.stream("GET", f"{running.url}/jobs/{job['job_id']}/events") as resp:
                    assert resp.status_code == 200
                    assert resp.headers["content-type"].startswith("text/event-stream")
                    async for line in resp.aiter_lines():
                        lines.append(line)
                missing = await http.get(f"{running.url}/jobs/job-nope/events")
            return job["job_id"], lines, missing

        job_id, lines, missing = asyncio.run(main())
    events = _sse(lines)
    names = [name for name, _ in events]
    assert names[0] == "status" and names[-1] == "end"
    assert all(data["job_id"] == job_id for _, data in events)
    assert events[-1][1]["status"] == "succeeded" and events[-1][1]["progress"] == 1.0
    progress = [data["progress"] for name, data in events if name == "progress"]
    assert len(progress) >= 3 and progress == sorted(progress) and progress[-1] == 1.0
    assert {"status", "progress"} <= set(events[0][1])
    assert missing.status_code == 404 and "job-nope" in missing.json()["error"]


def test_stdio_transport_serves_the_bridge() -> None:
    async def main() -> tuple[set[str], dict[str, Any]]:
        transport = StdioTransport(command=sys.executable, args=[
            "-m", "agentdesk", "toolserver", "simulation", "--transport", "stdio"])
        async with Client(transport) as client:
            names = {tool.name for tool in await client.list_tools()}
            sim = await load(client, "one_compartment_iv_bolus.ant")
            return names, await simulate(client, sim, 10, 3)

    names, results = asyncio.run(main())
    assert names == TOOLS
    assert results["outputs"]["C"][0] == pytest.approx(2.0)


# -- Antimony imports ---------------------------------------------------------------------

SECRET = "TOPSECRET_TOKEN_4417"


@pytest.fixture
def import_dirs(tmp_path: Path) -> Path:
    """Models that import: one within its directory, others reaching out of it."""
    inside, outside = tmp_path / "models", tmp_path / "outside"
    (inside / "parts").mkdir(parents=True)
    outside.mkdir()
    shutil.copy(BUNDLED_DIR / "one_compartment_oral.ant", inside / "parts" / "oral.ant")
    (outside / "secret.ant").write_text(f"model {SECRET}\n  {SECRET} = 1 +* ;\nend\n")
    (outside / "notes.txt").write_text(f"{SECRET} password=hunter2\n")
    (inside / "parts" / "leak.ant").symlink_to(outside / "secret.ant")
    body = "\nmodel main\n  A: one_compartment_oral();\n  x = 1;\nend\n"
    (inside / "composed.ant").write_text('import "parts/oral.ant"' + body)
    (inside / "commented.ant").write_text('// import "/etc/passwd"\n/* import "../x" */'
                                          'import "parts/oral.ant"' + body)
    for name, target in {"passwd": "/etc/passwd", "up": "../outside/secret.ant",
                         "notes": f"{outside}/notes.txt", "symlink": "parts/leak.ant",
                         "nested": "nested_inner.ant"}.items():
        (inside / f"import_{name}.ant").write_text(f'import "{target}"' + body)
    (inside / "nested_inner.ant").write_text('import "parts/oral.ant"\nmodel inner\n y = 2;\nend\n')
    (inside / "bare.ant").write_text("import parts\n" + body)
    (inside / "broken.ant").write_text(f"model broken\n  {SECRET} = 1 +* ;\nend\n")
    return inside


def test_an_import_inside_the_model_directory_loads(import_dirs: Path) -> None:
    async def body(client: Client) -> list[dict[str, Any]]:
        return [await call(client, "load_simulation", model_path=name)
                for name in ("composed.ant", "commented.ant")]

    for loaded in drive(body, build_server([import_dirs])):
        assert loaded["simulation_id"]


@pytest.mark.parametrize(("model", "says"), [
    ("import_passwd.ant", "import '/etc/passwd' is not a model file in the model's directory"),
    ("import_up.ant", "is not a model file in the model's directory"),
    ("import_notes.ant", "is not a model file in the model's directory"),
    ("import_symlink.ant", "is not a model file in the model's directory"),
    ("import_nested.ant", "an imported model cannot import further models"),
    ("bare.ant", "import must name a model file in quotes"),
    ("broken.ant", "Antimony cannot read broken.ant (line 2)"),
])
def test_imports_stay_in_the_model_directory_and_errors_show_no_content(
        import_dirs: Path, model: str, says: str) -> None:
    async def body(client: Client) -> str:
        return await error(client, "load_simulation", model_path=model)

    text = drive(body, build_server([import_dirs]))
    assert says in text, text
    assert SECRET not in text and "root:" not in text and "hunter2" not in text
