"""The table protocol's Structs: every message of real games survives the wire, and bad frames are refused."""

from __future__ import annotations

import msgspec
import pytest

from tala_desktop.bots import BotLevel, Reason
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Move, MoveKind, Rules
from tala_desktop.table import SeatConfig, Table, TableConfig
from tala_desktop.table.messages import (
    MESSAGE_TYPES,
    Ate,
    Dealt,
    Error,
    GameEnded,
    Hint,
    MoveCommand,
    Payment,
    SeatMessage,
    Snapshot,
    TableCommand,
    TableMessage,
    tag_of,
)

decode_message = msgspec.json.Decoder(TableMessage).decode
decode_command = msgspec.json.Decoder(TableCommand).decode


def played_messages(seed: int, players: int = 4) -> list[SeatMessage]:
    """Every message every seat received in one bot-only game (with one hint and one refusal added)."""
    seats = [SeatConfig(f"Bot {i}", level=BotLevel.NORMAL) for i in range(players)]
    table = Table(TableConfig(seats, rules=Rules(players=players, reveal_eaten_phom=True), seed=seed,
                              think_delay=0.0), InlineRunner())
    seen: list[SeatMessage] = []
    table.subscribe(lambda seat, msg: seen.append(msg))
    table.start_game(0.0)
    now = 0.0
    while table.state is not None and not table.state.is_over:
        now += 0.01
        table.update(now)
    table.close()
    seen.append(Hint(move=Move(0, MoveKind.SEND, card=12, target=2, index=1),
                     reason=Reason("bot.keep_ca", {"cards": "7♥ 8♥"}), game_id=1))
    seen.append(Error(code="not_in_hand", message="Kh is not in the hand"))
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_message_of_a_game_round_trips_through_json(seed):
    messages = played_messages(seed)
    kinds = {type(m) for m in messages}
    assert {Dealt, Snapshot, Payment, GameEnded} <= kinds
    for msg in messages:
        frame = msgspec.json.encode(msg)
        back = decode_message(frame)
        assert type(back) is type(msg) and back == msg, frame


def test_the_wire_form_is_the_tag_and_the_fields():
    ate = Ate(seat=1, victim=0, card=38, chot=False, nth=1, starter=1, game_id=3)
    assert msgspec.json.decode(msgspec.json.encode(ate)) == {
        "type": "ate", "game_id": 3, "seat": 1, "victim": 0, "card": 38, "chot": False, "nth": 1, "starter": 1}
    pay = Payment(from_seat=0, to=1, amount=100, reason="eat", game_id=3)
    assert msgspec.json.decode(msgspec.json.encode(pay))["from"] == 0
    cmd = MoveCommand(game_id=3, move=Move(1, MoveKind.LAY, melds=(7, 7 << 13)))
    assert msgspec.json.encode(cmd) == b'{"type":"move","game_id":3,"move":[1,"lay",-1,[7,57344],-1,null]}'
    assert decode_command(msgspec.json.encode(cmd)) == cmd
    assert sorted(tag_of(t) for t in MESSAGE_TYPES) == sorted(
        ["dealt", "turn", "drew", "ate", "moved", "discarded", "laid", "sent", "revealed", "u", "timeout", "left",
         "payment", "outcome", "snapshot", "story", "thinking", "hint", "error"])


def _snapshot_obj() -> dict:
    snap = next(m for m in played_messages(1, players=2) if isinstance(m, Snapshot) and m.legal)
    return msgspec.to_builtins(snap)


@pytest.mark.parametrize("change", [
    lambda d: d.update(extra=1),                                # unknown field
    lambda d: d.pop("hand"),                                     # missing field
    lambda d: d.update(hand=[52]),                               # not a card
    lambda d: d.update(hand=[0] * 53),                           # longer than a deck
    lambda d: d.update(seat=4),                                  # not a seat
    lambda d: d.update(names=["x" * 41, "y"]),                   # name too long
    lambda d: d.update(balances=[1, 2, 3, 4, 5]),                # more than four seats
    lambda d: d.update(phase="dance"),                           # not a phase
    lambda d: d.update(legal=[[0, "fly"]]),                      # not a move kind
    lambda d: d.update(legal=[[0, "draw", -1, [], -1, None, 9]]),  # a move with a seventh field
    lambda d: d.update(legal=[[True, "draw"]]),                  # a bool is not a seat
    lambda d: d.update(last_discard=[0, 1, 2]),                  # [seat, card] only
    lambda d: d["rules"].update(players=7),                      # rules the engine refuses
    lambda d: d.update(clock={"seat": 0, "deadline": 1.0, "seconds": 30, "remaining": 3.0, "x": 0}),
    lambda d: d.update(type="snapshots"),                        # unknown type
    lambda d: d.update(payments=[{"type": "payment", "game_id": 1, "from": 0, "to": 1, "amount": 5,
                                  "reason": "gift"}]),          # not a rule that pays
    lambda d: d.update(payments=[{"type": "payment", "game_id": 1, "from": 0, "to": 1, "amount": -5,
                                  "reason": "eat"}]),           # a payment takes chips, never gives them
])
def test_a_snapshot_that_breaks_the_schema_is_refused(change):
    obj = _snapshot_obj()
    assert isinstance(decode_message(msgspec.json.encode(obj)), Snapshot)
    change(obj)
    with pytest.raises(msgspec.ValidationError):
        decode_message(msgspec.json.encode(obj))


@pytest.mark.parametrize("frame", [
    b'{"type":"move","game_id":1,"move":"0 draw"}',                        # the move is a value, not text
    b'{"type":"move","game_id":1,"move":[0,"draw"],"x":1}',                # unknown field
    b'{"type":"move","game_id":-1,"move":[0,"draw"]}',                     # no such game
    b'{"type":"move","game_id":1,"move":[0,"discard","Kh"]}',              # cards are numbers
    b'{"type":"move","game_id":1}',                                        # no move
    b'{"type":"next_game","now":true}',
    b'{"type":"teleport"}',
])
def test_a_malformed_command_is_refused(frame):
    with pytest.raises(msgspec.ValidationError):
        decode_command(frame)


def test_messages_are_immutable_values():
    err = Error(code="x", message="y")
    with pytest.raises(AttributeError):
        err.code = "z"
    assert err == Error(code="x", message="y") and hash(err) == hash(Error(code="x", message="y"))
