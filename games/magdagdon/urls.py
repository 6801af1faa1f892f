app_name = "magdagdon"
urlpatterns: list = []
