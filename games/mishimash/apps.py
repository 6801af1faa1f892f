from django.apps import AppConfig


class MishimashConfig(AppConfig):
    name = "games.mishimash"
    label = "mishimash"

    def ready(self) -> None:
        from games.core.kinds import register
        from games.mishimash.kind import KIND
        from games.mishimash.online_kind import ONLINE_KIND

        register(KIND)
        register(ONLINE_KIND)
