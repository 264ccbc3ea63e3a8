/** Settling in a browser worker, shared by the live worker's recorder and the debugger's replayer. */

/** Runs `fn` in a new macrotask, after every pending microtask: a MessageChannel message (unclamped, unlike setTimeout). */
export const settleAfterMicrotasks = (() => {
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (fn: () => void): void => {
    queue.push(fn);
    channel.port2.postMessage(null);
  };
})();
