import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it("are helmet's headers for the given options, without the reply's own", async () => {
    const h = await securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } } });
    expect(h['content-security-policy']).toBe("default-src 'self';object-src 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(Object.keys(h)).not.toContain('content-type');
    expect(Object.keys(h)).not.toContain('content-length');
    expect(Object.keys(h)).not.toContain('date');
  });
});
