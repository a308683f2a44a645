"""The table as a social game: chat at the table, quick reactions with bubbles at the avatars, bots that answer."""
