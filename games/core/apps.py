from django.apps import AppConfig


class CoreConfig(AppConfig):
    """What every game shares: players, stored games, results, leaderboards, replays."""

    name = "games.core"
    label = "core"
    verbose_name = "CUBIRI"

    def ready(self) -> None:
        from games.core import security  # noqa: F401  (connects the sign-in signals)
