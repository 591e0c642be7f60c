package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An immutable set of certificates, as Go's {@code x509.CertPool}: byte-identical duplicates
 * collapse into the first, and issuer candidates are found by byte-identical subject name.
 */
public final class CertPool {
  private static final CertPool EMPTY = new CertPool(List.of());

  private final List<ParsedCertificate> certificates;
  private final Set<ParsedCertificate> members;
  private final Map<ByteBuffer, List<ParsedCertificate>> bySubject;

  private CertPool(Collection<ParsedCertificate> certs) {
    LinkedHashSet<ParsedCertificate> unique = new LinkedHashSet<>(certs);
    this.certificates = List.copyOf(unique);
    this.members = Collections.unmodifiableSet(unique);
    Map<ByteBuffer, List<ParsedCertificate>> index = new HashMap<>();
    for (ParsedCertificate c : certificates) {
      index.computeIfAbsent(ByteBuffer.wrap(c.rawSubject()), k -> new ArrayList<>()).add(c);
    }
    index.replaceAll((k, v) -> List.copyOf(v));
    this.bySubject = index;
  }

  /** A pool of the given certificates, in order, duplicates (by DER bytes) dropped. */
  public static CertPool of(Collection<ParsedCertificate> certs) {
    for (ParsedCertificate c : certs) {
      if (c == null) {
        throw new IllegalArgumentException("a certificate pool cannot hold null");
      }
    }
    return certs.isEmpty() ? EMPTY : new CertPool(certs);
  }

  /** A pool of the given certificates. */
  public static CertPool of(ParsedCertificate... certs) {
    return of(List.of(certs));
  }

  /** The empty pool. */
  public static CertPool empty() {
    return EMPTY;
  }

  /** The distinct certificates in insertion order. */
  public List<ParsedCertificate> certificates() {
    return certificates;
  }

  public int size() {
    return certificates.size();
  }

  public boolean isEmpty() {
    return certificates.isEmpty();
  }

  /** True when a byte-identical certificate is in the pool (CHAIN-02). */
  public boolean contains(ParsedCertificate cert) {
    return members.contains(cert);
  }

  /**
   * Possible issuers of {@code child}: members whose subject bytes equal its issuer bytes
   * (CHAIN-03), ordered as Go orders them: SKI equal to the child's AKI first (both absent counts
   * as equal), then those where exactly one of the two is present, then mismatches; insertion
   * order within each group.
   */
  public List<ParsedCertificate> candidateIssuers(ParsedCertificate child) {
    List<ParsedCertificate> sameName = bySubject.get(ByteBuffer.wrap(child.rawIssuer()));
    if (sameName == null) {
      return List.of();
    }
    List<ParsedCertificate> matching = new ArrayList<>();
    List<ParsedCertificate> oneKeyId = new ArrayList<>();
    List<ParsedCertificate> mismatch = new ArrayList<>();
    for (ParsedCertificate candidate : sameName) {
      if (candidate.skiMatchesAkiOf(child)) {
        matching.add(candidate);
      } else if (candidate.exactlyOneKeyIdPresent(child)) {
        oneKeyId.add(candidate);
      } else {
        mismatch.add(candidate);
      }
    }
    List<ParsedCertificate> out = new ArrayList<>(sameName.size());
    out.addAll(matching);
    out.addAll(oneKeyId);
    out.addAll(mismatch);
    return Collections.unmodifiableList(out);
  }

  @Override
  public String toString() {
    return "CertPool(" + certificates.size() + " certificates)";
  }
}
