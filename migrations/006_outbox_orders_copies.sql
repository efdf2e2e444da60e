-- The envelopes a mail from the referee carries (a ready-to-send template, the orders as flown in
-- a report), kept in the parsed form a player's mail is compared with (src/app/duplicates.ts:
-- `ordersText` of each envelope, a JSON array of strings). A mail's text is parsed once, the first
-- time it is compared, and never again: a mail of several envelopes for one player no longer reads
-- every mail the referee sent him this turn and the last. NULL: not parsed yet (rows written
-- before this migration, and new rows until their first comparison).

ALTER TABLE outbox ADD COLUMN orders_copies TEXT;
