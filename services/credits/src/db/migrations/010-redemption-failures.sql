-- Wrong redemption codes, counted per member ('member:<uuid>') and per address ('address:<ip>') in a window of an
-- hour that starts at the first wrong code (docs/product-rules.md#redemption-codes). A redemption locks its subjects'
-- rows for its whole transaction, so concurrent guesses queue and each reads the count the one before it left.
create table redemption_failures (
  subject text primary key,
  window_start timestamptz not null,
  failures integer not null default 0 check (failures >= 0)
);
