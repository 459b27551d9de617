"""Test configuration: Hypothesis profiles (``--hypothesis-profile=thorough`` for more examples),
and the ``slow`` marker of the quick loop.

The quick loop is ``python -m pytest -m "not slow"``: every Hypothesis property and fuzzer is
slow by nature (it tries many examples), so each is marked here; other long tests (whole
random games, process pools, packaging) carry ``@pytest.mark.slow`` themselves. The full
check, the README's command, runs everything.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=1000)
settings.load_profile("default")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every Hypothesis test ``slow``."""
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.slow)
