-- The recipients take turns in the outbox (shell/db/repos-mail.ts `due`, docs/architecture.md
-- "Mail in and out"): the mail sent to each recipient in the last minute counts against his turn,
-- found by this index.
CREATE INDEX outbox_sent ON outbox(sent_at) WHERE status = 'sent';
