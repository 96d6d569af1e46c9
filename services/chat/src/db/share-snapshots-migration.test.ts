// Migration 008 on links made before snapshots held only the branch shown (docs/product-rules.md#shared-chats): a
// database is migrated as far as 007, written to as that release wrote (a snapshot copied every version of every
// message), then migrated to the end. A link whose session had two versions of any message when it was made
// published the hidden ones and is deleted; every other link is kept as it is.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_MIGRATIONS, connectDatabase, runMigrations, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateChatDatabase } from './migrate';

const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));

let database: TestDatabase;
let sql: Sql;

/** The chat migrations of the release before this one (001 to 007), in a folder of their own. */
async function migrationsBefore008(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'chat-migrations-'));
  for (const name of await readdir(MIGRATIONS)) {
    if (/^00[1-7]-.*\.sql$/.test(name)) await copyFile(path.join(MIGRATIONS, name), path.join(dir, name));
  }
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase('chat_share_snapshots');
  sql = connectDatabase(database.url, { max: 2 });
  expect(await runMigrations(sql, OUTBOX_MIGRATIONS, await migrationsBefore008())).toContain(
    '007-shares.sql',
  );
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

const USER = randomUUID();

async function session(kind: 'agent' | 'playground'): Promise<string> {
  const id = randomUUID();
  await sql`insert into chat_sessions (id, user_id, kind, title) values (${id}, ${USER}, ${kind}, 'A chat')`;
  return id;
}

/** A message written `minutesAgo` minutes ago, as 007's release wrote it (with its parent and shown_at). */
async function message(
  sessionId: string,
  role: 'user' | 'assistant',
  minutesAgo: number,
  {
    parent = null,
    model = null,
    fusedFrom = null,
  }: { parent?: string | null; model?: string | null; fusedFrom?: string | null } = {},
): Promise<string> {
  const id = randomUUID();
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await sql`
    insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, content, status, parent_id,
      shown_at, fused_from, created_at)
    values (${id}, ${sessionId}, ${USER}, ${role}, ${role === 'assistant' ? randomUUID() : null}, ${model},
      ${`text of ${id}`}, 'completed', ${parent}, ${at}, ${fusedFrom}, ${at})`;
  return id;
}

/** A link made `minutesAgo` minutes ago whose snapshot copied every message of the session then, as 007's did. */
async function share(sessionId: string, minutesAgo: number): Promise<string> {
  const id = randomUUID();
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await sql`
    insert into chat_shares (id, user_id, session_id, token, title, messages, created_at)
    select ${id}, ${USER}, ${sessionId}, ${randomUUID()}, 'A chat',
      coalesce(jsonb_agg(jsonb_build_object('role', role, 'content', content, 'model', model_name,
        'citations', citations, 'attachments', attachments) order by seq), '[]'::jsonb),
      ${at}
    from chat_messages where session_id = ${sessionId} and created_at <= ${at}`;
  return id;
}

async function snapshotOf(id: string): Promise<unknown> {
  const [row] = await sql<Array<{ messages: unknown }>>`select messages from chat_shares where id = ${id}`;
  return row?.messages;
}

describe('migration 008: links made before snapshots held only the branch shown', () => {
  it('deletes every link that published a hidden version and keeps the others unchanged', async () => {
    // Kept: a conversation with one version of everything.
    const linear = await session('agent');
    const q = await message(linear, 'user', 60);
    await message(linear, 'assistant', 59, { parent: q, model: 'openai/gpt-4o-mini' });
    const keptLinear = await share(linear, 50);

    // Deleted: the first message edited (a sibling with the same parent, none) before the link was made.
    const edited = await session('agent');
    const secret = await message(edited, 'user', 60);
    await message(edited, 'assistant', 59, { parent: secret, model: 'openai/gpt-4o-mini' });
    const redone = await message(edited, 'user', 58);
    await message(edited, 'assistant', 57, { parent: redone, model: 'openai/gpt-4o-mini' });
    const deletedEdit = await share(edited, 50);

    // Deleted: an answer regenerated with another model (chat agent answers are versions whatever their model).
    const regenerated = await session('agent');
    const asked = await message(regenerated, 'user', 60);
    await message(regenerated, 'assistant', 59, { parent: asked, model: 'openai/gpt-4o-mini' });
    await message(regenerated, 'assistant', 58, { parent: asked, model: 'anthropic/claude-sonnet-4' });
    const deletedRegenerate = await share(regenerated, 50);

    // Kept: versions written only after the link was made were never in it.
    const later = await session('agent');
    const first = await message(later, 'user', 60);
    await message(later, 'assistant', 59, { parent: first, model: 'openai/gpt-4o-mini' });
    const keptBeforeEdit = await share(later, 50);
    await message(later, 'user', 40);
    await message(later, 'assistant', 39, { parent: first, model: 'openai/gpt-4o-mini' });

    // Kept: a playground turn's four columns and its fuse are not versions of each other.
    const compared = await session('playground');
    const turn = await message(compared, 'user', 60);
    const columns = [
      'openai/gpt-4o-mini',
      'google/gemini-2.5-flash-preview-05-20',
      'anthropic/claude-sonnet-4',
    ];
    for (const model of columns) await message(compared, 'assistant', 59, { parent: turn, model });
    await message(compared, 'assistant', 58, { parent: turn, model: columns[0], fusedFrom: randomUUID() });
    const keptColumns = await share(compared, 50);
    const keptColumnsSnapshot = await snapshotOf(keptColumns);
    expect(keptColumnsSnapshot).toHaveLength(5);

    // Deleted: one playground column regenerated.
    const recompared = await session('playground');
    const again = await message(recompared, 'user', 60);
    for (const model of columns) await message(recompared, 'assistant', 59, { parent: again, model });
    await message(recompared, 'assistant', 58, { parent: again, model: columns[1] });
    const deletedColumn = await share(recompared, 50);

    const linearSnapshot = await snapshotOf(keptLinear);
    const applied = await migrateChatDatabase(sql);

    const left = await sql<Array<{ id: string }>>`select id from chat_shares`;
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([keptLinear, keptBeforeEdit, keptColumns]));
    for (const id of [deletedEdit, deletedRegenerate, deletedColumn])
      expect(await snapshotOf(id)).toBeUndefined();
    expect(await snapshotOf(keptLinear)).toEqual(linearSnapshot);
    expect(await snapshotOf(keptColumns)).toEqual(keptColumnsSnapshot);
    expect(applied.filter((name) => name.startsWith('008-'))).toHaveLength(1);
  });
});
