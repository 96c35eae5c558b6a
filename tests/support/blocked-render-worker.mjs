// A stand-in for the delay-statement render worker (issue 27 §1 tests): on each request it flags
// "started" in the shared gate, then blocks its own thread until the test opens the gate, and
// answers with a tiny PDF-like body naming the claim. It proves the pool's work never runs on
// the event loop: while this thread is blocked, the main thread must go on answering.
import { parentPort, workerData } from 'node:worker_threads';

const gate = new Int32Array(workerData.gate);
parentPort.on('message', (request) => {
  Atomics.store(gate, 1, 1);
  Atomics.notify(gate, 1);
  Atomics.wait(gate, 0, 0);
  const pdf = new TextEncoder().encode(`%PDF-${request.claim.claim_number}`);
  parentPort.postMessage({ id: request.id, pdf }, [pdf.buffer]);
});
