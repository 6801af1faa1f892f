"""The shared pages' URLs, one list per feature folder, all in the `core` namespace."""

from django.urls import path

from games.core import views
from games.core.accounts import urls as accounts
from games.core.daily import urls as daily
from games.core.install import urls as install
from games.core.play import urls as play
from games.core.preview import urls as preview
from games.core.puzzles import urls as puzzles
from games.core.retry import urls as retry
from games.core.review import urls as review
from games.core.stats import urls as stats
from games.core.tutorial import urls as tutorial

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("nickname/", views.nickname, name="nickname"),
    path("settings/", views.preference, name="preference"),
    path("rules/<slug:kind>/", views.rules, name="rules"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<slug:kind>/<slug:leaderboard>/", views.leaderboard, name="leaderboard"),
    path("records/", views.my_records, name="records"),
    path("replay/<int:game_id>/", views.replay, name="replay"),
    path("again/<int:game_id>/", views.again, name="again"),
    path("play/<slug:kind>/", views.play_now, name="play_now"),
    *install.urlpatterns,
    *play.urlpatterns,
    *preview.urlpatterns,
    *puzzles.urlpatterns,
    *review.urlpatterns,
    *retry.urlpatterns,
    *stats.urlpatterns,
    *tutorial.urlpatterns,
    *accounts.urlpatterns,
    # Last: "<kind>/daily/" would otherwise read "account" or "players" as a kind.
    *daily.urlpatterns,
]
