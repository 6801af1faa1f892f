from django.urls import path

from games.core.review import views

urlpatterns = [
    path("review/<int:game_id>/", views.review, name="review"),
]
