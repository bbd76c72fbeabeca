import { isIPv4, isIPv6 } from 'node:net';

/**
 * What one client's sign-in attempts are counted under: an IPv4 address as it is (an IPv4-mapped IPv6 address too), an
 * IPv6 address as its /64, the block one home or phone is given, so a client cannot step to a fresh count by changing
 * the last 64 bits. Anything else (no address) is counted as given.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros (a dotted IPv4 tail as two). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) => (group.includes('.') ? dottedAsGroups(group) : [group]));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - before.length - after.length }, () => '0');
  return [...before, ...zeros, ...after].map((group) => parseInt(group, 16).toString(16));
}

function dottedAsGroups(dotted: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
