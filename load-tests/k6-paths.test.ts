// The k6 scenarios write their API paths out (k6 cannot load the contracts package): each must still be an endpoint
// the gateway routes, with the method the scenario uses, or a cluster load test would measure 404s.
import { findEndpoint } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { METHODS, PATHS } from './k6/paths';

describe('k6 scenario paths', () => {
  it.each(Object.entries(PATHS).filter(([name]) => name !== 'health'))(
    '%s is a defined endpoint',
    (name, path) => {
      const method = METHODS[name as keyof typeof PATHS];
      expect(findEndpoint(method, path), `${method} ${path}`).toBeDefined();
    },
  );
});
