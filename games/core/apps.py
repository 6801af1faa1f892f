from importlib import import_module

from django.apps import AppConfig


class FeatureModelsConfig(AppConfig):
    """An app whose models live in its feature folders (`feature_models`: modules beside
    `models.py`), each feature's models with its forms, views and urls. Django imports an app's
    `models` module only, so the app imports the others here, while its models are loaded."""

    default = False  # a base: never an app of its own (each app's module names its config)
    feature_models: tuple[str, ...] = ()

    def import_models(self) -> None:
        super().import_models()
        for name in self.feature_models:
            module = import_module(f"{self.name}.{name}")
            self.models_module = self.models_module or module


class CoreConfig(FeatureModelsConfig):
    """What every game shares: players, stored games, results, leaderboards, replays."""

    default = True
    name = "games.core"
    label = "core"
    verbose_name = "CUBIRI"
    feature_models = ("accounts.models", "review.models", "puzzles.models")

    def ready(self) -> None:
        from games.core import checks, security  # noqa: F401  (system checks, sign-in signals)
