package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of a path search: every acceptable path (leaf first, root last) in Go's order, or
 * the reason there is none.
 */
public final class PathResult {
  private final List<List<ParsedCertificate>> paths;
  private final ChainFailure failure;

  PathResult(List<List<ParsedCertificate>> paths, ChainFailure failure) {
    this.paths = paths.stream().map(List::copyOf).toList();
    this.failure = failure;
    if (this.paths.isEmpty() == (failure == null)) {
      throw new IllegalArgumentException("a path result has either paths or a failure");
    }
  }

  /** All acceptable paths; empty when {@link #failure()} is present. */
  public List<List<ParsedCertificate>> paths() {
    return paths;
  }

  /** Why no path was found; empty when there is at least one path. */
  public Optional<ChainFailure> failure() {
    return Optional.ofNullable(failure);
  }

  public boolean found() {
    return !paths.isEmpty();
  }

  @Override
  public String toString() {
    return failure == null ? paths.size() + " path(s)" : "no path: " + failure;
  }
}
