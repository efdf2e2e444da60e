-- Correspondence play (docs/gm-guide.md "Deadlines" and "Commands"): each game's settings and its
-- game master, each turn's clock, players' time zones, WAIT holds and replacements, missed turns
-- and sign-up requests. turns.deadline_at (001) holds the deadline in force, extensions and pauses
-- included, so readers need not know the schedule.

CREATE TABLE game_control (
  game_id           TEXT PRIMARY KEY REFERENCES games(id),
  settings          TEXT NOT NULL,            -- GameSettings (JSON, src/app/settings.ts)
  gm_email          TEXT,                     -- the game master's address: GM answers go only there
  gm_secret_hash    TEXT,                     -- scrypt, like the players' secrets
  paused_at         INTEGER,                  -- set while the game is paused
  pause_reason      TEXT,
  extensions        INTEGER NOT NULL DEFAULT 0, -- extensions granted in all
  terminated_at     INTEGER,
  terminate_reason  TEXT
);

CREATE TABLE turn_clock (
  game_id      TEXT NOT NULL REFERENCES games(id),
  turn         INTEGER NOT NULL,
  anchor_at    INTEGER NOT NULL,              -- the schedule counts from here (turn opened, game started, turn rolled back)
  extensions   INTEGER NOT NULL DEFAULT 0,
  extended_ms  INTEGER NOT NULL DEFAULT 0,
  paused_ms    INTEGER NOT NULL DEFAULT 0,
  reminded_at  INTEGER,                       -- reminders sent
  late_at      INTEGER,                       -- the deadline passed with orders missing: those players told
  hold         INTEGER NOT NULL DEFAULT 0,    -- 1: no early resolution (a rolled-back turn)
  reruns       INTEGER NOT NULL DEFAULT 0,    -- times the turn was rolled back
  PRIMARY KEY (game_id, turn)
);

ALTER TABLE players ADD COLUMN zone TEXT;                                    -- IANA zone, for deadlines in mail
ALTER TABLE players ADD COLUMN status TEXT NOT NULL DEFAULT 'active';         -- active, replaced
ALTER TABLE players ADD COLUMN wait_turn INTEGER;                            -- WAIT: no early resolution of this turn

CREATE TABLE misses (
  game_id    TEXT NOT NULL,
  turn       INTEGER NOT NULL,
  player_id  TEXT NOT NULL,
  at         INTEGER NOT NULL,
  PRIMARY KEY (game_id, turn, player_id),
  FOREIGN KEY (game_id, player_id) REFERENCES players(game_id, id)
);

CREATE TABLE join_requests (
  game_id       TEXT NOT NULL REFERENCES games(id),
  player_id     TEXT NOT NULL,
  email         TEXT NOT NULL,
  note          TEXT NOT NULL DEFAULT '',
  requested_at  INTEGER NOT NULL,
  PRIMARY KEY (game_id, player_id)
);
