"""The shared pages: home, nickname, rules, leaderboards, a player's records, replays."""

from dataclasses import dataclass

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template import TemplateDoesNotExist
from django.template.defaultfilters import floatformat
from django.template.loader import select_template
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from games.core.accounts.forms import TAKEN_MESSAGE, nickname_taken
from games.core.accounts.models import Account
from games.core.accounts.nicknames import nickname_key
from games.core.clock import today
from games.core.daily import challenges as daily
from games.core.daily.challenges import today_cards
from games.core.forms import NicknameForm
from games.core.kinds import GameKind, all_kinds, get_kind
from games.core.leaderboards import standing
from games.core.models import Game, Result
from games.core.play.moves import player_game, running_game, see_other, start_game
from games.core.players import ensure_player, get_player
from games.core.preferences import parse, remember
from games.core.puzzles.serving import daily as daily_puzzle
from games.core.review import replays
from games.core.review.tasks import store_checkpoints
from games.core.security import BAD_NEXT_MESSAGE, UnsafeRedirect, safe_next


@dataclass(frozen=True)
class HomeGame:
    """One game's card on the home page: the visitor's running game, the top three."""

    kind: GameKind
    running: Game | None
    leaderboard: str
    leaderboard_label: str | Promise
    top: list[tuple[str, str]]  # nickname, what ranks it ("110", "12 turns · 503")


def top_text(kind: GameKind, row: Result) -> str:
    """A top row's figure in the terms of its ranking: the score, or first the turns."""
    score = floatformat(row.score, -1)
    if kind.ranking[0] == "turns" and row.turns is not None:
        turns = ngettext("%(turns)d turn", "%(turns)d turns", row.turns) % {"turns": row.turns}
        return f"{turns} · {score}"
    return str(score)


def kind_or_404(key: str) -> GameKind:
    try:
        return get_kind(key)
    except KeyError:
        raise Http404("No such game.") from None


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    player = get_player(request)
    running = {}
    if player is not None:
        active = Game.objects.filter(player=player, status=Game.Status.ACTIVE, day=None)
        for game in active.filter(tutorial=False):
            running[game.kind_key] = game
    games = []
    for kind in all_kinds():
        key = kind.usual_leaderboard or kind.leaderboards[0][0]  # the usual setting's board
        label = kind.leaderboard_label(key)
        best = Result.objects.best_each(kind, key)[:3]  # three players, not one player's three
        top = [(row.nickname, top_text(kind, row)) for row in best]
        games.append(HomeGame(kind, running.get(kind.key), key, label, top))
    form = NicknameForm(initial={"nickname": player.nickname if player else ""})
    context = {
        "games": games,
        "nickname_form": form,
        "daily_cards": today_cards(player),
        "daily_puzzle": daily_puzzle(today()),
    }
    return render(request, "core/home.html", context)


@require_POST
def nickname(request: HttpRequest) -> HttpResponse:
    form = NicknameForm(request.POST)
    next_url = "/"
    if form.is_valid():
        name = form.cleaned_data["nickname"]
        if nickname_taken(name, get_player(request)):
            form.add_error("nickname", TAKEN_MESSAGE % {"nickname": name})
    try:
        next_url = safe_next(request)
    except UnsafeRedirect:
        form.add_error(None, BAD_NEXT_MESSAGE)
    if not form.is_valid():
        return render(request, "core/nickname.html", {"nickname_form": form}, status=400)
    try:
        with transaction.atomic():
            player = ensure_player(request)
            player.nickname = name
            player.save(update_fields=["nickname"])
            if player.is_secured:  # the secured name moves with it; the unique key guards races
                Account.objects.filter(player=player).update(nickname_key=nickname_key(name))
    except IntegrityError:
        form.add_error("nickname", TAKEN_MESSAGE % {"nickname": name})
        return render(request, "core/nickname.html", {"nickname_form": form}, status=400)
    return see_other(next_url)


def refused(request: HttpRequest, message: str | Promise) -> HttpResponse:
    context = {"message": message, "title": gettext("Not changed")}
    return render(request, "core/refused.html", context, status=400)


@require_POST
def again(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play again with the settings of the visitor's own finished game, in one tap."""
    kind_key = Game.objects.filter(pk=game_id).values_list("kind_key", flat=True).first()
    if kind_key is None:
        raise Http404("No such game.")
    kind = get_kind(kind_key)
    game = player_game(request, game_id, kind)
    if game.is_active:
        return refused(request, gettext("This game is still being played: finish it first."))
    return start_game(request, kind, kind.options_from_dict(game.options))


@require_POST
def play_now(request: HttpRequest, kind: str) -> HttpResponse:
    """The home page's Play: one tap starts a game with the kind's usual settings; with a game
    of that kind still running (a second tap, another tab) it opens that one instead."""
    game_kind = kind_or_404(kind)
    running = running_game(request, game_kind)
    if running is not None:
        return see_other(running.get_absolute_url())
    with transaction.atomic():
        return start_game(request, game_kind, game_kind.quick_options(ensure_player(request)))


@require_POST
def preference(request: HttpRequest) -> HttpResponse:
    """Remember one choice (`name`, `value`): 204 for a script, else back to `next`."""
    name, value = request.POST.get("name", ""), request.POST.get("value", "")
    parsed = parse(name, value)
    try:
        next_url = safe_next(request)
    except UnsafeRedirect:
        return refused(request, BAD_NEXT_MESSAGE)
    if parsed is None:
        return refused(request, gettext("This setting cannot be changed to that."))
    with transaction.atomic():
        remember(ensure_player(request), name, parsed)
    if request.headers.get("HX-Request") or request.headers.get("X-Requested-With"):
        return HttpResponse(status=204)
    return see_other(next_url)


@require_GET
def rules(request: HttpRequest, kind: str) -> HttpResponse:
    game_kind = kind_or_404(kind)
    language = (get_language() or "en").split("-")[0]
    try:
        body = select_template([f"rules/{kind}.{language}.html", f"rules/{kind}.en.html"])
    except TemplateDoesNotExist:
        raise Http404("No rules page.") from None
    return render(request, "core/rules.html", {"kind": game_kind, "rules_body": body.template.name})


@require_GET
def leaderboards(request: HttpRequest) -> HttpResponse:
    return render(request, "core/leaderboards.html", {"kinds": all_kinds()})


@require_GET
def leaderboard(request: HttpRequest, kind: str, leaderboard: str) -> HttpResponse:
    game_kind = kind_or_404(kind)
    if leaderboard not in dict(game_kind.leaderboards):
        raise Http404("No such leaderboard.")
    every = request.GET.get("all") == "1"  # every result, not only each player's best
    found = standing(request, game_kind, leaderboard, every=every)
    context = {
        "every": every,
        "kind": game_kind,
        "leaderboard": leaderboard,
        "leaderboard_label": game_kind.leaderboard_label(leaderboard),
        "rows": found.rows,
        "mine": found.mine,
        "total": found.total,
    }
    return render(request, "core/leaderboard.html", context)


@require_GET
def my_records(request: HttpRequest) -> HttpResponse:
    player = get_player(request)
    sections = []
    for kind in all_kinds():
        for key, label in kind.leaderboards:
            rows = []
            if player is not None:
                mine = Result.objects.filter(player=player, kind_key=kind.key, leaderboard=key)
                # A coached game (a hint was used) is kept here, marked; it is never ranked.
                rows = list(mine.annotate(coached=F("game__coached")).order_by(*kind.ranking)[:20])
            sections.append((kind, key, label, rows))
    kinds = all_kinds()
    dailies = daily.records(player)  # ranked on their day's board only, so listed apart
    played = {kind.key for kind, _key, _label, rows in sections if rows}
    played |= {record.game.kind_key for record in dailies}
    context = {
        "sections": sections,
        "dailies": dailies,
        "played": played,
        "kinds": kinds,
        "unplayed": [kind for kind in kinds if kind.key not in played],
    }
    return render(request, "core/records.html", context)


@require_GET
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """One step of a finished game, from its nearest stored checkpoint (games.core.review.replays):
    bounded work whatever the game's length. A long game's checkpoints are stored by the
    background worker, asked for on the first visit."""
    game = get_object_or_404(Game, pk=game_id)
    if game.is_active:
        raise Http404("A game is replayed once it has ended.")
    if not game.seed_revealed:  # a daily challenge's deal is everyone's until its day is over
        raise Http404("A daily challenge is replayed once its day is over.")
    kind = game.kind
    # A replay opens at the start (the first position), as a game does.
    step = _step(request.GET["step"]) if "step" in request.GET else 0
    try:
        shown = replays.step_of(game, step)
    except replays.NotPrepared:
        if cache.add(f"replay-checkpoints:{game.pk}", 1, timeout=60):  # one task a minute
            store_checkpoints.enqueue(game.pk)
        context = {"game": game, "kind": kind, "preview": _preview(request, game)}
        return render(request, "core/replay_preparing.html", context)
    context = {
        "game": game,
        "kind": kind,
        "state": shown.state,
        "board": kind.board_view(shown.state, playable=False, ui=None),
        "step": shown.step,
        "last": shown.last,
        "moves": shown.moves,
        "first_listed": shown.first_listed,
        "previous_page": shown.previous_page,
        "next_page": shown.next_page,
        "current_move": shown.current_move,
        "readonly": True,
        "result": Result.objects.filter(game=game).first(),
        "preview": _preview(request, game),
    }
    template = "core/replay.html#step" if getattr(request, "htmx", False) else "core/replay.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _preview(request: HttpRequest, game: Game) -> dict[str, str]:
    """What a shared replay address previews itself with (OpenGraph and Twitter tags): the
    final board's picture (games.core.preview) and the SHARE text's first line, absolute."""
    kind = game.kind
    return {
        "url": request.build_absolute_uri(game.replay_url()),
        "image": request.build_absolute_uri(reverse("core:preview", args=[game.pk])),
        "description": kind.share_title(game.state, kind.options_from_dict(game.options)),
    }


def _step(text: str) -> int | None:
    """The asked-for replay step: a whole number (a negative one is the start), else the end."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        return None
    return 0 if text.startswith("-") else int(digits)
