-- An e-mail queued for an event (a credits usage notice: 'notice:<id>') carries the event's key, so a redelivered
-- event queues nothing twice (docs/charges.md#spend-cap-and-usage-notices). Other e-mails have none.
alter table email_outbox add column dedupe_key text unique;
