"""Loading a GGUF file into llama.cpp, once per process: :func:`_llama`.

Only :class:`~agentdesk.models.local.chat.LocalChatModel` (and tests that look
at the loaded model) call it, hence the private name. Each (file, context
size, threads) is loaded once and kept with a lock, since a llama.cpp context
is not thread-safe; models are freed at exit, before the interpreter tears
down the modules they need. The load works around two llama.cpp habits:
weights go into plain CPU buffers (its AMX repacking crashes where the OS does
not grant AMX tile state), and its log lines go to Python logging rather than
stderr. ``llama_cpp`` is imported only inside these functions, so importing
this module does not load it.
"""

from __future__ import annotations

import atexit
import ctypes
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from agentdesk.errors import ModelError
from agentdesk.models.bundled import ensure_bundled_model
from agentdesk.text import plain

_loaded: dict[tuple[str, int, int | None], Any] = {}
_load_lock = threading.Lock()
_log = logging.getLogger("agentdesk.llama_cpp")
_log_callback: Any = None


def _close_all() -> None:
    """Free llama.cpp models before the interpreter tears down the modules they need."""
    while _loaded:
        _, (llm, _lock) = _loaded.popitem()
        llm.close()


@contextmanager
def _plain_cpu_buffers() -> Iterator[None]:
    """Load weights into plain CPU buffers, without llama.cpp's "extra" buffer types.

    On CPUs with Intel AMX, a native build of llama.cpp repacks weights for its AMX
    kernels, which crash (SIGSEGV in ggml_backend_amx_mul_mat) where the OS does not
    grant AMX tile state. llama-cpp-python does not expose ``use_extra_bufts``, so
    the model parameters it starts from are adjusted for the duration of the load.
    """
    import llama_cpp.llama_cpp as bindings

    defaults = bindings.llama_model_default_params

    def params() -> Any:
        value = defaults()
        value.use_extra_bufts = False
        return value

    bindings.llama_model_default_params = params
    try:
        yield
    finally:
        bindings.llama_model_default_params = defaults


_GGML_ERROR, _GGML_CONT = 4, 5
"""ggml's log levels (NONE, DEBUG, INFO, WARN, ERROR, CONT = 0..5)."""


def _route_llama_logs() -> None:
    """Send llama.cpp's own log lines to Python logging instead of stderr.

    llama-cpp-python maps ggml's newer log levels one off, so with ``verbose=False``
    warnings such as ``llama_kv_cache_iswa: using full-size SWA cache`` still reach
    stderr, in the middle of the CLI's progress line. Errors stay errors; the rest
    is debug output.
    """
    global _log_callback
    if _log_callback is not None:
        return
    import llama_cpp

    last = [logging.DEBUG]

    def forward(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
        if level != _GGML_CONT:
            last[0] = logging.ERROR if level == _GGML_ERROR else logging.DEBUG
        _log.log(last[0], "%s", text.decode("utf-8", "replace").rstrip("\n"))

    # Kept in a global: llama.cpp calls it for as long as the process lives.
    _log_callback = llama_cpp.llama_log_callback(forward)
    llama_cpp.llama_log_set(_log_callback, ctypes.c_void_p(0))


def _llama(path: Path, n_ctx: int, n_threads: int | None,
           bundled: bool = False) -> tuple[Any, threading.Lock]:
    """Load a GGUF file once per process; llama.cpp contexts are not thread-safe.

    ``bundled`` assembles (or checks) the packaged model first, off the event loop:
    this runs in the thread that decodes.
    """
    key = (str(path), n_ctx, n_threads)
    with _load_lock:
        if key not in _loaded:
            if bundled:
                try:
                    ensure_bundled_model(path)
                except (OSError, ValueError, ImportError) as exc:
                    hint = ("Check the free space and permissions there (AGENTDESK_MODELS_DIR "
                            "moves it), or use another model: --model local:/path/to/model.gguf.")
                    raise ModelError(f"the embedded model could not be prepared at {path}: "
                                     f"{plain(str(exc))}. {hint}", hint=hint) from exc
            with _plain_cpu_buffers():
                from llama_cpp import Llama

                _route_llama_logs()
                llm = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, seed=0,
                            verbose=False)
            if not _loaded:
                atexit.register(_close_all)
            _loaded[key] = (llm, threading.Lock())
        return _loaded[key]
