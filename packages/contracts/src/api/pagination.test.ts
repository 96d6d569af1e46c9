import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '../limits';
import { UsageHistoryQuerySchema, UsageHistoryReplySchema, type UsageHistoryReply } from './credits';
import { cursorPage, cursorQuery, CursorQuerySchema } from './pagination';

describe('cursorQuery', () => {
  it('defaults the limit, reads it from a query string and bounds it', () => {
    const schema = cursorQuery({ pageSize: 8, maxPageSize: 50 });
    expect(schema.parse({})).toEqual({ limit: 8 });
    expect(schema.parse({ limit: '50', cursor: 'abc' })).toEqual({ limit: 50, cursor: 'abc' });
    expect(schema.safeParse({ limit: '51' }).success).toBe(false);
    expect(schema.safeParse({ limit: '0' }).success).toBe(false);
    expect(schema.safeParse({ limit: '2.5' }).success).toBe(false);
  });

  it('refuses a cursor longer than any cursor we issue', () => {
    expect(CursorQuerySchema.safeParse({ cursor: 'a'.repeat(LIMITS.cursorChars) }).success).toBe(true);
    expect(CursorQuerySchema.safeParse({ cursor: 'a'.repeat(LIMITS.cursorChars + 1) }).success).toBe(false);
    expect(CursorQuerySchema.parse({}).limit).toBe(LIMITS.pageSize);
  });

  it('gives usage history its own sizes and filter', () => {
    expect(UsageHistoryQuerySchema.parse({})).toEqual({ limit: LIMITS.usageHistoryPageSize });
    expect(
      UsageHistoryQuerySchema.safeParse({ limit: String(LIMITS.usageHistoryMaxPageSize + 1) }).success,
    ).toBe(false);
    expect(UsageHistoryQuerySchema.parse({ tool: 'magic-enhance' }).tool).toBe('magic-enhance');
  });
});

describe('cursorPage', () => {
  const Item = z.object({ id: z.string() });

  it('names the list as asked and carries the next cursor, null or absent on the last page', () => {
    const Page = cursorPage(Item, 'sessions');
    expect(Page.parse({ success: true, sessions: [{ id: 'a' }], nextCursor: 'c' })).toEqual({
      success: true,
      sessions: [{ id: 'a' }],
      nextCursor: 'c',
    });
    expect(Page.safeParse({ success: true, sessions: [], nextCursor: null }).success).toBe(true);
    expect(Page.safeParse({ success: true, sessions: [] }).success).toBe(true);
    expect(Page.safeParse({ success: true, items: [] }).success).toBe(false);
    expect(cursorPage(Item).safeParse({ success: true, items: [{ id: 'b' }] }).success).toBe(true);
  });

  it('keeps the usage-history reply the browser already reads', () => {
    expectTypeOf<UsageHistoryReply>().toEqualTypeOf<{
      success: true;
      history: {
        id: string;
        tool_name: string;
        used_credits: number;
        timestamp: string;
        api_key: { id: string; name: string } | null;
      }[];
      nextCursor?: string | null | undefined;
    }>();
    expect(Object.keys(UsageHistoryReplySchema.shape).sort()).toEqual(['history', 'nextCursor', 'success']);
  });
});
