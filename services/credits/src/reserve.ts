// Reserving a tool use in credits (docs/architecture.md#credits), the rules `credits.reserve` applies (the responder
// is in charges.ts): the cost comes from the catalogue, never from the caller; members are charged with a conditional
// UPDATE (grouped into one statement under load: createReserver), a call made with a personal API key by its own
// statement that also tests the key's limit (api-key-reserve.ts); guests get one free use per tool and network (the
// IPv4 address or the IPv6 /64) per 24 hours, and all guests together at most the daily guest budget of each tool.
// Idempotent per requestId: a repeated request gets the stored answer and is never charged twice.
import { isIP } from 'node:net';
import { CREDIT_CONTROLS_TEXTS, ERROR_TEXTS, ErrorCode, toolCost, type ToolId } from '@act/contracts';
import type { ReserveReply, ReserveRequest } from '@act/contracts/server';
import {
  activeTraceContext,
  batchSpan,
  isUniqueViolation,
  withTraceContext,
  type TraceContext,
} from '@act/service-kit';
import { reserveWithKey } from './api-key-reserve';
import type { Clock } from './clock';
import type { AccountRow } from './db/accounts';
import type { CreditsStore } from './db/credits-store';
import type { HoldLease, HoldRow } from './db/holds';
import { applyDueChanges, ensureAccount } from './domain/account-lifecycle';

/**
 * docs/product-rules.md#costs-and-limits: one guest use per tool per IP per 24 hours (per network here: see the
 * header).
 */
export const GUEST_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ReserveDeps {
  store: CreditsStore;
  clock: Clock;
  /**
   * Guest uses of one tool that all guests together may take per 24 hours (GUEST_DAILY_BUDGET_PER_TOOL). A second
   * fuse behind the per-network try: however many networks a caller controls, the provider bill for guests has a
   * ceiling. 0 turns guest trials off.
   */
  guestDailyBudgetPerTool: number;
}

export const insufficient: ReserveReply = {
  ok: false,
  code: ErrorCode.INSUFFICIENT_CREDITS,
  message: ERROR_TEXTS.toolUse.insufficientCredits,
};

/** Reserves one use on its own (its own statement or transaction). */
export async function reserveCredits(deps: ReserveDeps, request: ReserveRequest): Promise<ReserveReply> {
  if (request.userId) {
    const input: MemberReserve = {
      requestId: request.requestId,
      userId: request.userId,
      tool: request.tool,
      cost: toolCost(request.tool, request.options),
      ...(request.lease ? { lease: request.lease } : {}),
    };
    return request.apiKey
      ? reserveWithKey(deps, { ...input, apiKey: request.apiKey })
      : reserveForMember(deps, input);
  }
  const visitorIp = guestAddress(request.guestIp);
  if (!visitorIp) {
    return { ok: false, code: ErrorCode.GUEST_IP_REQUIRED, message: ERROR_TEXTS.toolUse.guestIpRequired };
  }
  return reserveForGuest(deps, {
    requestId: request.requestId,
    visitorIp,
    tool: request.tool,
    ...(request.lease ? { lease: request.lease } : {}),
  });
}

/**
 * The guest's address, trimmed and lower-cased, without an IPv6 zone (`fe80::1%eth0`, meaningless off the host);
 * undefined when it is missing or not an IP address, since a try could not be counted against it.
 */
export function guestAddress(guestIp: string | undefined): string | undefined {
  const address = guestIp?.trim().toLowerCase().replace(/%.*$/, '');
  return address && isIP(address) !== 0 ? address : undefined;
}

export interface Reserver {
  reserve(request: ReserveRequest): Promise<ReserveReply>;
}

export interface ReserverOptions {
  /** Most member charges written in one transaction. */
  maxBatch?: number;
  /** Batches in flight at once (each holds one pooled connection). */
  concurrency?: number;
  /** Called with the size of every multi-charge batch written (metrics, tests). */
  onBatch?(size: number): void;
}

interface Pending {
  input: MemberReserve;
  /** The trace of the request it answers (undefined with traces off): its own queries go there. */
  trace: TraceContext | undefined;
  resolve(reply: ReserveReply): void;
  reject(error: unknown): void;
}

/**
 * Group commit for member charges. Under load, charges that arrive while earlier ones are being written are
 * written together in ONE statement (chargeMembers: the same conditional UPDATE per charge, accounts locked in
 * user-id order), so many charges share one round trip and one WAL flush. Each charge still succeeds or fails on
 * its own; a batch holds at most one charge per member (the others wait for the next batch), and a batch that fails
 * as a whole (a concurrent duplicate requestId, say) is retried charge by charge. With no load every request goes
 * alone, exactly as reserveCredits would.
 */
export function createReserver(deps: ReserveDeps, options: ReserverOptions = {}): Reserver {
  const maxBatch = options.maxBatch ?? 100;
  const concurrency = options.concurrency ?? 4;
  let queue: Pending[] = [];
  let inFlight = 0;
  let pumpScheduled = false;

  const settleAlone = (pending: Pending) =>
    withTraceContext(pending.trace, () => reserveForMember(deps, pending.input)).then(
      pending.resolve,
      pending.reject,
    );

  /** Takes up to maxBatch queued charges with distinct members and distinct requestIds. */
  const takeBatch = (): Pending[] => {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const users = new Set<string>();
    const requests = new Set<string>();
    for (const pending of queue) {
      const { userId, requestId } = pending.input;
      if (batch.length < maxBatch && !users.has(userId) && !requests.has(requestId)) {
        batch.push(pending);
        users.add(userId);
        requests.add(requestId);
      } else {
        rest.push(pending);
      }
    }
    queue = rest;
    return batch;
  };

  const runBatch = async (batch: Pending[]) => {
    if (batch.length === 1) return settleAlone(batch[0]!);
    options.onBatch?.(batch.length);
    let remaining: Array<number | undefined>;
    try {
      // One statement for many requests: a span linked to each of their traces.
      remaining = await batchSpan(
        'reserve batch',
        batch.map((pending) => pending.trace),
        { attributes: { 'credits.batch_size': batch.length } },
        () =>
          deps.store.chargeMembers(
            batch.map((pending) => pending.input),
            deps.clock.now(),
          ),
      );
    } catch {
      await Promise.all(batch.map(settleAlone));
      return;
    }
    await Promise.all(
      batch.map((pending, i) => {
        const left = remaining[i];
        // Not charged by the fast statement: missing account, something due, or too few credits. The single path
        // opens or updates the account and gives the definitive answer.
        if (left === undefined) return settleAlone(pending);
        pending.resolve({ ok: true, cost: pending.input.cost, remainingCredits: left });
        return undefined;
      }),
    );
  };

  const pump = () => {
    pumpScheduled = false;
    while (queue.length > 0 && inFlight < concurrency) {
      inFlight += 1;
      void runBatch(takeBatch()).finally(() => {
        inFlight -= 1;
        if (queue.length > 0) schedulePump();
      });
    }
  };
  const schedulePump = () => {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(pump);
  };

  return {
    reserve(request) {
      if (!request.userId) return reserveCredits(deps, request);
      const input: MemberReserve = {
        requestId: request.requestId,
        userId: request.userId,
        tool: request.tool,
        cost: toolCost(request.tool, request.options),
        ...(request.lease ? { lease: request.lease } : {}),
      };
      // A key's charge goes alone: its statement also locks the key's spend (docs/architecture.md#personal-api-keys).
      if (request.apiKey) return reserveWithKey(deps, { ...input, apiKey: request.apiKey });
      return new Promise<ReserveReply>((resolve, reject) => {
        queue.push({ input, trace: activeTraceContext(), resolve, reject });
        schedulePump();
      });
    },
  };
}

export interface MemberReserve {
  requestId: string;
  userId: string;
  tool: ToolId;
  cost: number;
  lease?: HoldLease;
}

async function reserveForMember({ store, clock }: ReserveDeps, input: MemberReserve): Promise<ReserveReply> {
  const now = clock.now();
  const charge = { ...input, now };
  try {
    // Fast path, one round trip: the account exists, nothing is due and the balance covers the cost.
    const remaining = await store.chargeMember(charge);
    if (remaining !== undefined) return { ok: true, cost: input.cost, remainingCredits: remaining };

    // Slow path: replay a repeated request, or open the account / apply what is due, then try once more.
    return await store.transaction(async (tx) => {
      const existing = await tx.findHold(input.requestId);
      if (existing) return replay(existing, input);
      await ensureAccount(tx, input.userId, now);
      const account = await applyDueChanges(tx, input.userId, now);
      const retried = await tx.chargeMember(charge);
      if (retried !== undefined) return { ok: true, cost: input.cost, remainingCredits: retried };
      return account && overCap(account, input.cost) ? spendCapReached(account.monthly_cap!) : insufficient;
    });
  } catch (error) {
    // The same requestId raced in from another delivery: answer with what that one stored.
    if (!isUniqueViolation(error, 'holds_pkey')) throw error;
    const existing = await store.findHold(input.requestId);
    if (!existing) throw error;
    return replay(existing, input);
  }
}

/**
 * Whether the charge was refused for the member's own monthly cap (docs/charges.md#spend-cap-and-usage-notices)
 * rather than for the balance: the balance covers it, the cap does not.
 */
export function overCap(account: AccountRow, cost: number): boolean {
  return (
    account.monthly_cap !== null &&
    account.credits >= cost &&
    account.period_spent + cost > account.monthly_cap
  );
}

export function spendCapReached(cap: number): ReserveReply {
  return {
    ok: false,
    // Its own code: tools that word "insufficient credits" their own way must not hide the cap's text.
    code: ErrorCode.SPEND_CAP_REACHED,
    message: CREDIT_CONTROLS_TEXTS.spendCapReached(cap),
  };
}

interface GuestReserve {
  requestId: string;
  visitorIp: string;
  tool: ToolId;
  lease?: HoldLease;
}

const needsSignup = {
  ok: false,
  code: ErrorCode.NEEDS_SIGNUP,
  message: ERROR_TEXTS.toolUse.needsSignup,
  needsSignup: true,
} satisfies ReserveReply;

async function reserveForGuest(
  { store, clock, guestDailyBudgetPerTool }: ReserveDeps,
  input: GuestReserve,
): Promise<ReserveReply> {
  const now = clock.now();
  const since = new Date(now.getTime() - GUEST_WINDOW_MS);
  const reserve = () =>
    store.transaction(async (tx) => {
      // Without this lock two parallel first uses from one network would both see "no use yet" and both go free.
      await tx.lockGuestSlot(input.visitorIp, input.tool);
      const existing = await tx.findHold(input.requestId);
      if (existing)
        return replay(existing, { userId: undefined, visitorIp: input.visitorIp, tool: input.tool });
      if (await tx.guestUsedSince(input.visitorIp, input.tool, since)) return needsSignup;
      // Counted under a per-tool lock, so concurrent guests can never take more than the budget between them.
      await tx.lockGuestBudget(input.tool);
      const used = await tx.countGuestUses(input.tool, since, guestDailyBudgetPerTool);
      if (used >= guestDailyBudgetPerTool) return needsSignup;
      await tx.insertGuestHold({ ...input, now });
      return { ok: true, cost: 0, remainingCredits: null } satisfies ReserveReply;
    });
  try {
    return await reserve();
  } catch (error) {
    // A release for this request id got there first (it left a void hold): answer with what is stored.
    if (!isUniqueViolation(error, 'holds_pkey')) throw error;
    const existing = await store.findHold(input.requestId);
    if (!existing) throw error;
    return replay(existing, { visitorIp: input.visitorIp, tool: input.tool });
  }
}

/** The stored answer for a repeated requestId; a requestId reused for another payer or tool is refused. */
export function replay(
  hold: HoldRow,
  request: { userId?: string; visitorIp?: string; tool: ToolId },
): ReserveReply {
  // Released before it was reserved: the tool service gave up on this call, so it must not cost anything now.
  if (hold.status === 'void') {
    return { ok: false, code: ErrorCode.SERVICE_UNAVAILABLE, message: ERROR_TEXTS.server.serviceUnavailable };
  }
  const samePayer = request.userId ? hold.user_id === request.userId : hold.visitor_ip === request.visitorIp;
  if (!samePayer || hold.tool !== request.tool) {
    return { ok: false, code: ErrorCode.CONFLICT, message: ERROR_TEXTS.generic.failedToProcessRequest };
  }
  return { ok: true, cost: hold.cost, remainingCredits: hold.user_id ? hold.remaining_credits : null };
}
