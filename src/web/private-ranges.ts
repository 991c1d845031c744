// Address ranges a fetch may not reach unless `allowPrivateAddresses` is set: loopback, private,
// link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved, unspecified.
export const PRIVATE_IPV4_RANGES: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

export const PRIVATE_IPV6_RANGES: readonly [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['2001:db8::', 32],
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits; that address is checked too. */
export const IPV4_CARRYING_IPV6_PREFIXES: readonly [string, number][] = [
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
];
