from django.apps import AppConfig


class MagdagdonConfig(AppConfig):
    name = "games.magdagdon"
    label = "magdagdon"

    def ready(self) -> None:
        from games.core.kinds import register
        from games.magdagdon.kind import KIND

        register(KIND)
