// Runs officecrypto-tool's decrypt off the main thread: Excel's key derivation (100,000 SHA-512 rounds for
// agile encryption) costs about half a second of CPU, which on the main thread would stall every other
// request of the HTTP process (the password check of an upload or a recovery call) for as long.
// Plain JavaScript on purpose: a worker file is loaded by Node as is.
//
// In:  workerData = { data: Uint8Array, password: string }
// Out: one message, { ok: true, data: Uint8Array } | { ok: false, message }
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const officeCrypto = require('officecrypto-tool');

try {
  const plain = await officeCrypto.decrypt(Buffer.from(workerData.data), { password: workerData.password });
  const bytes = new Uint8Array(plain); // its own ArrayBuffer, so it can be transferred without copying again
  parentPort.postMessage({ ok: true, data: bytes }, [bytes.buffer]);
} catch (err) {
  parentPort.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
