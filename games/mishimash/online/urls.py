from django.urls import path

from games.mishimash.online import views

app_name = "mishimash_online"
urlpatterns = [
    path("new/", views.new, name="new"),
    path("game/<int:game_id>/", views.game_page, name="play"),
    path("<slug:token>/", views.table_page, name="table"),
    path("<slug:token>/poll/", views.poll, name="poll"),
    path("<slug:token>/qr.svg", views.qr_code, name="qr"),
    path("<slug:token>/join/", views.join, name="join"),
    path("<slug:token>/order/", views.order, name="order"),
    path("<slug:token>/start/", views.start, name="start"),
    path("<slug:token>/computer/", views.add_computer, name="add_computer"),
    path("<slug:token>/computer/drop/", views.drop_computer, name="drop_computer"),
    path("<slug:token>/roll/", views.move, {"action": "roll"}, name="roll"),
    path("<slug:token>/bank/", views.move, {"action": "bank"}, name="bank"),
    path("<slug:token>/roll-again/", views.move, {"action": "roll_again"}, name="roll_again"),
    path("<slug:token>/skip/", views.move, {"action": "skip"}, name="skip"),
    path("<slug:token>/remove/", views.move, {"action": "remove"}, name="remove"),
]
