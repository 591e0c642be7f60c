package io.msp4j.testdata.differential;

import static io.msp4j.testdata.differential.Encodings.*;

import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeyPairs;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Provider;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Makes the identities of a corpus MSP: leaf certificates with mutations of their key, serial,
 * subject strings, validity, extensions, SANs, signature and encoding, and their PEM framing;
 * also the name-constraint and policy extensions shared with the CAs.
 */
final class Identities {
  private final long seed;
  private final Draws draws;
  private final Provider provider;
  private final Map<KeyAlgorithm, List<KeyPair>> leafKeys = new EnumMap<>(KeyAlgorithm.class);
  private final SubjectStrings subjects;
  private final LeafExtensions extensions;

  Identities(long seed, Draws draws, Provider provider) {
    this.seed = seed;
    this.draws = draws;
    this.provider = provider;
    this.subjects = new SubjectStrings(seed, draws);
    this.extensions = new LeafExtensions(seed, draws);
  }

  byte[] leaf(RawCertificate.Issued issuer, BigInteger serial, List<String> notes) {
    KeyAlgorithm alg = KeyAlgorithm.EC_P256;
    int k = draws.draw();
    if (k < 4) {
      alg = KeyAlgorithm.EC_P384;
    } else if (k < 6) {
      alg = KeyAlgorithm.ED25519;
    } else if (k < 7) {
      alg = KeyAlgorithm.EC_P224;
    } else if (k < 8) {
      alg = KeyAlgorithm.EC_SECP256K1;
    } else if (k < 9) {
      alg = KeyAlgorithm.EC_P521;
    } else if (k < 10) {
      alg = KeyAlgorithm.RSA_2048;
    }
    if (alg != KeyAlgorithm.EC_P256) {
      notes.add("key=" + alg);
    }
    KeyPair keys = leafKey(alg);
    RawCertificate c = new RawCertificate();
    c.serial = serialField(serial, notes);
    c.issuer = issuer.subjectName();
    if (draws.mutation(2)) {
      c.issuer = reencodedIssuer(issuer, notes);
    }
    c.subject = subjects.subject(notes);
    c.validity = validity(notes);
    c.publicKeyInfo = keys.getPublic().getEncoded();
    extensions.extensions(c, issuer, notes);
    c.innerAlgorithm = algorithmFor(issuer.keys());
    String jca = jcaFor(issuer.keys());
    if (issuer.keys().getPrivate().getAlgorithm().startsWith("EC")) {
      int s = draws.draw();
      if (s < 3) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA384));
        jca = "SHA384withECDSA";
        notes.add("sig=sha384");
      } else if (s < 5) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA1));
        jca = "SHA1withECDSA";
        notes.add("sig=sha1");
      } else if (s < 7) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA256), DerWriter.nul());
        jca = "SHA256withECDSA";
        notes.add("sig=null-params");
      } else if (s < 15) {
        c.highS = true;
        notes.add("sig=high-s");
      } else if (s < 17) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA512));
        jca = "SHA512withECDSA";
        notes.add("sig=sha512");
      } else if (s < 18) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA256), DerWriter.oid("1.2.3"));
        notes.add("sig=oid-params");
      }
    } else if (issuer.keys().getPrivate().getAlgorithm().equals("RSA")) {
      int s = draws.draw();
      if (s < 10) {
        c.innerAlgorithm = pssAlgorithm();
        jca = "SHA256withRSAandMGF1";
        notes.add("sig=rsa-pss");
      } else if (s < 13) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(RSA_SHA256));
        notes.add("sig=rsa-no-null");
      } else if (s < 16) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.5"), DerWriter.nul());
        jca = "SHA1withRSA";
        notes.add("sig=rsa-sha1");
      } else if (s < 18) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.13"), DerWriter.nul());
        jca = "SHA512withRSA";
        notes.add("sig=rsa-sha512");
      }
    } else if (draws.mutation(15)) {
      c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ED25519), DerWriter.nul());
      notes.add("sig=ed25519-null-params");
    }
    c.outerAlgorithm = c.innerAlgorithm;
    if (draws.mutation(2)) {
      c.outerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA512));
      notes.add("sig=outer-mismatch");
    }
    versionMutation(c, notes);
    derMutation(c, notes);
    return c.sign(issuer.keys().getPrivate(), jca, provider, draws.random());
  }

  /** A leaf with no mutation: P-256, one OU, the usual key usage, no SAN or EKU. */
  byte[] plainLeaf(RawCertificate.Issued issuer, BigInteger serial, String ou) {
    KeyPair keys = leafKey(KeyAlgorithm.EC_P256);
    RawCertificate c = new RawCertificate();
    c.serial = DerWriter.integer(serial);
    c.issuer = issuer.subjectName();
    c.subject = name(DerWriter.set(attr(C, 0x13, "US")), DerWriter.set(attr(OU, 0x13, ou)),
        DerWriter.set(attr(OU, 0x13, "org1")), DerWriter.set(attr(CN, 0x13, ou + serial)));
    c.validity = DerWriter.seq(time(BASE.plusSeconds(7200)), time(END.minusSeconds(86_400)));
    c.publicKeyInfo = keys.getPublic().getEncoded();
    c.extensions.add(ext("2.5.29.15", true, DerWriter.bitString(7, new byte[] {(byte) 0x80})));
    c.extensions.add(ext("2.5.29.19", true, DerWriter.seq()));
    c.extensions.add(ext("2.5.29.14", false, DerWriter.octets(sha256(c.publicKeyInfo))));
    if (issuer.subjectKeyId() != null) {
      c.extensions.add(ext("2.5.29.35", false,
          DerWriter.seq(DerWriter.tlv(0x80, issuer.subjectKeyId()))));
    }
    c.innerAlgorithm = algorithmFor(issuer.keys());
    c.outerAlgorithm = c.innerAlgorithm;
    return c.sign(issuer.keys().getPrivate(), jcaFor(issuer.keys()), provider, draws.random());
  }

  private KeyPair leafKey(KeyAlgorithm alg) {
    List<KeyPair> pool = leafKeys.computeIfAbsent(alg, a -> new ArrayList<>());
    if (pool.size() < (alg == KeyAlgorithm.RSA_2048 ? 1 : 3)) {
      pool.add(KeyPairs.generate(alg, draws.random()));
      return pool.get(pool.size() - 1);
    }
    return pool.get(draws.random().nextInt(pool.size()));
  }

  private byte[] serialField(BigInteger serial, List<String> notes) {
    int s = draws.draw();
    if (s < 2) {
      notes.add("serial=negative");
      return DerWriter.integer(serial.negate());
    } else if (s < 4) {
      notes.add("serial=non-minimal");
      byte[] v = serial.toByteArray();
      byte[] padded = new byte[v.length + 1];
      System.arraycopy(v, 0, padded, 1, v.length);
      return DerWriter.tlv(0x02, padded);
    } else if (s < 6) {
      notes.add("serial=21-octets");
      return DerWriter.integer(serial.shiftLeft(100).setBit(166));
    } else if (s < 7) {
      notes.add("serial=20-octets");
      return DerWriter.integer(serial.shiftLeft(80).setBit(158));
    } else if (s < 8) {
      notes.add("serial=zero");
      return DerWriter.integer(BigInteger.ZERO);
    } else if (s < 9) {
      notes.add("serial=empty");
      return DerWriter.tlv(0x02);
    }
    return DerWriter.integer(serial);
  }

  private byte[] reencodedIssuer(RawCertificate.Issued issuer, List<String> notes) {
    notes.add("issuer-name=utf8");
    String cn = new String(firstCn(issuer), StandardCharsets.ISO_8859_1);
    return name(DerWriter.set(attr(CN, 0x0c, cn)), DerWriter.set(attr(O, 0x0c, "Org" + seed)));
  }

  private byte[] firstCn(RawCertificate.Issued issuer) {
    return issuer.label().equals("foreign") ? ("foreign." + seed + ".example.com").getBytes(StandardCharsets.US_ASCII)
        : (issuer.label() + "." + seed + ".example.com").getBytes(StandardCharsets.US_ASCII);
  }

  private byte[] validity(List<String> notes) {
    Instant nb = BASE.plusSeconds(3600 + draws.random().nextInt(86_400));
    Instant na = END.minusSeconds(86_400);
    int s = draws.draw();
    byte[] nbTime = time(nb);
    byte[] naTime = time(na);
    if (s < 3) {
      notes.add("validity=before-ca");
      nbTime = time(BASE.minusSeconds(3600));
    } else if (s < 5) {
      notes.add("validity=na-eq-nb");
      naTime = time(nb);
    } else if (s < 7) {
      notes.add("validity=na-nb+1");
      naTime = time(nb.plusSeconds(1));
    } else if (s < 8) {
      notes.add("validity=na-before-nb");
      naTime = time(nb.minusSeconds(10));
    } else if (s < 9) {
      notes.add("validity=after-ca");
      nbTime = time(END.plusSeconds(10));
      naTime = time(END.plusSeconds(86_400));
    } else if (s < 11) {
      notes.add("validity=generalized");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + "Z");
    } else if (s < 12) {
      notes.add("validity=utc-no-seconds");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmm", nb) + "Z");
    } else if (s < 13) {
      notes.add("validity=utc-offset");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmmss", nb) + "+0100");
    } else if (s < 14) {
      notes.add("validity=generalized-fraction");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + ".5Z");
    } else if (s < 15) {
      notes.add("validity=generalized-no-z");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb));
    } else if (s < 16) {
      notes.add("validity=utc-no-z");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmmss", nb));
    } else if (s < 17) {
      notes.add("validity=utc-1950");
      naTime = DerWriter.ascii(0x17, "500101000000Z");
    } else if (s < 18) {
      notes.add("validity=generalized-2050");
      naTime = DerWriter.ascii(0x18, "20500101000000Z");
    } else if (s < 19) {
      notes.add("validity=utc-bad-month");
      nbTime = DerWriter.ascii(0x17, "241301000000Z");
    } else if (s < 20) {
      notes.add("validity=generalized-fraction-trailing-zero");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + ".50Z");
    }
    return DerWriter.seq(nbTime, naTime);
  }

  private void versionMutation(RawCertificate c, List<String> notes) {
    int v = draws.draw();
    if (v < 2) {
      notes.add("version=1");
      c.version = null;
      c.withoutExtensions = true;
    } else if (v < 3) {
      notes.add("version=1-with-extensions");
      c.version = null;
    } else if (v < 4) {
      notes.add("version=explicit-v1");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(0));
      c.withoutExtensions = true;
    } else if (v < 5) {
      notes.add("version=4");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(3));
    } else if (v < 6) {
      notes.add("version=2");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(1));
    }
  }

  private void derMutation(RawCertificate c, List<String> notes) {
    int d = draws.draw();
    if (d >= 5 && d < 7) {
      notes.add("unique-ids");
      c.uniqueIds = DerWriter.tlv(0x81, new byte[] {0, 1});
    } else if (d >= 7 && d < 8) {
      notes.add("unique-id-bad-padding");
      c.uniqueIds = DerWriter.tlv(0x82, new byte[] {3, (byte) 0xab});
    } else if (d < 1) {
      notes.add("der=long-length-subject");
      byte[] subject = c.subject;
      c.subject = DerWriter.tlvLongLength(0x30, java.util.Arrays.copyOfRange(subject,
          headerLength(subject), subject.length));
    } else if (d < 2) {
      notes.add("der=trailing-bytes");
      c.trailing = new byte[] {0, 0};
    } else if (d < 3) {
      notes.add("der=bool-critical-01");
      c.extensions.add(DerWriter.seq(DerWriter.oid("1.3.6.1.4.1.99999.4"),
          DerWriter.tlv(0x01, new byte[] {1}), DerWriter.octets(DerWriter.nul())));
    } else if (d < 4) {
      notes.add("der=oid-non-minimal");
      c.extensions.add(DerWriter.seq(DerWriter.tlv(0x06, new byte[] {0x2b, (byte) 0x80, 0x06}),
          DerWriter.octets(DerWriter.nul())));
    } else if (d < 5) {
      notes.add("der=ext-value-trailing");
      c.extensions.add(ext("1.3.6.1.4.1.99999.5", false, concat(DerWriter.nul(), new byte[] {0})));
    }
  }


  byte[] pemMutation(byte[] der, List<String> notes) {
    int p = draws.draw();
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der);
    String std = "-----BEGIN CERTIFICATE-----\n" + body + "\n-----END CERTIFICATE-----\n";
    String out = std;
    if (p < 2) {
      notes.add("pem=crlf");
      out = std.replace("\n", "\r\n");
    } else if (p < 3) {
      notes.add("pem=leading-text");
      out = "subject=whatever\n" + std;
    } else if (p < 4) {
      notes.add("pem=headers");
      out = "-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\n\n" + body
          + "\n-----END CERTIFICATE-----\n";
    } else if (p < 5) {
      notes.add("pem=other-type");
      out = std.replace("CERTIFICATE", "X509 CERTIFICATE");
    } else if (p < 6) {
      notes.add("pem=one-line");
      out = "-----BEGIN CERTIFICATE-----\n" + Base64.getEncoder().encodeToString(der)
          + "\n-----END CERTIFICATE-----\n";
    } else if (p < 7) {
      notes.add("pem=two-blocks");
      out = std + std;
    } else if (p < 8) {
      notes.add("pem=no-final-newline");
      out = std.substring(0, std.length() - 1);
    } else if (p < 9) {
      notes.add("pem=mismatched-end");
      out = std.replace("END CERTIFICATE", "END CERT");
    } else if (p < 10) {
      notes.add("pem=spaces-in-body");
      out = "-----BEGIN CERTIFICATE-----\n" + body.replace("\n", " \n") + "\n-----END CERTIFICATE-----\n";
    }
    return out.getBytes(StandardCharsets.US_ASCII);
  }


  /** A name-constraints extension value from the constraint pools. */
  byte[] nameConstraints() {
    return extensions.nameConstraints();
  }

  /** Adds one policy extension (certificatePolicies, policyConstraints, ...). */
  void policyExtensions(List<byte[]> e) {
    extensions.policyExtensions(e);
  }
}
