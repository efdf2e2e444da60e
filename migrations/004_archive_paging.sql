-- The web archive at scale (docs/gm-guide.md "The web archive"): the game list is paged by each
-- game's latest public activity, newest first, and the archive's questions about turns (which are
-- resolved, and when) are answered from an index instead of rows that carry a whole game state.
--
-- games.activity_at is the latest of: the game created, started or ended, a turn opened or
-- resolved, a turn's clock anchored again (game started, turn opened or rolled back). Triggers keep
-- it, so every writer (the referee, the CLI, tallyho import) keeps it without knowing about it.

ALTER TABLE games ADD COLUMN activity_at INTEGER NOT NULL DEFAULT 0;

UPDATE games SET activity_at = max(
  created_at, coalesce(started_at, 0), coalesce(ended_at, 0),
  coalesce((SELECT max(max(t.opened_at, coalesce(t.resolved_at, 0))) FROM turns t WHERE t.game_id = games.id), 0),
  coalesce((SELECT max(c.anchor_at) FROM turn_clock c WHERE c.game_id = games.id), 0));

CREATE INDEX games_activity ON games(activity_at DESC, id);
CREATE INDEX turns_resolved ON turns(game_id, turn, resolved_at);

CREATE TRIGGER games_activity_created AFTER INSERT ON games BEGIN
  UPDATE games SET activity_at = max(NEW.activity_at, NEW.created_at, coalesce(NEW.started_at, 0), coalesce(NEW.ended_at, 0))
    WHERE id = NEW.id;
END;

CREATE TRIGGER games_activity_changed AFTER UPDATE OF started_at, ended_at ON games BEGIN
  UPDATE games SET activity_at = max(activity_at, coalesce(NEW.started_at, 0), coalesce(NEW.ended_at, 0))
    WHERE id = NEW.id;
END;

CREATE TRIGGER games_activity_turn_opened AFTER INSERT ON turns BEGIN
  UPDATE games SET activity_at = max(activity_at, NEW.opened_at, coalesce(NEW.resolved_at, 0)) WHERE id = NEW.game_id;
END;

CREATE TRIGGER games_activity_turn_resolved AFTER UPDATE OF resolved_at ON turns WHEN NEW.resolved_at IS NOT NULL BEGIN
  UPDATE games SET activity_at = max(activity_at, NEW.resolved_at) WHERE id = NEW.game_id;
END;

CREATE TRIGGER games_activity_clock_set AFTER INSERT ON turn_clock BEGIN
  UPDATE games SET activity_at = max(activity_at, NEW.anchor_at) WHERE id = NEW.game_id;
END;

CREATE TRIGGER games_activity_clock_moved AFTER UPDATE OF anchor_at ON turn_clock BEGIN
  UPDATE games SET activity_at = max(activity_at, NEW.anchor_at) WHERE id = NEW.game_id;
END;
