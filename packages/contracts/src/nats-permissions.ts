// Who may do what on NATS: one user per service, allowed only the subjects its part of the credits protocol needs
// (docs/architecture.md#credits). Without this any admitted pod could reserve or release credits for anyone. The
// embedded NATS of `npm start`, docker-compose and k8s all serve exactly these permissions (k8s/base/nats-auth.conf
// is checked against them by packages/dev-infra/src/nats-auth.test.ts).
import { natsNames } from './nats';
import type { ServiceName } from './services';

/** Who connects to NATS with a user of its own: every service, and the gateway (it follows token revocations). */
export type NatsUserName = ServiceName | 'gateway';

export interface NatsPermissions {
  /** Subjects the user may publish to (JetStream API calls are publishes to `$JS.API.…`). */
  publish: string[];
  /** Subjects the user may subscribe to. */
  subscribe: string[];
  /** May answer requests it received (credits answering `credits.reserve`), to their reply subject only. */
  allowResponses: boolean;
}

/**
 * The prefix of a user's reply subjects. Each service gets its own instead of the shared `_INBOX`, so one service
 * cannot subscribe to the replies another receives (reserve answers, JetStream acknowledgements).
 */
export function natsInboxPrefix(user: string): string {
  return `_INBOX_${user.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

const JS_API = '$JS.API';

/** What a durable pull consumer of `stream` needs: create or update it, look it up, pull and acknowledge. */
function pullConsumerOf(stream: string): string[] {
  return [
    `${JS_API}.CONSUMER.CREATE.${stream}.>`,
    `${JS_API}.CONSUMER.DURABLE.CREATE.${stream}.*`,
    `${JS_API}.CONSUMER.INFO.${stream}.*`,
    `${JS_API}.CONSUMER.MSG.NEXT.${stream}.*`,
    `$JS.ACK.${stream}.>`,
  ];
}

/**
 * The permissions of a service's NATS user (the user is named after the service). Subjects carry the namespace,
 * as every service builds its subjects with `natsNames(NATS_NAMESPACE)`.
 * - credits alone answers `credits.reserve` and `credits.release`, owns the USAGE stream, consumes USAGE and
 *   IDENTITY, and dead-letters;
 * - credits alone publishes `credits.notice.raised` and owns the NOTICES stream;
 * - identity alone publishes `identity.user.created` and owns the IDENTITY stream;
 * - identity alone consumes NOTICES (it e-mails the notices) and dead-letters them;
 * - identity alone publishes access-token revocations and answers revocation-list requests, so nobody else can
 *   forge one (which would sign members out) or hand out a list without them (which would keep revoked tokens alive);
 * - every other service is a tool service: it asks for a reserve or an immediate release and publishes usage events,
 *   and gets no JetStream API at all (publishing to a stream needs none);
 * - chat alone publishes and receives `chat.stop` (a Stop reaching the replica that holds the reply's stream);
 * - the gateway only follows revocations: it receives them and asks for the list, nothing else;
 * - everyone who checks access tokens (all of the above) receives revocations and may ask for the list.
 */
export function natsPermissions(service: NatsUserName, namespace?: string): NatsPermissions {
  const names = natsNames(namespace);
  const inbox = `${natsInboxPrefix(service)}.>`;
  if (service === 'gateway') {
    return {
      publish: [names.tokenRevocations],
      subscribe: [names.tokenRevoked, inbox],
      allowResponses: false,
    };
  }
  if (service === 'credits') {
    return {
      publish: [
        `${JS_API}.INFO`,
        ...['INFO', 'CREATE', 'UPDATE'].map((op) => `${JS_API}.STREAM.${op}.${names.usageStream}`),
        // IDENTITY belongs to identity; credits only creates it when it starts first.
        ...['INFO', 'CREATE'].map((op) => `${JS_API}.STREAM.${op}.${names.identityStream}`),
        ...['INFO', 'CREATE', 'UPDATE'].map((op) => `${JS_API}.STREAM.${op}.${names.noticesStream}`),
        ...pullConsumerOf(names.usageStream),
        ...pullConsumerOf(names.identityStream),
        names.usageDeadLetter,
        names.noticeRaised,
        names.tokenRevocations,
      ],
      subscribe: [names.reserve, names.releaseNow, names.chargeLeases, names.tokenRevoked, inbox],
      allowResponses: true,
    };
  }
  if (service === 'identity') {
    return {
      publish: [
        `${JS_API}.INFO`,
        ...['INFO', 'CREATE', 'UPDATE'].map((op) => `${JS_API}.STREAM.${op}.${names.identityStream}`),
        // NOTICES belongs to credits; identity only creates it when it starts first.
        ...['INFO', 'CREATE'].map((op) => `${JS_API}.STREAM.${op}.${names.noticesStream}`),
        ...pullConsumerOf(names.noticesStream),
        names.noticeDeadLetter,
        names.userCreated,
        names.tokenRevoked,
        // Its own replicas sync their lists too (any replica answers).
        names.tokenRevocations,
      ],
      subscribe: [names.tokenRevoked, names.tokenRevocations, inbox],
      allowResponses: true,
    };
  }
  const chatStop = service === 'chat' ? [names.chatStop] : [];
  return {
    publish: [
      names.reserve,
      names.releaseNow,
      names.chargeLeases,
      names.usageCommitted,
      names.usageReleased,
      names.tokenRevocations,
      ...chatStop,
    ],
    subscribe: [names.tokenRevoked, ...chatStop, inbox],
    allowResponses: false,
  };
}
