// The one abortable wait of the sdk: the transport's backoff and the activity poller's interval both use it
// (each takes an injected `sleep` in tests). It rejects with the signal's own `reason`, as the platform's
// abortable calls do (`AbortSignal.throwIfAborted()`, `fetch`): a caller that aborts with a reason of its
// own gets that reason back, and a plain `controller.abort()` gives the standard `AbortError` DOMException.

/** Resolves after `ms`; rejects with `signal.reason` once `signal` aborts (at once if it already has). */
export async function sleepWithSignal(ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  await new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
  signal?.throwIfAborted();
}
