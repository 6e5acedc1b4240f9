import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets fresh modules: the client is made once per page.
beforeEach(() => {
  vi.resetModules();
});

describe('the app’s query client and a first paint’s answers', () => {
  it('is made with the answers handed over before it, and takes those handed over after', async () => {
    const { handOver } = await import('./first-paint-handover');
    const { loadAppQueryClient } = await import('./app-query-client');
    handOver([{ key: ['edutech', 'strip'], data: { aiRecommended: [] } }]);
    const client = await loadAppQueryClient();
    expect(client.getQueryData(['edutech', 'strip'])).toEqual({ aiRecommended: [] });
    // The catalogue answered after the app arrived (a teacher reached for a control meanwhile).
    handOver([{ key: ['edutech', 'goods', { page: 0 }], data: { total: 1 } }]);
    expect(client.getQueryData(['edutech', 'goods', { page: 0 }])).toEqual({ total: 1 });
  });
});
