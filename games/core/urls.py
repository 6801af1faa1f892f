from django.urls import path

from games.core import views

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("nickname/", views.nickname, name="nickname"),
    path("rules/<slug:kind>/", views.rules, name="rules"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<slug:kind>/<slug:leaderboard>/", views.leaderboard, name="leaderboard"),
    path("records/", views.my_records, name="records"),
    path("replay/<int:game_id>/", views.replay, name="replay"),
]
