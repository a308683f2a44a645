"""A LAN leave costs what the leave dialog says, like an offline one: the server's ``leave`` runs through the same
``Table.leave`` and engine cap, so whatever the bot that plays the seat on feeds the others (eats, a chốt, an Ù or
a đền), the leaver pays its Móm and no more, and the table's chips are conserved."""

from __future__ import annotations

import pytest

from tala_desktop.engine import Rules, leave_cost

from .core_kit import CoreKit
from .core_table import CoreTable, typed

BET, BALANCE = 200, 3000


def moves_played(table: CoreTable) -> int:
    hosted = table.kit.core.rooms[table.id].table
    assert hosted is not None and hosted.state is not None
    return len(hosted.state.history)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(5))
def test_a_lan_leave_costs_the_figure_the_dialog_shows(players, seed):
    with CoreKit(seed=seed, balance=BALANCE) as kit:
        table = CoreTable(kit, ["Lan", "Minh", "Tú"][:players], turn_seconds=0, bet=BET)
        host, leaver = table.conns[0], table.conns[1]
        table.play_until(lambda: moves_played(table) >= 2 * seed + 1)
        snap = typed(table.view(leaver))
        if snap.outcome is not None:
            pytest.skip("an Ù ended the game before the moment to leave")
        shown = leave_cost(snap.rules, snap.bet, snap.balances[1])
        at_leave = snap.balances[1]
        kit.say(leaver, type="leave")
        table.away.add(leaver)                               # nobody reads that connection from now on
        table.play_until(table.game_over(1, [host]))
        final = typed(table.view(host))
        assert shown == Rules(players=players).mom_pay * BET
        paid = at_leave - final.balances[1]
        assert paid <= shown, f"the leave cost {paid}, the dialog said {shown}"
        if players == 2:
            assert paid == shown
        assert sum(final.balances) == BALANCE * players
