-- Fusing a playground turn (issue 25, docs/product-rules.md#fuse): the fused answer is one more assistant row of the
-- session, written by the model that fused (model_name), pointing at the reply id of the turn it merged. A column's
-- own history (what each playground model reads) leaves fused rows out.
alter table chat_messages add column fused_from uuid;
