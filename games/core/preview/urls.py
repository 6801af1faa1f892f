from django.urls import path

from games.core.preview import views

urlpatterns = [
    path("replay/<int:game_id>/preview.png", views.preview, name="preview"),
]
