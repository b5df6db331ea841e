"""Stand-in for Aegra's server package: only what its e2e tests import (``settings``)."""
