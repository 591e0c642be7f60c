package io.msp4j.cli.operations;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspException;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadListener;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Gives the {@link ExpiryCheck} the certificates of an MSP folder: at once with {@link
 * #readNow()}, and again on each new generation when added as a listener of the folder's watcher.
 * A folder that cannot be read keeps the certificates read before (the reload check tells).
 */
public final class FolderExpiry implements ReloadListener<Object> {
  private final ExpiryCheck check;
  private final Path dir;
  private final String mspId;
  private final boolean local;

  /**
   * Updates {@code check} from {@code dir}.
   *
   * @param local whether the folder is a node's local MSP (its signing certificate counts too)
   */
  public FolderExpiry(ExpiryCheck check, Path dir, String mspId, boolean local) {
    this.check = Objects.requireNonNull(check, "check");
    this.dir = Objects.requireNonNull(dir, "dir");
    this.mspId = Objects.requireNonNull(mspId, "mspId");
    this.local = local;
  }

  /** Reads the folder now; false when it cannot be read. */
  public boolean readNow() {
    try {
      MspFolderConfig folder = local ? MspFolders.readLocal(dir, mspId)
          : MspFolders.readVerifying(dir, mspId);
      check.update("folder " + dir, CertificateExpiry.of(folder.mspConfig(), folder.sources()));
      return true;
    } catch (MspException | IllegalArgumentException e) {
      return false;
    }
  }

  @Override
  public void reloaded(Generation<? extends Object> generation) {
    readNow();
  }
}
