"""``python -m bench.peers.install NAME...``: make the named peers' venvs (``servers.PEER_PACKAGES``)."""

from __future__ import annotations

import sys

from .servers import PEER_PACKAGES, install


def main(names: list[str]) -> None:
    unknown = sorted(set(names) - set(PEER_PACKAGES))
    if unknown or not names:
        raise SystemExit(f"name one or more of {', '.join(PEER_PACKAGES)}"
                         + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
    for name in names:
        print(install(name))


if __name__ == "__main__":
    main(sys.argv[1:])
