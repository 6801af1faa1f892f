app_name = "ishido"
urlpatterns: list = []
