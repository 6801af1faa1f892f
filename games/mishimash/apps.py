from django.apps import AppConfig


class MishimashConfig(AppConfig):
    name = "games.mishimash"
    label = "mishimash"
