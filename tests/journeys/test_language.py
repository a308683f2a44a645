"""Switching the language at the table (⚙): the log, the seat names, the avatar, the buttons all change at once."""

from __future__ import annotations

from .play import discard_any, model, start_new_game, wait_my_turn

VIETNAMESE_WORDS = ("Bạn", "bạn", "đánh", "bốc", "ăn", "Ván mới", "Điểm", "cược", "lá")


def vietnamese(text: str) -> bool:
    return any(word in text for word in VIETNAMESE_WORDS)


def test_the_language_switch_at_the_table_changes_every_word_at_once(journey):
    j = journey()
    j.start()
    start_new_game(j)
    wait_my_turn(j)
    discard_any(j)
    wait_my_turn(j)                                    # Lan ate my discard: the log has eats, draws, discards
    before = j.drawn_texts()
    log_before = list(j.top.log_lines)
    assert "avatar Bạn" in before and any(vietnamese(line) for line in log_before)

    j.click("⚙")
    j.click("English")
    j.click("Back")
    j.until(lambda: j.table() is not None and j.top is j.table(), 1.0, "the table again")
    after = j.drawn_texts()
    log_after = list(j.top.log_lines)
    assert len(log_after) == len(log_before)
    old = [line for line in log_after if vietnamese(line)]
    assert old == [], f"log lines still in Vietnamese: {old}"
    assert "avatar You" in after and "avatar Bạn" not in after       # my avatar's initial: Y
    assert model(j).names[model(j).me] == "You"
    shown = [t for t in after if vietnamese(t)]
    assert shown == [], f"Vietnamese on the table after switching to English: {shown}"
    labels = j.labels()
    assert "Draw" in labels and "Sort" in labels and not any(vietnamese(label) for label in labels)
    assert any(line.startswith("You discard ") for line in log_after)   # the same lines, said in English


def test_the_menus_profile_follows_the_language_too(journey, monkeypatch):
    """The default name is the word "you": in English the menu's card says "You" beside a "Y" avatar."""

    j = journey()
    j.start()
    j.click("Cài đặt")
    j.click("English")
    j.click("Back")
    faces = j.running_app.services.faces
    drawn = []
    face = faces.face

    def spy(name, *args, **kwargs):
        drawn.append(name)
        return face(name, *args, **kwargs)

    monkeypatch.setattr(faces, "face", spy)
    j.running_app.force_redraw = True
    j.top.invalidate()
    j.frame()
    assert drawn == ["You"], drawn
