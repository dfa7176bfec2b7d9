/** '::ffff:1.2.3.4' → '1.2.3.4'. */
export function normaliseIp(ip: string | undefined | null): string {
  if (!ip) return '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

function v4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** A rule is an exact address or an IPv4 CIDR block ('10.0.0.0/8'). */
export function ipMatches(rule: string, ip: string): boolean {
  const r = rule.trim();
  if (!r.includes('/')) return normaliseIp(r) === ip;
  const [base, bitsText] = r.split('/');
  const bits = Number(bitsText);
  const a = v4ToInt(base);
  const b = v4ToInt(ip);
  if (a === null || b === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  if (bits === 0) return true;
  const mask = (0xffffffff << (32 - bits)) >>> 0;
  return (a & mask) >>> 0 === (b & mask) >>> 0;
}

export function isValidIpRule(rule: string): boolean {
  const r = rule.trim();
  if (r.includes('/')) {
    const [base, bits] = r.split('/');
    return v4ToInt(base) !== null && /^\d{1,2}$/.test(bits) && Number(bits) <= 32;
  }
  return v4ToInt(r) !== null || /^[0-9a-fA-F:]+$/.test(r);
}
