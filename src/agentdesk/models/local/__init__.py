"""The embedded local model: llama.cpp running a GGUF file, offline.

Split by idea: :mod:`.loading` loads the GGUF file into llama.cpp once per
process; :mod:`.grammar` builds the JSON schemas (and their llama.cpp
grammars) that the answers are decoded under; :mod:`.turns` turns LangChain
messages into Gemma's chat turns and fits them to the context window;
:mod:`.chat` is :class:`LocalChatModel`, the LangChain chat model over them.
Importing this package does not import ``llama_cpp``: the first load does.
"""

from .chat import LocalChatModel
from .grammar import build_decoding_schema
from .turns import fit_turns, to_chat_turns

__all__ = ["LocalChatModel", "build_decoding_schema", "fit_turns", "to_chat_turns"]
