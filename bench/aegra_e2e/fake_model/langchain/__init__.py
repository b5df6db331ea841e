"""``langchain`` for the served example graphs: its own ``chat_models``, the rest real.

Aegra's examples load every chat model through
``langchain.chat_models.init_chat_model``. This folder comes first on the
server's ``PYTHONPATH``, so that one module is the fake one below; the real
``langchain`` (where the venv has it) stays importable for everything else.
"""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)
