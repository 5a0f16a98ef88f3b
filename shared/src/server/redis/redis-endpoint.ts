/**
 * Where Redis is (issue 43 §1): one endpoint, a Sentinel-watched master group, or a Cluster's
 * seeds. Kept apart from the clients (redis.ts) so the settings parse it without ioredis.
 */
export type RedisEndpoint =
  | { kind: 'standalone'; url: string }
  | {
      kind: 'sentinel';
      sentinels: HostPort[];
      /** The master group the sentinels watch (`sentinel monitor <name> …`). */
      name: string;
      sentinelPassword?: string;
      /** Of the data nodes (master and replicas). */
      password?: string;
      tls: boolean;
    }
  | { kind: 'cluster'; nodes: HostPort[]; password?: string; tls: boolean };

export interface HostPort {
  host: string;
  port: number;
}

/** `host:port,host:port` (a bracketed IPv6 host too) → host/port pairs; throws a readable reason. */
export function parseHostPorts(list: string): HostPort[] {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('expected host:port, comma-separated');
  return entries.map((entry) => {
    const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(entry);
    const port = match ? Number(match[3]) : NaN;
    if (!match || port < 1 || port > 65_535) throw new Error(`"${entry}" is not host:port`);
    return { host: (match[1] ?? match[2])!, port };
  });
}

/** The endpoint for people and logs: hosts, never a password. */
export function describeRedisEndpoint(endpoint: RedisEndpoint): string {
  const hosts = (list: HostPort[]) => list.map(({ host, port }) => `${host}:${port}`).join(',');
  switch (endpoint.kind) {
    case 'standalone':
      return endpoint.url.replace(/\/\/[^@/]*@/, '//');
    case 'sentinel':
      return `sentinel ${endpoint.name} via ${hosts(endpoint.sentinels)}`;
    case 'cluster':
      return `cluster via ${hosts(endpoint.nodes)}`;
  }
}
