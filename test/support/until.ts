// Polls `read` until `done` holds or `ms` pass (background work such as the
// AI grading queue); returns the last value read, for the test to assert on.
// `read` may answer at once (a counter) or later (an API call).
export async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
