"""langgraph.json beyond its graphs: ``http`` (CORS, the team's own app, switched-off routes),
``store``/``checkpointer`` onto settings, and a startup error for every key agentdesk does not
honour, naming it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from agentdesk.errors import ConfigError
from agentdesk.runtime.lgconfig import read_lgconfig
from agentdesk.server.lgapp import langgraph_config
from agentdesk.settings import Settings

from .servers import Servers

AUTHED = Path(__file__).parent / "graphs" / "authed"
GRAPH = str(AUTHED / "graph.py") + ":graph"
ALICE = {"Authorization": "Bearer user1-token"}


def write_config(folder: Path, **keys: object) -> Path:
    path = folder / "langgraph.json"
    path.write_text(json.dumps({"graphs": {"echo": GRAPH}, **keys}))
    return path


@pytest.fixture
def served(database_url: str, servers: Servers) -> Iterator[str]:
    server = servers.app(database_url=database_url, graphs=AUTHED / "langgraph.json")
    yield server.url
    server.stop()


def test_cors_preflight_answers_the_allowed_origin_only(served: str) -> None:
    with httpx.Client(base_url=served) as http:
        ask = {"Access-Control-Request-Method": "POST",
               "Access-Control-Request-Headers": "authorization, content-type"}
        allowed = http.options("/threads", headers={"Origin": "http://allowed.example", **ask})
        assert allowed.status_code == 200
        assert allowed.headers["access-control-allow-origin"] == "http://allowed.example"
        assert "POST" in allowed.headers["access-control-allow-methods"]
        denied = http.options("/threads", headers={"Origin": "http://evil.example", **ask})
        assert denied.status_code == 400
        assert "access-control-allow-origin" not in denied.headers
        simple = http.post("/threads/search", json={},
                           headers={"Origin": "http://allowed.example", **ALICE})
        assert simple.headers["access-control-allow-origin"] == "http://allowed.example"


def test_the_teams_app_is_mounted_first_and_switched_off_routes_are_gone(served: str) -> None:
    with httpx.Client(base_url=served) as http:
        assert http.get("/hello").json() == {"hello": "world"}  # no auth on custom routes
        assert http.get("/info").json() == {"custom": True}  # it shadows the API's /info
        assert http.get("/ok").status_code == 200  # /ok cannot be shadowed
        assert http.put("/store/items", json={"namespace": ["a"], "key": "k", "value": {}},
                        headers=ALICE).status_code == 404  # disable_store
        assert http.post("/threads", json={}, headers=ALICE).status_code == 200


def test_disable_threads_keeps_runs(database_url: str, servers: Servers,
                                    tmp_path: Path) -> None:
    config = write_config(tmp_path, http={"disable_threads": True, "disable_assistants": True})
    server = servers.app(database_url=database_url, graphs=config)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        assert http.post("/threads", json={}).status_code == 404
        assert http.post("/threads/search", json={}).status_code == 404
        assert http.post("/assistants/search", json={}).status_code == 404
        answer = http.post("/runs/wait", json={"assistant_id": "echo", "input": {"said": "a"}})
        assert answer.status_code == 200, answer.text
        assert answer.json()["answer"] == "you said a"


def test_cors_origins_setting_without_a_langgraph_json(database_url: str,
                                                       servers: Servers) -> None:
    server = servers.app(database_url=database_url, cors_origins="http://desk.example")
    with httpx.Client(base_url=server.url) as http:
        ask = {"Access-Control-Request-Method": "POST"}
        ok = http.options("/threads", headers={"Origin": "http://desk.example", **ask})
        assert ok.headers["access-control-allow-origin"] == "http://desk.example"
        other = http.options("/threads", headers={"Origin": "http://other.example", **ask})
        assert "access-control-allow-origin" not in other.headers


def test_no_cors_by_default(database_url: str, servers: Servers) -> None:
    server = servers.app(database_url=database_url)
    with httpx.Client(base_url=server.url) as http:
        answer = http.post("/threads/search", json={}, headers={"Origin": "http://x.example"})
        assert answer.status_code == 200
        assert "access-control-allow-origin" not in answer.headers


def test_store_and_checkpointer_keys_become_settings(tmp_path: Path) -> None:
    config = write_config(tmp_path, store={
        "index": {"dims": 8, "embed": "fake:embed", "fields": ["$"]},
        "ttl": {"refresh_on_read": False, "default_ttl": 60, "sweep_interval_minutes": 5}},
        checkpointer={"ttl": {"strategy": "delete", "default_ttl": 1440,
                              "sweep_interval_minutes": 10}})
    settings, _ = langgraph_config(Settings(graphs=config))
    assert settings.store_index == {"dims": 8, "embed": "fake:embed", "fields": ["$"]}
    assert settings.store_ttl_refresh_on_read is False
    assert settings.store_ttl_default_minutes == 60
    assert settings.store_ttl_sweep_interval_minutes == 5
    assert settings.checkpointer_ttl_minutes == 1440
    assert settings.checkpointer_sweep_minutes == 10
    # A field set in the environment wins over the file.
    settings, _ = langgraph_config(Settings(graphs=config, checkpointer_ttl_minutes=7))
    assert settings.checkpointer_ttl_minutes == 7


@pytest.mark.parametrize(("keys", "named"), [
    ({"webhooks": {"env_prefix": "X"}}, "webhooks"),
    ({"http": {"mount_prefix": "/api"}}, "http.mount_prefix"),
    ({"http": {"configurable_headers": {"includes": ["x-*"]}}}, "http.configurable_headers"),
    ({"http": {"cors": {"allow_origin": ["*"]}}}, "http.cors.allow_origin"),
    ({"auth": {"openapi": {}}}, "auth.openapi"),
    ({"store": {"ttl": {"default_ttl": -1}}}, "store.ttl.default_ttl"),
    ({"checkpointer": {"ttl": {"strategy": "archive"}}}, "checkpointer.ttl.strategy"),
])
def test_a_key_agentdesk_does_not_honour_is_named(tmp_path: Path, keys: dict[str, object],
                                                  named: str) -> None:
    with pytest.raises(ConfigError) as refused:
        read_lgconfig(write_config(tmp_path, **keys))
    assert refused.value.details["field"] == named
    assert named in str(refused.value)


def test_serve_refuses_an_unknown_key_at_startup(servers: Servers, tmp_path: Path) -> None:
    config = write_config(tmp_path, http={"cors": {"allow_origins": ["*"]}, "middleware": 1})
    server = servers.process("serve", "--config", str(config), wait=False)
    assert server.proc.wait(timeout=120) != 0
    assert "http.middleware: not supported by agentdesk" in server.text()


def test_custom_auth_beside_api_keys_is_a_startup_error(servers: Servers) -> None:
    with pytest.raises(ConfigError, match="AGENTDESK_API_KEYS"):
        servers.app(graphs=AUTHED / "langgraph.json", api_keys="k:secret")


def test_custom_routes_authenticated_on_request_and_meta_switched_off(
        database_url: str, servers: Servers, tmp_path: Path) -> None:
    config = write_config(
        tmp_path, auth={"path": str(AUTHED / "auth.py") + ":auth"},
        http={"app": str(AUTHED / "webapp.py") + ":app", "enable_custom_route_auth": True,
              "disable_meta": True})
    server = servers.app(database_url=database_url, graphs=config)
    with httpx.Client(base_url=server.url) as http:
        assert http.get("/hello").status_code == 401
        assert http.get("/hello", headers=ALICE).json() == {"hello": "world"}
        assert http.get("/openapi.json").status_code == 404  # disable_meta
        assert http.get("/metrics").status_code == 404
        assert http.get("/ok").status_code == 200  # kept, as in the Agent Server
