import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RedisEndpoint } from '@app/shared/server/redis';
import { freePort } from './ports';
import { type RedisServerProcess, askRedis, redisServerProcess } from './redis-server-process';
import { until } from './wait';

const run = promisify(execFile);

/**
 * A Redis Cluster of a test's own (issue 43 §3): three masters, a replica each, on 127.0.0.1,
 * made by `redis-cli --cluster create`. A master is called failed after 2 s (cluster-node-timeout)
 * and its replica takes its slots.
 */
export interface ClusterTopology {
  endpoint: Extract<RedisEndpoint, { kind: 'cluster' }>;
  /** The nodes by the port they listen on; which are masters changes with failovers. */
  nodes: Map<number, RedisServerProcess>;
  /** The port of the master that serves `key`'s slot now (for a hash-tagged prefix: every key of the product). */
  masterOf(key: string): Promise<number>;
  /** Waits until a master other than `port` serves `key`'s slot, and returns it. */
  failedOverFrom(key: string, port: number, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

export async function startClusterTopology(): Promise<ClusterTopology> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-cluster-'));
  const ports: number[] = [];
  for (let i = 0; i < 6; i += 1) ports.push(await freePort());
  const nodes = new Map<number, RedisServerProcess>();
  for (const port of ports) {
    const nodeDir = path.join(dir, `node-${port}`);
    fs.mkdirSync(nodeDir);
    // The cluster bus on a free port of its own (the default, port + 10000, may be taken or past 65535).
    const bus = await freePort();
    const extraArgs = ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '2000', '--cluster-port', String(bus)];
    nodes.set(port, redisServerProcess(port, nodeDir, { extraArgs }));
  }
  await Promise.all([...nodes.values()].map((node) => node.start()));
  // The first three become masters, each of the others a replica of one of them.
  await run('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '1', '--cluster-yes']);
  const clusterInfo = (port: number) => askRedis(port, (node) => node.call('CLUSTER', 'INFO')).then(String, () => '');
  await until(() => Promise.all(ports.map(clusterInfo)), (infos) => infos.every((info) => info.includes('cluster_state:ok')), 30_000, 'the cluster to be ok on every node');

  const slotOwner = async (key: string): Promise<number> => {
    for (const port of ports) {
      const answer = await askRedis(port, async (node) => {
        const slot = Number(await node.call('CLUSTER', 'KEYSLOT', key));
        const ranges = (await node.call('CLUSTER', 'SLOTS')) as Array<[number, number, [string, number, ...unknown[]]]>;
        const range = ranges.find(([from, to]) => slot >= from && slot <= to);
        return range ? Number(range[2][1]) : null;
      }).catch(() => null);
      if (answer !== null) return answer;
    }
    throw new Error('no cluster node answers');
  };

  return {
    endpoint: { kind: 'cluster', nodes: ports.slice(0, 3).map((port) => ({ host: '127.0.0.1', port })), tls: false },
    nodes,
    masterOf: slotOwner,
    failedOverFrom: (key, port, timeoutMs = 30_000) =>
      until(() => slotOwner(key).catch(() => port), (owner) => owner !== port, timeoutMs, `the slot of ${key} to fail over from ${port}`),
    close: async () => {
      for (const node of nodes.values()) {
        node.signal('SIGCONT');
        await node.stop();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
