-- The picture a mail carries (docs/players.md "The picture"): the map's SVG, as the app drew it
-- (src/report/svg-map.ts, standalone). The mail's HTML part shows it inline (cid:map@tallyho); it is
-- rendered to a PNG when the mail is sent, and on the local outbox pages. NULL: no picture.

ALTER TABLE outbox ADD COLUMN picture TEXT;
