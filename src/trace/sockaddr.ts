const inet = /sa_family=AF_INET, sin_port=htons\((\d+)\), sin_addr=inet_addr\("([^"]+)"\)/g;
const inet6 = /sa_family=AF_INET6, sin6_port=htons\((\d+)\),.*?inet_pton\(AF_INET6, "([^"]+)"/g;
const unix = /sa_family=AF_UNIX, sun_path=(@?)"((?:[^"\\]|\\.)*)"/g;

/** Every socket address in a connect/sendto/sendmsg argument list, as `host:port`, `[v6]:port` or `unix:/path`. */
export function socketAddresses(args: string, succeeded: boolean): string[] {
  const found: string[] = [];
  for (const match of args.matchAll(inet)) found.push(`${match[2] as string}:${match[1] as string}`);
  for (const match of args.matchAll(inet6)) found.push(`[${match[2] as string}]:${match[1] as string}`);
  // glibc probes for nscd and similar sockets on every lookup: only unix connections that worked are news.
  if (succeeded) for (const match of args.matchAll(unix)) found.push(`unix:${match[1] as string}${match[2] as string}`);
  return found;
}
