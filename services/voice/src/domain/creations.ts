// The voice service's stored clips as the member sees them: in a reply, a job or the history (`clipOf`, signed URLs),
// and in the member's library (docs/architecture.md#library-events): each stored clip is announced in the transaction
// that stores it (the job's success and its charge's commit); deleting one (the audio history's delete, or the
// library's request) removes its row and announces it in one transaction, then its files.
import {
  ERROR_TEXTS,
  getTool,
  voiceDownloadName,
  type AudioClip,
  type VoiceJob,
  type VoiceToolId,
} from '@act/contracts';
import {
  AppError,
  ErrorCode,
  isUuid,
  type CreationAnnouncer,
  type CreationOf,
  type Db,
  type JobRecord,
  type Sql,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { ClipRow, ClipStore } from '../db/clip-store';

/** A stored clip as the history, a job and a run's reply show it: signed URLs, the spec's download name. */
export function clipOf(files: Pick<ObjectStore, 'signedUrl'>, row: ClipRow): AudioClip {
  const fileName = voiceDownloadName(row.tool, row.created_at);
  return {
    id: row.id,
    tool: row.tool,
    createdAt: row.created_at.toISOString(),
    audioUrl: files.signedUrl(row.audio_key),
    downloadUrl: files.signedUrl(row.audio_key, { download: fileName }),
    fileName,
    sourceUrl: row.source_key ? files.signedUrl(row.source_key) : null,
    text: row.text,
    voiceId: row.voice_id,
    voiceName: row.voice_name,
    durationSeconds: row.duration_seconds,
    engine: row.engine,
  };
}

/** A job as the member sees it: its clip once it succeeded. */
export async function jobOf(
  files: Pick<ObjectStore, 'signedUrl'>,
  clips: Pick<ClipStore, 'findByJob'>,
  record: JobRecord,
): Promise<VoiceJob> {
  const clip = record.status === 'succeeded' ? await clips.findByJob(record.id) : undefined;
  return {
    id: record.id,
    tool: record.tool as VoiceToolId,
    status: record.status,
    progress: record.progress,
    createdAt: record.createdAt.toISOString(),
    clip: clip ? clipOf(files, clip) : null,
    error: record.error,
  };
}

/** The library's title: the text spoken or the sound described, else the tool's name (≤300 characters). */
export function clipCreation(row: ClipRow): CreationOf {
  return {
    id: row.id,
    userId: row.user_id,
    kind: 'audio',
    tool: row.tool,
    title: (row.text ?? getTool(row.tool).name).slice(0, 300),
    file: { key: row.audio_key, contentType: 'audio/mpeg' },
    openUrl: `/tools/${row.tool}?open=${row.id}`,
    createdAt: row.created_at.toISOString(),
  };
}

/** The backfill's pages: the stored clips in id order (creation-owner.ts). */
export async function clipBackfillPage(db: Db, after: string | null, limit: number): Promise<CreationOf[]> {
  const rows = await db<ClipRow[]>`
    select * from audio_clips where ${after ? db`id > ${after}` : db`true`} order by id limit ${limit}`;
  return rows.map(clipCreation);
}

export interface DeleteClipDeps {
  sql: Sql;
  files: ObjectStore;
  creations: CreationAnnouncer;
}

/**
 * Deletes the member's clip: the row and its deleted event in one transaction, then its audio and kept upload.
 * 404 when the member has no clip with this id (another member's, or already gone).
 */
export async function deleteClip(deps: DeleteClipDeps, userId: string, id: string): Promise<void> {
  const notFound = new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
  if (!isUuid(id)) throw notFound;
  const row = await deps.sql.begin(async (tx) => {
    const [deleted] = await tx<ClipRow[]>`
      delete from audio_clips where id = ${id} and user_id = ${userId} returning *`;
    if (deleted) await deps.creations.deleted(tx, { id, userId });
    return deleted;
  });
  if (!row) throw notFound;
  deps.creations.trigger();
  await deps.files.delete([row.audio_key, ...(row.source_key ? [row.source_key] : [])]);
}
