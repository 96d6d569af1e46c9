-- Guests are keyed by network, not by exact address: an IPv6 client gets a whole /64 and can pick a new address in
-- it for every request, so a per-address try would be unlimited. The key is the address itself for IPv4 (an
-- IPv4-mapped IPv6 address counts as its IPv4 address) and the /64 for IPv6. visitor_ip keeps the exact address.
--
-- One definition, used by the reserve queries and the backfill below. NULL for text that is not an address.
create function guest_key(address text) returns text language plpgsql immutable strict as $$
declare
  ip inet;
begin
  begin
    ip := address::inet;
  exception when others then
    return null;
  end;
  if family(ip) = 4 then
    return host(ip);
  end if;
  if ip << '::ffff:0.0.0.0/96'::inet then
    return host('0.0.0.0'::inet + (ip - '::ffff:0.0.0.0'::inet));
  end if;
  return network(set_masklen(ip, 64))::text;
end
$$;

alter table holds add column guest_key text;
update holds set guest_key = coalesce(guest_key(visitor_ip), visitor_ip) where visitor_ip is not null;
alter table holds add constraint holds_guest_key_present check ((visitor_ip is null) = (guest_key is null));

drop index holds_guest_recent;
create index holds_guest_recent on holds (guest_key, tool, created_at)
  where user_id is null and status in ('held', 'committed');
-- The global daily guest budget counts a tool's recent guest uses.
create index holds_guest_by_tool on holds (tool, created_at)
  where user_id is null and status in ('held', 'committed');
