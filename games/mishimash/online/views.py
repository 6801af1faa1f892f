"""Online MISHIMASH pages: open a table, its page (the lobby, then the game) behind the invite
link, the watchers' poll, the QR code of the link, and the table's actions.

Every action is a plain form POST (303 back to the table) that htmx enhances (the `#board`
partial). The table page answers the whole page or, for htmx, the partial; the poll answers
204 (or 304 to If-None-Match) while the visitor's watch key is unchanged.
"""

import io
from collections.abc import Callable
from typing import Any

import segno
from django.db import transaction
from django.forms import Form
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.backends.utils import csrf_input
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core.html import EMPTY
from games.core.models import Player
from games.core.play.moves import MoveForm, answer_move, form_message, see_other
from games.core.play.refusals import Refused
from games.core.play.response import HtmxHttpRequest
from games.core.players import get_player
from games.core.security import count_creation
from games.mishimash import computers
from games.mishimash.display import shown_names
from games.mishimash.online import tables as online
from games.mishimash.online.forms import (
    ComputerSeatForm,
    OnlineSelectForm,
    SeatOrderForm,
    TableForm,
)
from games.mishimash.online.kind import ONLINE_KIND
from games.mishimash.online.models import Table
from games.rules import mishimash as rules

TEMPLATE = "mishimash/online/table.html"
NAME_FIRST = _("Choose a nickname first, then take a seat.")


def _table(token: str) -> Table:
    return get_object_or_404(Table.objects.select_related("game", "host"), token=token)


def table_url(table: Table) -> str:
    return reverse("mishimash_online:table", args=[table.token])


def table_response(
    request: HtmxHttpRequest, table: Table, *, error: str = "", status: int = 200
) -> HttpResponse:
    """The table page, or its `#board` partial for htmx (always `Vary: HX-Request`)."""
    view = online.TableView.of(table, get_player(request))
    context: dict[str, Any] = {
        "table": table,
        "view": view,
        "error": error,
        "invite_url": request.build_absolute_uri(table_url(table)),
        "csrf_field": EMPTY if request.htmx else csrf_input(request),
    }
    if view.game is None:
        context["strengths"] = list(computers.STRENGTH_LABELS.items())
    else:
        state = view.state
        ui = ONLINE_KIND.ui(request, state, status=status)
        context |= {
            "game": view.game,
            "state": state,
            "board": ONLINE_KIND.board_view(state, playable=view.my_turn, ui=ui),
            "computer": computers.computer_turn(view.game, shown_names(state.players)),
            "computer_seats": computers.computer_seats(view.game, shown_names(state.players)),
        }
    template = f"{TEMPLATE}#board" if request.htmx else TEMPLATE
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    response["ETag"] = f'"{view.key}"'
    return response


@require_http_methods(["GET", "POST"])
def new(request: HtmxHttpRequest) -> HttpResponse:
    player = get_player(request)
    form = TableForm(request.POST or None)
    if request.method == "POST" and player is not None and player.nickname and form.is_valid():
        with transaction.atomic():
            count_creation(request, "game")
            table = online.open_table(player, **form.table_options())
        return see_other(table_url(table))
    status = 400 if form.is_bound else 200
    named = player is not None and bool(player.nickname)
    context = {"form": form, "named": named, "next": reverse("mishimash_online:new")}
    return render(request, "mishimash/online/new.html", context, status=status)


@require_GET
def table_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return table_response(request, _table(token))


@require_GET
def poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Nothing changed since the visitor's page (its key in `v` or If-None-Match): 204 or
    304 from one query; else the new `#board` partial."""
    key = online.current_key(token, timezone.now())
    if key is None:
        raise Http404("No such table.")
    if request.headers.get("If-None-Match") == f'"{key}"':
        response = HttpResponse(status=304)
        response["ETag"] = f'"{key}"'
        return response
    if request.GET.get("v") == key:
        response = HttpResponse(status=204)
        response["HX-Reswap"] = "none"
        return response
    return table_response(request, _table(token))


@require_GET
def qr_code(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The invite link as a QR code, drawn here (no outside service) as an SVG image."""
    table = _table(token)
    code = segno.make(request.build_absolute_uri(table_url(table)), error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=6, border=2, xmldecl=False, dark="#000", light="#fff")
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response


def _answer(request: HtmxHttpRequest, table: Table, refusal: Refused | None = None) -> HttpResponse:
    if refusal is not None:
        return table_response(request, table, error=refusal.message, status=refusal.status)
    if request.htmx:
        return table_response(request, table)
    return see_other(table_url(table))


def _lobby(request: HtmxHttpRequest, token: str, act: Callable[[Table], object]) -> HttpResponse:
    """A table action before or at the start: `act(table)` may raise Refused (answered with
    its message and status, nothing written); else the table as it is now."""
    table = _table(token)
    try:
        act(table)
    except Refused as refusal:
        return _answer(request, table, refusal)
    return _answer(request, _table(token))


def _cleaned(form: Form) -> dict[str, Any]:
    if not form.is_valid():
        raise Refused(form_message(form))
    return form.cleaned_data


@require_POST
def join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    def act(table: Table) -> None:
        player = get_player(request)
        if player is None or not player.nickname:
            raise Refused(NAME_FIRST)
        online.take_seat(table, player)

    return _lobby(request, token, act)


@require_POST
def order(request: HtmxHttpRequest, token: str) -> HttpResponse:
    def act(table: Table) -> None:
        data = _cleaned(SeatOrderForm(request.POST))
        earlier = data["direction"] == "earlier"
        online.move_seat(table, ensure_host(request), data["position"], earlier=earlier)

    return _lobby(request, token, act)


@require_POST
def add_computer(request: HtmxHttpRequest, token: str) -> HttpResponse:
    def act(table: Table) -> None:
        data = _cleaned(ComputerSeatForm(request.POST))
        online.add_computer(table, ensure_host(request), data["name"], data["strength"])

    return _lobby(request, token, act)


@require_POST
def drop_computer(request: HtmxHttpRequest, token: str) -> HttpResponse:
    def act(table: Table) -> None:
        data = _cleaned(SeatOrderForm({"direction": "earlier", **request.POST.dict()}))
        online.drop_computer(table, ensure_host(request), data["position"])

    return _lobby(request, token, act)


def ensure_host(request: HtmxHttpRequest) -> Player:
    player = get_player(request)
    if player is None:
        raise Refused(online.HOST_ONLY_MESSAGE, 403)
    return player


@require_POST
def start(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _lobby(request, token, lambda table: online.start(table, ensure_host(request)))


def _move(
    request: HtmxHttpRequest,
    token: str,
    form: MoveForm,
    to_action: Callable[[online.TableView, dict[str, Any]], rules.Action],
    refusal: Callable[[online.TableView], Refused | None],
) -> HttpResponse:
    """One action of the game through the one answer (games.core.play.moves): refused (400/403,
    nothing written) for anybody who may not make it now; 409 with the current board when
    made on an old one."""
    table = _table(token)
    view = online.TableView.of(table, get_player(request))
    if view.game is None or view.seat is None:
        return _answer(request, table, refusal(view))

    def act(data: dict[str, Any]) -> None:
        online.act(view, to_action(view, data), data["version"])

    def render(request: HtmxHttpRequest, game: Any, **answer: Any) -> HttpResponse:
        return table_response(request, _table(token), **answer)

    return answer_move(
        request,
        view.game,
        form,
        act,
        render,
        refusal=lambda: refusal(view),
        over_message=online.ENDED_MESSAGE,
        redirect=lambda: table_url(table),
    )


def _seat(view: online.TableView) -> int:
    assert view.seat is not None
    return view.seat.position


def _to_act(view: online.TableView) -> int:
    return view.state.current


def _dice(data: dict[str, Any]) -> tuple[int, ...]:
    return tuple(data["dice"])


# The game's actions at a table: the form each is read with, the action it makes, and why the
# visitor may not make it now. A seat's own move names no seat: the server knows who asks.
MOVES: dict[str, tuple[type[MoveForm], Callable[..., rules.Action], Callable[..., Any]]] = {
    "roll": (MoveForm, lambda view, data: rules.Roll(_seat(view)), online.own_move_refusal),
    "bank": (
        OnlineSelectForm,
        lambda view, data: rules.SelectAndBank(_seat(view), _dice(data)),
        online.own_move_refusal,
    ),
    "roll_again": (
        OnlineSelectForm,
        lambda view, data: rules.SelectAndRollAgain(_seat(view), _dice(data)),
        online.own_move_refusal,
    ),
    "skip": (MoveForm, lambda view, data: rules.Skip(_to_act(view)), online.skip_refusal),
    "remove": (MoveForm, lambda view, data: rules.Remove(_to_act(view)), online.remove_refusal),
}


@require_POST
def move(request: HtmxHttpRequest, token: str, action: str) -> HttpResponse:
    """One of the MOVES (the URL names which)."""
    form, to_action, refusal = MOVES[action]
    return _move(request, token, form(request.POST), to_action, refusal)


@require_GET
def game_page(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A table's game by its number (the stored game's address): its seated players go to
    the table; the invite link stays the only way in for anybody else."""
    player = get_player(request)
    table = Table.objects.filter(game_id=game_id, seats__player=player).first() if player else None
    if table is None:
        raise Http404("No such game.")
    return see_other(table_url(table))
