import { describe, expect, it } from 'vitest';
import robots from '../../../public/robots.txt?raw';

// Served from the build's root as /robots.txt; without it crawlers get the app's HTML and the
// search audit reports an invalid robots file.

describe('robots.txt', () => {
  it('lets crawlers read the public site but not the API or the sign-in pages', () => {
    const lines = robots.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/interaction/', '/realms/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(robots).not.toContain('<');
  });
});
