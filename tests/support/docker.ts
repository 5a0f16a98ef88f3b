import fs from 'node:fs';
import http from 'node:http';

/**
 * Whether a container runtime answers, decided in milliseconds: testcontainers itself
 * takes much longer to give up when there is none.
 */
export async function containerRuntimeAvailable(): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  const socketPath = host?.startsWith('unix://') ? host.slice('unix://'.length) : host ? undefined : '/var/run/docker.sock';
  if (!socketPath || !fs.existsSync(socketPath)) return false;
  return new Promise((resolve) => {
    const req = http.get({ socketPath, path: '/_ping', timeout: 500 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}
