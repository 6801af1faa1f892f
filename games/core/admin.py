"""Staff moderation: hide or unhide results, rename and ban players, open any replay."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.core.accounts.forms import TAKEN_MESSAGE, nickname_taken
from games.core.accounts.models import Account, SignIn
from games.core.accounts.nicknames import nickname_key
from games.core.models import Game, LeaderboardSize, Player, Result, ResultQuerySet
from games.core.puzzles.models import Puzzle


def replay_link(game: Game) -> str:
    return format_html('<a href="{}">{}</a>', game.replay_url(), _("replay"))


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin[Result]):
    list_display = (
        "nickname",
        "kind_key",
        "leaderboard",
        "score",
        "turns",
        "powers_used",
        "stones_left",
        "finished_at",
        "hidden",
        "replay",
    )
    list_filter = ("kind_key", "leaderboard", "hidden")
    search_fields = ("nickname",)
    date_hierarchy = "finished_at"
    actions = ("hide", "unhide")
    readonly_fields = (
        "game",
        "kind_key",
        "leaderboard",
        "player",
        "score",
        "turns",
        "powers_used",
        "stones_left",
        "finished_at",
        "replay",
    )
    fields = ("nickname", "hidden", *readonly_fields)

    def save_model(self, request: HttpRequest, obj: Result, form: Any, change: bool) -> None:
        if obj.game.coached:  # a hint was used: never on a leaderboard
            obj.hidden = True
        super().save_model(request, obj, form, change)
        if "hidden" in form.changed_data:  # the leaderboard's size follows
            LeaderboardSize.recount([(obj.kind_key, obj.leaderboard)])

    @admin.display(description=_("replay"))
    def replay(self, result: Result) -> str:
        return replay_link(result.game)

    @admin.action(description=_("Hide the selected results from the leaderboards"))
    def hide(self, request: HttpRequest, queryset: ResultQuerySet) -> None:
        count = queryset.set_hidden(True)
        # Named placeholder: a language may leave the number out of its singular/dual forms.
        message = ngettext("%(count)d result hidden.", "%(count)d results hidden.", count)
        self.message_user(request, message % {"count": count})

    @admin.action(description=_("Show the selected results on the leaderboards again"))
    def unhide(self, request: HttpRequest, queryset: ResultQuerySet) -> None:
        count = queryset.set_hidden(False)
        message = ngettext("%(count)d result shown.", "%(count)d results shown.", count)
        self.message_user(request, message % {"count": count})

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # results come only from finished games

    def has_delete_permission(self, request: HttpRequest, obj: Result | None = None) -> bool:
        return False  # hide instead: a deleted result loses the game's record


class PlayerAdminForm(forms.ModelForm[Player]):
    """A staff rename may not take a nickname that another player has secured."""

    class Meta:
        model = Player
        fields = ("nickname", "banned", "created_at")

    def clean_nickname(self) -> str:
        name: str = self.cleaned_data["nickname"]
        if name and nickname_taken(name, self.instance if self.instance.pk else None):
            raise forms.ValidationError(TAKEN_MESSAGE % {"nickname": name})
        return name


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    form = PlayerAdminForm
    list_display = ("id", "nickname", "secured", "banned", "created_at")
    list_filter = ("banned",)
    search_fields = ("nickname",)
    fields = ("nickname", "banned", "created_at")
    readonly_fields = ("created_at",)
    actions = ("ban", "unban")

    @admin.action(description=_("Ban the selected players (hide all their results)"))
    def ban(self, request: HttpRequest, queryset: QuerySet[Player]) -> None:
        for player in queryset:
            player.ban()
        self.message_user(request, _("Players banned; their results are hidden."), messages.SUCCESS)

    @admin.action(description=_("Lift the ban (results stay hidden until unhidden)"))
    def unban(self, request: HttpRequest, queryset: QuerySet[Player]) -> None:
        queryset.update(banned=False)

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if "nickname" in form.changed_data and obj.nickname:
            # A rename by staff (say, an offensive name) also renames the public rows.
            obj.results.update(nickname=obj.nickname)
            Account.objects.filter(player=obj).update(nickname_key=nickname_key(obj.nickname))
        if obj.banned:
            obj.ban()

    @admin.display(description=_("secured"), boolean=True)
    def secured(self, player: Player) -> bool:
        return player.is_secured

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).select_related("account")

    def has_delete_permission(self, request: HttpRequest, obj: Player | None = None) -> bool:
        return False


@admin.register(Account)
class AccountAdmin(admin.ModelAdmin[Account]):
    """Who secured which nickname; staff can end a player's sessions (sign them out)."""

    list_display = ("player", "nickname_key", "created_at")
    search_fields = ("nickname_key", "player__nickname")
    fields = ("player", "user", "nickname_key", "created_at")
    readonly_fields = fields
    actions = ("sign_out_everywhere",)

    @admin.action(description=_("Sign the selected players out on every device"))
    def sign_out_everywhere(self, request: HttpRequest, queryset: QuerySet[Account]) -> None:
        SignIn.objects.filter(user__account__in=queryset).delete()
        self.message_user(request, _("Signed out on every device."), messages.SUCCESS)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a player secures their own nickname


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = (
        "id",
        "kind_key",
        "leaderboard",
        "player",
        "status",
        "coached",
        "version",
        "created_at",
        "finished_at",
        "replay",
    )
    list_filter = ("kind_key", "status", "leaderboard", "coached")
    search_fields = ("player__nickname", "seed_hash")
    readonly_fields = (
        "kind_key",
        "player",
        "options",
        "leaderboard",
        "seed_hash",
        "status",
        "coached",
        "version",
        "created_at",
        "finished_at",
        "replay",
    )
    fields = readonly_fields

    @admin.display(description=_("replay"))
    def replay(self, game: Game) -> str:
        return replay_link(game) if not game.is_active else "—"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin[Puzzle]):
    """Staff hide a puzzle (it is never served again); nothing else of it, or of its source
    game, is edited here."""

    list_display = ("id", "kind_key", "game", "number", "rating", "attempts", "solved", "hidden")
    list_filter = ("kind_key", "hidden")
    list_editable = ("hidden",)
    readonly_fields = (
        "kind_key",
        "game",
        "number",
        "step",
        "played_share",
        "runner_up_share",
        "rating",
        "deviation",
        "attempts",
        "solved",
    )
    fields = (*readonly_fields, "hidden")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
