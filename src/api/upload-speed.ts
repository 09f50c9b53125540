/**
 * Speed and time left of one upload, from the bytes confirmed over time:
 * an exponential moving average, so one fast or stalled chunk does not make
 * the estimate jump about.
 */
export class SpeedMeter {
  private lastTime = 0
  private lastBytes = 0
  private rate = 0

  constructor(private readonly smoothing = 0.3) {}

  /** Records the total bytes done at `now` (ms); returns bytes per second. */
  sample(bytesDone: number, now: number): number {
    if (this.lastTime === 0) {
      this.lastTime = now
      this.lastBytes = bytesDone
      return this.rate
    }
    const elapsed = (now - this.lastTime) / 1000
    if (elapsed <= 0) return this.rate
    const instant = Math.max(0, bytesDone - this.lastBytes) / elapsed
    this.rate = this.rate === 0 ? instant : this.smoothing * instant + (1 - this.smoothing) * this.rate
    this.lastTime = now
    this.lastBytes = bytesDone
    return this.rate
  }

  /** Restart after a pause or reconnect, so the wait does not count as slowness. */
  reset(bytesDone: number, now: number): void {
    this.lastTime = now
    this.lastBytes = bytesDone
  }
}

/** Seconds left at `bytesPerSecond`, or null when nothing is moving. */
export function timeLeft(remainingBytes: number, bytesPerSecond: number): number | null {
  if (remainingBytes <= 0) return 0
  return bytesPerSecond > 0 ? Math.ceil(remainingBytes / bytesPerSecond) : null
}
