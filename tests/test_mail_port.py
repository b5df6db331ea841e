"""The mail port: agents get their mailer from the runtime, which loads the channel by name."""

from __future__ import annotations

import pytest

from agentdesk.channels import email as channel
from agentdesk.domains.insurance.agent import SPEC
from agentdesk.errors import ConfigError
from agentdesk.runtime.mail import mailer_for
from agentdesk.settings import Settings


def test_the_default_channel_is_the_email_channel() -> None:
    settings = Settings()
    assert settings.mail_channel == "agentdesk.channels.email"
    assert type(mailer_for(settings)) is type(channel.mailer_for(settings))
    assert SPEC.resources is not None
    assert type(SPEC.resources(settings)["mail"]) is type(channel.mailer_for(settings))


def test_an_empty_setting_means_no_channel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_MAIL_CHANNEL", "")
    settings = Settings()
    assert mailer_for(settings) is None
    assert SPEC.resources is not None
    assert "mail" not in SPEC.resources(settings)  # questions show at the pause only


@pytest.mark.parametrize(("name", "problem"), [
    ("agentdesk.channels.fax", "AGENTDESK_MAIL_CHANNEL: cannot import 'agentdesk.channels.fax'"),
    ("agentdesk.errors", "AGENTDESK_MAIL_CHANNEL: 'agentdesk.errors' has no mailer_for(settings)"),
])
def test_a_channel_that_cannot_send_is_named(name: str, problem: str) -> None:
    with pytest.raises(ConfigError) as refused:
        mailer_for(Settings(mail_channel=name))
    assert str(refused.value).startswith(problem)
