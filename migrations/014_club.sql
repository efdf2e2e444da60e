-- Club life (docs/notifications.md, docs/players.md "Your turn, where you are"): webhooks beside
-- the mail and their deliveries (a durable outbox of their own), the players' private calendar
-- feeds, and the muster before turn 1 (READY).
CREATE TABLE hooks (
  id          INTEGER PRIMARY KEY,
  game_id     TEXT NOT NULL REFERENCES games(id),
  player_id   TEXT,                          -- NULL: the game's own hook (SET NOTIFY), a club's room
  format      TEXT NOT NULL CHECK (format IN ('discord', 'slack', 'matrix', 'matrix-api', 'ntfy', 'json')),
  url         TEXT NOT NULL,                 -- a secret of its owner's: shown masked
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'off', 'dead')),
  created_at  INTEGER NOT NULL,
  ended_at    INTEGER,                       -- turned off (NOTIFY OFF, a new hook) or given up
  dead_reason TEXT                           -- why it was given up (its owner is told once)
);
CREATE INDEX hooks_game ON hooks(game_id, status);

CREATE TABLE deliveries (
  id              INTEGER PRIMARY KEY,
  hook_id         INTEGER NOT NULL REFERENCES hooks(id),
  game_id         TEXT NOT NULL,
  event           TEXT NOT NULL,             -- welcome, turn, reminder, report, over, test
  turn            INTEGER,
  message         TEXT NOT NULL,             -- what is said (JSON): put in the hook's format when sent
  status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_owner     TEXT,
  lease_until     INTEGER,
  last_error      TEXT,
  response        TEXT,                      -- the receiver's status line when it took it
  created_at      INTEGER NOT NULL,
  sent_at         INTEGER
);
CREATE INDEX deliveries_due ON deliveries(status, next_attempt_at);
CREATE INDEX deliveries_hook ON deliveries(hook_id, status);

CREATE TABLE calendars (
  email      TEXT PRIMARY KEY,               -- lower case: one feed per address, all its games
  token      TEXT NOT NULL UNIQUE,           -- the private link's key
  created_at INTEGER NOT NULL
);

CREATE TABLE musters (
  game_id   TEXT PRIMARY KEY REFERENCES games(id),
  opened_at INTEGER NOT NULL,
  until       INTEGER NOT NULL,              -- READY by then; then the game master is told who is missing
  reminded_at INTEGER,                       -- when the players not ready were reminded
  told_at     INTEGER                        -- when he was told
);
ALTER TABLE players ADD COLUMN ready_at INTEGER;  -- READY in a muster
