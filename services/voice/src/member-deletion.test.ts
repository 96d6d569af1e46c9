// A deleted account's audio (docs/architecture.md#member-deletion), on real PostgreSQL and S3: deleteVoiceMember waits
// (fails, to be retried) while a job of the member still runs, then removes the member's clips, jobs and audio files,
// and nothing of another member; running it again changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createObjectStore, objectStoreConfigFields, type ObjectStore } from '@act/service-kit/files';
import { createTestDatabase, testObjectStoreEnv, type TestDatabase } from '@act/service-kit/testing';
import { migrateVoiceDatabase } from './db/migrate';
import { deleteVoiceMember } from './domain/member-deletion';

let database: TestDatabase;
let sql: Sql;
let files: ObjectStore;

beforeAll(async () => {
  database = await createTestDatabase('voice_member_deletion');
  sql = connectDatabase(database.url);
  await migrateVoiceDatabase(sql);
  files = createObjectStore(z.object(objectStoreConfigFields).parse(testObjectStoreEnv()), {
    service: 'voice',
  });
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

async function memberWithClip(jobStatus: string): Promise<{ userId: string; jobId: string; key: string }> {
  const userId = randomUUID();
  const jobId = randomUUID();
  const { key } = await files.put({
    owner: userId,
    body: Buffer.from('ID3 audio'),
    contentType: 'audio/mpeg',
    ext: 'mp3',
  });
  await sql`insert into jobs (id, owner, tool, status, request_id, charge)
    values (${jobId}, ${userId}, 'text-to-speech', ${jobStatus}, ${randomUUID()}, '{}'::jsonb)`;
  await sql`insert into audio_clips (id, user_id, tool, job_id, audio_key, engine)
    values (${randomUUID()}, ${userId}, 'text-to-speech', ${jobId}, ${key}, 'local')`;
  return { userId, jobId, key };
}

async function rowsOf(userId: string): Promise<number> {
  const [row] = await sql<Array<{ count: number }>>`
    select ((select count(*) from audio_clips where user_id = ${userId})
      + (select count(*) from jobs where owner = ${userId}))::int as count`;
  return row!.count;
}

const exists = (key: string) =>
  files.head(key).then(
    () => true,
    () => false,
  );

describe('deleting a member’s audio', () => {
  it('waits for a running job, then removes the member’s clips, jobs and files and nothing of another', async () => {
    const leaving = await memberWithClip('running');
    const staying = await memberWithClip('succeeded');

    // A job still running would store a clip after the deletion: the deletion fails and is retried later.
    await expect(deleteVoiceMember({ sql, files }, leaving.userId)).rejects.toThrow(/still running/);
    expect(await rowsOf(leaving.userId)).toBe(2);
    expect(await exists(leaving.key)).toBe(true);

    await sql`update jobs set status = 'succeeded' where id = ${leaving.jobId}`;
    await deleteVoiceMember({ sql, files }, leaving.userId);
    expect(await rowsOf(leaving.userId)).toBe(0);
    expect(await exists(leaving.key)).toBe(false);
    expect(await rowsOf(staying.userId)).toBe(2);
    expect(await exists(staying.key)).toBe(true);

    await deleteVoiceMember({ sql, files }, leaving.userId);
    expect(await rowsOf(staying.userId)).toBe(2);
  });
});
