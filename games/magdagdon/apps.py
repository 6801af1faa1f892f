from django.apps import AppConfig


class MagdagdonConfig(AppConfig):
    name = "games.magdagdon"
    label = "magdagdon"
