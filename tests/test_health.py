"""Liveness and readiness (issue 22, item 6): real servers on SQLite and PostgreSQL.

``/ready`` runs real queries and names the check that failed; the database's
migration record is changed (a version ahead, one missing) and, on PostgreSQL, the
database is dropped under the running server.
"""

from __future__ import annotations

import httpx
import psycopg
import pytest
import sqlalchemy as sa

from agentdesk.runtime.storage.persistence import MIGRATIONS, parse_database_url

from .conftest import POSTGRES_URL
from .servers import Servers

ALL_OK = {"database": "ok", "queue": "ok", "migrations": "ok"}


def _sql(database_url: str, statement: str, **params: object) -> None:
    engine = sa.create_engine(parse_database_url(database_url).sync_url,
                              poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(statement), params)
    finally:
        engine.dispose()


def test_live_and_ready_answer_without_a_key(database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, api_keys=["ops:secret"]).url
    with httpx.Client(base_url=url, timeout=30) as http:
        assert http.get("/threads/search").status_code in (401, 403, 405)  # guarded
        assert http.get("/live").json() == {"live": True}
        answer = http.get("/ready")
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"ready": True, "checks": ALL_OK}


def test_not_ready_while_the_migrations_are_not_this_servers(
        database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url).url
    latest = len(MIGRATIONS)
    with httpx.Client(base_url=url, timeout=30) as http:
        assert http.get("/ready").status_code == 200
        # A newer agentdesk migrated the database: this server is not ready for it.
        _sql(database_url, "INSERT INTO schema_migrations (version, name, applied_at) "
             "VALUES (:v, 'from the future', CURRENT_TIMESTAMP)", v=latest + 1)
        ahead = http.get("/ready")
        assert ahead.status_code == 503, ahead.text
        assert ahead.json()["failed"] == ["migrations"]
        assert f"version {latest + 1}, ahead" in ahead.json()["checks"]["migrations"]
        assert http.get("/live").status_code == 200  # alive all the same: no restart due
        assert http.get("/ok").status_code == 200

        _sql(database_url, "DELETE FROM schema_migrations WHERE version >= :v", v=latest)
        behind = http.get("/ready")
        assert behind.status_code == 503, behind.text
        assert behind.json()["failed"] == ["migrations"]
        assert f"lacks migrations [{latest}]" in behind.json()["checks"]["migrations"]


@pytest.mark.postgres
def test_not_ready_when_the_postgresql_database_is_dropped(database_url: str,
                                                           servers: Servers) -> None:
    if not database_url.startswith("postgresql") or not POSTGRES_URL:
        pytest.skip("PostgreSQL only")
    url = servers.app(database_url=database_url).url
    name = database_url.rsplit("/", 1)[1]
    with httpx.Client(base_url=url, timeout=60) as http:
        assert http.get("/ready").status_code == 200
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        gone = http.get("/ready")
        assert gone.status_code == 503, gone.text
        body = gone.json()
        assert body["ready"] is False and "database" in body["failed"], body
        assert body["checks"]["database"] != "ok" and body["detail"].startswith("database: ")
        assert http.get("/live").json() == {"live": True}
