from django.urls import path

from games.core.retry import views

urlpatterns = [
    path("review/<int:game_id>/retry/<int:number>/", views.retry, name="retry"),
]
