"""The bank's question reader: a question read by code into query plans, each rendered to SQL.

Words are matched against the bank's vocabulary (:mod:`.vocabulary`) and the values its
database holds (:mod:`.catalog`); :mod:`.understand` turns the mentions into plans and
:mod:`.plans` renders each to one SELECT. The banking agent and the bank's tool server
both read questions here.
"""

from .candidates import MAX_READINGS, Candidate, Request, candidates, read_request

__all__ = ["MAX_READINGS", "Candidate", "Request", "candidates", "read_request"]
