package io.msp4j.config.internal;

/**
 * Decides when a folder seen changing has been quiet long enough to be read: a change is due once
 * no further change has been seen for the settle window. Each observation that finds the folder
 * different restarts the wait, so a change written in many steps is read once, after its last
 * step. Pure logic over the times it is given; not thread-safe.
 */
public final class SettleTracker {
  private final long settleNanos;
  private Object lastSeen;
  private boolean pending;
  private long lastChangeAt;

  /**
   * @param settleNanos the settle window
   * @param initial the folder's state when watching starts (a change from it is a change)
   */
  public SettleTracker(long settleNanos, Object initial) {
    this.settleNanos = settleNanos;
    this.lastSeen = initial;
  }

  /**
   * Records the folder's state seen at {@code now}; returns whether a change is due to be read:
   * one was seen, and the state has not changed for the settle window.
   */
  public boolean observe(Object state, long now) {
    if (!state.equals(lastSeen)) {
      lastSeen = state;
      pending = true;
      lastChangeAt = now;
    }
    return pending && now - lastChangeAt >= settleNanos;
  }

  /**
   * Something signalled a change at {@code now} (a file-system event) that the state may not
   * show, such as a file rewritten within its file system's time resolution: the window restarts
   * as if the state had changed.
   */
  public void signalled(long now) {
    pending = true;
    lastChangeAt = now;
  }

  /** The state last seen. */
  public Object lastSeen() {
    return lastSeen;
  }

  /** The pending change was read (applied, refused, or found to be no change). */
  public void read() {
    pending = false;
  }

  /** The folder changed while it was read: wait a full window again from {@code now}. */
  public void changedWhileRead(long now) {
    pending = true;
    lastChangeAt = now;
  }

  /** Whether a change was seen and not yet read. */
  public boolean pending() {
    return pending;
  }

  /** When the pending change is due, if nothing changes before (meaningful while pending). */
  public long dueAt() {
    return lastChangeAt + settleNanos;
  }
}
