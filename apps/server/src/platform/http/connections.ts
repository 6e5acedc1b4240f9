import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { BlockList, isIPv6 } from 'node:net';

/**
 * Which peers may speak for the client (X-Forwarded-For, -Proto, -Host): only the reverse proxies
 * the operator names in TRUST_PROXY — addresses, CIDR ranges or `loopback`. Unset, nobody: a
 * forwarded header from the open internet would otherwise choose the address every rate limit
 * and throttle keys on.
 */
export function trustedProxies(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const KEYWORDS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function asBlockList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((value) => KEYWORDS[value] ?? [value])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Whether a socket's peer is one of the trusted proxies (IPv4-mapped IPv6 read as IPv4). */
export function isTrustedPeer(list: BlockList, address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
}

/**
 * At most `max` open connections from one address, so that a single client cannot hold thousands
 * of trickling request bodies open. The trusted proxies are exempt: every client arrives through
 * them, and the proxy applies its own limits.
 */
export function capConnectionsPerAddress(server: Server, max: number, proxies: string[]): void {
  const trusted = asBlockList(proxies);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedPeer(trusted, address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
