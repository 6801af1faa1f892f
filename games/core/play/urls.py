from django.urls import path

from games.core.play import hint

urlpatterns = [
    path("hint/<int:game_id>/", hint.hint, name="hint"),
]
