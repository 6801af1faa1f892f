from django.apps import AppConfig


class IshidoConfig(AppConfig):
    name = "games.ishido"
    label = "ishido"
