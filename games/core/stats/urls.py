from django.urls import path

from games.core.stats import views

urlpatterns = [
    path("players/<int:player_id>/stats/", views.stats, name="stats"),
]
