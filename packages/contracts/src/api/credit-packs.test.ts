// Credit pack contracts: the rules product-rules.md states, the price format, the ledger query's filters, and each
// pack, ledger and receipt route in the credits OpenAPI document.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi';
import { CREDIT_PACK_RULES, LedgerQuerySchema, formatUsdCents, packName } from './credit-packs';

describe('credit pack contracts', () => {
  it('pins the rules: 12 months to expiry, 3 days to refund, 10,000 rows per CSV', () => {
    expect(CREDIT_PACK_RULES).toEqual({ expiryMonths: 12, refundDays: 3, csvMaxRows: 10_000 });
  });

  it('reads prices and names packs as the account page shows them', () => {
    expect(formatUsdCents(500)).toBe('$5');
    expect(formatUsdCents(1999)).toBe('$19.99');
    expect(packName(2000)).toBe('2,000 credits pack');
  });

  it('takes a tool, a period and the CSV format, and refuses what is not one', () => {
    expect(
      LedgerQuerySchema.parse({ tool: 'text-to-image', from: '2025-05-01T00:00:00Z', format: 'csv' }),
    ).toMatchObject({ tool: 'text-to-image', format: 'csv', limit: 50 });
    expect(LedgerQuerySchema.parse({}).format).toBe('json');
    expect(LedgerQuerySchema.safeParse({ tool: 'no-such-tool' }).success).toBe(false);
    expect(LedgerQuerySchema.safeParse({ from: 'yesterday' }).success).toBe(false);
  });

  it('documents packs, ledger, purchases and refunds in the credits OpenAPI document', () => {
    const paths = buildOpenApiDocument('credits').paths;
    expect(Object.keys(paths['/api/credits/packs']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/credits/ledger']!)).toEqual(['get']);
    expect(paths['/api/credits/ledger']!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['cursor', 'limit', 'tool', 'from', 'to', 'format']),
    );
    expect(Object.keys(paths['/api/credits/purchases/{id}/refund']!)).toEqual(['post']);
    expect(paths['/api/credits/packs/checkout']!.post!['x-access']).toBe('member');
  });
});
