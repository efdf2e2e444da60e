-- Orders that carry a WARNING (a plane leaving the map, flying into the ground, stalling): the turn
-- they complete waits for the player's CONFIRM, new orders, or the game's `confirm` time
-- (docs/gm-guide.md "Deadlines", docs/players.md "Warnings").

ALTER TABLE orders ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]'; -- the acknowledgement's warnings (JSON)
ALTER TABLE orders ADD COLUMN confirmed_at INTEGER;                -- the player's CONFIRM
