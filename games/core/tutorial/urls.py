from django.urls import path

from games.core.tutorial import views

urlpatterns = [
    path("how-to-play/<slug:kind>/", views.start, name="tutorial"),
]
