"""Simulation tool server (FastMCP): pharmacokinetic models run by libRoadRunner.

Tools: ``list_models``, ``load_simulation``, ``list_parameters``, ``get_parameter_value``,
``set_parameter_value``, ``run_simulation``, ``get_job_status``, ``cancel_job``,
``get_simulation_results``, ``calculate_pk_parameters``; over HTTP also
``GET /jobs/{job_id}/events`` (server-sent events of a job's progress).
"""

from .server import build_server

__all__ = ["build_server"]
