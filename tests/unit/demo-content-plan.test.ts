import { describe, expect, it } from 'vitest';
import { demoContentPlan } from '#app/infra/demo-content.server.ts';

const fresh = { created: true, empty: true };

describe('demo content: only when asked', () => {
  it('the embedded database gets it on its first start, with bids', () => {
    expect(demoContentPlan({}, { kind: 'pglite', ...fresh })).toEqual({ seed: true, bids: true });
  });

  it('an embedded database emptied by its staff does not get it back at the next start', () => {
    expect(demoContentPlan({}, { kind: 'pglite', created: false, empty: true }).seed).toBe(false);
  });

  it('PostgreSQL gets none unless DEMO_CONTENT=1, and never bids', () => {
    expect(demoContentPlan({}, { kind: 'postgres', ...fresh }).seed).toBe(false);
    expect(demoContentPlan({ DEMO_CONTENT: '1' }, { kind: 'postgres', ...fresh })).toEqual({ seed: true, bids: false });
  });

  it('DEMO_CONTENT=0 turns it off for PGlite too; nothing is ever seeded over existing content', () => {
    expect(demoContentPlan({ DEMO_CONTENT: '0' }, { kind: 'pglite', ...fresh }).seed).toBe(false);
    expect(demoContentPlan({ DEMO_CONTENT: '1' }, { kind: 'pglite', created: true, empty: false }).seed).toBe(false);
    expect(demoContentPlan({ DEMO_CONTENT: '1' }, { kind: 'pglite', created: false, empty: true }).seed).toBe(true);
  });
});
