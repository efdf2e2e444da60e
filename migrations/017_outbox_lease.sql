-- The outbox's lease (shell/db/repos-mail.ts): the due rows and the mail sent in the last minute
-- are read by recipient and kind from these indexes alone, without reading the rows (their texts).
CREATE INDEX outbox_due_to ON outbox(status, next_attempt_at, id, lease_until, kind, recipient);
CREATE INDEX outbox_sent_to ON outbox(sent_at, kind, recipient) WHERE status = 'sent';
