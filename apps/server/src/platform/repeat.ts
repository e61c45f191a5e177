// A background job's timer: one pass every interval, never two at once (a slow pass is not
// overtaken by the next), a failed pass reported and the next one tried; the timer keeps no
// process alive, and stopping it waits for the pass under way.
export function repeatEvery(intervalMs: number, pass: () => Promise<unknown>, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
