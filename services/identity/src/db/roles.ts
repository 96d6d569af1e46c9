// Queries on user_roles: the staff roles signed into a user's access tokens. Granted and revoked only by the
// operator's command line (scripts in src/grant-role.ts), never by a route.
import type { Db } from '@act/service-kit';

export type StaffRole = 'support';

export async function findRoles(db: Db, userId: string): Promise<StaffRole[]> {
  const rows = await db<{ role: StaffRole }[]>`
    select role from user_roles where user_id = ${userId} order by role`;
  return rows.map((row) => row.role);
}

/** Grants the role to the user with this (normalised) e-mail; false when no such user exists. */
export async function grantRole(db: Db, email: string, role: StaffRole): Promise<boolean> {
  const rows = await db`
    insert into user_roles (user_id, role)
    select id, ${role} from users where email = ${email}
    on conflict (user_id, role) do update set role = excluded.role
    returning user_id`;
  return rows.length > 0;
}

/** Takes the role away; true when the user had it. */
export async function revokeRole(db: Db, email: string, role: StaffRole): Promise<boolean> {
  const rows = await db`
    delete from user_roles r using users u
    where r.user_id = u.id and u.email = ${email} and r.role = ${role}
    returning r.user_id`;
  return rows.length > 0;
}
