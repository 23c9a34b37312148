"""pytest set-up shared by every test file; the helpers themselves are in ``tests/helpers.py``.

The default run (``python -m pytest``) leaves out the tests marked ``slow`` (long fuzz runs,
exhaustive sweeps, the full count of the larger property tests) and spreads the rest over the
cores (pytest-xdist); ``python -m pytest -m slow`` runs those alone. See docs/development.md.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# A property test that names no count of its own tries Hypothesis' default (100 examples). CI may
# choose a profile with HYPOTHESIS_PROFILE: "ci" prints the statistics a failure needs and never
# fails on a slow example (a shared machine is slow at times), without changing any count.
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
