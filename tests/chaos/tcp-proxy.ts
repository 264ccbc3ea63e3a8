/**
 * The fault-injecting proxy as a real network hop (HTTP and WebSocket), for
 * the browser: the page loads from the proxy, so the worker's REST calls and
 * socket go through it. An outage takes the server away — API calls are
 * refused (the connection is reset), sockets are cut and new ones refused —
 * while the app's own files still load, as from a CDN, so a page can be
 * reloaded in the middle of one. With a fault plan, frames are also dropped,
 * duplicated and delayed on a seeded schedule (real time).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { decision, type FaultPlan } from './fault-plan';

const API = /^\/(data|secure)(\/|$)/;

export interface TcpProxy {
  /** Where the browser should go, e.g. http://127.0.0.1:40123. */
  readonly url: string;
  /** Takes the server away (true) or brings it back. */
  setDown(down: boolean): void;
  readonly stats: { apiRefused: number; socketsCut: number; socketsRefused: number; framesDropped: number; framesDuplicated: number; framesDelayed: number };
  close(): Promise<void>;
}

export async function startTcpProxy(options: { target: string; plan?: FaultPlan; host?: string }): Promise<TcpProxy> {
  const target = new URL(options.target);
  const stats = { apiRefused: 0, socketsCut: 0, socketsRefused: 0, framesDropped: 0, framesDuplicated: 0, framesDelayed: 0 };
  let down = false;
  let connections = 0;
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket }>();
  const wss = new WebSocketServer({ noServer: true });

  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  };

  const server: Server = createServer((req, res) => {
    if (down && API.test(req.url ?? '')) {
      // The server is unreachable: the connection dies without an answer.
      stats.apiRefused++;
      req.socket.destroy();
      return;
    }
    forward(req, res);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (down) {
      stats.socketsRefused++;
      socket.destroy();
      return;
    }
    const id = connections++;
    const upstream = new WebSocket(`ws://${target.host}${req.url ?? '/'}`, { headers: { cookie: req.headers.cookie ?? '' } });
    let frames = 0;
    upstream.on('error', () => socket.destroy());
    upstream.once('unexpected-response', (_r, answer) => {
      socket.end(`HTTP/1.1 ${answer.statusCode ?? 502} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    });
    upstream.once('open', () => {
      wss.handleUpgrade(req, socket, head, (client) => {
        const pair = { client, upstream };
        pairs.add(pair);
        const end = () => {
          pairs.delete(pair);
          client.terminate();
          upstream.terminate();
        };
        client.on('close', end);
        upstream.on('close', end);
        client.on('error', end);
        client.on('message', (data, isBinary) => upstream.readyState === WebSocket.OPEN && upstream.send(data, { binary: isBinary }));
        upstream.on('message', (data, isBinary) => {
          const plan = options.plan;
          const k = frames++;
          const send = () => client.readyState === WebSocket.OPEN && client.send(data, { binary: isBinary });
          if (!plan) return send();
          if (decision(plan.seed, 'drop', id, k) < plan.rates.frameDrop) return void stats.framesDropped++;
          if (decision(plan.seed, 'delay', id, k) < plan.rates.frameDelay) {
            stats.framesDelayed++;
            setTimeout(send, Math.floor(decision(plan.seed, 'delay-ms', id, k) * 1_500));
          } else send();
          if (decision(plan.seed, 'dup', id, k) < plan.rates.frameDuplicate) {
            stats.framesDuplicated++;
            send();
          }
        });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    setDown(next) {
      down = next;
      if (!next) return;
      for (const pair of [...pairs]) {
        stats.socketsCut++;
        pair.client.terminate();
        pair.upstream.terminate();
      }
      pairs.clear();
    },
    stats,
    async close() {
      for (const pair of pairs) {
        pair.client.terminate();
        pair.upstream.terminate();
      }
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
