"""Whose webhook call goes next (engine.records.webhook_turns): turns across workspaces, and bounds per address."""

from __future__ import annotations

from engine.records.webhook_turns import AddressBounds, FairTurns


def test_a_backlog_of_one_workspace_does_not_queue_ahead_of_anothers_single_message() -> None:
    turns = FairTurns(total=4, per_workspace=2)
    for n in range(1000):
        turns.add("ws_a", f"a{n}")
    turns.add("ws_b", "b0")
    given = [turns.next_nowait(), turns.next_nowait(), turns.next_nowait()]
    assert given == [("ws_a", "a0"), ("ws_b", "b0"), ("ws_a", "a1")]
    assert turns.next_nowait() is None  # ws_a holds its two slots, ws_b has nothing waiting
    turns.add("ws_c", "c0")
    assert turns.next_nowait() == ("ws_c", "c0")
    turns.add("ws_c", "c1")
    assert turns.next_nowait() is None  # all four slots taken
    turns.done("ws_b")
    assert turns.next_nowait() == ("ws_c", "c1")  # ws_a is still at its bound
    turns.done("ws_a")
    assert turns.next_nowait() == ("ws_a", "a2")
    assert turns.next_nowait() is None  # all four slots taken again
    assert turns.statistics().running == 4
    assert turns.statistics().waiting == 997


def test_a_message_back_from_waiting_goes_first_in_its_workspace() -> None:
    turns = FairTurns(total=8, per_workspace=8)
    turns.add("ws_a", "later")
    turns.add("ws_a", "parked", first=True)
    assert [turns.next_nowait(), turns.next_nowait()] == [("ws_a", "parked"), ("ws_a", "later")]


def test_an_address_full_for_one_workspace_parks_its_messages_and_wakes_one_per_call_that_ends() -> None:
    bounds = AddressBounds(limit=2)
    assert [bounds.take_nowait("ws_a", "127.0.0.4") for _ in range(3)] == [True, True, False]
    assert bounds.take_nowait("ws_b", "127.0.0.4")  # another workspace has its own room there
    assert bounds.take_nowait("ws_a", "127.0.0.5")  # and so has another address
    bounds.park("ws_a", "127.0.0.4", "m1")
    bounds.park("ws_a", "127.0.0.4", "m2")
    assert bounds.parked() == 2
    assert bounds.give_back("ws_a", "127.0.0.4") == "m1"
    assert bounds.give_back("ws_b", "127.0.0.4") is None
    assert bounds.give_back("ws_a", "127.0.0.4") == "m2"
    assert bounds.parked() == 0
    assert bounds.take_nowait("ws_a", "127.0.0.4")
