package io.msp4j.x509.internal.msp;

import io.msp4j.core.FabricRelease;
import io.msp4j.x509.internal.cert.GoX509Rules;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.MspException;
import io.msp4j.core.reload.MspChange;
import io.msp4j.core.reload.MspChange.Action;
import io.msp4j.core.reload.MspChange.Kind;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * What an X.509 MSP configuration holds, read for comparison: certificates by their DER, revoked
 * serials by the CA whose key identifier the CRL names, OU identifiers, NodeOUs, the signing
 * identity. Parsed on first use and kept, so that comparing each new configuration with the one
 * before parses only the new one. Thread-safe.
 */
public final class ConfigContents {
  /** How many serials a {@link Kind#REVOKED_SERIALS} change names. */
  static final int SERIAL_SAMPLE = 10;
  private static final int FABRIC = 0;

  private final MSPConfig config;
  /** The CRLs of an MSP set up from {@code config}, or null: parsed from the config then. */
  private final List<RevocationList> setUpCrls;
  /** How certificates are parsed for their descriptions: as the Go of the MSP's release. */
  private final GoX509Rules rules;
  private volatile Parsed parsed;

  private ConfigContents(MSPConfig config, List<RevocationList> setUpCrls, GoX509Rules rules) {
    this.config = config;
    this.setUpCrls = setUpCrls;
    this.rules = Objects.requireNonNull(rules, "rules");
  }

  /** The contents of {@code config}, its certificates parsed as the default release's Go does. */
  public static ConfigContents of(MSPConfig config) {
    return of(config, FabricRelease.defaultRelease());
  }

  /** The contents of {@code config}, its certificates parsed as the Go of {@code release} does. */
  public static ConfigContents of(MSPConfig config, FabricRelease release) {
    return new ConfigContents(Objects.requireNonNull(config, "config"), null,
        GoX509Rules.of(release));
  }

  /**
   * The contents of {@code config}, whose CRLs are taken from {@code setUp}, an MSP set up from
   * it, instead of being parsed again (when it is an X.509 MSP of this implementation), and whose
   * certificates are parsed as the Go of its release does.
   */
  public static ConfigContents of(MSPConfig config, io.msp4j.core.Msp setUp) {
    Objects.requireNonNull(config, "config");
    return setUp instanceof X509MspImpl impl
        ? new ConfigContents(config, impl.revocationLists(), impl.rules().goX509())
        : of(config);
  }

  public MSPConfig config() {
    return config;
  }

  /** The differences from {@code before}, or everything held when {@code before} is null. */
  public List<MspChange> changesSince(ConfigContents before) {
    if (before != null && before.config.equals(config)) {
      return List.of();
    }
    Parsed now = parsed();
    Parsed was = before == null ? Parsed.EMPTY : before.parsed();
    if (now.fabric == null || (before != null && was.fabric == null)) {
      return List.of(MspChange.of(Kind.OTHER, Action.CHANGED,
          "the configuration is not an X.509 (type 0) FabricMSPConfig and is not compared"));
    }
    List<MspChange> out = new ArrayList<>();
    if (before != null && !was.fabric.getName().equals(now.fabric.getName())) {
      out.add(MspChange.of(Kind.OTHER, Action.CHANGED,
          "MSP ID '" + was.fabric.getName() + "' -> '" + now.fabric.getName() + "'"));
    }
    certificates(Kind.ROOT_CA, was.roots, now.roots, out);
    certificates(Kind.INTERMEDIATE_CA, was.intermediates, now.intermediates, out);
    certificates(Kind.ADMIN, was.admins, now.admins, out);
    revocations(was, now, out);
    ouIdentifiers(was, now, out);
    nodeOus(was, now, out, rules);
    signer(was, now, out, rules);
    cryptoConfig(was, now, before == null, out);
    certificates(Kind.TLS_ROOT_CA, was.tlsRoots, now.tlsRoots, out);
    certificates(Kind.TLS_INTERMEDIATE_CA, was.tlsIntermediates, now.tlsIntermediates, out);
    return out;
  }

  private Parsed parsed() {
    Parsed p = parsed;
    if (p == null) {
      synchronized (this) {
        p = parsed;
        if (p == null) {
          p = Parsed.of(config, setUpCrls, rules);
          parsed = p;
        }
      }
    }
    return p;
  }

  private static void certificates(
      Kind kind, Map<ByteBuffer, String> was, Map<ByteBuffer, String> now, List<MspChange> out) {
    now.forEach((der, text) -> {
      if (!was.containsKey(der)) {
        out.add(MspChange.of(kind, Action.ADDED, text));
      }
    });
    was.forEach((der, text) -> {
      if (!now.containsKey(der)) {
        out.add(MspChange.of(kind, Action.REMOVED, text));
      }
    });
  }

  private static void revocations(Parsed was, Parsed now, List<MspChange> out) {
    Set<String> issuers = new LinkedHashSet<>(now.crls.keySet());
    issuers.addAll(was.crls.keySet());
    for (String key : issuers) {
      IssuerCrls before = was.crls.get(key);
      IssuerCrls after = now.crls.get(key);
      if (before != null && after != null && before.raw.equals(after.raw)) {
        // The same CRL bytes revoke the same serials: nothing to report, and no need to
        // fingerprint and sort a million serials to find that out.
        continue;
      }
      String issuer = (after != null ? after : before).issuer;
      SerialDiff d = SerialDiff.of(before, after);
      if (d.added > 0) {
        out.add(new MspChange(Kind.REVOKED_SERIALS, Action.ADDED,
            serials(issuer, after.serials.withFingerprints(d.addedSample, SERIAL_SAMPLE), d.added),
            d.added));
      }
      if (d.removed > 0) {
        out.add(new MspChange(Kind.REVOKED_SERIALS, Action.REMOVED,
            serials(issuer, before.serials.withFingerprints(d.removedSample, SERIAL_SAMPLE),
                d.removed),
            d.removed));
      }
      if (d.added == 0 && d.removed == 0) {
        if (before == null || after == null) {
          IssuerCrls only = before == null ? after : before;
          out.add(MspChange.of(Kind.CRL, before == null ? Action.ADDED : Action.REMOVED,
              "by " + issuer + ", revoking nothing (" + only.raw.size() + " CRL)"));
        } else if (!before.raw.equals(after.raw)) {
          out.add(MspChange.of(Kind.CRL, Action.CHANGED, "by " + issuer
              + ": re-issued with the same " + after.serials.size() + " revoked serials"));
        }
      }
    }
  }

  /**
   * How two CAs' revoked serials differ, by a merge of their sorted fingerprints: counts, and
   * the fingerprints of the first few serials on each side (sorted, for a binary search).
   */
  private record SerialDiff(long added, long removed, long[] addedSample, long[] removedSample) {
    static SerialDiff of(IssuerCrls before, IssuerCrls after) {
      long[] b = before == null ? new long[0] : before.fingerprints();
      long[] a = after == null ? new long[0] : after.fingerprints();
      long added = 0;
      long removed = 0;
      long[] addedSample = new long[SERIAL_SAMPLE];
      long[] removedSample = new long[SERIAL_SAMPLE];
      int i = 0;
      int j = 0;
      while (i < a.length || j < b.length) {
        if (j == b.length || (i < a.length && a[i] < b[j])) {
          if (added < SERIAL_SAMPLE) {
            addedSample[(int) added] = a[i];
          }
          added++;
          i++;
        } else if (i == a.length || b[j] < a[i]) {
          if (removed < SERIAL_SAMPLE) {
            removedSample[(int) removed] = b[j];
          }
          removed++;
          j++;
        } else {
          i++;
          j++;
        }
      }
      return new SerialDiff(added, removed,
          java.util.Arrays.copyOf(addedSample, (int) Math.min(added, SERIAL_SAMPLE)),
          java.util.Arrays.copyOf(removedSample, (int) Math.min(removed, SERIAL_SAMPLE)));
    }
  }

  private static String serials(String issuer, List<BigInteger> sample, long count) {
    StringJoiner j = new StringJoiner(", ", "by " + issuer + ": ", "");
    sample.stream().sorted().forEach(s -> j.add(s.toString(16)));
    String text = j.toString();
    return count > sample.size() ? text + " and " + (count - sample.size()) + " more" : text;
  }

  private static void ouIdentifiers(Parsed was, Parsed now, List<MspChange> out) {
    now.ous.forEach((key, text) -> {
      if (!was.ous.containsKey(key)) {
        out.add(MspChange.of(Kind.OU_IDENTIFIER, Action.ADDED, text));
      }
    });
    was.ous.forEach((key, text) -> {
      if (!now.ous.containsKey(key)) {
        out.add(MspChange.of(Kind.OU_IDENTIFIER, Action.REMOVED, text));
      }
    });
  }

  private static void nodeOus(Parsed was, Parsed now, List<MspChange> out, GoX509Rules rules) {
    boolean had = was.fabric.hasFabricNodeOus();
    boolean has = now.fabric.hasFabricNodeOus();
    FabricNodeOUs b = was.fabric.getFabricNodeOus();
    FabricNodeOUs a = now.fabric.getFabricNodeOus();
    if ((!had && !has) || (had && has && a.equals(b))) {
      return;
    }
    if (!had || !has) {
      FabricNodeOUs only = has ? a : b;
      StringJoiner j = new StringJoiner(", ", "enable " + only.getEnable() + ", ", "");
      for (String role : ROLES) {
        j.add(role + " " + nodeOu(only, role, rules));
      }
      out.add(MspChange.of(Kind.NODE_OUS, has ? Action.ADDED : Action.REMOVED, j.toString()));
      return;
    }
    StringJoiner j = new StringJoiner("; ");
    if (a.getEnable() != b.getEnable()) {
      j.add("enable " + b.getEnable() + " -> " + a.getEnable());
    }
    for (String role : ROLES) {
      String before = nodeOu(b, role, rules);
      String after = nodeOu(a, role, rules);
      if (!before.equals(after)) {
        j.add(role + " " + before + " -> " + after);
      }
    }
    out.add(MspChange.of(Kind.NODE_OUS, Action.CHANGED, j.toString()));
  }

  private static final List<String> ROLES = List.of("client", "peer", "admin", "orderer");

  private static String nodeOu(FabricNodeOUs n, String role, GoX509Rules rules) {
    boolean present;
    FabricOUIdentifier id;
    switch (role) {
      case "client" -> {
        present = n.hasClientOuIdentifier();
        id = n.getClientOuIdentifier();
      }
      case "peer" -> {
        present = n.hasPeerOuIdentifier();
        id = n.getPeerOuIdentifier();
      }
      case "admin" -> {
        present = n.hasAdminOuIdentifier();
        id = n.getAdminOuIdentifier();
      }
      default -> {
        present = n.hasOrdererOuIdentifier();
        id = n.getOrdererOuIdentifier();
      }
    }
    return present ? ouText(id, rules) : "(none)";
  }

  private static String ouText(FabricOUIdentifier id, GoX509Rules rules) {
    String ou = "'" + id.getOrganizationalUnitIdentifier() + "'";
    return id.getCertificate().isEmpty()
        ? ou
        : ou + " certified by " + certificateText(id.getCertificate().toByteArray(), rules);
  }

  private static void signer(Parsed was, Parsed now, List<MspChange> out, GoX509Rules rules) {
    if (was.signer.equals(now.signer)) {
      if (!was.signerKey.equals(now.signerKey)) {
        out.add(MspChange.of(Kind.SIGNING_IDENTITY, Action.CHANGED,
            "the private key in the configuration changed"));
      }
      return;
    }
    if (was.signer.isEmpty() || now.signer.isEmpty()) {
      boolean added = was.signer.isEmpty();
      out.add(MspChange.of(Kind.SIGNING_IDENTITY, added ? Action.ADDED : Action.REMOVED,
          certificateText((added ? now : was).signer.toByteArray(), rules)));
      return;
    }
    out.add(MspChange.of(Kind.SIGNING_IDENTITY, Action.CHANGED,
        certificateText(was.signer.toByteArray(), rules) + " -> "
            + certificateText(now.signer.toByteArray(), rules)));
  }

  private static void cryptoConfig(Parsed was, Parsed now, boolean first, List<MspChange> out) {
    if (first || was.fabric.getCryptoConfig().equals(now.fabric.getCryptoConfig())) {
      return;
    }
    out.add(MspChange.of(Kind.CRYPTO_CONFIG, Action.CHANGED,
        "signature hash family '" + was.fabric.getCryptoConfig().getSignatureHashFamily() + "' -> '"
            + now.fabric.getCryptoConfig().getSignatureHashFamily()
            + "', identity identifier hash '"
            + was.fabric.getCryptoConfig().getIdentityIdentifierHashFunction() + "' -> '"
            + now.fabric.getCryptoConfig().getIdentityIdentifierHashFunction() + "'"));
  }

  /** The certificate's DER when its first PEM block holds one, else the bytes themselves. */
  private static ByteBuffer certificateKey(byte[] bytes) {
    Optional<PemBlock> block = GoPem.decode(bytes);
    return ByteBuffer.wrap(block.isPresent() ? block.get().bytes() : bytes);
  }

  /** "subject (serial s)" for a certificate entry, or what it holds when it is none. */
  static String certificateText(byte[] bytes, GoX509Rules rules) {
    Optional<PemBlock> block = GoPem.decode(bytes);
    if (block.isEmpty()) {
      return "an entry without a PEM block (" + bytes.length + " bytes)";
    }
    try {
      ParsedCertificate c = ParsedCertificate.parse(block.get().bytes(), rules);
      return c.subjectText() + " (serial " + c.serialHex() + ")";
    } catch (RuntimeException e) { // CertificateParseException: a bad entry is described, not fatal
      return "an entry that is not a certificate (" + bytes.length + " bytes)";
    }
  }

  /** One CA's revoked serials, from all the CRLs naming its key identifier. */
  private static final class IssuerCrls {
    final String issuer;
    final SerialSet serials;
    final List<ByteString> raw;
    private long[] fingerprints;

    IssuerCrls(String issuer, SerialSet serials, List<ByteString> raw) {
      this.issuer = issuer;
      this.serials = serials;
      this.raw = raw;
    }

    /** Computed on the first comparison and kept for the next one. */
    synchronized long[] fingerprints() {
      if (fingerprints == null) {
        fingerprints = serials.sortedFingerprints();
      }
      return fingerprints;
    }
  }

  /** The configuration's entries, keyed for comparison. */
  private record Parsed(
      FabricMSPConfig fabric,
      Map<ByteBuffer, String> roots,
      Map<ByteBuffer, String> intermediates,
      Map<ByteBuffer, String> admins,
      Map<ByteBuffer, String> tlsRoots,
      Map<ByteBuffer, String> tlsIntermediates,
      Map<String, String> ous,
      Map<String, IssuerCrls> crls,
      ByteString signer,
      ByteString signerKey) {

    static final Parsed EMPTY = new Parsed(FabricMSPConfig.getDefaultInstance(), Map.of(),
        Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), ByteString.EMPTY,
        ByteString.EMPTY);

    static Parsed of(MSPConfig config, List<RevocationList> setUpCrls, GoX509Rules rules) {
      FabricMSPConfig f;
      try {
        f = config.getType() == FABRIC ? FabricConfigParse.aliasing(config.getConfig()) : null;
      } catch (InvalidProtocolBufferException e) {
        f = null;
      }
      if (f == null) {
        return new Parsed(null, Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of(),
            Map.of(), ByteString.EMPTY, ByteString.EMPTY);
      }
      Map<ByteBuffer, String> roots = certificates(f.getRootCertsList(), rules);
      Map<ByteBuffer, String> intermediates = certificates(f.getIntermediateCertsList(), rules);
      Map<String, String> ous = new LinkedHashMap<>();
      for (FabricOUIdentifier id : f.getOrganizationalUnitIdentifiersList()) {
        String key = id.getOrganizationalUnitIdentifier() + "\u0000"
            + HexFormat.of().formatHex(certificateKey(id.getCertificate().toByteArray()).array());
        ous.put(key, "OU " + ouText(id, rules));
      }
      ByteString signer = f.getSigningIdentity().getPublicSigner();
      return new Parsed(f, roots, intermediates, certificates(f.getAdminsList(), rules),
          certificates(f.getTlsRootCertsList(), rules), certificates(f.getTlsIntermediateCertsList(), rules),
          ous, crls(f, roots, intermediates, setUpCrls, rules), signer,
          f.getSigningIdentity().getPrivateSigner().toByteString());
    }

    private static Map<ByteBuffer, String> certificates(List<ByteString> entries, GoX509Rules rules) {
      Map<ByteBuffer, String> m = new LinkedHashMap<>();
      for (ByteString e : entries) {
        byte[] b = e.toByteArray();
        m.putIfAbsent(certificateKey(b), certificateText(b, rules));
      }
      return m;
    }

    /** The revoked serials by CA: the CRLs naming the same key identifier are merged. */
    private static Map<String, IssuerCrls> crls(FabricMSPConfig f, Map<ByteBuffer, String> roots,
        Map<ByteBuffer, String> intermediates, List<RevocationList> setUpCrls,
        GoX509Rules rules) {
      boolean reuse = setUpCrls != null && setUpCrls.size() == f.getRevocationListCount();
      Map<String, String> subjectsByKeyId = new LinkedHashMap<>();
      for (Map<ByteBuffer, String> cas : List.of(roots, intermediates)) {
        for (ByteBuffer der : cas.keySet()) {
          try {
            ParsedCertificate c = ParsedCertificate.parse(der.array(), rules);
            c.subjectKeyId().ifPresent(
                ski -> subjectsByKeyId.putIfAbsent(HexFormat.of().formatHex(ski), c.subjectText()));
          } catch (RuntimeException e) {
            // Not a certificate: it names no CRL issuer.
          }
        }
      }
      Map<String, List<SerialSet>> sets = new LinkedHashMap<>();
      Map<String, List<ByteString>> raw = new LinkedHashMap<>();
      Map<String, String> issuers = new LinkedHashMap<>();
      for (int i = 0; i < f.getRevocationListCount(); i++) {
        ByteString bytes = f.getRevocationList(i);
        String source = "revocation_list[" + i + "]";
        String key;
        SerialSet serials;
        String issuer;
        try {
          RevocationList crl =
              reuse ? setUpCrls.get(i) : CrlLoader.load(source, bytes.toByteArray());
          byte[] aki = crl.authorityKeyId();
          serials = crl.serials();
          if (aki == null || aki.length == 0) {
            key = source;
            issuer = "the CRL " + source + " (no authority key identifier)";
          } else {
            key = HexFormat.of().formatHex(aki);
            String subject = subjectsByKeyId.get(key);
            issuer = subject != null ? subject : "the CA with key identifier " + key;
          }
        } catch (MspException e) {
          key = source;
          serials = SerialSet.empty();
          issuer = "the unreadable CRL " + source;
        }
        sets.computeIfAbsent(key, k -> new ArrayList<>()).add(serials);
        raw.computeIfAbsent(key, k -> new ArrayList<>()).add(bytes);
        issuers.putIfAbsent(key, issuer);
      }
      Map<String, IssuerCrls> out = new LinkedHashMap<>();
      sets.forEach((key, list) ->
          out.put(key, new IssuerCrls(issuers.get(key), SerialSet.union(list), raw.get(key))));
      return out;
    }
  }
}
