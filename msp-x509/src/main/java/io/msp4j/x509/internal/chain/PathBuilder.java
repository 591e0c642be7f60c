package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.cert.SignatureAlgorithm;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds certification paths with the semantics of {@code Certificate.Verify} in the Go release of
 * its {@link GoX509Rules}, as the
 * MSP calls it (no DNS name, default key usage serverAuth, explicit time): rules CHAIN-01 to
 * CHAIN-08, plus the MSP's unique-path requirement (CHAIN-09) and legacy CN rule (CHAIN-07) in
 * {@link #uniquePath}; from Go 1.24 on ({@link GoX509Rules#certificatePolicies()}) candidate
 * chains with invalid certificate policies are dropped first (REL-X509-05), and do not count
 * towards CHAIN-09. Thread-safe; holds no state besides the crypto implementation and the prepared
 * name constraints of the CAs it met (Go 1.26).
 */
public final class PathBuilder {
  /** Go's maxChainSignatureChecks (CHAIN-08). */
  public static final int MAX_SIGNATURE_CHECKS = 100;

  static final String EKU_ANY = "2.5.29.37.0";
  static final String EKU_SERVER_AUTH = "1.3.6.1.5.5.7.3.1";

  private final SignatureCrypto crypto;
  private final GoX509Rules rules;
  /**
   * Go 1.26's prepared name constraints of the CAs met, so that each CA's lists are sorted and
   * pruned once (the CAs are those of the pools given, a bounded set).
   */
  private final Map<ParsedCertificate, ChainConstraintSet> preparedConstraints =
      new ConcurrentHashMap<>();

  /** A path builder with {@code crypto} for signatures and the certificate rules of {@code rules}. */
  public PathBuilder(SignatureCrypto crypto, GoX509Rules rules) {
    this.crypto = Objects.requireNonNull(crypto, "crypto");
    this.rules = Objects.requireNonNull(rules, "rules");
  }

  /** A path builder using Bouncy Castle for signature checks, with the rules of {@code rules}. */
  public static PathBuilder withBouncyCastle(GoX509Rules rules) {
    return new PathBuilder(new BouncyCastleSignatureCrypto(), rules);
  }

  /** The Go release whose rules this builder follows. */
  public GoX509Rules rules() {
    return rules;
  }

  /**
   * All distinct paths from {@code leaf} to a member of {@code roots} at instant {@code t}
   * (CHAIN-01..06, CHAIN-08), in Go's order. Each path starts with the leaf and ends with a root.
   * The certificates must be parsed with this builder's {@link #rules()}: their parse says which
   * critical extensions that Go release handles (the policy extensions from Go 1.24 on) and
   * holds the policy fields that policy processing reads.
   */
  public PathResult findPaths(ParsedCertificate leaf, Instant t, CertPool roots,
      CertPool intermediates) {
    Objects.requireNonNull(leaf, "leaf");
    Objects.requireNonNull(t, "t");
    Objects.requireNonNull(roots, "roots");
    Objects.requireNonNull(intermediates, "intermediates");

    if (!leaf.rules().equals(rules)) {
      // which critical extensions are handled, and the policy fields, come from the parse
      throw new IllegalArgumentException("certificate parsed as Go " + leaf.rules().go()
          + " parses, given to a path builder of Go " + rules.go() + ": " + leaf.describe());
    }
    ChainFailure leafProblem = basicValidity(leaf, t);
    if (leafProblem != null) {
      return new PathResult(List.of(), leafProblem);
    }
    List<List<ParsedCertificate>> candidates;
    if (roots.contains(leaf)) {
      candidates = List.of(List.of(leaf));
    } else {
      Search search = new Search(t, roots, intermediates);
      Step step = search.build(List.of(leaf));
      if (step.chains.isEmpty()) {
        return new PathResult(List.of(), step.error);
      }
      candidates = step.chains;
    }
    List<List<ParsedCertificate>> accepted = new ArrayList<>();
    ParsedCertificate ekuOffender = null;
    ChainFailure constraintsFailure = null;
    ParsedCertificate distrustedOffender = null;
    int ekuRejected = 0;
    String policyProblem = null;
    int policyRejected = 0;
    for (List<ParsedCertificate> path : candidates) {
      String policies = rules.certificatePolicies() ? PolicyValidation.problem(path) : null;
      if (policies != null) {
        // Go 1.24+ drops the chain before looking at key usage (REL-X509-05)
        policyRejected++;
        policyProblem = policyProblem == null ? policies : policyProblem;
        continue;
      }
      ParsedCertificate bad = ekuOffender(path);
      if (bad != null) {
        ekuRejected++;
        ekuOffender = ekuOffender == null ? bad : ekuOffender;
        continue;
      }
      if (rules.chainConstraints()) {
        // Go 1.26 checks name constraints over each built path, after its key usages.
        Optional<ChainFailure> names = ChainNameConstraints.check(path, rules,
            ca -> preparedConstraints.computeIfAbsent(ca, ChainNameConstraints::prepare));
        if (names.isPresent()) {
          if (constraintsFailure == null) {
            constraintsFailure = names.get();
          }
          continue;
        }
      }
      if (rules.distrustedKeys()) {
        ParsedCertificate distrusted = DistrustedKeys.find(path);
        if (distrusted != null) {
          distrustedOffender = distrustedOffender == null ? distrusted : distrustedOffender;
          continue;
        }
      }
      accepted.add(path);
    }
    if (accepted.isEmpty() && constraintsFailure != null) {
      // Go 1.26 reports a name-constraint failure before any other (REL-X509-01)
      return new PathResult(List.of(), constraintsFailure);
    }
    if (accepted.isEmpty() && ekuRejected == 0 && policyRejected == 0
        && distrustedOffender != null) {
      return new PathResult(List.of(), new ChainFailure(ChainFailure.Kind.DISTRUSTED_KEY,
          "no valid chain for " + leaf.describe() + ": every path goes through "
              + distrustedOffender.describe() + ", whose public key Go " + rules.go()
              + " distrusts", distrustedOffender));
    }
    if (accepted.isEmpty() && policyRejected > 0) {
      String others = ekuRejected == 0 ? "" : ekuRejected + " with an extended key usage without "
          + "serverAuth or anyExtendedKeyUsage (" + ekuOffender.describe() + ") and ";
      return new PathResult(List.of(), new ChainFailure(ChainFailure.Kind.INVALID_POLICIES,
          "no valid chain for " + leaf.describe() + ": of its " + candidates.size()
              + " candidate chain(s), " + others + policyRejected + " with invalid certificate "
              + "policies, as Go " + rules.go() + " processes them (" + policyProblem + ")",
          leaf));
    }
    if (accepted.isEmpty()) {
      return new PathResult(List.of(), new ChainFailure(ChainFailure.Kind.INCOMPATIBLE_KEY_USAGE,
          "certificate " + ekuOffender.describe() + " has an extended key usage without "
              + "serverAuth or anyExtendedKeyUsage, which makes every path to "
              + leaf.describe() + " unusable", ekuOffender));
    }
    return new PathResult(accepted, null);
  }

  /**
   * The MSP's chain requirement (Fabric's unique validation chain): exactly one path at {@code t}
   * (CHAIN-09), which must also pass CHAIN-07. Throws with the reason otherwise.
   */
  public List<ParsedCertificate> uniquePath(ParsedCertificate leaf, Instant t, CertPool roots,
      CertPool intermediates) {
    PathResult result = findPaths(leaf, t, roots, intermediates);
    if (!result.found()) {
      throw new ChainValidationException(result.failure().orElseThrow());
    }
    if (result.paths().size() != 1) {
      throw new ChainValidationException(new ChainFailure(ChainFailure.Kind.MULTIPLE_PATHS,
          "the MSP supports a single validation chain, got " + result.paths().size() + " for "
              + leaf.describe(), leaf));
    }
    List<ParsedCertificate> path = result.paths().get(0);
    Optional<ChainFailure> legacy = LegacyCommonNameRule.check(path);
    if (legacy.isPresent()) {
      throw new ChainValidationException(legacy.get());
    }
    return path;
  }

  /**
   * Go's CheckSignatureFrom: may {@code parent} have signed {@code child}? Returns the reason it
   * may not, or null when the signature verifies (CHAIN-04, ALG-05).
   */
  public ChainFailure checkSignatureFrom(ParsedCertificate child, ParsedCertificate parent) {
    if ((parent.version() == 3 && !parent.basicConstraintsPresent())
        || (parent.basicConstraintsPresent() && !parent.isCa())) {
      return new ChainFailure(ChainFailure.Kind.ISSUER_NOT_CA,
          "candidate issuer " + parent.describe() + " is not a CA (basicConstraints cA is not "
              + "true)", parent);
    }
    if (!parent.keyUsageAllowsCertSign()) {
      return new ChainFailure(ChainFailure.Kind.ISSUER_KEY_USAGE,
          "candidate issuer " + parent.describe() + " has a keyUsage without keyCertSign", parent);
    }
    KeyAlgorithm keyAlg = parent.publicKey().algorithm();
    if (keyAlg == KeyAlgorithm.OTHER) {
      return new ChainFailure(ChainFailure.Kind.UNSUPPORTED_SIGNATURE_ALGORITHM,
          "candidate issuer " + parent.describe() + " has a public key of unsupported type",
          parent);
    }
    return checkSignature(child, parent);
  }

  private ChainFailure checkSignature(ParsedCertificate child, ParsedCertificate parent) {
    SignatureAlgorithm alg = child.signatureAlgorithm();
    if (alg == SignatureAlgorithm.UNKNOWN || alg == SignatureAlgorithm.MD2_WITH_RSA) {
      return new ChainFailure(ChainFailure.Kind.UNSUPPORTED_SIGNATURE_ALGORITHM,
          "signature algorithm " + child.signatureAlgorithmId().getAlgorithm().getId()
              + " of " + child.describe() + " is not supported", child);
    }
    if (alg.insecure()) {
      return new ChainFailure(ChainFailure.Kind.INSECURE_SIGNATURE_ALGORITHM,
          "certificate " + child.describe() + " is signed with the insecure algorithm " + alg,
          child);
    }
    KeyAlgorithm keyAlg = parent.publicKey().algorithm();
    if (alg.keyAlgorithm() != keyAlg || keyAlg == KeyAlgorithm.DSA) {
      return new ChainFailure(ChainFailure.Kind.UNSUPPORTED_SIGNATURE_ALGORITHM,
          "signature algorithm " + alg + " of " + child.describe() + " does not fit the "
              + keyAlg + " key of " + parent.describe(), child);
    }
    if (keyAlg == KeyAlgorithm.RSA && rules.rsaMinimum1024()
        && parent.publicKey().rsaModulusBits() < 1024) {
      return new ChainFailure(ChainFailure.Kind.RSA_KEY_TOO_SMALL,
          "the " + parent.publicKey().rsaModulusBits() + "-bit RSA key of " + parent.describe()
              + " is too small to verify " + child.describe() + " in Go " + rules.go()
              + " (at least 1024 bits)", parent);
    }
    if (!child.signatureVerifiesWith(
        parent.publicKey(), key -> crypto.verify(alg, key, child.tbs(), child.signature()))) {
      return new ChainFailure(ChainFailure.Kind.SIGNATURE_INVALID,
          "signature of " + child.describe() + " does not verify with the key of "
              + parent.describe(), child);
    }
    return null;
  }

  /** Checks every certificate gets: critical extensions and validity at t (CHAIN-05). */
  static ChainFailure basicValidity(ParsedCertificate c, Instant t) {
    if (!c.unhandledCriticalExtensions().isEmpty()) {
      return new ChainFailure(ChainFailure.Kind.UNHANDLED_CRITICAL_EXTENSION,
          "certificate " + c.describe() + " has unhandled critical extension(s) "
              + c.unhandledCriticalExtensions(), c);
    }
    if (t.isBefore(c.notBefore())) {
      return new ChainFailure(ChainFailure.Kind.NOT_YET_VALID,
          "certificate " + c.describe() + " is not yet valid at " + t + " (notBefore "
              + c.notBefore() + ")", c);
    }
    if (t.isAfter(c.notAfter())) {
      return new ChainFailure(ChainFailure.Kind.EXPIRED,
          "certificate " + c.describe() + " has expired at " + t + " (notAfter "
              + c.notAfter() + ")", c);
    }
    return null;
  }

  /** The first certificate (root first, as Go walks) whose EKU excludes serverAuth (CHAIN-06). */
  static ParsedCertificate ekuOffender(List<ParsedCertificate> path) {
    for (int i = path.size() - 1; i >= 0; i--) {
      ParsedCertificate c = path.get(i);
      List<String> ekus = c.extendedKeyUsages();
      if (ekus.isEmpty() || ekus.contains(EKU_ANY) || ekus.contains(EKU_SERVER_AUTH)) {
        continue;
      }
      return c;
    }
    return null;
  }

  /** Go's alreadyInChain, including its early "false" when SAN presence differs. */
  static boolean alreadyInChain(ParsedCertificate candidate, List<ParsedCertificate> chain) {
    boolean candidateSan = candidate.hasSubjectAltName();
    for (ParsedCertificate cert : chain) {
      if (!candidate.sameSubject(cert)) {
        continue;
      }
      if (!candidate.publicKey().sameKey(cert.publicKey())) {
        continue;
      }
      boolean certSan = cert.hasSubjectAltName();
      if (!candidateSan && !certSan) {
        return true;
      } else if (!candidateSan || !certSan) {
        return false;
      }
      if (candidate.sameSubjectAltNameValue(cert)) {
        return true;
      }
    }
    return false;
  }

  private enum CertType { INTERMEDIATE, ROOT }

  private static final class Step {
    final List<List<ParsedCertificate>> chains;
    final ChainFailure error;

    Step(List<List<ParsedCertificate>> chains, ChainFailure error) {
      this.chains = chains;
      this.error = error;
    }
  }

  /** One search: Go's buildChains with its shared signature-check counter. */
  private final class Search {
    private final Instant t;
    private final CertPool roots;
    private final CertPool intermediates;
    private int signatureChecks;

    Search(Instant t, CertPool roots, CertPool intermediates) {
      this.t = t;
      this.roots = roots;
      this.intermediates = intermediates;
    }

    Step build(List<ParsedCertificate> current) {
      ParsedCertificate c = current.get(current.size() - 1);
      List<List<ParsedCertificate>> chains = new ArrayList<>();
      ChainFailure err = null;
      ChainFailure hint = null;
      List<ParsedCertificate> rootCandidates = roots.candidateIssuers(c);
      List<ParsedCertificate> intermediateCandidates = intermediates.candidateIssuers(c);
      int total = rootCandidates.size() + intermediateCandidates.size();
      for (int i = 0; i < total; i++) {
        boolean isRoot = i < rootCandidates.size();
        ParsedCertificate candidate = isRoot ? rootCandidates.get(i)
            : intermediateCandidates.get(i - rootCandidates.size());
        CertType type = isRoot ? CertType.ROOT : CertType.INTERMEDIATE;
        if (alreadyInChain(candidate, current)) {
          continue;
        }
        signatureChecks++;
        if (signatureChecks > MAX_SIGNATURE_CHECKS) {
          err = new ChainFailure(ChainFailure.Kind.SIGNATURE_CHECK_LIMIT,
              "signature check attempts limit (" + MAX_SIGNATURE_CHECKS + ") reached while "
                  + "verifying the chain of " + current.get(0).describe(), current.get(0));
          continue;
        }
        ChainFailure sigErr = checkSignatureFrom(c, candidate);
        if (sigErr != null) {
          if (hint == null) {
            hint = sigErr;
          }
          continue;
        }
        err = isValid(candidate, type, current);
        if (err != null) {
          continue;
        }
        List<ParsedCertificate> extended = new ArrayList<>(current);
        extended.add(candidate);
        if (type == CertType.ROOT) {
          chains.add(List.copyOf(extended));
        } else {
          Step child = build(List.copyOf(extended));
          err = child.error;
          chains.addAll(child.chains);
        }
      }
      if (!chains.isEmpty()) {
        err = null;
      }
      if (chains.isEmpty() && err == null) {
        err = unknownAuthority(c, hint);
      }
      return new Step(chains, err);
    }

    private ChainFailure isValid(ParsedCertificate c, CertType type,
        List<ParsedCertificate> current) {
      ChainFailure basic = basicValidity(c, t);
      if (basic != null) {
        return basic;
      }
      if (!rules.chainConstraints()) {
        Optional<ChainFailure> names = NameConstraintChecker.check(c, current, rules);
        if (names.isPresent()) {
          return names.get();
        }
      }
      if (type == CertType.INTERMEDIATE && !c.isCa()) {
        return new ChainFailure(ChainFailure.Kind.INTERMEDIATE_NOT_CA,
            "intermediate " + c.describe() + " is not a CA (basicConstraints cA is not true)", c);
      }
      if (c.basicConstraintsPresent() && c.maxPathLen() >= 0
          && current.size() - 1 > c.maxPathLen()) {
        return new ChainFailure(ChainFailure.Kind.PATH_LENGTH_EXCEEDED,
            "too many intermediates below " + c.describe() + " for its path length constraint "
                + c.maxPathLen(), c);
      }
      return null;
    }
  }

  private static ChainFailure unknownAuthority(ParsedCertificate c, ChainFailure hint) {
    if (hint == null) {
      return new ChainFailure(ChainFailure.Kind.NO_ISSUER,
          "no issuer with subject " + c.issuerText() + " found for " + c.describe(), c);
    }
    return new ChainFailure(hint.kind(), "certificate " + c.describe()
        + " signed by unknown authority (" + hint.message() + ")", c);
  }
}
