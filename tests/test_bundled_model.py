"""The bundled model file: assembled once, hashed once per file, never re-hashed per run."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agentdesk.models import bundled, get_chat_model, local_model_path
from agentdesk.models.local import LocalChatModel
from agentdesk.settings import Settings, get_settings

CONTENT = b"GGUF pretend model " * 1000
SHA = hashlib.sha256(CONTENT).hexdigest()


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts builds and whole-file hashes; starts as a fresh process would."""
    counts = {"build": 0, "hash": 0}
    real = bundled.sha256_of

    def hashing(path: Path) -> str:
        counts["hash"] += 1
        return real(path)

    monkeypatch.setattr(bundled, "sha256_of", hashing)
    monkeypatch.setattr(bundled, "_verified", {})
    return counts


def build(counts: dict[str, int], content: bytes = CONTENT):
    def write(path: Path) -> None:
        counts["build"] += 1
        path.write_bytes(content)
    return write


def test_assembled_once_then_trusted_by_its_stamp(tmp_path: Path, counted: dict[str, int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "models" / "m.gguf"
    assert bundled.ensure_file(target, SHA, build(counted)) == target
    assert target.read_bytes() == CONTENT
    assert counted == {"build": 1, "hash": 1}
    assert sorted(p.name for p in target.parent.iterdir()) == ["m.gguf", "m.gguf.sha256.json"]

    for _ in range(3):  # the same process: not even the stamp is read again
        bundled.ensure_file(target, SHA, build(counted))
    assert counted == {"build": 1, "hash": 1}

    monkeypatch.setattr(bundled, "_verified", {})  # a new process: the stamp vouches for it
    bundled.ensure_file(target, SHA, build(counted))
    assert counted == {"build": 1, "hash": 1}


def test_a_changed_file_is_hashed_again_and_a_wrong_one_rebuilt(
        tmp_path: Path, counted: dict[str, int]) -> None:
    target = tmp_path / "m.gguf"
    bundled.ensure_file(target, SHA, build(counted))
    stat = target.stat()
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # touched, same bytes
    bundled.ensure_file(target, SHA, build(counted))
    assert counted == {"build": 1, "hash": 2}

    target.write_bytes(b"truncated")  # damaged: rebuilt from the chunks
    bundled.ensure_file(target, SHA, build(counted))
    assert target.read_bytes() == CONTENT
    assert counted["build"] == 2


def test_a_build_with_the_wrong_hash_leaves_nothing_behind(tmp_path: Path,
                                                           counted: dict[str, int]) -> None:
    target = tmp_path / "m.gguf"
    with pytest.raises(ValueError, match="expected SHA-256"):
        bundled.ensure_file(target, SHA, build(counted, b"something else"))
    assert list(tmp_path.iterdir()) == []


def test_the_local_spec_touches_no_file_until_the_model_loads(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data", models_dir=tmp_path / "models")
    model = get_chat_model("local", settings)
    assert isinstance(model, LocalChatModel) and model.bundled
    assert model.model_path == tmp_path / "models" / bundled.MODEL_NAME
    assert not (tmp_path / "models").exists()


def test_models_dir_defaults_to_the_data_dir(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AGENTDESK_MODELS_DIR")
    assert Settings(data_dir=tmp_path).resolved_models_dir == tmp_path / "models"


@pytest.mark.local_model
def test_the_real_bundled_model_is_stamped_beside_itself() -> None:
    path = local_model_path(get_settings())
    stamp = path.with_name(path.name + ".sha256.json")
    assert path.name == bundled.MODEL_NAME and stamp.is_file()
    assert f'"size": {path.stat().st_size}' in stamp.read_text()


@pytest.mark.local_model
def test_loading_the_model_prints_nothing_on_stderr() -> None:
    """llama.cpp's load-time lines (llama_kv_cache_iswa ...) go to logging, not the terminal."""
    settings = get_settings()
    local_model_path(settings)  # assembled by the session already; make sure
    code = ("from agentdesk.models import get_chat_model\n"
            "from agentdesk.models.local.loading import _llama\n"
            "m = get_chat_model('local')\n"
            "_llama(m.model_path, 2048, 1, m.bundled)\n"
            "print('loaded')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "loaded"
    assert proc.stderr == ""
