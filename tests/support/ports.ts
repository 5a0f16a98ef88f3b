import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Ports for the servers a test starts (a product process, a redis-server, an SMTP sink), which
 * no other test or process can be handed before the server binds it.
 *
 * A port from `listen(0)` is free only at that moment: until the product binds it seconds later,
 * the kernel may give it to another test's server, whose answers the waiting test then reads as
 * its own. So these ports come from below the kernel's ephemeral range (which it never hands out
 * for `listen(0)` or an outgoing connection), and each is claimed with a file that only one
 * process can create, held for as long as that process lives.
 */
const claims = path.join(os.tmpdir(), 'mirrorverse-test-ports');

/** The kernel's ephemeral range starts here; the test ports are the 10,000 below it. */
function ephemeralStart(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 11_024) return low;
  } catch {
    // No /proc (macOS): its ephemeral range is 49152–65535.
  }
  return 49_152;
}

const last = ephemeralStart() - 1;
const first = last - 9_999;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `port` for this process; a claim left by a process that is gone is taken over. */
function claim(port: number): boolean {
  const file = path.join(claims, String(port));
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(file, 'utf8').trim() || 0);
    if (owner === process.pid || (owner > 0 && isAlive(owner))) return false;
    fs.rmSync(file, { force: true });
  }
  return false;
}

/** Whether nothing (a service outside the tests) listens on `port` now. */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port of this test process's own, not bound by anyone now. */
export async function freePort(): Promise<number> {
  fs.mkdirSync(claims, { recursive: true });
  const span = last - first + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i += 1) {
    const port = first + ((start + i) % span);
    if (claim(port) && (await canBind(port))) return port;
  }
  throw new Error(`no free test port in ${first}–${last}`);
}
