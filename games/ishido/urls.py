from django.urls import path

from games.ishido import views

app_name = "ishido"
urlpatterns = [
    path("new/", views.new, name="new"),
    path("<int:game_id>/", views.play, name="play"),
    path("<int:game_id>/place/", views.place, name="place"),
]
