/**
 * The one check of an IP address a hook may be sent to (docs/notifications.md "Addresses"), used
 * when an address is registered (address.ts, for an IP written in it) and before every call, on
 * every address its host name resolves to (the shell's hook worker): none of the special-purpose
 * ranges of the IANA registries that are not reachable on the internet (RFC 6890 and its updates:
 * this network, private networks, shared address space, loopback, link-local, documentation,
 * benchmarking, IETF protocol assignments, 6to4 and NAT64 translations, unique local), and no
 * multicast or reserved space. An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is its IPv4
 * address. Pure: the addresses are read here, without node:net.
 */

/** An IPv4 address in dotted decimal as a 32-bit number, or undefined. */
function ipv4(text: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + p, 0);
}

/** An IPv6 address (without brackets or zone) as its eight 16-bit groups, or undefined. */
function ipv6(text: string): number[] | undefined {
  let s = text.toLowerCase();
  // An IPv4 tail (::ffff:1.2.3.4) is two groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const v = ipv4(tail[2] as string);
    if (v === undefined) return undefined;
    s = `${tail[1]}${Math.floor(v / 65536).toString(16)}:${(v % 65536).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): string[] => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0] as string);
  const rest = halves.length === 2 ? groups(halves[1] as string) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.map((g) => parseInt(g, 16));
}

/** IPv4 ranges never called: [first address, prefix length]. */
const V4_RANGES: readonly [string, number][] = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address
];

/** IPv6 ranges never called (the IPv4-mapped ones are read as IPv4 first): [first address, prefix length]. */
const V6_RANGES: readonly [string, number][] = [
  ['::', 8], // unspecified, loopback, IPv4-compatible and the rest of the IETF's reserved ::/8
  ['64:ff9b::', 96], // NAT64 to IPv4
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** 127.0.0.1 as a number. */
const LOOPBACK_V4 = 0x7f000001;

const v4Ranges = V4_RANGES.map(([a, bits]) => ({ base: ipv4(a) as number, bits }));
const v6Ranges = V6_RANGES.map(([a, bits]) => ({ base: ipv6(a) as number[], bits }));

function inV4(n: number, r: { base: number; bits: number }): boolean {
  const size = 2 ** (32 - r.bits);
  return Math.floor(n / size) === Math.floor(r.base / size);
}

function inV6(g: readonly number[], r: { base: number[]; bits: number }): boolean {
  for (let i = 0, left = r.bits; left > 0; i++, left -= 16) {
    const mask = left >= 16 ? 0xffff : (0xffff << (16 - left)) & 0xffff;
    if (((g[i] as number) & mask) !== ((r.base[i] as number) & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, else undefined. */
function mappedV4(g: readonly number[]): number | undefined {
  return g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff
    ? (g[6] as number) * 65536 + (g[7] as number)
    : undefined;
}

/** An IP address (IPv6 with or without its brackets) as IPv4 or IPv6 groups; undefined when it is no IP address. */
function readIp(text: string): { v4: number } | { v6: number[] } | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const four = ipv4(bare);
  if (four !== undefined) return { v4: four };
  const six = ipv6(bare);
  if (!six) return undefined;
  const mapped = mappedV4(six);
  return mapped === undefined ? { v6: six } : { v4: mapped };
}

/** Whether `text` is an IP address (IPv6 in brackets or not). */
export const isIpAddress = (text: string): boolean => readIp(text) !== undefined;

/** Whether an IP address is one a hook is never sent to over https (above); false for what is not an IP address. */
export function specialAddress(text: string): boolean {
  const ip = readIp(text);
  if (!ip) return false;
  return 'v4' in ip ? v4Ranges.some((r) => inV4(ip.v4, r)) : v6Ranges.some((r) => inV6(ip.v6, r));
}

/** Whether an IP address is this machine's own loopback, 127.0.0.1 or ::1 (and ::ffff:127.0.0.1): the only addresses called over http. */
export function ownLoopback(text: string): boolean {
  const ip = readIp(text);
  if (!ip) return false;
  return 'v4' in ip ? ip.v4 === LOOPBACK_V4 : ip.v6.every((g, i) => g === (i === 7 ? 1 : 0));
}
