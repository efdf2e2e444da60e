-- Turns that could not be resolved (docs/gm-guide.md "A turn that cannot be resolved"): one row a
-- turn, kept when the turn resolves after all (cleared_at), so the game master's page and mail
-- are told once, not at every tick.

CREATE TABLE turn_stalls (
  game_id     TEXT NOT NULL REFERENCES games(id),
  turn        INTEGER NOT NULL,
  problems    TEXT NOT NULL,            -- JSON [{ plane, message }] as the game master's mail lists them
  first_at    INTEGER NOT NULL,         -- first failed attempt (since the last time it cleared)
  last_at     INTEGER NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 1,
  cleared_at  INTEGER,                  -- the turn resolved after all
  PRIMARY KEY (game_id, turn)
);
