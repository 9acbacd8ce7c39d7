// The child process of dawn-process.ts: Dawn on the driver whose manifest is argv[2] (the parent set
// the loader's variables and the library path before this process started). Requests arrive as IPC
// messages and run in order on one DawnRunner; answers carry the results or the error to rebuild.

import { DawnRunner } from './dawn-runner.js';
import type { HostReply, HostRequest, HostStarted, SentError } from './dawn-protocol.js';
import type { WebGpuDriver } from './types.js';

function describe(error: unknown): SentError {
  const e = error as Partial<{ name: string; message: string; stack: string; messages: unknown; what: string; text: string }>;
  const sent: SentError = { name: e?.name ?? 'Error', message: String(e?.message ?? error) };
  if (e?.stack) sent.stack = e.stack;
  if (e?.messages !== undefined) sent.messages = e.messages;
  if (e?.what !== undefined) sent.what = e.what;
  if (e?.text !== undefined) sent.text = e.text;
  return sent;
}

async function main(): Promise<void> {
  const [driver, icd] = process.argv.slice(2) as [WebGpuDriver, string];
  let runner: DawnRunner;
  try {
    runner = await DawnRunner.start(driver, icd);
  } catch (error) {
    process.send!({ started: false, error: describe(error) } satisfies HostStarted, () => process.exit(1));
    return;
  }
  process.send!({ started: true, supportedFeatures: runner.supportedFeatures, adapterDescription: runner.adapterDescription } satisfies HostStarted);
  process.on('message', (request: HostRequest) => {
    const answer = async (): Promise<unknown> => {
      switch (request.method) {
        case 'compile':
          return runner.compile(...request.args);
        case 'runCompute':
          return runner.runCompute(...request.args);
        case 'renderTriangle': {
          // The decoder is a function: the parent rebuilds it from the pixels.
          const { texel: _texel, ...rest } = await runner.renderTriangle(...request.args);
          return rest;
        }
        case 'close':
          await runner.close();
          return undefined;
      }
    };
    answer().then(
      (value) => process.send!({ id: request.id, ok: true, value } satisfies HostReply),
      (error) => process.send!({ id: request.id, ok: false, error: describe(error) } satisfies HostReply),
    ).then(() => {
      if (request.method === 'close') process.disconnect();
    });
  });
  // The parent went away without closing: nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}

void main();
