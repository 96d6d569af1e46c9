// Who may do what on NATS: one user per service, allowed only the subjects its part of the credits protocol needs
// (docs/architecture.md#credits). Without this any admitted pod could reserve or release credits for anyone. The
// embedded NATS of `npm start`, docker-compose and k8s all serve exactly these permissions (k8s/base/nats-auth.conf
// is checked against them by packages/dev-infra/src/nats-auth.test.ts).
import { CREATION_SERVICES, type CreationService } from './creations';
import { MEMBER_EXPORT_SERVICES, natsNames, type NatsNames } from './nats';
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

function ownsCreations(service: NatsUserName): service is CreationService {
  return (CREATION_SERVICES as readonly string[]).includes(service);
}

/**
 * What a result-owning service publishes for the library (docs/architecture.md#library-events): its creation events,
 * and the CREATIONS stream it ensures at start (created by whichever of it and the library starts first).
 */
function creationOwnerPublishes(names: NatsNames): string[] {
  return [
    `${JS_API}.INFO`,
    ...['INFO', 'CREATE', 'UPDATE'].map((op) => `${JS_API}.STREAM.${op}.${names.creationsStream}`),
    names.creationCreated,
    names.creationDeleted,
  ];
}

/** The export requests a service answers: `member.export.<itself>`, nobody else's (none for a service without data). */
function memberExportOf(service: NatsUserName, names: NatsNames): string[] {
  return (MEMBER_EXPORT_SERVICES as readonly string[]).includes(service)
    ? [`${names.memberExportPrefix}.${service}`]
    : [];
}

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

/** Each subject once (a service that owns results and deletes members asks for `$JS.API.INFO` twice). */
function unique(subjects: string[]): string[] {
  return [...new Set(subjects)];
}

/**
 * What a consumer of `identity.user.deleted` needs (docs/architecture.md#member-deletion): the IDENTITY stream looked
 * up (and created when identity has not started yet), its own durable consumer there, and its dead letters.
 */
function memberDeletionOf(names: NatsNames): string[] {
  return [
    `${JS_API}.INFO`,
    ...['INFO', 'CREATE'].map((op) => `${JS_API}.STREAM.${op}.${names.identityStream}`),
    ...pullConsumerOf(names.identityStream),
    names.memberDeletionDeadLetter,
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
 * - the library alone owns the CREATIONS stream's consumer (it reads `creation.*` and dead-letters), and alone asks
 *   the owning services to delete a member's result (`library.delete.<service>`) and chat for one stored answer
 *   (`library.answer.chat`, answered by chat alone);
 * - each service that owns results (CREATION_SERVICES) publishes its creation events, ensures the CREATIONS stream
 *   and answers `library.delete.<itself>`, nobody else's;
 * - identity alone asks for a member's data export (`member.export.<service>`); each service holding member data
 *   answers its own subject only, so no service can read another's part;
 * - the gateway only follows revocations: it receives them and asks for the list, nothing else;
 * - everyone who checks access tokens (all of the above) receives revocations and may ask for the list;
 * - identity alone publishes `identity.user.deleted`; every other service consumes it with a durable consumer of its
 *   own on the IDENTITY stream and dead-letters what it cannot apply (memberDeletionOf).
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
        names.memberDeletionDeadLetter,
      ],
      subscribe: [
        names.reserve,
        names.releaseNow,
        names.chargeLeases,
        names.tokenRevoked,
        ...memberExportOf('credits', names),
        inbox,
      ],
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
        names.userDeleted,
        names.tokenRevoked,
        // Its own replicas sync their lists too (any replica answers).
        names.tokenRevocations,
        // It asks every service for its part of a member's data export.
        `${names.memberExportPrefix}.*`,
      ],
      subscribe: [names.tokenRevoked, names.tokenRevocations, inbox],
      allowResponses: true,
    };
  }
  if (service === 'library') return libraryPermissions(names, inbox);
  return toolServicePermissions(service, names, inbox);
}

/** The library: owns the CREATIONS stream's consumer and asks the owning services to delete a result. */
function libraryPermissions(names: NatsNames, inbox: string): NatsPermissions {
  return {
    publish: unique([
      `${JS_API}.INFO`,
      ...['INFO', 'CREATE', 'UPDATE'].map((op) => `${JS_API}.STREAM.${op}.${names.creationsStream}`),
      ...pullConsumerOf(names.creationsStream),
      names.creationDeadLetter,
      `${names.creationDeletePrefix}.*`,
      names.chatAnswer,
      names.tokenRevocations,
      ...memberDeletionOf(names),
    ]),
    subscribe: [names.tokenRevoked, inbox],
    allowResponses: false,
  };
}

/** A tool service: reserves and releases, publishes usage; a result owner also announces and deletes its results. */
function toolServicePermissions(service: NatsUserName, names: NatsNames, inbox: string): NatsPermissions {
  const chatStop = service === 'chat' ? [names.chatStop] : [];
  const owner = ownsCreations(service);
  return {
    publish: unique([
      names.reserve,
      names.releaseNow,
      names.chargeLeases,
      names.usageCommitted,
      names.usageReleased,
      names.tokenRevocations,
      ...chatStop,
      ...(owner ? creationOwnerPublishes(names) : []),
      ...memberDeletionOf(names),
    ]),
    subscribe: [
      names.tokenRevoked,
      ...chatStop,
      ...(owner ? [`${names.creationDeletePrefix}.${service}`] : []),
      ...(service === 'chat' ? [names.chatAnswer] : []),
      ...memberExportOf(service, names),
      inbox,
    ],
    // A result owner answers the library's delete requests; a data holder answers export requests.
    allowResponses: owner || memberExportOf(service, names).length > 0,
  };
}
