/**
 * Loopback, in every spelling: 127.0.0.0/8, ::1 (also written 0:0:0:0:0:0:0:1 or 0::1), and
 * IPv4-mapped ::ffff:127.x.x.x (also ::ffff:7f00:1). Used wherever the server compares
 * addresses (the dev mailbox, PUBLIC_URL, the Google redirect).
 */
import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4'); // also matches ::ffff:127.x.x.x
loopback.addAddress('::1', 'ipv6');

/** True for an IP address on loopback; false for anything else, including names. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** True for a host name or address that stays on this machine: localhost, *.localhost, or a loopback address. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}
