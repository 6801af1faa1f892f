"""Online MISHIMASH tables: opening one, taking and ordering seats, starting, and who may do
what once the game runs (only the seat to act moves; the others may skip a seat that has been
idle past the table's time limit; the host may remove a seat skipped again and again).

What a table shows one visitor is a `TableView`; its `key` changes whenever anything on that
visitor's page would, so the watchers' polls answer "nothing changed" from one small query.
"""

from __future__ import annotations

import math
import random
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core.models import Game, GameOver, Player, StaleVersion, pack_rng, seed_hash
from games.core.play.refusals import Refused, rules_message
from games.mishimash import computers
from games.mishimash.online.kind import ONLINE_KIND
from games.mishimash.online.models import SKIPS_BEFORE_REMOVAL, Seat, Table
from games.rules import IllegalMove
from games.rules import mishimash as rules

MIN_SEATS, MAX_SEATS = 2, rules.MAX_PLAYERS
TURN_LIMITS = (60, 120, 300, 600)  # seconds a seat may stay idle before the others may skip it
DEFAULT_TURN_LIMIT = 120
COMPUTER_PAUSE_SECONDS = 1.0  # a computer seat acts this long after the last move, at a poll

WATCH_MESSAGE = _("You are watching this table: only its seated players can play.")
NOT_STARTED_MESSAGE = _("The game has not started yet.")
ENDED_MESSAGE = _("This game has ended.")
HOST_ONLY_MESSAGE = _("Only the host of this table can do that.")


# --- before the start ------------------------------------------------------------------------


def open_table(host: Player, *, target: int, size: int, turn_seconds: int) -> Table:
    """A new table with the host in its first seat."""
    with transaction.atomic():
        table = Table.objects.create(host=host, target=target, size=size, turn_seconds=turn_seconds)
        Seat.objects.create(table=table, player=host, position=0, name=host.display_name[:24])
    return table


def _locked(table: Table) -> Table:
    """The table row again, locked for this transaction (PostgreSQL; SQLite's IMMEDIATE
    transactions already hold the write lock)."""
    return Table.objects.select_for_update().get(pk=table.pk)


def _lobby_changed(table: Table, **fields: Any) -> None:
    """Tell the lobby's pollers something changed (and store `fields`), in the caller's
    transaction."""
    Table.objects.filter(pk=table.pk).update(lobby_version=F("lobby_version") + 1, **fields)


def take_seat(table: Table, player: Player) -> Seat:
    """Seat `player` at the end of the order; Refused when started, full, or the name clashes."""
    with transaction.atomic():
        table = _locked(table)
        seats = list(table.seats.all())
        if any(seat.player_id == player.pk for seat in seats):
            return next(seat for seat in seats if seat.player_id == player.pk)
        if table.game_id is not None:
            raise Refused(_("The game has started: no more seats can be taken. You can watch."))
        if len(seats) >= table.size:
            raise Refused(_("This table is full: all its seats are taken. You can watch."))
        name = player.display_name[:24]
        try:  # the rules' own checks of a name and of two players called alike
            rules.Options((*(seat.name for seat in seats), name), table.target)
        except IllegalMove as error:
            raise Refused(
                gettext("You cannot sit down as “%(name)s”: %(reason)s Change your nickname.")
                % {"name": name, "reason": rules_message(error)}
            ) from None
        seat = Seat.objects.create(table=table, player=player, position=len(seats), name=name)
        _lobby_changed(table)
    return seat


def move_seat(table: Table, player: Player, position: int, *, earlier: bool) -> None:
    """The host moves the seat at `position` one place earlier (or later) in the order."""
    with transaction.atomic():
        table = _locked(table)
        _check_host(table, player)
        if table.game_id is not None:
            raise Refused(_("The game has started: the seating order is fixed."))
        seats = list(table.seats.order_by("position"))
        other = position - 1 if earlier else position + 1
        if not (0 <= position < len(seats) and 0 <= other < len(seats)):
            raise Refused(_("That seat cannot move further."))
        seats[position], seats[other] = seats[other], seats[position]
        for number, seat in enumerate(seats):
            if seat.position != number:
                Seat.objects.filter(pk=seat.pk).update(position=number)
        _lobby_changed(table)


def add_computer(table: Table, player: Player, name: str, strength: str) -> Seat:
    """The host seats the computer at `strength`, named `name`, at the end of the order."""
    with transaction.atomic():
        table = _locked(table)
        _check_host(table, player)
        if table.game_id is not None:
            raise Refused(_("The game has started: no more seats can be taken. You can watch."))
        seats = list(table.seats.all())
        if len(seats) >= table.size:
            raise Refused(_("This table is full: all its seats are taken. You can watch."))
        if strength not in computers.STRENGTH_LABELS:
            raise Refused(_("Choose one of the computer strengths offered."))
        try:
            rules.Options((*(seat.name for seat in seats), name), table.target)
        except IllegalMove as error:
            raise Refused(rules_message(error)) from None
        seat = Seat.objects.create(
            table=table, player=None, position=len(seats), name=name, strength=strength
        )
        _lobby_changed(table)
    return seat


def drop_computer(table: Table, player: Player, position: int) -> None:
    """The host takes the computer seat at `position` away again, before the start."""
    with transaction.atomic():
        table = _locked(table)
        _check_host(table, player)
        if table.game_id is not None:
            raise Refused(_("The game has started: the seating order is fixed."))
        seats = list(table.seats.order_by("position"))
        if not (0 <= position < len(seats)) or not seats[position].strength:
            raise Refused(_("Only a computer seat can be taken away."))
        Seat.objects.filter(pk=seats[position].pk).delete()
        for number, seat in enumerate(seats[position + 1 :], position):
            Seat.objects.filter(pk=seat.pk).update(position=number)
        _lobby_changed(table)


def start(table: Table, player: Player, seed: str | None = None) -> Game:
    """The host starts the game with the seats in their order (`seed`: for tests only)."""
    with transaction.atomic():
        table = _locked(table)
        _check_host(table, player)
        if table.game_id is not None:
            raise Refused(_("The game has already started."))
        seats = list(table.seats.order_by("position"))
        if len(seats) < MIN_SEATS:
            raise Refused(_("Wait for at least one more player to take a seat."))
        names = tuple(seat.name for seat in seats)
        robots = tuple((seat.position, seat.strength) for seat in seats if seat.strength)
        options = computers.SeatedOptions(names, table.target, robots)
        game = _deal(table.host, options, seed)
        _lobby_changed(table, game=game)
    return game


def _deal(host: Player, options: computers.SeatedOptions, seed: str | None) -> Game:
    """The table's stored game, like `Game.start` but abandoning none of the host's games."""
    seed = seed or secrets.token_hex(32)
    rng = random.Random(seed)
    state = ONLINE_KIND.new_state(options, rng)
    return Game.objects.create(
        kind_key=ONLINE_KIND.key,
        player=host,
        options=options.to_dict(),
        leaderboard="",
        seed=seed,
        seed_hash=seed_hash(seed),
        snapshot=ONLINE_KIND.dump_state(state),
        rng_state=pack_rng(rng),
    )


def _check_host(table: Table, player: Player | None) -> None:
    if player is None or table.host_id != player.pk:
        raise Refused(HOST_ONLY_MESSAGE, 403)


# --- during the game -------------------------------------------------------------------------


def idle_seconds(game: Game, now: datetime) -> float:
    """How long the seat to act has not acted: since the last action (or the start)."""
    return (now - game.updated_at).total_seconds()


def act(view: TableView, action: rules.Action, version: int) -> None:
    """Store `action` at `version`, keeping the seats' skip counts in step, in one
    transaction. Raises StaleVersion, GameOver or IllegalMove (nothing written)."""
    game, seat = view.game, view.to_act  # the seat to act before the action
    assert game is not None and seat is not None
    with transaction.atomic():
        game.apply_action(action, version)
        if isinstance(action, rules.Skip):
            Seat.objects.filter(pk=seat.pk).update(skips=F("skips") + 1)
        elif not isinstance(action, rules.Remove) and seat.skips:
            Seat.objects.filter(pk=seat.pk).update(skips=0)  # they are back


def seated_refusal(view: TableView) -> Refused | None:
    """Why the visitor may not act at this table at all: no game yet, only watching, or over."""
    if view.game is None:
        return Refused(NOT_STARTED_MESSAGE)
    if view.seat is None:
        return Refused(WATCH_MESSAGE, 403)
    if not view.game.is_active:
        return Refused(ENDED_MESSAGE)
    return None


def own_move_refusal(view: TableView) -> Refused | None:
    """Why the visitor may not make a move of their own now (None: they may)."""
    if refused := seated_refusal(view):
        return refused
    if not view.my_turn:
        return Refused(
            gettext("It is %(name)s's turn, not yours.") % {"name": view.state.current_name}, 403
        )
    return None


def skip_refusal(view: TableView) -> Refused | None:
    """Why the visitor may not skip the seat to act now."""
    if refused := seated_refusal(view):
        return refused
    assert view.seat is not None  # seated_refusal refuses a watcher
    if view.seat.position in view.removed:
        return Refused(_("You were removed from this game: you can watch it."), 403)
    if view.my_turn:
        return Refused(_("It is your own turn: play it."))
    if view.to_act is not None and view.to_act.strength:
        return Refused(
            gettext("%(name)s is a computer player: it plays its own turns.")
            % {"name": view.state.current_name}
        )
    if not view.skippable:
        return Refused(
            gettext("%(name)s still has %(seconds)d seconds to play before they can be skipped.")
            % {"name": view.state.current_name, "seconds": view.seconds_left}
        )
    return None


def remove_refusal(view: TableView) -> Refused | None:
    """Why the visitor may not remove the seat to act now (only the host may, after skips)."""
    refusal = skip_refusal(view)
    if refusal is not None and refusal.status == 403:
        return refusal
    if not view.is_host:
        return Refused(HOST_ONLY_MESSAGE, 403)
    if refusal is not None:
        return refusal
    assert view.to_act is not None
    if view.to_act.skips < SKIPS_BEFORE_REMOVAL:
        return Refused(
            gettext("A seat can be removed after %(count)d skipped turns in a row.")
            % {"count": SKIPS_BEFORE_REMOVAL}
        )
    return None


# --- what one visitor sees -------------------------------------------------------------------


def watch_key(lobby_version: int, game_version: int | None, skippable: bool) -> str:
    """What a watcher's page depends on: the seats, the game's version, and whether the seat to
    act may be skipped yet (that turns true with time alone). Who watches is not in it: one
    browser's page always answers one visitor (signing in or out loads a new page)."""
    game = -1 if game_version is None else game_version
    return f"{lobby_version}.{game}.{int(skippable)}"


def _key_row(token: str) -> dict[str, Any] | None:
    row = (
        Table.objects.filter(token=token)
        .values(
            "lobby_version",
            "turn_seconds",
            "game_id",
            "game__version",
            "game__updated_at",
            "game__status",
            "game__options__computers",
            "game__snapshot__current",
        )
        .first()
    )
    return None if row is None else dict(row)


def computer_due(row: dict[str, Any], now: datetime) -> bool:
    """A computer seat is to act and its pause since the last move is over (`row`: the game's
    fields as `_key_row` names them)."""
    return _due(
        row["game__status"],
        row["game__updated_at"],
        row["game__options__computers"],
        row["game__snapshot__current"],
        now,
    )


def _due(status: str, updated: datetime | None, seats: Any, current: int, now: datetime) -> bool:
    """The due time of a computer's action is the last action's time (`updated`) plus the
    pause: a computer seat is to act and that time has come."""
    return (
        status == Game.Status.ACTIVE
        and updated is not None
        and any(seat == current for seat, _strength in seats or [])
        and (now - updated).total_seconds() >= COMPUTER_PAUSE_SECONDS
    )


def play_computer(game_id: int, seen_version: int) -> bool:
    """Play the one action of the computer to act, if it is still due at the version the poll
    saw (`seen_version`); whether it was stored (False: a person is to act, or another poll
    played it first).

    The action is chosen outside any lock; then, in one transaction, the game's row is read
    again under its lock and the check is made again: still at `seen_version`, a computer to
    act, its pause over. A poll racing the one that played finds a new version (and a due time
    in the future) and plays nothing, so each due time gets exactly one action."""
    game = Game.objects.get(pk=game_id)
    if game.version != seen_version or not game.is_active:
        return False
    action = computers.next_action(game.state, computers.game_options(game))
    if action is None:
        return False
    with transaction.atomic():
        row = (
            Game.objects.select_for_update()
            .filter(pk=game_id)
            .values("version", "status", "updated_at", "options__computers", "snapshot__current")
            .first()
        )
        if row is None or row["version"] != seen_version:
            return False
        seats, current = row["options__computers"], row["snapshot__current"]
        if not _due(row["status"], row["updated_at"], seats, current, timezone.now()):
            return False
        try:
            game.apply_action(action, seen_version)
        except (StaleVersion, GameOver):
            return False
    return True


def current_key(token: str, now: datetime) -> str | None:
    """The watch key of the table `token` from one query (None: no such table): the poll
    answers "nothing changed" from this alone. A computer's action that is due is played
    first: at most one a poll, and of polls racing after one due time exactly one (see
    `play_computer`)."""
    row = _key_row(token)
    if row is not None and computer_due(row, now):
        if play_computer(row["game_id"], row["game__version"]):
            row = _key_row(token)
    if row is None:
        return None
    updated = row["game__updated_at"]
    skippable = (
        row["game__status"] == Game.Status.ACTIVE
        and updated is not None
        and (now - updated).total_seconds() >= row["turn_seconds"]
    )
    return watch_key(row["lobby_version"], row["game__version"], skippable)


@dataclass
class TableView:
    """One visitor's view of a table: their seat (None for a spectator), whether they are
    the host, whose turn it is, what they may do."""

    table: Table
    seats: list[Seat]
    player: Player | None
    seat: Seat | None
    now: datetime
    game: Game | None

    @classmethod
    def of(cls, table: Table, player: Player | None) -> TableView:
        seats = list(table.seats.order_by("position"))
        mine = next((s for s in seats if player is not None and s.player_id == player.pk), None)
        return cls(table, seats, player, mine, timezone.now(), table.game)

    @property
    def state(self) -> rules.State:
        assert self.game is not None
        state: rules.State = self.game.state
        return state

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def is_host(self) -> bool:
        return self.player is not None and self.player.pk == self.table.host_id

    @property
    def full(self) -> bool:
        return len(self.seats) >= self.table.size

    @property
    def can_join(self) -> bool:
        return self.seat is None and not self.started and not self.full

    @property
    def active(self) -> bool:
        return self.game is not None and self.game.is_active

    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is (None before the start or once over)."""
        if not self.active:
            return None
        return next((s for s in self.seats if s.position == self.state.current), None)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.active and self.state.current == self.seat.position

    @property
    def seconds_left(self) -> int:
        """Seconds until the seat to act may be skipped (0: it may be now)."""
        if self.game is None:
            return 0
        left = self.table.turn_seconds - idle_seconds(self.game, self.now)
        return max(0, math.ceil(left))

    @property
    def skippable(self) -> bool:
        """The seat to act has been idle for the table's time limit (the others may skip it)."""
        if self.game is None or not self.active:
            return False
        return idle_seconds(self.game, self.now) >= self.table.turn_seconds

    @property
    def can_skip(self) -> bool:
        return skip_refusal(self) is None

    @property
    def can_remove(self) -> bool:
        return remove_refusal(self) is None

    @property
    def turn_minutes(self) -> int:
        return self.table.turn_seconds // 60

    @property
    def removed(self) -> set[int]:
        return set(self.state.removed) if self.game is not None else set()

    @property
    def key(self) -> str:
        version = None if self.game is None else self.game.version
        return watch_key(self.table.lobby_version, version, self.skippable)
