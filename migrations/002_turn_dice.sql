-- Verifiable dice, commit and reveal (docs/fair-dice.md). Every turn has its own secret server
-- seed, drawn when the turn opens (at game creation for turn 1, when the previous turn is resolved
-- for the others). The mail that opens the turn publishes its SHA-256, the commitment; the report
-- of the turn reveals the seed. The turn's dice are thrown with
--   effective_seed = SHA-256(server_seed ':' orders_digest)
-- where orders_digest is the SHA-256 of every player's accepted orders (src/core/fair-dice.ts), so
-- neither the referee nor any player chooses the dice alone. From this migration on games.seed
-- holds the commitment of turn 1 (public); the seeds themselves live here only.
CREATE TABLE turn_dice (
  game_id         TEXT NOT NULL REFERENCES games(id),
  turn            INTEGER NOT NULL,
  server_seed     TEXT NOT NULL,            -- hex; secret until the turn is resolved
  commitment      TEXT NOT NULL,            -- SHA-256 of server_seed (hex), published when the turn opens
  drawn_at        INTEGER NOT NULL,
  orders_digest   TEXT,                     -- set when the turn is resolved
  effective_seed  TEXT,                     -- the seed the turn's dice were thrown with
  resolved_at     INTEGER,
  PRIMARY KEY (game_id, turn)
);
