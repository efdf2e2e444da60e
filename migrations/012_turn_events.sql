-- A turn's events are written once, when the turn resolves, and only ever read whole (the report,
-- the web archive, export, verify): they are kept as one JSON array a turn, the texts the event
-- rows held joined in their order, which is what JSON.stringify of the turn's events gives.
CREATE TABLE turn_events (
  game_id  TEXT NOT NULL,
  turn     INTEGER NOT NULL,
  data     TEXT NOT NULL,                   -- the turn's events, in order (a JSON array)
  PRIMARY KEY (game_id, turn),
  FOREIGN KEY (game_id, turn) REFERENCES turns(game_id, turn)
);
INSERT INTO turn_events (game_id, turn, data)
  SELECT game_id, turn, '[' || group_concat(data, ',' ORDER BY seq) || ']' FROM events GROUP BY game_id, turn;
DROP TABLE events;
