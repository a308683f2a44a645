"""The words of each house-rule switch: its name and help line in the editor, and how a summary says its value.

A toggle's summary has a phrase for on and one for off ("Móm được gửi" /
"Móm không được gửi"); a number's summary takes the bets ("chốt 2 cược");
``rank_pay`` says the three places. Keyed by the ``Rules`` field the switch
edits (``house_rules.SWITCHES``).
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.i18n import N_


class SwitchWords(NamedTuple):
    name: str            # the editor's title of the switch
    help: str            # the editor's line under it
    said: str            # the summary's phrase (a toggle's when on)
    said_off: str = ""   # a toggle's phrase when off


WORDS: dict[str, SwitchWords] = {
    "u_khan": SwitchWords(N_("house.name.u_khan"), N_("house.help.u_khan"), N_("house.sum.u_khan.on"),
                          N_("house.sum.u_khan.off")),
    "u_khan_pay": SwitchWords(N_("house.name.u_khan_pay"), N_("house.help.u_khan_pay"), N_("house.sum.u_khan_pay")),
    "u_pay": SwitchWords(N_("house.name.u_pay"), N_("house.help.u_pay"), N_("house.sum.u_pay")),
    "u_tron_pay": SwitchWords(N_("house.name.u_tron_pay"), N_("house.help.u_tron_pay"), N_("house.sum.u_tron_pay")),
    "progressive_eat": SwitchWords(N_("house.name.progressive_eat"), N_("house.help.progressive_eat"),
                                   N_("house.sum.progressive_eat.on"), N_("house.sum.progressive_eat.off")),
    "chot_pay": SwitchWords(N_("house.name.chot_pay"), N_("house.help.chot_pay"), N_("house.sum.chot_pay")),
    "den_three_eats": SwitchWords(N_("house.name.den_three_eats"), N_("house.help.den_three_eats"),
                                  N_("house.sum.den_three_eats.on"), N_("house.sum.den_three_eats.off")),
    "den_chot": SwitchWords(N_("house.name.den_chot"), N_("house.help.den_chot"), N_("house.sum.den_chot.on"),
                            N_("house.sum.den_chot.off")),
    "mom_can_send": SwitchWords(N_("house.name.mom_can_send"), N_("house.help.mom_can_send"),
                                N_("house.sum.mom_can_send.on"), N_("house.sum.mom_can_send.off")),
    "mom_pay": SwitchWords(N_("house.name.mom_pay"), N_("house.help.mom_pay"), N_("house.sum.mom_pay")),
    "rank_pay": SwitchWords(N_("house.name.rank_pay"), N_("house.help.rank_pay"), N_("house.sum.rank_pay")),
    "ace_high_run": SwitchWords(N_("house.name.ace_high_run"), N_("house.help.ace_high_run"),
                                N_("house.sum.ace_high_run.on"), N_("house.sum.ace_high_run.off")),
    "face_value_10": SwitchWords(N_("house.name.face_value_10"), N_("house.help.face_value_10"),
                                 N_("house.sum.face_value_10.on"), N_("house.sum.face_value_10.off")),
    "reveal_eaten_phom": SwitchWords(N_("house.name.reveal_eaten_phom"), N_("house.help.reveal_eaten_phom"),
                                     N_("house.sum.reveal_eaten_phom.on"), N_("house.sum.reveal_eaten_phom.off")),
    "timeout_last_turn_is_mom": SwitchWords(N_("house.name.timeout_last_turn_is_mom"),
                                            N_("house.help.timeout_last_turn_is_mom"),
                                            N_("house.sum.timeout_last_turn_is_mom.on"),
                                            N_("house.sum.timeout_last_turn_is_mom.off")),
}
PRESET_RESETS = {"zingplay": N_("house.reset.zingplay"), "co_ban": N_("house.reset.co_ban")}
PRESET_MATCHES = {"zingplay": N_("house.same.zingplay"), "co_ban": N_("house.same.co_ban")}
