from django.urls import path

from games.mishimash import views

app_name = "mishimash"
urlpatterns = [
    path("new/", views.new, name="new"),
    path("<int:game_id>/", views.play, name="play"),
    path("<int:game_id>/roll/", views.roll, name="roll"),
    path("<int:game_id>/bank/", views.bank, name="bank"),
    path("<int:game_id>/roll-again/", views.roll_again, name="roll_again"),
    path("<int:game_id>/computer/", views.computer, name="computer"),
]
