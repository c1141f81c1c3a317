import ipaddr from 'ipaddr.js';

/*
 * Which addresses a server-side fetch may reach. ipaddr.js names the special
 * ranges (RFC 6890 and successors); only plain global unicast passes. IPv6
 * forms that carry an IPv4 address (mapped, translated, NAT64, 6to4) are
 * judged by the IPv4 address they lead to, so a public NAT64 or 6to4 address
 * works while one wrapping 127.0.0.1 or 169.254.169.254 does not.
 */

const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const NAT64_LOCAL = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

const ipv4 = (bytes: number[]) => new ipaddr.IPv4(bytes);

/** The IPv4 addresses an IPv6 address of a translating range leads to, or undefined when it carries none. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [ipv4(bytes.slice(12))];
    case 'rfc6052':
      // 64:ff9b::/96 carries it in the last 32 bits; the local-use 64:ff9b:1::/48 may be cut at any length
      // from /48 to /96 (RFC 6052 §2.2), so both the /48 and the /96 placement must be allowed.
      return address.match(NAT64_LOCAL)
        ? [ipv4(bytes.slice(12)), ipv4([bytes[6]!, bytes[7]!, bytes[9]!, bytes[10]!])]
        : [ipv4(bytes.slice(12))];
    case '6to4':
      return [ipv4(bytes.slice(2, 6))];
    default:
      return undefined;
  }
}

/**
 * The address as the WHATWG URL parser (and so the connection) reads it: ipaddr.js 2.5 reads any
 * `::a.b.c.d` as IPv4-mapped, while it is the IPv4-compatible ::a.b:c.d; hex form keeps the two apart.
 */
function canonical(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  return bare.includes(':') ? new URL(`http://[${bare}]/`).hostname.slice(1, -1) : bare;
}

/** True for anything but a global unicast address (and for strings that are no address at all). */
export function isForbiddenAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(canonical(address));
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const carried = embeddedIpv4(v6);
  if (carried) return carried.some((a) => a.range() !== 'unicast');
  // The deprecated IPv4-compatible form (::a.b.c.d) has no range name of its own.
  if (v6.match(IPV4_COMPATIBLE)) return true;
  return v6.range() !== 'unicast';
}
