// The audio history's rows (deleting one: domain/creations.ts). Every read and delete is scoped to the member from the verified token; another member's
// clip answers exactly like one that does not exist (404).
import type { VoiceEngine, VoiceToolId } from '@act/contracts';
import { afterCursor, decodeCursor, findOwned, pageOf, type Db, type Page, type Sql } from '@act/service-kit';

export interface ClipRow {
  id: string;
  user_id: string;
  tool: VoiceToolId;
  job_id: string;
  audio_key: string;
  source_key: string | null;
  text: string | null;
  voice_id: string | null;
  voice_name: string | null;
  duration_seconds: number | null;
  engine: VoiceEngine;
  created_at: Date;
}

export type NewClip = Omit<ClipRow, 'created_at'>;

const CLIPS = { table: 'audio_clips' };

export interface ClipStore {
  /** Inserts the clip in the caller's transaction and returns it as stored. */
  insertIn(tx: Db, clip: NewClip): Promise<ClipRow>;
  findByJob(jobId: string): Promise<ClipRow | undefined>;
  find(userId: string, id: string): Promise<ClipRow>;
  list(
    userId: string,
    options: { tool?: VoiceToolId; cursor?: string; limit: number },
  ): Promise<Page<ClipRow & { created_key: string }>>;
}

export function createClipStore(sql: Sql): ClipStore {
  return {
    async insertIn(tx, clip) {
      const [row] = await tx<ClipRow[]>`
        insert into audio_clips (id, user_id, tool, job_id, audio_key, source_key, text, voice_id, voice_name,
          duration_seconds, engine)
        values (${clip.id}, ${clip.user_id}, ${clip.tool}, ${clip.job_id}, ${clip.audio_key}, ${clip.source_key},
          ${clip.text}, ${clip.voice_id}, ${clip.voice_name}, ${clip.duration_seconds}, ${clip.engine})
        returning *`;
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findByJob(jobId) {
      const [row] = await sql<ClipRow[]>`select * from audio_clips where job_id = ${jobId}`;
      return row;
    },

    find: (userId, id) => findOwned<ClipRow>(sql, CLIPS, { id, userId }),

    async list(userId, { tool, cursor, limit }) {
      const position = cursor ? decodeCursor(cursor) : undefined;
      const rows = await sql<Array<ClipRow & { created_key: string }>>`
        select *, created_at::text as created_key
        from audio_clips
        where user_id = ${userId}
          and ${tool ? sql`tool = ${tool}` : sql`true`}
          and ${afterCursor(sql, position, 'created_at', 'id')}
        order by created_at desc, id desc
        limit ${limit + 1}`;
      return pageOf(rows, limit, (row) => ({ timestampKey: row.created_key, id: row.id }));
    },
  };
}
