"""Test configuration: Hypothesis profiles (``--hypothesis-profile=thorough`` for more examples)."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=1000)
settings.load_profile("default")
