// NATS users with subject permissions in nats-server's configuration syntax: the `authorization` block that the
// embedded NATS of `npm start` loads, and that k8s/base/nats-auth.conf (used by k8s and docker-compose) must equal.
// The permissions themselves come from the caller (natsPermissions in @act/contracts); this only writes them.
import { randomBytes } from 'node:crypto';

export interface NatsUser {
  user: string;
  /** A literal password, or the environment variable nats-server reads it from (k8s and compose Secrets). */
  password: string | { env: string };
  permissions: { publish: string[]; subscribe: string[]; allowResponses: boolean };
}

const HEADER = [
  '# NATS users, one per service, each allowed only its subjects: rendered by renderNatsAuthorization',
  '# (@act/dev-infra) from natsPermissions (@act/contracts). Do not edit by hand: nats-auth.test.ts in dev-infra',
  '# fails until this file equals the rendering, and prints it.',
];

export function renderNatsAuthorization(users: readonly NatsUser[]): string {
  // One subject per line, so a change of permissions reads as a one-line diff.
  const allow = (kind: string, subjects: readonly string[]) => [
    `        ${kind}: {`,
    '          allow: [',
    ...subjects.map((subject) => `            ${JSON.stringify(subject)}`),
    '          ]',
    '        }',
  ];
  const blocks = users.map(({ user, password, permissions }) =>
    [
      '    {',
      `      user: ${JSON.stringify(user)}`,
      // `$NAME` unquoted is a variable, which nats-server resolves from its environment.
      `      password: ${typeof password === 'string' ? JSON.stringify(password) : `$${password.env}`}`,
      '      permissions: {',
      ...allow('publish', permissions.publish),
      ...allow('subscribe', permissions.subscribe),
      ...(permissions.allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n'),
  );
  return [...HEADER, 'authorization {', '  users: [', ...blocks, '  ]', '}', ''].join('\n');
}

/** The environment variable holding a service's NATS password in k8s and docker-compose: CREDITS_NATS_PASSWORD. */
export function natsPasswordEnv(user: string): string {
  return `${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_NATS_PASSWORD`;
}

/** One user per service, named after it, with a fresh random password (the embedded NATS is configured per start). */
export function natsUsersFor<S extends string>(
  services: readonly S[],
  permissionsOf: (service: S) => NatsUser['permissions'],
): NatsUser[] {
  return services.map((service) => ({
    user: service,
    password: randomBytes(24).toString('base64url'),
    permissions: permissionsOf(service),
  }));
}
