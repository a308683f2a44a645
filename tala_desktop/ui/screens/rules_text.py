"""Rules text: the rules of Phỏm in the game's own words, in Vietnamese and English, as blocks for RulesScene.

A block is ``(kind, text)`` or ``("cards", notation, caption)``: ``h`` a
section heading, ``p`` a paragraph, ``b`` a bullet, ``cards`` an example
drawn with card images (groups split by ``|``, ``+`` marks a sent card).
The content follows RULES.md (the product's rule specification).
"""

from __future__ import annotations

Block = tuple[str, ...]

VI: tuple[Block, ...] = (
    ("h", "Mục tiêu"),
    ("p", "Phỏm (Tá lả) chơi bằng bộ bài 52 lá, từ 2 đến 4 người. Mỗi người tìm cách ghép bài thành phỏm. "
          "Hết ván, ai còn ít điểm rác nhất là Nhất. Ghép được gần hết bài thì Ù và thắng ngay."),
    ("p", "Điểm của lá bài: A = 1, từ 2 đến 10 theo số, J = 11, Q = 12, K = 13. "
          "Bốn chất: ♠ bích, ♣ tép (chuồn), ♦ rô, ♥ cơ."),
    ("h", "Phỏm, cạ và rác"),
    ("b", "Phỏm ngang: 3 hoặc 4 lá cùng số."),
    ("cards", "7s 7c 7h", "Phỏm ngang: ba lá 7"),
    ("b", "Phỏm dọc: từ 3 lá cùng chất có số liên tiếp trở lên. A chỉ đứng đầu: A-2-3 là phỏm, "
          "Q-K-A và K-A-2 thì không."),
    ("cards", "5h 6h 7h 8h", "Phỏm dọc: 5♥ 6♥ 7♥ 8♥"),
    ("b", "Cạ: hai lá chỉ còn thiếu một lá là thành phỏm: cùng số, hoặc cùng chất và cách nhau một hai bậc."),
    ("cards", "9c 9d | 5h 7h", "Hai cạ: 9♣ 9♦ và 5♥ 7♥"),
    ("b", "Rác: lá không nằm trong phỏm nào. Cuối ván, điểm các lá rác được cộng lại."),
    ("h", "Chia bài và lượt chơi"),
    ("b", "Người đi đầu nhận 10 lá, mỗi người khác 9 lá. Số còn lại úp giữa bàn làm nọc."),
    ("b", "Người đi đầu mở ván bằng một lá đánh ra. Từ đó, mỗi lượt: ăn lá người trước vừa đánh "
          "(nếu được) hoặc bốc một lá từ nọc, rồi đánh một lá ra trước mặt mình."),
    ("b", "Khi mỗi người đã đánh đủ 4 lá, ván kết thúc và tính điểm (trừ khi có người Ù trước)."),
    ("b", "Ván đầu tiên bạn đi trước; từ ván sau, người Nhất (hoặc người Ù) đi trước."),
    ("h", "Ăn bài"),
    ("b", "Chỉ được ăn lá vừa đánh của người ngay trước mình, và chỉ khi lá đó ghép được thành phỏm "
          "với bài trên tay."),
    ("b", "Lá đã ăn để ngửa trước mặt người ăn. Mỗi phỏm chứa nhiều nhất một lá ăn, và mọi lá ăn đều "
          "phải nằm trong một phỏm. Ăn xong thì không bốc nữa, chỉ đánh một lá."),
    ("b", "Ăn đủ 3 lá trong một ván thì bài chắc chắn Ù."),
    ("b", "Chuyển bài: khi có người ăn, lá trên cùng của người sẽ hạ đầu tiên chuyển sang chồng bài "
          "của người bị ăn, để số lá đánh ra của mọi người vẫn đều nhau."),
    ("h", "Lá bị khóa"),
    ("p", "Không được đánh lá đã ăn, cũng không được đánh lá làm vỡ phỏm có chứa lá ăn. "
          "Bấm vào lá bị khóa, trò chơi sẽ nói lý do."),
    ("h", "Hạ bài và gửi bài"),
    ("b", "Khi trước mặt bạn đã có 3 lá đánh ra, lượt kế tiếp là lượt hạ: ăn hoặc bốc, hạ phỏm xuống bàn, "
          "gửi bài, rồi đánh lá thứ tư."),
    ("b", "Trò chơi tự nâng cách xếp tốt nhất. Bấm vào một lá để hạ xuống hoặc nâng lên, rồi bấm Hạ."),
    ("b", "Không hạ được phỏm nào là Móm (cháy). Người Móm xếp cuối và không được gửi bài."),
    ("b", "Gửi: lá rác có thể gửi vào phỏm người khác đã hạ: lá thứ tư của phỏm ngang, hoặc lá nối vào "
          "đầu hay cuối phỏm dọc. Lá đã gửi không bị tính điểm."),
    ("cards", "5h 6h 7h + 8h", "Gửi 8♥ vào phỏm 5♥ 6♥ 7♥ của người khác"),
    ("b", "Các lá còn lại trên tay sau lá đánh thứ tư là rác và bị tính điểm."),
    ("h", "Ù"),
    ("b", "Ù: ngay sau khi ăn hoặc bốc, 10 lá trên tay xếp được thành phỏm và rác tối đa 1 lá. "
          "Ván kết thúc ngay; mỗi người trả người Ù 5 cược."),
    ("b", "Ù tròn: cả 10 lá đều nằm trong phỏm; mỗi người trả 10 cược."),
    ("b", "Ù khan: bài vừa chia không có phỏm nào và cũng không có cạ; chỉ được báo ở lượt đầu tiên "
          "của mình; mỗi người trả 5 cược."),
    ("b", "Ù là tùy chọn: bạn có thể bỏ qua và chơi tiếp."),
    ("b", "Đền: nếu người Ù đã ăn 3 lá của cùng một người, người đó trả thay cả bàn. Nếu không, người "
          "đã ăn chốt trước khi có Ù sẽ đền thay cả bàn."),
    ("h", "Tính tiền"),
    ("p", "Mọi khoản tính theo mức cược (cược) của bàn."),
    ("b", "Bị ăn bài: người bị ăn trả người ăn 1 cược cho lần ăn thứ nhất của người đó, 2 cược cho lần thứ hai, "
          "3 cược cho lần thứ ba. Ăn chốt (ăn ở lượt hạ của mình) thì 4 cược."),
    ("b", "Hết ván mà không ai Ù: điểm là tổng điểm rác, ít điểm nhất là Nhất. Bằng điểm thì ai hạ trước "
          "xếp trên."),
    ("b", "Nhì trả Nhất 1 cược, Ba trả 2 cược, Bét trả 3 cược. Người Móm trả 4 cược."),
    ("b", "Không ai phải trả quá số tiền mình đang có."),
    ("h", "Luật Cơ bản"),
    ("p", "Dành cho người mới: không có Ù khan, không có đền, mỗi lần bị ăn chỉ trả 1 cược, ăn chốt 1 cược."),
    ("h", "Điều khiển"),
    ("b", "Bấm vào một lá để chọn. Bấm đúp hoặc kéo lá lên để đánh. Kéo sang ngang để xếp lại bài."),
    ("b", "Bấm vào nọc để bốc. Các nút Ăn, Bốc, Hạ, Gửi, Ù chỉ hiện khi dùng được."),
    ("b", "F11: bật tắt toàn màn hình. Esc: tạm dừng hoặc quay lại."),
)

EN: tuple[Block, ...] = (
    ("h", "The goal"),
    ("p", "Phỏm (Tá lả) is played with one 52-card deck by 2 to 4 players. Everyone tries to build "
          "phỏm (melds). At the end, the player with the fewest points of trash is Nhất (first). "
          "Whoever melds nearly the whole hand goes Ù and wins at once."),
    ("p", "Card points: A = 1, 2 to 10 their number, J = 11, Q = 12, K = 13. "
          "The four suits: ♠ bích, ♣ tép (chuồn), ♦ rô, ♥ cơ."),
    ("h", "Phỏm, cạ and trash"),
    ("b", "Phỏm ngang (a set): 3 or 4 cards of the same rank."),
    ("cards", "7s 7c 7h", "Phỏm ngang: three sevens"),
    ("b", "Phỏm dọc (a run): 3 or more cards of one suit in a row. The ace is low only: A-2-3 is a run, "
          "Q-K-A and K-A-2 are not."),
    ("cards", "5h 6h 7h 8h", "Phỏm dọc: 5♥ 6♥ 7♥ 8♥"),
    ("b", "Cạ: two cards that need one more to make a phỏm: the same rank, or the same suit one or two "
          "ranks apart."),
    ("cards", "9c 9d | 5h 7h", "Two cạ: 9♣ 9♦ and 5♥ 7♥"),
    ("b", "Trash (rác): a card in no phỏm. At the end, the points of your trash are added up."),
    ("h", "The deal and a turn"),
    ("b", "The leader gets 10 cards, everyone else 9. The rest is the stock (nọc), face down in the middle."),
    ("b", "The leader opens with a discard. From then on, each turn: eat the card the previous player just "
          "discarded (when allowed) or draw from the stock, then discard one card in front of you."),
    ("b", "When everyone has discarded 4 cards the game ends and is scored (unless someone went Ù first)."),
    ("b", "You lead the first game; after that the winner (Nhất, or the Ù player) leads."),
    ("h", "Eating (ăn)"),
    ("b", "You may eat only the card just discarded by the player right before you, and only when it "
          "makes a phỏm with cards in your hand."),
    ("b", "Eaten cards lie face up in front of the eater. A phỏm holds at most one eaten card, and every "
          "eaten card must be in a phỏm. After eating you do not draw: you discard."),
    ("b", "Eating 3 cards in one game always gives an Ù hand."),
    ("b", "Moving discards (chuyển bài): after an eat, the top discard of the player due to lay down first "
          "moves onto the victim's pile, so everyone's discard piles stay level."),
    ("h", "Locked cards"),
    ("p", "You cannot discard an eaten card, nor a card that would break a phỏm holding an eaten card. "
          "Click a locked card and the game tells you why."),
    ("h", "Laying down and sending"),
    ("b", "Once 3 of your discards lie in front of you, your next turn is the lay-down turn: eat or draw, "
          "lay your phỏm on the table (hạ), send cards (gửi), then discard your fourth card."),
    ("b", "The game raises the best arrangement for you. Click a card to lower or raise it, then press "
          "Lay down."),
    ("b", "Laying no phỏm at all is Móm (cháy). A Móm player ranks last and cannot send."),
    ("b", "Sending: a trash card may go onto a phỏm another player has laid: the fourth card of a set, "
          "or the next card at either end of a run. Sent cards score nothing."),
    ("cards", "5h 6h 7h + 8h", "Sending 8♥ to another player's 5♥ 6♥ 7♥"),
    ("b", "Whatever is left in your hand after your fourth discard is trash and scores its points."),
    ("h", "Ù"),
    ("b", "Ù: right after eating or drawing, your 10 cards form phỏm with at most one trash card. "
          "The game ends at once; every other player pays you 5 bets."),
    ("b", "Ù tròn: all 10 cards are in phỏm; everyone pays 10 bets."),
    ("b", "Ù khan: a dealt hand with no phỏm and no cạ at all; declared on your first turn only; "
          "everyone pays 5 bets."),
    ("b", "Ù is optional: you may skip it and play on."),
    ("b", "Đền (paying for the table): if the Ù player ate 3 cards from the same player, that player pays "
          "for everyone. Otherwise a player who ate a chốt before the Ù pays for everyone."),
    ("h", "Money"),
    ("p", "Every amount is counted in the table's bet (cược)."),
    ("b", "Being eaten: the victim pays the eater 1 bet for the eater's first eat, 2 for the second, "
          "3 for the third. Eating on your own lay-down turn (ăn chốt) costs the victim 4 bets."),
    ("b", "No Ù: your score is the points of your trash; the lowest score is Nhất. On equal scores, "
          "whoever laid down earlier ranks higher."),
    ("b", "Nhì (2nd) pays Nhất 1 bet, Ba (3rd) 2 bets, Bét (last) 3 bets. A Móm player pays 4 bets."),
    ("b", "Nobody ever pays more than they have."),
    ("h", "The Basic rules"),
    ("p", "For beginners: no Ù khan, no đền, every eat costs 1 bet, and so does a chốt."),
    ("h", "Controls"),
    ("b", "Click a card to select it. Double-click it or drag it up to discard. Drag sideways to reorder."),
    ("b", "Click the stock to draw. The Eat, Draw, Lay down, Send and Ù buttons show only when they apply."),
    ("b", "F11: fullscreen on or off. Esc: pause or go back."),
)

RULES: dict[str, tuple[Block, ...]] = {"vi": VI, "en": EN}


def rules_for(language: str) -> tuple[Block, ...]:
    """The rules blocks in ``language`` (Vietnamese for an unknown language)."""
    return RULES.get(language, VI)


def all_text() -> str:
    """Every character the rules page prints, in both languages (the font test checks it)."""
    return "".join(part for blocks in RULES.values() for block in blocks for part in block[1:])
