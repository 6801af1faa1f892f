from django.urls import path

from games.core import account_views, views

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
    path("again/<int:game_id>/", views.again, name="again"),
    path("account/", account_views.account, name="account"),
    path("account/secure/", account_views.secure, name="secure"),
    path("account/sign-in/", account_views.sign_in, name="sign_in"),
    path("account/sign-out/", account_views.sign_out, name="sign_out"),
    path("account/sign-out-others/", account_views.sign_out_others, name="sign_out_others"),
    path("account/password/", account_views.change_password, name="password"),
]
