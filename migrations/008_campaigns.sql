-- Campaigns (docs/campaigns.md): scenarios played in turn by the same players with the same rosters
-- of pilots. Only what the game master decided is stored here; the rosters, every pilot's career
-- and the standing are worked out again from the campaign's games (src/core/campaign/record.ts).

CREATE TABLE campaigns (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  spec        TEXT NOT NULL,                 -- the campaign file as read (JSON, src/core/campaign/spec.ts)
  source      TEXT NOT NULL,                 -- the file's name (campaigns/<source>.yaml)
  status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'over')),
  assign      TEXT NOT NULL DEFAULT '{}',    -- the game master's pilots for the next game: plane -> pilot id (JSON)
  gm_email    TEXT,                          -- where the game master's answers go
  created_at  INTEGER NOT NULL,
  ended_at    INTEGER
);

CREATE TABLE campaign_players (
  campaign_id  TEXT NOT NULL REFERENCES campaigns(id),
  id           TEXT NOT NULL,                -- a player slot of the campaign file
  email        TEXT NOT NULL,
  PRIMARY KEY (campaign_id, id)
);

CREATE TABLE campaign_games (
  campaign_id  TEXT NOT NULL REFERENCES campaigns(id),
  seq          INTEGER NOT NULL,             -- 1, 2, ... in the order played
  entry        TEXT NOT NULL,                -- the campaign's scenario id
  game_id      TEXT NOT NULL UNIQUE REFERENCES games(id),
  PRIMARY KEY (campaign_id, seq)
);
