// A real HMR client: a child Node process (Node 20 has WebSocket only behind a flag) connected to
// the dev server's WebSocket, printing every payload as one JSON line.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const CLIENT = `
const socket = new WebSocket(process.argv[1], 'vite-hmr');
socket.addEventListener('message', (event) => process.stdout.write(String(event.data).replace(/\\n/g, ' ') + '\\n'));
socket.addEventListener('error', (event) => { console.error('websocket error', event.message ?? ''); process.exit(1); });
socket.addEventListener('close', () => process.exit(0));
`;

export interface HmrPayload {
  type: string;
  updates?: { type: string; path: string; acceptedPath: string }[];
  err?: { message: string; id?: string; loc?: { file?: string; line: number; column: number }; frame?: string; plugin?: string };
  [key: string]: unknown;
}

export class HmrClient {
  private readonly received: HmrPayload[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly child: ChildProcess;

  constructor(url: string) {
    this.child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', CLIENT, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      this.received.push(JSON.parse(line) as HmrPayload);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Resolves with the first payload after index `from` matching `match`, waiting up to `timeoutMs`. */
  async next(match: (p: HmrPayload) => boolean, from: number, timeoutMs = 15_000): Promise<HmrPayload> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching HMR payload within ${timeoutMs} ms; received: ${JSON.stringify(this.received.slice(from))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  get count(): number {
    return this.received.length;
  }

  close(): void {
    this.child.kill();
  }
}
