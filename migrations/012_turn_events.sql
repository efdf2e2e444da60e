-- A turn's events are written once, when the turn resolves, and only ever read whole (the report,
-- the web archive, export, verify): they are kept with the turn, as one JSON array, the texts the
-- event rows held joined in their order (what JSON.stringify of the turn's events gives). NULL: a
-- turn not resolved, or one that had no event.
ALTER TABLE turns ADD COLUMN events TEXT;
UPDATE turns SET events = (SELECT '[' || group_concat(e.data, ',' ORDER BY e.seq) || ']' FROM events e
  WHERE e.game_id = turns.game_id AND e.turn = turns.turn);
DROP TABLE events;
