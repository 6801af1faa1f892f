from django.urls import path

from games.magdagdon import views

app_name = "magdagdon"
urlpatterns = [
    path("new/", views.new, name="new"),
    path("<int:game_id>/", views.play, name="play"),
    path("<int:game_id>/roll/", views.roll, name="roll"),
    path("<int:game_id>/stage/", views.stage, name="stage"),
    path("<int:game_id>/unstage/", views.unstage, name="unstage"),
    path("<int:game_id>/unstage-all/", views.unstage_all, name="unstage_all"),
    path("<int:game_id>/confirm/", views.confirm, name="confirm"),
    path("<int:game_id>/decrease/", views.decrease, name="decrease"),
    path("<int:game_id>/increase/", views.increase, name="increase"),
    path("<int:game_id>/reroll/", views.reroll, name="reroll"),
    path("<int:game_id>/accept/", views.accept, name="accept"),
]
