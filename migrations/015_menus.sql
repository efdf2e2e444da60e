-- The menus of plans kept once worked out (docs/plans.md "The menu in the mail", app/game/menus.ts):
-- one row a plane and view of a turn, a view being the turn's state as a side sees it, known by a
-- digest of it. The report, the reminder, every notice and the intake of a plan picked by letter
-- read the same row. A resolved turn's rows are deleted when the next turn opens.
CREATE TABLE menus (
  game_id  TEXT NOT NULL REFERENCES games(id),
  turn     INTEGER NOT NULL,
  view     TEXT NOT NULL,     -- the digest of the view the menu was worked out from
  plane_id TEXT NOT NULL,
  menu     BLOB NOT NULL,     -- the plane's menu of plans (JSON), deflated
  PRIMARY KEY (game_id, turn, view, plane_id)
);
