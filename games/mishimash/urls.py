app_name = "mishimash"
urlpatterns: list = []
