"""The suite keeps to the repository and the temp dir, even in wide-scoped fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest
from platformdirs import user_data_dir

from agentdesk.settings import Settings, get_settings


@pytest.fixture(scope="module")
def module_settings() -> Settings:
    """Read before the per-test data dir exists, as module-scoped model fixtures do."""
    get_settings.cache_clear()
    return get_settings()


def test_a_module_fixture_never_sees_the_user_data_dir(module_settings: Settings) -> None:
    user = Path(user_data_dir("agentdesk"))  # the session points it at an empty temp dir
    assert not user.is_relative_to(Path.home())
    assert module_settings.data_dir != user
    assert not module_settings.data_dir.is_relative_to(user)
    models = module_settings.resolved_models_dir
    assert models.is_relative_to(Path(__file__).parents[1]) or not models.is_relative_to(
        Path.home())
