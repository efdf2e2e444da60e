-- A turn stored in kilobytes (docs/gm-guide.md "The database's size").
--
-- The outbox keeps a mail's picture as the map's view (a few KB, deflated), drawn when the mail is
-- sent or shown, and its text and HTML deflated. A picture an earlier version kept as an SVG (about
-- 160 KB a report) is dropped once its mail is sent: the turn pages of the web archive draw every
-- map from the turn itself. VACUUM gives the space back to the file system.
UPDATE outbox SET picture = NULL WHERE status = 'sent';

-- The aircraft cards a game copies in at its creation never change in it: each turn's state is kept
-- with "aircraft":"@game" in their place, and the cards once here (shell/db/repos-game.ts).
CREATE TABLE game_cards (
  game_id   TEXT PRIMARY KEY REFERENCES games(id),
  aircraft  TEXT NOT NULL                   -- JSON.stringify(state.aircraft), as in the states
);
