package io.msp4j.config.internal;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.core.Msp;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.reload.Candidate;
import io.msp4j.core.reload.MspChange;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509MspContents;
import io.msp4j.x509.X509Msps;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One reading of an {@code mspconfig} folder: the configuration and key store digest, or the
 * failure reading it gave, with the folder's stamp when the read began.
 */
final class FolderCandidate implements Candidate<Msp> {
  private final Path dir;
  private final MspFolderConfig folder;
  private final MspSetupException readFailure;
  private final byte[] keyStoreDigest;
  /** Made by a successful setUp; read by changesSince (both under the reloading MSP's lock). */
  private X509MspContents contents;
  private final MspVersion version;
  private final SetupOptions setupOptions;
  private final FolderStamp before;
  private final FolderStamp settled;

  private FolderCandidate(
      Path dir,
      MspFolderConfig folder,
      MspSetupException readFailure,
      byte[] keyStoreDigest,
      MspVersion version,
      SetupOptions setupOptions,
      FolderStamp before,
      FolderStamp settled) {
    this.dir = dir;
    this.folder = folder;
    this.readFailure = readFailure;
    this.keyStoreDigest = keyStoreDigest;
    this.version = version;
    this.setupOptions = setupOptions;
    this.before = before;
    this.settled = settled;
  }

  static FolderCandidate read(
      Path dir,
      MspFolderConfig folder,
      byte[] keyStoreDigest,
      MspVersion version,
      SetupOptions setupOptions,
      FolderStamp before,
      FolderStamp settled) {
    return new FolderCandidate(
        dir, folder, null, keyStoreDigest, version, setupOptions, before, settled);
  }

  static FolderCandidate failed(
      Path dir, MspSetupException failure, FolderStamp before, FolderStamp settled) {
    return new FolderCandidate(dir, null, failure, null, null, null, before, settled);
  }

  @Override
  public boolean sameConfiguration(Candidate<Msp> applied) {
    return folder != null
        && applied instanceof FolderCandidate f
        && f.folder != null
        && f.folder.mspConfig().equals(folder.mspConfig())
        && Arrays.equals(f.keyStoreDigest, keyStoreDigest);
  }

  @Override
  public Msp setUp() {
    if (readFailure != null) {
      throw readFailure;
    }
    X509Msp msp = X509Msps.setup(
        folder.mspConfig(),
        version,
        setupOptions.withKeyStore(folder.keyStore()).withSources(folder.sources()));
    contents = X509MspContents.of(folder.mspConfig(), msp); // its CRLs, not parsed twice
    return msp;
  }

  @Override
  public List<MspChange> changesSince(Candidate<Msp> previous) {
    FolderCandidate p = (FolderCandidate) previous;
    List<MspChange> changes = new ArrayList<>(contents.changesSince(p == null ? null : p.contents));
    if (p != null && folder.isLocal() && !Arrays.equals(p.keyStoreDigest, keyStoreDigest)
        && changes.stream().noneMatch(c -> c.kind() == MspChange.Kind.SIGNING_IDENTITY)) {
      changes.add(MspChange.of(MspChange.Kind.KEY_STORE, MspChange.Action.CHANGED,
          "files in keystore changed; the signing certificate did not"));
    }
    return changes;
  }

  /** The folder was settled as expected when the read began, and has not changed since. */
  @Override
  public boolean stillCurrent() {
    return (settled == null || settled.equals(before)) && FolderStamp.of(dir).equals(before);
  }
}
