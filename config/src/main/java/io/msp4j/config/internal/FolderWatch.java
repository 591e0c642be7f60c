package io.msp4j.config.internal;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * File-system events for the directories of an {@code mspconfig} folder, used only to wake the
 * watcher early: what changed is always decided by comparing {@link FolderStamp}s. Directories
 * are registered as they appear (a Kubernetes mount's new timestamped directory) and dropped as
 * they go. When the platform has no watch service, or registration fails, events are off and the
 * watcher polls.
 */
public final class FolderWatch implements AutoCloseable {
  private final WatchService service;
  private final Map<Path, WatchKey> keys = new HashMap<>();

  private FolderWatch(WatchService service) {
    this.service = service;
  }

  /** A watch, or null when the platform cannot give events for this folder. */
  public static FolderWatch open(Path dir) {
    try {
      return new FolderWatch(dir.getFileSystem().newWatchService());
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
  }

  /**
   * Watches exactly these directories.
   *
   * @return false when one could not be registered (events may be missed: poll instead)
   */
  public boolean watch(List<Path> directories) {
    Set<Path> wanted = new HashSet<>(directories);
    keys.entrySet().removeIf(e -> {
      if (!wanted.contains(e.getKey()) || !e.getValue().isValid()) {
        e.getValue().cancel();
        return true;
      }
      return false;
    });
    boolean complete = true;
    for (Path d : directories) {
      if (!keys.containsKey(d)) {
        try {
          keys.put(d, d.register(service, StandardWatchEventKinds.ENTRY_CREATE,
              StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY));
        } catch (IOException | RuntimeException e) {
          complete = false; // gone already, or not watchable: the next stamp will tell
        }
      }
    }
    return complete;
  }

  /**
   * Waits up to {@code nanos} for an event; returns whether one came. Pending events are drained,
   * since only their arrival matters.
   */
  public boolean await(long nanos) throws InterruptedException {
    try {
      WatchKey key = nanos <= 0 ? service.poll() : service.poll(nanos, TimeUnit.NANOSECONDS);
      boolean any = false;
      while (key != null) {
        any = true;
        key.pollEvents();
        key.reset();
        key = service.poll();
      }
      return any;
    } catch (ClosedWatchServiceException e) {
      return false;
    }
  }

  @Override
  public void close() {
    try {
      service.close();
    } catch (IOException e) {
      // Closing releases the inotify descriptor; nothing more to do if it fails.
    }
  }
}
