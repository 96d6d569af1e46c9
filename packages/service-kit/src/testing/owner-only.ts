// The IDOR test template every family reuses for its owned records: member A creates a record, member B tries each
// call that names it, and each try must answer 404 exactly as for an id that does not exist, leaving the record as
// A sees it unchanged.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';

export interface OwnerOnlyCase {
  /** Creates one record as its owner (member A) over the real API and returns its id. */
  createAsOwner(): Promise<string>;
  /** The record as its owner reads it (member A's view); must throw when it is gone. */
  ownerView(id: string): Promise<unknown>;
  /** Every call member B may make on an id (read, delete, rename, ...), each named for the failure message. */
  asStranger: Record<string, (id: string) => Promise<Response>>;
}

interface Reply {
  status: number;
  body: unknown;
}

async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

/**
 * Asserts that only the owner reaches the record: each stranger call answers 404 NOT_FOUND, the same reply as for an
 * unknown id and for an id that is not even a UUID (so existence cannot be probed, and nothing answers 500), and the
 * owner's view of the record is the same afterwards.
 */
export async function expectOwnerOnly(testCase: OwnerOnlyCase): Promise<void> {
  const id = await testCase.createAsOwner();
  const before = await testCase.ownerView(id);
  expect(Object.keys(testCase.asStranger).length, 'at least one stranger call').toBeGreaterThan(0);
  for (const [name, call] of Object.entries(testCase.asStranger)) {
    const foreign = await replyOf(await call(id));
    expect(foreign, `${name} on another member's record`).toMatchObject({
      status: 404,
      body: { success: false, code: 'NOT_FOUND' },
    });
    expect(await replyOf(await call(randomUUID())), `${name} on an unknown id answers the same`).toEqual(
      foreign,
    );
    expect(await replyOf(await call('not-a-uuid')), `${name} on a malformed id answers the same`).toEqual(
      foreign,
    );
  }
  expect(await testCase.ownerView(id), "the owner's record is unchanged").toEqual(before);
}
