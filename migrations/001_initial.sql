-- The store of a Tallyho installation: games, players and their planes, turns with the state at
-- their start, every orders submission, the events of resolved turns, the inbound-mail ledger and
-- the outbox. Times are milliseconds since the Unix epoch (UTC). Migrations are append-only: change
-- the schema with a new numbered file, never by editing this one.

CREATE TABLE games (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  scenario    TEXT NOT NULL,                -- the scenario as created (JSON)
  status      TEXT NOT NULL CHECK (status IN ('setup', 'running', 'over')),
  turn        INTEGER NOT NULL,             -- the turn being plotted (or the last one, when over)
  seed        TEXT NOT NULL,                -- dice seed (also inside every stored state)
  created_at  INTEGER NOT NULL,
  started_at  INTEGER,
  ended_at    INTEGER
);

CREATE TABLE players (
  game_id      TEXT NOT NULL REFERENCES games(id),
  id           TEXT NOT NULL,
  email        TEXT NOT NULL,               -- the registered address: the only one ever written to
  secret_hash  TEXT NOT NULL,               -- scrypt, see src/shell/keys.ts
  thread_root  TEXT,                        -- Message-ID of the welcome mail: the player's thread
  created_at   INTEGER NOT NULL,
  PRIMARY KEY (game_id, id)
);
CREATE INDEX players_email ON players(email);

CREATE TABLE planes (
  game_id    TEXT NOT NULL,
  plane_id   TEXT NOT NULL,
  player_id  TEXT NOT NULL,
  PRIMARY KEY (game_id, plane_id),
  FOREIGN KEY (game_id, player_id) REFERENCES players(game_id, id)
);

CREATE TABLE turns (
  game_id      TEXT NOT NULL REFERENCES games(id),
  turn         INTEGER NOT NULL,
  state        TEXT NOT NULL,               -- GameState at the start of the turn (JSON)
  opened_at    INTEGER NOT NULL,
  deadline_at  INTEGER,                     -- reserved for deadlines
  resolved_at  INTEGER,
  PRIMARY KEY (game_id, turn)
);

-- Every mail taken in, keyed twice: by its place in a mailbox and by its content, so that neither a
-- second delivery nor a UIDVALIDITY change makes it count twice.
CREATE TABLE inbound (
  id              INTEGER PRIMARY KEY,
  mailbox         TEXT NOT NULL,            -- e.g. imap:referee@example.org/INBOX, smtp:local
  uid_validity    INTEGER,
  uid             INTEGER,
  message_id      TEXT NOT NULL,            -- '' when the mail has none
  content_sha256  TEXT NOT NULL,            -- of the raw message without transport trace headers
  sender          TEXT NOT NULL,            -- From address, lower case ('' when none)
  subject         TEXT NOT NULL,
  received_at     INTEGER NOT NULL,
  outcome         TEXT NOT NULL,
  folder          TEXT NOT NULL CHECK (folder IN ('Processed', 'Rejected')),
  detail          TEXT NOT NULL DEFAULT '',
  moved_at        INTEGER
);
CREATE UNIQUE INDEX inbound_place ON inbound(mailbox, uid_validity, uid) WHERE uid IS NOT NULL;
CREATE UNIQUE INDEX inbound_content ON inbound(message_id, content_sha256);
CREATE INDEX inbound_sender ON inbound(sender, received_at);

-- Every submission is kept; the latest accepted one before the turn resolves is the one flown.
CREATE TABLE orders (
  id            INTEGER PRIMARY KEY,
  game_id       TEXT NOT NULL,
  player_id     TEXT NOT NULL,
  turn          INTEGER NOT NULL,
  inbound_id    INTEGER REFERENCES inbound(id),
  submitted_at  INTEGER NOT NULL,
  accepted      INTEGER NOT NULL CHECK (accepted IN (0, 1)),
  canonical     TEXT NOT NULL,              -- the envelope in canonical form, secret masked
  orders        TEXT NOT NULL,              -- {plots, fire} (JSON)
  problems      TEXT NOT NULL DEFAULT '[]', -- why it was not accepted (JSON)
  FOREIGN KEY (game_id, player_id) REFERENCES players(game_id, id)
);
CREATE INDEX orders_turn ON orders(game_id, turn, player_id, id);

CREATE TABLE events (
  game_id  TEXT NOT NULL,
  turn     INTEGER NOT NULL,
  seq      INTEGER NOT NULL,
  impulse  INTEGER NOT NULL,
  phase    TEXT NOT NULL,
  plane    TEXT NOT NULL,
  type     TEXT NOT NULL,
  data     TEXT NOT NULL,                   -- the whole event (JSON)
  PRIMARY KEY (game_id, turn, seq),
  FOREIGN KEY (game_id, turn) REFERENCES turns(game_id, turn)
);

CREATE TABLE outbox (
  id               INTEGER PRIMARY KEY,
  game_id          TEXT,
  player_id        TEXT,
  kind             TEXT NOT NULL,           -- welcome, ack, report, notice
  turn             INTEGER,
  inbound_id       INTEGER REFERENCES inbound(id),
  recipient        TEXT NOT NULL,
  subject          TEXT NOT NULL,
  message_id       TEXT NOT NULL UNIQUE,    -- stable: every attempt sends the same one
  in_reply_to      TEXT,
  refs             TEXT NOT NULL DEFAULT '',-- References, space separated
  text_body        TEXT NOT NULL,
  html_body        TEXT,
  status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  INTEGER NOT NULL,
  lease_owner      TEXT,
  lease_until      INTEGER,
  last_error       TEXT,
  response         TEXT,                    -- the server's answer when it took the mail
  rejected         TEXT,                    -- recipients refused while others were accepted (JSON)
  created_at       INTEGER NOT NULL,
  sent_at          INTEGER
);
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);
CREATE INDEX outbox_game ON outbox(game_id, status);

CREATE TABLE settings (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);
