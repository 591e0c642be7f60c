package io.msp4j.config;

import io.msp4j.core.FabricRelease;
import java.util.Objects;

/**
 * Safety limits for reading an {@code mspconfig} folder. They go beyond what Fabric checks and
 * never change a verdict on an ordinary folder; they turn inputs on which Fabric would read
 * unbounded data or files elsewhere on the machine into clear errors.
 *
 * <ul>
 *   <li>{@link #maxFileSize()}: a file larger than this is an error ({@code FILE_TOO_LARGE},
 *       rule LIMIT-03) instead of being read. Default 32 MiB: a CRL of about 600,000 revoked
 *       certificates; cryptogen and fabric-ca write files of a few kilobytes.
 *   <li>{@link #maxTotalBytes()}: when the files read from one folder (certificates, CRLs,
 *       config.yaml and the files it names, keys) add up to more than this, reading stops with
 *       {@code FILE_TOO_LARGE} (LIMIT-03). Default 64 MiB. Together the two keep reading a
 *       folder, and setting the MSP up from it, within a 512 MiB heap.
 *   <li>{@link #followLinksOutsideFolder()}: symbolic links are always followed while they stay
 *       inside the MSP folder (Kubernetes secret and config-map mounts use {@code ..data} links).
 *       By default a link that resolves outside the folder, or a {@code config.yaml} certificate
 *       path that climbs out of it with {@code ..}, is an error ({@code PATH_OUTSIDE_FOLDER}).
 *       This is a deliberate safety check; setting it to true reads such files as Fabric does.
 *   <li>{@link #maxFilesPerFolder()}: a sub-folder (such as {@code cacerts} or {@code keystore})
 *       with more entries than this is an error ({@code LIMIT_EXCEEDED}, rule LIMIT-04) instead
 *       of being listed and read. Default 10,000; cryptogen writes one file per folder and
 *       fabric-ca a few.
 * </ul>
 *
 * <p>Besides the limits, {@link #release()} names the Fabric release whose reading to follow
 * where releases differ: from v3.1.0 a {@code config.yaml} is read with a newer Go YAML library
 * that refuses duplicated keys (REL-YAML-01), and from v3.1.4 an empty {@code signcerts} or
 * {@code cacerts} folder is reported in other words (REL-FOLDER-01). Default: the newest, {@link
 * FabricRelease#defaultRelease()}.
 *
 * <p>Immutable; build with {@link #builder()}.
 */
public final class ReadOptions {

  /** The default {@link #maxFileSize()}: 32 MiB. */
  public static final long DEFAULT_MAX_FILE_SIZE = 32L * 1024 * 1024;

  /** The default {@link #maxTotalBytes()}: 64 MiB. */
  public static final long DEFAULT_MAX_TOTAL_BYTES = 64L * 1024 * 1024;

  /** The largest limit that can be set: files are read into one byte array. */
  public static final long MAX_SUPPORTED_FILE_SIZE = Integer.MAX_VALUE - 64;

  /** The default {@link #maxFilesPerFolder()}: 10,000. */
  public static final int DEFAULT_MAX_FILES_PER_FOLDER = 10_000;

  private static final ReadOptions DEFAULTS = builder().build();

  private final long maxFileSize;
  private final boolean followLinksOutsideFolder;
  private final int maxFilesPerFolder;
  private final long maxTotalBytes;
  private final FabricRelease release;

  private ReadOptions(Builder b) {
    this.release = b.release;
    this.maxTotalBytes = b.maxTotalBytes;
    this.maxFileSize = b.maxFileSize;
    this.followLinksOutsideFolder = b.followLinksOutsideFolder;
    this.maxFilesPerFolder = b.maxFilesPerFolder;
  }

  /** The default options. */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    return new Builder().maxFileSize(maxFileSize).followLinksOutsideFolder(followLinksOutsideFolder)
        .maxFilesPerFolder(maxFilesPerFolder).maxTotalBytes(maxTotalBytes)
        .release(release);
  }

  /** The largest file, in bytes, that is read. */
  public long maxFileSize() {
    return maxFileSize;
  }

  /** Whether links and paths leading outside the MSP folder are followed (Fabric's behaviour). */
  public boolean followLinksOutsideFolder() {
    return followLinksOutsideFolder;
  }

  /** The most bytes read from one folder, all files together. */
  public long maxTotalBytes() {
    return maxTotalBytes;
  }

  /** The most entries a sub-folder of the MSP folder may hold. */
  public int maxFilesPerFolder() {
    return maxFilesPerFolder;
  }

  /** The Fabric release whose folder and config.yaml reading to follow. */
  public FabricRelease release() {
    return release;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReadOptions r
        && r.maxFileSize == maxFileSize
        && r.followLinksOutsideFolder == followLinksOutsideFolder
        && r.maxFilesPerFolder == maxFilesPerFolder
        && r.maxTotalBytes == maxTotalBytes
        && r.release.equals(release);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        maxFileSize, followLinksOutsideFolder, maxFilesPerFolder, maxTotalBytes, release);
  }

  @Override
  public String toString() {
    return "ReadOptions{maxFileSize=" + maxFileSize
        + ", followLinksOutsideFolder=" + followLinksOutsideFolder
        + ", maxFilesPerFolder=" + maxFilesPerFolder + ", maxTotalBytes=" + maxTotalBytes
        + ", release=" + release + "}";
  }

  /** Builds {@link ReadOptions}. */
  public static final class Builder {
    private long maxFileSize = DEFAULT_MAX_FILE_SIZE;
    private boolean followLinksOutsideFolder;
    private int maxFilesPerFolder = DEFAULT_MAX_FILES_PER_FOLDER;
    private long maxTotalBytes = DEFAULT_MAX_TOTAL_BYTES;
    private FabricRelease release = FabricRelease.defaultRelease();

    private Builder() {}

    /** Sets the Fabric release whose folder and config.yaml reading to follow. */
    public Builder release(FabricRelease release) {
      this.release = Objects.requireNonNull(release, "release");
      return this;
    }

    /**
     * Sets the largest file size read.
     *
     * @throws IllegalArgumentException unless 1 &le; bytes &le; {@link #MAX_SUPPORTED_FILE_SIZE}
     */
    public Builder maxFileSize(long bytes) {
      if (bytes < 1 || bytes > MAX_SUPPORTED_FILE_SIZE) {
        throw new IllegalArgumentException(
            "maxFileSize must be between 1 and " + MAX_SUPPORTED_FILE_SIZE + ", got " + bytes);
      }
      this.maxFileSize = bytes;
      return this;
    }

    /** Sets whether links and paths leading outside the MSP folder are followed. */
    public Builder followLinksOutsideFolder(boolean follow) {
      this.followLinksOutsideFolder = follow;
      return this;
    }

    /**
     * Sets the most entries a sub-folder may hold.
     *
     * @throws IllegalArgumentException unless at least 1
     */
    public Builder maxFilesPerFolder(int entries) {
      if (entries < 1) {
        throw new IllegalArgumentException("maxFilesPerFolder must be at least 1, got " + entries);
      }
      this.maxFilesPerFolder = entries;
      return this;
    }

    /**
     * Sets the most bytes read from one folder, all files together.
     *
     * @throws IllegalArgumentException unless at least 1
     */
    public Builder maxTotalBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxTotalBytes must be at least 1, got " + bytes);
      }
      this.maxTotalBytes = bytes;
      return this;
    }

    public ReadOptions build() {
      return new ReadOptions(this);
    }
  }
}
