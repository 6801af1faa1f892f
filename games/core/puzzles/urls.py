from django.urls import path

from games.core.puzzles import views

urlpatterns = [
    path("puzzles/", views.room, name="puzzles"),
    path("puzzles/next/", views.next_puzzle, name="next_puzzle"),
    path("puzzles/daily/", views.daily_puzzle, name="daily_puzzle"),
    path("puzzles/<int:puzzle_id>/", views.puzzle, name="puzzle"),
]
