"""I18n: the one string table of the UI (Vietnamese by default, English) and ``tr``.

Every string the UI prints goes through ``tr(key, **kwargs)`` which formats
the current language's template with ``str.format``. ``set_language``
switches the process-wide language (a setting, not game state). ``tr_count``
picks a key's singular form (``key#one``) for a count of one. Cards are
passed already formatted (``card_label(c)`` -> "7♥"); amounts via ``money``.
"""

from __future__ import annotations

import logging

from .i18n_bots import BOT_STRINGS
from .i18n_lan import LAN_STRINGS
from .i18n_people import PEOPLE_STRINGS
from .i18n_rules import RULES_STRINGS
from .i18n_screens import SCREEN_STRINGS
from .i18n_social import SOCIAL_STRINGS
from .i18n_table import TABLE_STRINGS

log = logging.getLogger(__name__)

LANGUAGES = ("vi", "en")
ONE = "#one"          # suffix of a key's singular form (see tr_count)
DEFAULT_LANGUAGE = "vi"

# key: (Vietnamese, English)
STRINGS: dict[str, tuple[str, str]] = {
    "app.title": ("Tá Lả", "Tá Lả (Phỏm)"),
    "app.no_display": (
        "Tá Lả Desktop: không tìm thấy màn hình (SDL chỉ có trình điều khiển {driver}, không vẽ ra đâu cả). Hãy mở "
        "trò chơi trong phiên làm việc có giao diện đồ họa (trên Linux: DISPLAY hoặc WAYLAND_DISPLAY phải trỏ tới "
        "màn hình); muốn chạy không có cửa sổ thì đặt SDL_VIDEODRIVER=dummy.",
        "Tá Lả Desktop: no display found (SDL fell back to its {driver} driver, which draws nowhere). Start the "
        "game from a desktop session (on Linux DISPLAY or WAYLAND_DISPLAY must name a screen); to run it without "
        "a window on purpose, set SDL_VIDEODRIVER=dummy."),
    # icons (DejaVu has these; it has no emoji such as 🔊, so the sound toggle uses ♪)
    "icon.menu": ("≡", "≡"),
    "icon.settings": ("⚙", "⚙"),
    "icon.help": ("?", "?"),
    "icon.sound_on": ("♪", "♪"),
    "icon.sound_off": ("✗", "✗"),
    # actions
    "btn.eat": ("Ăn", "Eat"),
    "btn.draw": ("Bốc", "Draw"),
    "btn.discard": ("Đánh", "Discard"),
    "btn.lay": ("Hạ", "Lay down"),
    "btn.send": ("Gửi", "Send"),
    "btn.u": ("Ù", "Ù"),
    "btn.u_khan": ("Ù khan", "Ù khan"),
    "btn.skip": ("Bỏ qua", "Skip"),
    "btn.sort": ("Xếp bài", "Sort"),
    "btn.hint": ("Gợi ý", "Hint"),
    "btn.new_game": ("Ván mới", "New game"),
    "btn.ok": ("Đồng ý", "OK"),
    "btn.cancel": ("Hủy", "Cancel"),
    "btn.back": ("Quay lại", "Back"),
    "btn.start": ("Bắt đầu", "Start"),
    # main menu
    "menu.play_bots": ("Chơi với máy", "Play against the computer"),
    "menu.play_lan": ("Chơi qua mạng LAN", "Play on the LAN"),
    "menu.settings": ("Cài đặt", "Settings"),
    "menu.rules": ("Luật chơi", "Rules"),
    "menu.quit": ("Thoát", "Quit"),
    "menu.continue": ("Chơi tiếp", "Continue"),
    # pause menu
    "pause.title": ("Tạm dừng", "Paused"),
    "pause.resume": ("Chơi tiếp", "Resume"),
    "pause.settings": ("Cài đặt", "Settings"),
    "pause.rules": ("Luật chơi", "Rules"),
    "pause.leave": ("Rời bàn", "Leave the table"),
    "pause.quit": ("Thoát game", "Quit the game"),
    "pause.confirm_leave": ("Rời bàn? Ván đang chơi sẽ bị xử thua.", "Leave? The game in progress counts as lost."),
    # ranks and outcomes
    "rank.1": ("Nhất", "1st"),
    "rank.2": ("Nhì", "2nd"),
    "rank.3": ("Ba", "3rd"),
    "rank.last": ("Bét", "Last"),
    "rank.mom": ("Móm", "Móm"),
    "rank.u": ("Ù", "Ù"),
    "rank.u_tron": ("Ù tròn", "Ù tròn"),
    "rank.u_khan": ("Ù khan", "Ù khan"),
    "rank.den": ("Đền", "Pays all"),
    # banners
    "banner.eat": ("Ăn!", "Eat!"),
    "banner.u": ("Ù!", "Ù!"),
    "banner.u_tron": ("Ù tròn!", "Ù tròn!"),
    "banner.u_khan": ("Ù khan!", "Ù khan!"),
    "banner.mom": ("Móm", "Móm"),
    "banner.den": ("Đền!", "Pays all!"),
    "banner.chot": ("Ăn chốt!", "Ate the last card!"),
    # table labels
    "table.stock": ("Nọc {count}", "Stock {count}"),
    "table.cards": ("{count} lá", "{count} cards"),
    "table.bet": ("Cược {bet}", "Bet {bet}"),
    "table.number": ("Bàn {number}", "Table {number}"),
    "table.points": ("{points} điểm", "{points} points"),
    "table.thinking": ("Đang nghĩ…", "Thinking…"),
    "table.you": ("Bạn", "You"),
    "table.new_game": ("Ván mới", "New game"),
    "table.auto_start": ("Ván mới sau {seconds} giây", "Next game in {seconds} s"),
    # status line
    "status.turn": ("Đến lượt {name}", "{name}'s turn"),
    "status.your_turn": ("Đến lượt bạn", "Your turn"),
    "status.ate": ("{name} ăn {card} của {victim} ({amount} cược)", "{name} eats {card} from {victim} ({amount} bets)"),
    "status.you_ate": ("Bạn ăn {card} của {victim} ({amount} cược)", "You eat {card} from {victim} ({amount} bets)"),
    "status.drew": ("{name} bốc một lá", "{name} draws a card"),
    "status.discarded": ("{name} đánh {card}", "{name} discards {card}"),
    "status.laid": ("{name} hạ {cards}", "{name} lays {cards}"),
    "status.sent": ("{name} gửi {card} vào phỏm của {target}", "{name} sends {card} to {target}'s phỏm"),
    "status.moved": ("{card} chuyển sang {name}", "{card} moves to {name}"),
    "status.must_lay": ("Bạn phải hạ bài", "You must lay down your phỏm"),
    "status.must_discard": ("Hãy đánh một lá", "Discard a card"),
    "status.draw_or_eat": ("Bốc bài hoặc ăn {card}", "Draw, or eat {card}"),
    "status.cannot_discard_eaten": ("Không thể đánh {card}: lá đã ăn", "Cannot discard {card}: it was eaten"),
    "status.cannot_discard_breaks": ("Không thể đánh {card}: phá phỏm có lá đã ăn",
                                     "Cannot discard {card}: it breaks a phỏm with an eaten card"),
    "status.cannot_eat": ("Không thể ăn {card}: không tạo thành phỏm", "Cannot eat {card}: it makes no phỏm"),
    "status.invalid_lay": ("Các lá đã chọn không tạo thành phỏm", "The raised cards do not form phỏm"),
    "status.cannot_send": ("Không thể gửi {card} vào phỏm này", "Cannot send {card} to this phỏm"),
    "status.timeout": ("Hết giờ: máy chơi thay bạn", "Time is up: the computer played for you"),
    "status.hint": ("Gợi ý: {move} ({reason})", "Hint: {move} ({reason})"),
    "status.hint_plain": ("Gợi ý: {move}", "Hint: {move}"),
    "status.paid": ("{name} trả {amount} cho {winner}", "{name} pays {amount} to {winner}"),
    "status.new_game": ("Ván mới", "New game"),
    "status.mom": ("{name} bị móm", "{name} has no phỏm (móm)"),
    "status.u": ("{name} ù!", "{name} goes Ù!"),
    "status.connection_lost": ("Mất kết nối, đang thử lại…", "Connection lost, retrying…"),
    # table scene, results and pause overlays
    "table.you_lower": ("bạn", "you"),
    "table.left": ("Đã rời bàn", "Left"),
    "table.waiting": ("Đang chờ bàn chơi…", "Waiting for the table…"),
    "table.points_now": ("Điểm: {points}", "Points: {points}"),
    "status.take": ("Đến lượt bạn: bốc bài ở nọc", "Your turn: draw from the stock"),
    "status.first_discard": ("Bạn đi trước: đánh một lá", "You lead: discard a card"),
    "status.must_send": ("Gửi các lá được nâng lên, hoặc bấm Bỏ qua", "Send the raised cards, or press Skip"),
    "status.send_none": ("Chọn một lá rồi chọn phỏm để gửi", "Pick a card, then a phỏm to send it to"),
    "status.pick_target": ("Chọn phỏm để gửi {card}", "Pick a phỏm to send {card} to"),
    "status.lay_none": ("Không hạ phỏm nào: bạn sẽ bị móm", "Laying nothing: you will be Móm"),
    "status.lay_ready": ("Bấm Hạ để hạ {count} phỏm", "Press Lay down to lay {count} phỏm"),
    "status.eaten_not_raised": ("Lá đã ăn {card} phải được hạ", "The eaten card {card} must be laid"),
    "status.keep_one": ("Phải giữ lại một lá để đánh", "Keep one card for the last discard"),
    "status.two_eaten": ("Mỗi phỏm chỉ được có một lá đã ăn", "A phỏm may hold only one eaten card"),
    "status.not_your_turn": ("Chưa đến lượt bạn", "It is not your turn"),
    "status.draw_first": ("Hãy bốc hoặc ăn trước khi đánh", "Draw or eat before you discard"),
    "status.select_card": ("Chọn một lá để đánh", "Select a card to discard"),
    "status.you_drew": ("Bạn bốc {card}", "You draw {card}"),
    "status.left": ("{name} rời bàn", "{name} left the table"),
    "status.timeout_other": ("{name} hết giờ", "{name} ran out of time"),
    "status.timeout_discard": ("Hết giờ: máy đánh {card}, lá cao nhất được phép đánh",
                               "Time's up: the computer threw {card}, the highest that may go"),
    "status.timeout_discard_kept": ("Hết giờ: máy đánh {card}, lá cao nhất được phép đánh ({kept} giữ cho lá đã ăn)",
                                    "Time's up: the computer threw {card}, the highest that may go ({kept} stay with "
                                    "your eaten cards)"),
    "status.timeout_discard_other": ("{name} hết giờ: máy đánh {card}, lá cao nhất được phép đánh",
                                     "{name}'s time is up: the computer threw {card}, the highest that may go"),
    "status.wrong_phase": ("Chưa thể làm việc đó lúc này", "That is not possible right now"),
    "status.stock_empty": ("Nọc đã hết", "The stock is empty"),
    "status.mom_no_send": ("Bị móm thì không được gửi", "A Móm player may not send"),
    "status.u_offer": ("Bạn có thể Ù!", "You can declare Ù!"),
    "status.ukhan_offer": ("Bài của bạn được Ù khan", "Your hand qualifies for Ù khan"),
    "status.u_den": ("{name} đền cho {winner}", "{name} pays all to {winner}"),
    "status.you_den": ("Bạn đền cho {winner}", "You pay all to {winner}"),
    "move.draw": ("bốc bài", "draw"),
    "move.eat": ("ăn {card}", "eat {card}"),
    "move.discard": ("đánh {card}", "discard {card}"),
    "move.lay": ("hạ {cards}", "lay {cards}"),
    "move.lay_none": ("không hạ (móm)", "lay nothing (móm)"),
    "move.send": ("gửi {card}", "send {card}"),
    "move.u": ("ù", "declare Ù"),
    "move.ukhan": ("ù khan", "declare Ù khan"),
    "rank.lose": ("Thua", "Lost"),
    "results.leave": ("Rời bàn", "Leave"),
    "pause.continue": ("Tiếp tục", "Continue"),
    "pause.leave_note": ("Rời bàn giữa ván bị tính là móm", "Leaving mid-game counts as Móm"),
    "status.you_discarded": ("Bạn đánh {card}", "You discard {card}"),
    "status.you_laid": ("Bạn hạ {cards}", "You lay {cards}"),
    "status.you_sent": ("Bạn gửi {card} vào phỏm của {target}", "You send {card} to {target}'s phỏm"),
    "status.sent_you": ("{name} gửi {card} vào phỏm của bạn", "{name} sends {card} to your phỏm"),
    "status.you_mom": ("Bạn bị móm", "You have no phỏm (móm)"),
    "status.you_u": ("Bạn ù!", "You go Ù!"),
    "status.refused_move": ("Nước đi này không được. Hãy thử nước khác.", "That move is not allowed. Try another."),
    "status.not_in_hand": ("Lá đó không có trên tay bạn", "That card is not in your hand"),
    "status.own_phom": ("Chỉ gửi được vào phỏm của người khác", "Cards are sent to other players' phỏm only"),
    "status.nothing_to_eat": ("Không có lá nào để ăn: hãy bốc bài", "There is nothing to eat: draw a card"),
    "status.laid_no_eat": ("Đã hạ bài thì không được ăn nữa: hãy bốc bài", "After laying down you may not eat: "
                                                                          "draw a card"),
    "status.not_u": ("Bài chưa Ù được", "Your hand cannot go Ù yet"),
    "status.eaten_not_laid": ("Mọi lá đã ăn phải nằm trong phỏm được hạ", "Every eaten card must be in a laid phỏm"),
    "status.game_over": ("Ván này đã kết thúc", "This game is over"),
    "status.not_your_seat": ("Đây không phải ghế của bạn", "That is not your seat"),
    "status.seat_left": ("Bạn đã rời ván này", "You have left this game"),
    # results overlay
    "results.title": ("Kết quả ván", "Game results"),
    "results.player": ("Người chơi", "Player"),
    "results.points": ("Điểm", "Points"),
    "results.rank": ("Hạng", "Rank"),
    "results.money": ("Tiền", "Money"),
    "results.balance": ("Số dư", "Balance"),
    "results.winner": ("{name} thắng!", "{name} wins!"),
    "results.you_win": ("Bạn thắng!", "You win!"),
    # new game setup
    "setup.title": ("Ván mới", "New game"),
    "setup.players": ("Số người chơi", "Players"),
    "setup.player_name": ("Tên", "Name"),
    "setup.bot": ("Máy {number}", "Bot {number}"),
    "setup.bot_level": ("Trình độ", "Level"),
    "setup.level.easy": ("Dễ", "Easy"),
    "setup.level.normal": ("Thường", "Normal"),
    "setup.level.hard": ("Khó", "Hard"),
    "setup.level_guide.easy": ("Dễ: thường ăn khi được, đánh lá rác cao nhất.",
                               "Easy: mostly eats when it can, throws its highest trash."),
    "setup.level_guide.normal": ("Thường: giữ cạ, tránh đánh lá nhà dưới ăn được.",
                                 "Normal: keeps its pairs, avoids feeding the next player."),
    "setup.level_guide.hard": ("Khó: đánh thử hàng trăm ván có thể trước mỗi nước.",
                               "Hard: plays out hundreds of possible deals each move."),
    "setup.bet": ("Mức cược", "Bet"),
    "setup.turn_seconds": ("Thời gian mỗi lượt (giây)", "Seconds per turn"),
    "setup.rules": ("Luật", "Rules"),
    "setup.preset.zingplay": ("Zingplay", "Zingplay"),
    "setup.preset.co_ban": ("Cơ bản", "Basic"),
    "setup.preset.custom": ("Tùy chỉnh", "Custom"),
    # settings
    "settings.title": ("Cài đặt", "Settings"),
    "settings.language": ("Ngôn ngữ", "Language"),
    "settings.language.vi": ("Tiếng Việt", "Vietnamese"),
    "settings.language.en": ("Tiếng Anh", "English"),
    "settings.sound": ("Âm thanh", "Sound"),
    "settings.volume": ("Âm lượng", "Volume"),
    "settings.speed": ("Tốc độ hoạt hình", "Animation speed"),
    "settings.speed.slow": ("Chậm", "Slow"),
    "settings.speed.normal": ("Vừa", "Normal"),
    "settings.speed.fast": ("Nhanh", "Fast"),
    "settings.speed.instant": ("Tức thì", "Instant"),
    "settings.four_colour": ("Bộ bài 4 màu", "Four-colour deck"),
    "settings.card_back": ("Mặt sau lá bài", "Card back"),
    "settings.fullscreen": ("Toàn màn hình (F11)", "Fullscreen (F11)"),
    "settings.on": ("Bật", "On"),
    "settings.off": ("Tắt", "Off"),
    # app shell: main menu, setup, settings, rules pages
    "menu.logo": ("Tá Lả", "Tá Lả"),
    "menu.subtitle": ("Phỏm · Tá lả", "Phỏm, the Vietnamese rummy"),
    "menu.coming_soon": ("sắp có", "coming soon"),
    "menu.version": ("Phiên bản {version}", "Version {version}"),
    "menu.hint_keys": ("F11: toàn màn hình · Esc: quay lại", "F11: fullscreen · Esc: back"),
    "setup.table": ("Bàn chơi", "Table"),
    "setup.you": ("Người chơi (bạn)", "Human player (you)"),
    "setup.no_clock": ("Không", "None"),
    "setup.balance": ("Mỗi người bắt đầu với {amount} chip", "Everyone starts with {amount} chips"),
    "setup.preset_desc.zingplay": ("Luật phổ biến: có Ù khan, đền, ăn lá thứ 1-2-3 trả 1-2-3 cược, ăn chốt 4 cược.",
                                   "The popular rules: Ù khan, đền, eats pay 1-2-3 bets, eating the last card 4."),
    "setup.preset_desc.co_ban": ("Cho người mới: không Ù khan, không đền, mỗi lần ăn 1 cược, ăn chốt 1 cược.",
                                 "For beginners: no Ù khan, no đền, every eat pays 1 bet, the last card 1."),
    "setup.error.name_empty": ("Hãy đặt tên cho {seat}", "{seat} needs a name"),
    "setup.error.name_long": ("Tên dài tối đa {max} ký tự", "Names are at most {max} characters long"),
    "setup.error.name_duplicate": ("Hai người chơi trùng tên {name}", "Two players are both called {name}"),
    "setup.error.players": ("Bàn chơi có từ 2 đến 4 người", "A table has 2 to 4 players"),
    "setup.error.bet": ("Mức cược phải từ 1 đến {max}", "The bet must be 1 to {max}"),
    "settings.language.native_vi": ("Tiếng Việt", "Tiếng Việt"),
    "settings.language.native_en": ("English", "English"),
    "settings.back.red": ("Đỏ", "Red"),
    "settings.back.blue": ("Xanh dương", "Blue"),
    "settings.back.green": ("Xanh lá", "Green"),
    "settings.preview": ("Xem trước", "Preview"),
    "rules.title": ("Luật chơi Phỏm", "How to play Phỏm"),
    "rules.scroll_hint": ("Lăn chuột để xem tiếp ▾", "Scroll with the mouse wheel ▾"),
    # singular forms (tr_count picks them for a count of one)
    "table.cards#one": ("{count} lá", "{count} card"),
    "table.points#one": ("{points} điểm", "{points} point"),
    "status.ate#one": ("{name} ăn {card} của {victim} ({amount} cược)",
                       "{name} eats {card} from {victim} ({amount} bet)"),
    "status.you_ate#one": ("Bạn ăn {card} của {victim} ({amount} cược)", "You eat {card} from {victim} ({amount} bet)"),
    "menu.chips#one": ("{amount} chip", "{amount} chip"),
}
STRINGS.update(SCREEN_STRINGS)  # the store screens' strings (i18n_screens)
STRINGS.update(BOT_STRINGS)  # the computer players' reasons (i18n_bots)
STRINGS.update(LAN_STRINGS)  # the LAN screens' strings (i18n_lan)
STRINGS.update(RULES_STRINGS)  # the house-rules editor's strings (i18n_rules)
STRINGS.update(SOCIAL_STRINGS)  # chat, reactions and watching at the table (i18n_social)
STRINGS.update(PEOPLE_STRINGS)  # the LAN people: back to a table, away seats, the evening's scoreboard
STRINGS.update(TABLE_STRINGS)  # the table scene's pause, clock, confirmation, control and results strings


class Translator:
    """Looks keys up in STRINGS for one language; unknown keys come back as the key itself."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = DEFAULT_LANGUAGE
        self.set_language(language)

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}: one of {LANGUAGES}")
        self.language = language

    def tr(self, key: str, **kwargs: object) -> str:
        pair = STRINGS.get(key)
        if pair is None:
            log.warning("missing string %r", key)
            return key
        template = pair[LANGUAGES.index(self.language)]
        try:
            return template.format(**kwargs) if kwargs else template
        except (KeyError, IndexError, ValueError) as exc:
            log.warning("string %r: bad arguments %s (%s)", key, sorted(kwargs), exc)
            return template

    def tr_count(self, key: str, n: int, /, **kwargs: object) -> str:
        """``key`` said of ``n`` things: its singular form ``key#one`` when ``n`` is 1 or -1 (English
        "1 card", "+1 bet"; Vietnamese has one form, so both entries of a ``#one`` pair may be the same)."""
        one = key + ONE
        return self.tr(one if abs(n) == 1 and one in STRINGS else key, **kwargs)

    def money(self, amount: int) -> str:
        """Thousands grouped the local way: 12.300 in Vietnamese, 12,300 in English."""
        text = f"{abs(amount):,}"
        if self.language == "vi":
            text = text.replace(",", ".")
        return ("-" if amount < 0 else "") + text


_current = Translator()


def set_language(language: str) -> None:
    """Switch every later ``tr`` call to ``language`` ("vi" or "en")."""
    _current.set_language(language)


def get_language() -> str:
    return _current.language


def tr(key: str, **kwargs: object) -> str:
    """The string ``key`` in the current language, formatted with ``kwargs``."""
    return _current.tr(key, **kwargs)


def tr_count(key: str, n: int, /, **kwargs: object) -> str:
    """The string ``key`` for ``n`` things (singular or plural), formatted with ``kwargs``."""
    return _current.tr_count(key, n, **kwargs)


def money(amount: int) -> str:
    return _current.money(amount)
