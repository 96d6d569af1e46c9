-- The member's language (docs/product-rules.md#languages), null until they choose one on the account page: the
-- e-mails identity sends them use it (English while null), and a device with no choice of its own adopts it at
-- sign-in. The API accepts only the languages contracts lists (LOCALES).
alter table users add column locale text;
