from django.apps import AppConfig


class IshidoConfig(AppConfig):
    name = "games.ishido"
    label = "ishido"

    def ready(self) -> None:
        from games.core.kinds import register
        from games.ishido.kind import KIND

        register(KIND)
