"""The general assistant: a safe ingress, a planner, parallel tools, a verifier and memory.

The ingress safety policy lives in :mod:`.safety` (with its detectors in :mod:`.pii`
and :mod:`.injection`); the assistant's offline tools are served by
:mod:`agentdesk.toolservers.assistant`.
"""
