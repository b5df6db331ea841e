"""The model library and the libRoadRunner engine.

Models are Antimony (``.ant``) or SBML (``.xml``) files inside the configured model
directories; a sidecar ``<stem>.json`` documents their parameters (unit, plausible
bounds, description) and outputs. Only files that resolve (symlinks followed) inside
one of the directories can be loaded, and what a model references (an Antimony
``import``, an SBML external model's ``source``) stays inside the model's own directory
(``confine.py``). Errors name the model and the line, never a file's content.
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastmcp.exceptions import ToolError

from .confine import MODEL_SUFFIXES, confined_antimony, confined_sbml, inside

__all__ = ["BUNDLED_DIR", "ModelSpec", "configured_dirs", "iter_models", "load_spec",
           "resolve_model", "simulate"]

log = logging.getLogger(__name__)

BUNDLED_DIR = Path(__file__).parent / "models"
ENV_DIRS = "AGENTDESK_SIMULATION_MODEL_DIRS"

# Antimony keeps global state and LLVM compilation is not known to be thread-safe.
_compile_lock = threading.Lock()
_spec_cache: dict[tuple[str, int, int], ModelSpec] = {}


@dataclass(frozen=True)
class ParameterInfo:
    path: str
    default: float
    unit: str | None
    min: float | None
    max: float | None
    description: str
    integer: bool = False

    def describe(self, value: float) -> dict[str, Any]:
        return {"path": self.path, "value": value, "unit": self.unit, "min": self.min,
                "max": self.max, "description": self.description}


@dataclass(frozen=True)
class ModelSpec:
    model_path: str
    """The path relative to its model directory, as shown to callers."""
    file: Path
    name: str
    description: str
    sbml: str
    parameters: dict[str, ParameterInfo]
    outputs: list[dict[str, Any]]
    time_unit: str = "h"
    defaults: dict[str, float] = field(default_factory=dict)

    def outputs_public(self) -> list[dict[str, Any]]:
        return [{"name": o["name"], "unit": o.get("unit")} for o in self.outputs]

    def parameters_public(self, values: dict[str, float]) -> list[dict[str, Any]]:
        return [info.describe(values[path]) for path, info in self.parameters.items()]

    def summary(self) -> dict[str, Any]:
        return {"model_path": self.model_path, "name": self.name,
                "description": self.description,
                "parameters": self.parameters_public(self.defaults),
                "outputs": self.outputs_public()}


def configured_dirs(model_dirs: Sequence[Path | str] | None) -> list[Path]:
    """The given directories (default: the bundled library) plus those in the environment."""
    dirs = [Path(d) for d in model_dirs] if model_dirs is not None else [BUNDLED_DIR]
    extra = os.environ.get(ENV_DIRS, "")
    dirs += [Path(part) for part in extra.split(os.pathsep) if part.strip()]
    out: list[Path] = []
    for directory in dirs:
        real = directory.expanduser().resolve()
        if real.is_dir() and real not in out:
            out.append(real)
    return out


def _refuse(model_path: str, why: str = "") -> ToolError:
    return ToolError(f"model_path: {model_path!r} is not in the model library{why}; "
                     "use list_models to see the models that can be loaded")


def resolve_model(model_path: str, dirs: Sequence[Path]) -> tuple[Path, Path]:
    """The real file and its model directory, or a ToolError if it is not in the library."""
    text = (model_path or "").strip()
    if not text or "\x00" in text or len(text) > 500:
        raise _refuse(model_path)
    given = Path(text)
    if given.suffix.lower() not in MODEL_SUFFIXES:
        raise _refuse(model_path, " (only .ant and .xml model files)")
    candidates = [given] if given.is_absolute() else [root / given for root in dirs]
    for candidate in candidates:
        try:
            real = candidate.resolve()
        except (OSError, RuntimeError):
            continue
        if real.suffix.lower() not in MODEL_SUFFIXES or not real.is_file():
            continue
        for root in dirs:
            if inside(real, root):
                return real, root
    raise _refuse(model_path)


def iter_models(dirs: Sequence[Path]) -> Iterator[tuple[Path, Path]]:
    """Every model file in the library, as (real file, its directory); first directory wins."""
    seen: set[str] = set()
    for root in dirs:
        for file in sorted(root.rglob("*")):
            if file.suffix.lower() not in MODEL_SUFFIXES:
                continue
            rel = file.relative_to(root).as_posix()
            try:
                real, found_root = resolve_model(rel, [root])
            except ToolError:
                continue  # e.g. a symlink leading out of the directory
            if rel not in seen:
                seen.add(rel)
                yield real, found_root


def _antimony_failure(file: Path, detail: str) -> ValueError:
    """A ValueError naming the model and the line Antimony stopped at, never text it read."""
    log.debug("Antimony failed on %s: %s", file, detail)
    match = re.search(r"line (\d+)", detail)
    at = f" (line {match.group(1)})" if match else ""
    return ValueError(f"Antimony cannot read {file.name}{at}; check the model's syntax")


def _to_sbml(file: Path, root: Path) -> str:
    text = file.read_text(encoding="utf-8")
    if file.suffix.lower() == ".xml":
        return confined_sbml(text, file, root)
    import antimony

    text = confined_antimony(text, file, root)
    antimony.clearPreviousLoads()
    if antimony.loadAntimonyString(text) < 0:
        raise _antimony_failure(file, antimony.getLastError())
    sbml = antimony.getSBMLString(antimony.getMainModuleName())
    if not sbml:
        raise _antimony_failure(file, antimony.getLastError())
    return str(sbml)


def new_runner(sbml: str) -> Any:
    import roadrunner

    with _compile_lock:
        rr = roadrunner.RoadRunner(sbml)
    rr.integrator.relative_tolerance = 1e-10
    rr.integrator.absolute_tolerance = 1e-12
    rr.integrator.maximum_num_steps = 100_000
    return rr


def _number(value: Any, what: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} must be a number")
    return float(value)


def load_spec(file: Path, root: Path) -> ModelSpec:
    """Compile a model file (cached by path, size and mtime) and read its metadata."""
    stat = file.stat()
    key = (str(file), stat.st_mtime_ns, stat.st_size)
    if key in _spec_cache:
        return _spec_cache[key]
    with _compile_lock:
        sbml = _to_sbml(file, root)
    rr = new_runner(sbml)
    rule_ids = set(rr.getAssignmentRuleIds())
    globals_ = [p for p in rr.model.getGlobalParameterIds() if p not in rule_ids]
    sidecar = file.with_suffix(".json")
    meta: dict[str, Any] = {}
    if sidecar.is_file() and inside(sidecar.resolve(), root):
        meta = json.loads(sidecar.read_text(encoding="utf-8"))
    documented: dict[str, Any] = meta.get("parameters") or {p: {} for p in globals_}
    params: dict[str, ParameterInfo] = {}
    for path, info in documented.items():
        if path not in globals_:
            raise ValueError(f"metadata names parameter {path!r}, which the model does not "
                             "define as a settable parameter")
        params[path] = ParameterInfo(
            path=path, default=float(rr[path]), unit=info.get("unit"),
            min=_number(info.get("min"), f"{path}.min"), max=_number(info.get("max"), f"{path}.max"),
            description=str(info.get("description", "")), integer=bool(info.get("integer")))
    outputs = meta.get("outputs") or [{"name": s, "unit": None}
                                      for s in rr.model.getFloatingSpeciesIds()]
    known = set(rr.model.getFloatingSpeciesIds()) | set(rr.model.getGlobalParameterIds())
    for output in outputs:
        if output.get("name") not in known:
            raise ValueError(f"metadata names output {output.get('name')!r}, not in the model")
    spec = ModelSpec(
        model_path=file.relative_to(root).as_posix(), file=file,
        name=str(meta.get("name") or file.stem), description=str(meta.get("description", "")),
        sbml=sbml, parameters=params, outputs=list(outputs),
        time_unit=str(meta.get("time_unit", "h")),
        defaults={p: info.default for p, info in params.items()})
    _spec_cache[key] = spec
    return spec


def simulate(spec: ModelSpec, values: dict[str, float], end_time: float, points: int,
             chunks: int, after_chunk: Callable[[float], bool]) -> dict[str, Any] | None:
    """Simulate 0..end_time on ``points`` evenly spaced times, in ``chunks`` segments.

    The state carries over from one segment to the next. ``after_chunk(progress)`` is
    called after each one; when it returns False the run stops and None is returned.
    """
    rr = new_runner(spec.sbml)
    for path, value in values.items():
        rr.setValue(f"init({path})", float(value))
    rr.reset()
    names = [o["name"] for o in spec.outputs]
    selections = ["time", *names]
    times: list[float] = []
    series: dict[str, list[float]] = {name: [] for name in names}
    step = end_time / (points - 1)
    chunks = max(1, min(chunks, points - 1))
    bounds = [round(i * (points - 1) / chunks) for i in range(chunks + 1)]
    for index, (first, last) in enumerate(itertools.pairwise(bounds)):
        start = first * step
        stop = end_time if last == points - 1 else last * step
        result = rr.simulate(start, stop, last - first + 1, selections=selections)
        rows = result[1:] if index else result
        times.extend(float(row[0]) for row in rows)
        for column, name in enumerate(names, start=1):
            series[name].extend(float(row[column]) for row in rows)
        if not after_chunk((index + 1) / chunks):
            return None
    return {"time": times, "outputs": series}
