from datetime import date

from django.urls import path, register_converter

from games.core import account_views, coaching, daily_views, review_views, stats_views, views


class IsoDate:
    """A day in the address as 2026-12-12."""

    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> date:
        return date.fromisoformat(value)  # a ValueError (2026-02-30) is a 404

    def to_url(self, value: date) -> str:
        return value.isoformat()


register_converter(IsoDate, "isodate")

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("nickname/", views.nickname, name="nickname"),
    path("settings/", views.setting, name="setting"),
    path("rules/<slug:kind>/", views.rules, name="rules"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/<slug:kind>/<slug:leaderboard>/", views.leaderboard, name="leaderboard"),
    path("records/", views.my_records, name="records"),
    path("replay/<int:game_id>/", views.replay, name="replay"),
    path("review/<int:game_id>/", review_views.review, name="review"),
    path("again/<int:game_id>/", views.again, name="again"),
    path("hint/<int:game_id>/", coaching.hint, name="hint"),
    path("daily/", daily_views.archive, name="daily_archive"),
    path("<slug:kind>/daily/", daily_views.today, name="daily"),
    path("<slug:kind>/daily/<isodate:day>/", daily_views.board, name="daily_board"),
    path("<slug:kind>/daily/<isodate:day>/practice/", daily_views.practice, name="daily_practice"),
    path("players/<int:player_id>/stats/", stats_views.stats, name="stats"),
    path("account/", account_views.account, name="account"),
    path("account/secure/", account_views.secure, name="secure"),
    path("account/sign-in/", account_views.sign_in, name="sign_in"),
    path("account/sign-out/", account_views.sign_out, name="sign_out"),
    path("account/sign-out-others/", account_views.sign_out_others, name="sign_out_others"),
    path("account/password/", account_views.change_password, name="password"),
]
