-- The stand-in pilot (docs/standin.md, docs/gm-guide.md "The stand-in"): who flies a seat, a
-- player's leave, and which orders the stand-in gave.
ALTER TABLE players ADD COLUMN pilot TEXT NOT NULL DEFAULT 'human';   -- human, computer (the stand-in flies every turn)
ALTER TABLE players ADD COLUMN leave_until INTEGER;                  -- LEAVE: the stand-in flies the player's planes until then
ALTER TABLE players ADD COLUMN leave_used INTEGER NOT NULL DEFAULT 0; -- minutes of leave taken, against the game's leave budget
ALTER TABLE orders ADD COLUMN standin TEXT;                          -- NULL: the player's own; else why the stand-in gave them, and its version (JSON)
