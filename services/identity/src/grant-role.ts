// Grants or revokes a staff role (docs/security.md#support-role): the only way anyone becomes support staff. An
// operator runs it with the identity database's DATABASE_URL; no HTTP route can write user_roles.
//   npm run -s grant-role -w @act/identity -- <email> support            grant
//   npm run -s grant-role -w @act/identity -- <email> support --revoke   revoke
// The role reaches the user's access tokens at their next sign-in or token refresh (at most ACCESS_TOKEN_TTL_SECONDS).
import { connectDatabase } from '@act/service-kit';
import { migrateIdentityDatabase } from './db/migrate';
import { grantRole, revokeRole, type StaffRole } from './db/roles';

const ROLES: readonly StaffRole[] = ['support'];

const [rawEmail, role, flag] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase();
if (!email || !role || !(ROLES as readonly string[]).includes(role) || (flag && flag !== '--revoke')) {
  process.stderr.write(`usage: grant-role <email> <${ROLES.join('|')}> [--revoke]\n`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('DATABASE_URL (the identity database) is required\n');
  process.exit(2);
}
const sql = connectDatabase(databaseUrl, { max: 1 });
try {
  await migrateIdentityDatabase(sql);
  const revoke = flag === '--revoke';
  const changed = revoke
    ? await revokeRole(sql, email, role as StaffRole)
    : await grantRole(sql, email, role as StaffRole);
  if (!changed) {
    process.stderr.write(
      revoke ? `${email} does not have the role ${role}\n` : `no user with e-mail ${email}\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`${revoke ? 'revoked' : 'granted'} ${role} ${revoke ? 'from' : 'to'} ${email}\n`);
  }
} finally {
  await sql.end({ timeout: 5 });
}
