-- Staff roles (docs/security.md#support-role). A row here puts the role in the user's access tokens (`roles` claim)
-- from their next sign-in or refresh. Rows are written only by the operator's command (npm run grant-role), never by
-- any HTTP route: no request can make itself staff.
create table user_roles (
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('support')),
  granted_at timestamptz not null default now(),
  primary key (user_id, role)
);
