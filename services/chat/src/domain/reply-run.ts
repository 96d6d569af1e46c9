// One open chat reply while it runs (docs/architecture.md#streaming-replies, docs/charges.md#chat-replies): its
// columns stream inside its charge's run, their progress is saved with every other open reply's
// (chat-replies.ts ProgressSaves), then its rows are stored and its charge settled by how the columns ended
// (reply-settlement.ts), and the member is told how it ended, as the last event. The reply's state is this one
// object with shared methods, and its run one promise chain: closures and suspended async frames per reply were
// memory per open reply (docs/performance.md#chats-32-kb-on-this-design).
import { CHARGED_WORK_MAX_MS, ERROR_TEXTS, ErrorCode } from '@act/contracts';
import {
  AppError,
  isAppError,
  type Charge,
  type CreationAnnouncer,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ChatStore } from '../db/chat-store';
import { runReport } from '../deep-search/report';
import type { DeepSearchDeps } from '../deep-search/research';
import type { ChatProvider } from '../providers/types';
import type { LocalAnswer } from '../web/grounding';
import type { Generation } from './generations';
import { runColumn, type ColumnRun, type ColumnState } from './reply-columns';
import type { ProgressSaves, SavedReply } from './chat-replies';
import type { ReplyRequest } from './reply-request';
import {
  announceEnd,
  columnEnd,
  endOf,
  rowsOf,
  settleReply,
  settleReport,
  storeAndSettle,
  unstoredEnd,
  type ReplyCharge,
  type ReplyEnd,
  type ReplyOutcome,
  type ReplySettlement,
} from './reply-settlement';

export interface ReplyRunDeps {
  store: ChatStore;
  outbox: Outbox;
  creations: CreationAnnouncer;
  logger: Logger;
  replyMaxMs: number;
  progress: ProgressSaves;
  deepSearch?: DeepSearchDeps | undefined;
}

/** A reply whose member's message and rows are stored and whose charge is held, ready to run. */
export interface OpenedReply {
  request: ReplyRequest;
  sessionId: string;
  replyId: string;
  /** The member's message the reply answers (new, or the one answered again). */
  questionId: string;
  columns: ColumnState[];
  charge: Charge;
  terms: ReplyCharge;
  /** The provider as this reply calls it: the project's and the member's instructions first (instructions.ts). */
  provider: ChatProvider | undefined;
}

export class ReplyRun implements ColumnRun, SavedReply {
  readonly kind: ReplyRequest['kind'];
  readonly sessionId: string;
  readonly replyId: string;
  readonly questionId: string;
  readonly columns: ColumnState[];
  readonly charge: Charge;
  readonly terms: ReplyCharge;
  readonly provider: ChatProvider | undefined;
  readonly local: LocalAnswer | undefined;
  readonly multi: boolean;
  /** Deep Search only: the question and the earlier reports it follows up (the request itself is not kept). */
  private readonly report: { question: string; earlier: DeepSearchRequestEarlier } | undefined;
  /** Set when the reply starts running (run()). */
  generation!: Generation<ReplyOutcome>;
  signal!: AbortSignal;
  saving: Promise<void> | undefined;
  /** Made when the reply has something to log: a logger per open reply costs every reply that never logs. */
  private child: Logger | undefined;
  /** Set once every column has ended (a reply that breaks before then is shown as failed). */
  private settlement: ReplySettlement = { status: 'failed', charge: 'released' };
  private refund: number | null | undefined;
  private limit: NodeJS.Timeout | undefined;
  /** The final write is retried while the database restarts until then, as long as the charged call may last. */
  private until = 0;

  constructor(
    private readonly deps: ReplyRunDeps,
    opened: OpenedReply,
  ) {
    const { request } = opened;
    this.kind = request.kind;
    this.sessionId = opened.sessionId;
    this.replyId = opened.replyId;
    this.questionId = opened.questionId;
    this.columns = opened.columns;
    this.charge = opened.charge;
    this.terms = opened.terms;
    this.provider = opened.provider;
    this.local = request.kind === 'web' && request.answer.by === 'local' ? request.answer.answer : undefined;
    this.multi = request.kind === 'playground';
    this.report =
      request.kind === 'deep-search'
        ? { question: request.prompt, earlier: request.earlier ?? [] }
        : undefined;
  }

  log(): Logger {
    return (this.child ??= this.deps.logger.child({ replyId: this.replyId, kind: this.kind }));
  }

  /** Streams the columns, then stores the reply and settles its charge by how they ended, and tells the member. */
  run(generation: Generation<ReplyOutcome>): Promise<ReplyOutcome> {
    this.generation = generation;
    this.signal = generation.signal;
    const { sessionId, replyId, questionId, columns, multi, local } = this;
    generation.emit({
      type: 'start',
      sessionId,
      messageId: replyId,
      userMessageId: questionId,
      ...(multi ? { columns: columns.map((column) => column.column) } : {}),
      ...(local ? { local: true } : {}),
    });
    this.until = Date.now() + CHARGED_WORK_MAX_MS - 5_000;
    this.limit = setTimeout(stopAtTimeLimit, this.deps.replyMaxMs, generation);
    this.deps.progress.add(this);
    return this.charge.run(this.work, { signal: generation.signal }).then(
      () => this.stored(),
      (error: unknown) => this.unstored(error),
    );
  }

  /** The outcome when run() threw after all (a bug): the reply must still finish for its waiters. */
  crashed(error: unknown): ReplyOutcome {
    this.stopTimers();
    this.deps.logger.error({ err: error, replyId: this.replyId }, 'chat reply crashed');
    const { kind, sessionId, replyId, columns } = this;
    return {
      kind,
      sessionId,
      replyId,
      status: 'failed',
      columns,
      remainingCredits: this.refundedOtherwise(),
      failure: new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected),
    };
  }

  /** The charged work: every column to its end, then the rows stored and the charge settled (storeAndSettle). */
  private readonly work = (signal: AbortSignal): Promise<void> => {
    const { report } = this;
    const reportDeps = report ? this.deps.deepSearch : undefined;
    const running = this.columns.map((column) =>
      reportDeps
        ? runReport(column, report!.question, this, reportDeps, report!.earlier)
        : runColumn(column, this),
    );
    // One column (every tool but the playground) is awaited as it is: a Promise.all more per open reply otherwise.
    const columnsEnded = running.length === 1 ? running[0]! : Promise.all(running);
    return columnsEnded.then(() => this.storeAndSettle(reportDeps !== undefined, signal));
  };

  private async storeAndSettle(reported: boolean, signal: AbortSignal): Promise<void> {
    const { deps, columns, charge } = this;
    // No progress save may land after the final rows: the one under way is waited for.
    await deps.progress.remove(this);
    const settlement = (reported ? settleReport : settleReply)(columns.map(columnEnd), signal.aborted);
    this.settlement = settlement;
    // Each answer keeps what its reply cost: the price when charged, nothing when free.
    const credits = settlement.charge === 'committed' ? this.terms.price : 0;
    const rows = rowsOf(columns).map((row) => ({ ...row, credits }));
    this.refund = await storeAndSettle(this.sessionId, rows, settlement.charge, {
      store: deps.store,
      outbox: deps.outbox,
      creations: deps.creations,
      charge,
      until: this.until,
      log: () => this.log(),
    });
  }

  private stored(): ReplyOutcome {
    const { settlement, kind, columns, terms } = this;
    const balances = {
      heldBalance: this.charge.remainingCredits ?? 0,
      refundedBalance: this.refund ?? this.refundedOtherwise(),
    };
    return this.ended(endOf({ settlement, kind, columns, ...balances, failedText: terms.failedText }));
  }

  /** The charged reply could not be stored even after retrying (charge.run released its hold): it costs nothing. */
  private unstored(error: unknown): ReplyOutcome {
    const refunded = isAppError(error) ? error.details.remainingCredits : undefined;
    const remainingCredits = typeof refunded === 'number' ? refunded : this.refundedOtherwise();
    const { status } = this.settlement;
    if (status !== 'stopped') this.log().error({ err: error }, 'chat reply could not be saved; released');
    return this.ended(unstoredEnd(status, remainingCredits, this.terms.failedText, error));
  }

  private ended(end: ReplyEnd): ReplyOutcome {
    this.stopTimers();
    const { kind, sessionId, replyId, columns } = this;
    return announceEnd(this.generation, { kind, sessionId, replyId, columns }, end);
  }

  private stopTimers(): void {
    clearTimeout(this.limit);
    void this.deps.progress.remove(this);
  }

  /** The balance after a refund when credits did not tell it: the held balance plus the cost given back. */
  private refundedOtherwise(): number {
    return (this.charge.remainingCredits ?? 0) + this.terms.price;
  }
}

type DeepSearchRequestEarlier = NonNullable<Extract<ReplyRequest, { kind: 'deep-search' }>['earlier']>;

/** The time limit's stop (one function for every reply, the generation its argument: no closure per open reply). */
function stopAtTimeLimit(generation: Generation<ReplyOutcome>): void {
  generation.stop('timeout');
}
