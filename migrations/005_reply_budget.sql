-- The referee's mailbox cannot be abused (docs/gm-guide.md "Limits on replies"): the replies that
-- count against each address's daily budget, the replies held back, the mails that cost work
-- before authentication (the rate limits), wrong-secret attempts waiting for their hourly notice,
-- and sign-up requests waiting for their address to confirm (double opt-in).

-- Replies nobody asked for with a secret (notices, answers to commands without an envelope,
-- JOIN confirmations, wrong-secret notices), as queued: the budget and the repeat rule count them,
-- and a mail naming one of their Message-IDs (or quoting its title) answers one of our notices.
CREATE TABLE replies (
  id          INTEGER PRIMARY KEY,
  recipient   TEXT NOT NULL,
  kind        TEXT NOT NULL,               -- notice, answer, wrong-secret, join-confirm
  game_id     TEXT,
  title       TEXT NOT NULL,
  repeat_key  TEXT NOT NULL,               -- equal keys: the same reply again
  message_id  TEXT NOT NULL,
  budgeted    INTEGER NOT NULL CHECK (budgeted IN (0, 1)), -- counts against the daily budget
  at          INTEGER NOT NULL
);
CREATE INDEX replies_recipient ON replies(recipient, at);
CREATE INDEX replies_message ON replies(message_id);

-- Replies held back, each logged too: why (budget, repeat, answers-notice, rate-limit,
-- wrong-secret-collected, join-limit), to whom, about which game.
CREATE TABLE suppressed (
  id          INTEGER PRIMARY KEY,
  recipient   TEXT NOT NULL,
  game_id     TEXT,
  reason      TEXT NOT NULL,
  title       TEXT NOT NULL,
  inbound_id  INTEGER,
  at          INTEGER NOT NULL
);
CREATE INDEX suppressed_recipient ON suppressed(recipient, at);
CREATE INDEX suppressed_game ON suppressed(game_id);

-- One row a mail that brought no authenticated envelope: the work done before authentication,
-- which the rate limits count per sender, per game named and in all.
CREATE TABLE preauth (
  id       INTEGER PRIMARY KEY,
  sender   TEXT NOT NULL,
  game_id  TEXT,
  at       INTEGER NOT NULL
);
CREATE INDEX preauth_sender ON preauth(sender, at);
CREATE INDEX preauth_game ON preauth(game_id, at);
CREATE INDEX preauth_at ON preauth(at);

-- Orders (or GM commands) with a wrong secret: told to the registered address at most once an
-- hour, each notice naming the attempts it covers (noticed_at set).
CREATE TABLE auth_failures (
  id          INTEGER PRIMARY KEY,
  game_id     TEXT NOT NULL,
  player_id   TEXT NOT NULL,
  recipient   TEXT NOT NULL,               -- the registered address told
  sender      TEXT NOT NULL,
  at          INTEGER NOT NULL,
  noticed_at  INTEGER
);
CREATE INDEX auth_failures_open ON auth_failures(recipient, game_id, player_id, noticed_at);

-- JOIN requests waiting for their address to confirm with the token (CONFIRM <token>).
CREATE TABLE join_pending (
  token         TEXT PRIMARY KEY,
  game_id       TEXT NOT NULL,
  player_id     TEXT NOT NULL,
  email         TEXT NOT NULL,
  note          TEXT NOT NULL DEFAULT '',
  requested_at  INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL
);
CREATE INDEX join_pending_email ON join_pending(email, game_id);
CREATE INDEX join_pending_at ON join_pending(requested_at);
