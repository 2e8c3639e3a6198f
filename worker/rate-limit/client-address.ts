/**
 * Who a visitor who has not signed in is, for counting: the address Cloudflare saw the request come from
 * (`CF-Connecting-IP`, set by Cloudflare itself and never taken from the client; `X-Forwarded-For` can be
 * written by anyone and is never read).
 *
 * An IPv6 address counts as its /64 network: one home or phone is usually handed a whole /64, so counting
 * single addresses would give one person 2^64 fresh counters.
 */
export function clientAddressKey(connectingIp: string | undefined): string {
  const address = connectingIp?.trim().toLowerCase() ?? '';
  if (address === '') return 'address:none';
  if (!address.includes(':'))
    return /^\d{1,3}(\.\d{1,3}){3}$/.test(address) ? `address:${address}` : 'address:unreadable';
  const network = ipv6Network(address);
  return network === undefined ? 'address:unreadable' : `network:${network}::/64`;
}

/** The first four groups of an IPv6 address (its /64), written out in full; undefined when it is not one. */
function ipv6Network(address: string): string | undefined {
  // An IPv4 tail (::ffff:192.0.2.1) stands for the last two groups; only the first four matter here.
  const withoutZone = address.split('%')[0] ?? '';
  const halves = withoutZone.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const tailWidth = tail.reduce((width, group) => width + (group.includes('.') ? 2 : 1), 0);
  const missing = 8 - head.length - tailWidth;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail];
  const readable = groups.every(
    (group, index) =>
      /^[0-9a-f]{1,4}$/.test(group) || (index === groups.length - 1 && /^\d{1,3}(\.\d{1,3}){3}$/.test(group)),
  );
  if (!readable) return undefined;
  return groups
    .slice(0, 4)
    .map((group) => group.padStart(4, '0'))
    .join(':');
}
