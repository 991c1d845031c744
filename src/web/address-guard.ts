import { BlockList, isIP } from 'node:net';
import { IPV4_CARRYING_IPV6_PREFIXES, PRIVATE_IPV4_RANGES, PRIVATE_IPV6_RANGES } from './private-ranges.js';

/** The private-range test, built from the tables: true for an address a fetch may not reach. */
export function createAddressGuard(): (address: string) => boolean {
  const v4 = new BlockList();
  for (const [net, prefix] of PRIVATE_IPV4_RANGES) v4.addSubnet(net, prefix, 'ipv4');
  const v6 = new BlockList();
  for (const [net, prefix] of PRIVATE_IPV6_RANGES) v6.addSubnet(net, prefix, 'ipv6');
  const carriers = new BlockList();
  for (const [net, prefix] of IPV4_CARRYING_IPV6_PREFIXES) carriers.addSubnet(net, prefix, 'ipv6');
  return (address) => {
    const family = isIP(address);
    if (family === 4) return v4.check(address, 'ipv4');
    if (family !== 6) return true;
    if (v6.check(address, 'ipv6')) return true;
    const groups = expandIpv6(address);
    if (carriers.check(address, 'ipv6')) return v4.check(ipv4Of(groups[6]!, groups[7]!), 'ipv4');
    // 6to4 (2002::/16) carries an IPv4 address in its second and third groups.
    if (groups[0] === 0x2002) return v4.check(ipv4Of(groups[1]!, groups[2]!), 'ipv4');
    return false;
  };
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, a dotted IPv4 tail folded in). */
function expandIpv6(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right].map((group) => Number.parseInt(group, 16) || 0);
}
