import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RedisEndpoint } from '@app/shared/server/redis';
import { freePort } from './ports';
import { startTcpProxy } from './tcp-proxy';
import { type RedisServerProcess, askRedis, redisServerProcess, stopChild } from './redis-server-process';
import { until } from './wait';

/** The master group the test's sentinels watch. */
export const MASTER_GROUP = 'mirrorverse';

/**
 * A master, a replica and three sentinels of a test's own (issue 43 §2), on 127.0.0.1: the
 * sentinels call the master down after 2 s and fail over within seconds. Sentinel promotes no
 * replica whose link to the master has been down longer than 10× down-after-milliseconds (plus the
 * time since the master was called down): with 1 s, a replica orphaned while the sentinels were
 * away for 10 s could never be promoted; 2 s gives it 20 s.
 */
export interface SentinelTopology {
  endpoint: Extract<RedisEndpoint, { kind: 'sentinel' }>;
  /** The data nodes by the port they are reached on (their proxy's); which one is master changes with failovers. */
  nodes: Map<number, RedisServerProcess>;
  /** The port of the master, once every sentinel names it and the nodes agree. */
  masterPort(): Promise<number>;
  /** Waits until the sentinels name a master other than `port`, and returns it. */
  failedOverFrom(port: number, timeoutMs?: number): Promise<number>;
  stopSentinels(): Promise<void>;
  startSentinels(): Promise<void>;
  /** Resets every connection to the data nodes at once (a load balancer or NAT that forgets); answers how many. */
  resetConnections(): number;
  close(): Promise<void>;
}

export async function startSentinelTopology(): Promise<SentinelTopology> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-sentinel-'));
  // Every connection to a data node (the product's, the replica's, the sentinels') passes a proxy
  // of the test's own, so all of them can be reset at once. Each node announces its proxy's port,
  // and that is the address the sentinels know it by and name to clients.
  const [nodeA, nodeB] = [await freePort(), await freePort()];
  const proxies = [await startTcpProxy({ host: '127.0.0.1', port: nodeA }), await startTcpProxy({ host: '127.0.0.1', port: nodeB })];
  const [masterPort, replicaPort] = proxies.map((proxy) => proxy.port) as [number, number];
  const announced = (port: number) => ['--replica-announce-ip', '127.0.0.1', '--replica-announce-port', String(port)];
  const master = redisServerProcess(nodeA, mkdir(dir, `node-${nodeA}`), { extraArgs: announced(masterPort) });
  const replica = redisServerProcess(nodeB, mkdir(dir, `node-${nodeB}`), { extraArgs: [...announced(replicaPort), '--replicaof', '127.0.0.1', String(masterPort)] });
  await master.start();
  await replica.start();
  const nodes = new Map([
    [masterPort, master],
    [replicaPort, replica],
  ]);

  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  let sentinels: ChildProcess[] = [];
  const startSentinels = async () => {
    sentinels = sentinelPorts.map((port) => {
      // A sentinel rewrites its own file as it learns the topology: each keeps one, kept across restarts.
      const file = path.join(dir, `sentinel-${port}.conf`);
      if (!fs.existsSync(file)) {
        fs.writeFileSync(
          file,
          [
            `port ${port}`,
            'bind 127.0.0.1',
            `dir ${dir}`,
            `sentinel monitor ${MASTER_GROUP} 127.0.0.1 ${masterPort} 2`,
            `sentinel down-after-milliseconds ${MASTER_GROUP} 2000`,
            `sentinel failover-timeout ${MASTER_GROUP} 5000`,
            `sentinel parallel-syncs ${MASTER_GROUP} 1`,
            '',
          ].join('\n'),
        );
      }
      return spawn('redis-server', [file, '--sentinel', '--loglevel', 'warning'], { stdio: 'ignore' });
    });
    // Ready when every sentinel knows the replica (and so can promote it).
    await until(
      async () => {
        for (const port of sentinelPorts) {
          const replicas = await askRedis(port, (s) => s.call('SENTINEL', 'REPLICAS', MASTER_GROUP)).catch(() => []);
          if (!Array.isArray(replicas) || replicas.length === 0) return false;
        }
        return true;
      },
      (known) => known,
      30_000,
      'the sentinels to know the replica',
    );
  };
  const stopSentinels = async () => {
    await Promise.all(sentinels.map((child) => stopChild(child)));
    sentinels = [];
  };
  await startSentinels();

  /** What the first sentinel that answers names master now (during a failover, sentinels may differ). */
  const masterPortNow = async () => {
    for (const port of sentinelPorts) {
      const answer = await askRedis(port, (s) => s.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_GROUP)).catch(() => null);
      if (Array.isArray(answer)) return Number(answer[1]);
    }
    throw new Error('no sentinel answers');
  };

  /**
   * The master once the topology is settled: every sentinel names it, it says it is master, and
   * every other node says it is its replica with the link up. A node frozen through a failover
   * claims to be master for a while after it wakes; a fault made then would hit the wrong node.
   */
  const settledMasterPort = async () => {
    const read = async () => {
      const named = await Promise.all(
        sentinelPorts.map((port) => askRedis(port, (s) => s.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_GROUP)).then((a) => Number((a as string[])[1]), () => 0)),
      );
      const master = named[0]!;
      if (!named.every((port) => port === master && port > 0)) return 0;
      for (const port of nodes.keys()) {
        const info = await askRedis(port, (s) => s.info('replication')).catch(() => '');
        const ok = port === master ? info.includes('role:master') : info.includes('role:slave') && info.includes(`master_port:${master}`) && info.includes('master_link_status:up');
        if (!ok) return 0;
      }
      return master;
    };
    return until(read, (port) => port > 0, 60_000, 'the sentinels and the nodes to agree on one master');
  };

  return {
    endpoint: { kind: 'sentinel', sentinels: sentinelPorts.map((port) => ({ host: '127.0.0.1', port })), name: MASTER_GROUP, tls: false },
    nodes,
    masterPort: settledMasterPort,
    failedOverFrom: async (port, timeoutMs = 30_000) => {
      return until(() => masterPortNow().catch(() => port), (now) => now !== port, timeoutMs, `a failover away from ${port}`);
    },
    stopSentinels,
    startSentinels,
    resetConnections: () => proxies.reduce((count, proxy) => count + proxy.resetAll(), 0),
    close: async () => {
      await stopSentinels();
      await Promise.all(proxies.map((proxy) => proxy.close()));
      for (const node of nodes.values()) {
        node.signal('SIGCONT');
        await node.stop();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function mkdir(parent: string, name: string): string {
  const dir = path.join(parent, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
