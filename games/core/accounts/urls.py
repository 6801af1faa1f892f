from django.urls import path

from games.core.accounts import views

urlpatterns = [
    path("account/", views.account, name="account"),
    path("account/secure/", views.secure, name="secure"),
    path("account/sign-in/", views.sign_in, name="sign_in"),
    path("account/sign-out/", views.sign_out, name="sign_out"),
    path("account/sign-out-others/", views.sign_out_others, name="sign_out_others"),
    path("account/password/", views.change_password, name="password"),
    path("account/recover/", views.recover, name="recover"),
    path("account/recovery-codes/", views.recovery_codes, name="recovery_codes"),
]
