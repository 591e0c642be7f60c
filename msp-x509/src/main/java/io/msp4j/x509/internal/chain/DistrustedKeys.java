package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * The public keys Go 1.26 distrusts (REL-X509-09): a candidate chain with a certificate whose
 * SubjectPublicKeyInfo hashes (SHA-256) to one of these is dropped, whatever else is true of it.
 * They are keys of public CAs that browsers stopped trusting; an MSP meets them only if such a
 * CA sits in its configuration.
 */
final class DistrustedKeys {
  private static final Set<ByteBuffer> SPKI_SHA256 = hashes(
      "ebed6475c2c2d80fcb199f3fe8dd6e6b3ce60b77eb15d4e42c3dec0c6f5b5105",
      "49dd353dc2b919a3770645117d0e60c16115e7d1bc259eefe734b00ea434fe5f",
      "e0254c7fcdc265e2f0f8a428dabb75ab4ae039b4872d62f5ee57f0877d5a8a41",
      "5c0660a2b164910d8ff589c18e14552e9e0ec237dcefe2cb736d41a4811f81a0",
      "43bffa19d6ef651451f6841e019931e96f6f2eaeff28ab4b6f1ce4576de2717b",
      "63ecefee431d49523bc1136c4e72d0206a477086caf606cd5cf025686c109cf8",
      "ec4ffa1ad0ac88081314b7aaffef6a91f97cd57291bb5ba686c5415f5eb4f6b6",
      "92c063d67e8f14db71d288e11266ffdaf69cbf115f7bab14f3bc2f68d25e0e30");

  private DistrustedKeys() {}

  private static Set<ByteBuffer> hashes(String... hex) {
    Set<ByteBuffer> out = new java.util.HashSet<>();
    for (String h : hex) {
      out.add(ByteBuffer.wrap(HexFormat.of().parseHex(h)).asReadOnlyBuffer());
    }
    return Set.copyOf(out);
  }

  /** The first certificate of {@code path} with a distrusted key, or null. */
  static ParsedCertificate find(List<ParsedCertificate> path) {
    for (ParsedCertificate c : path) {
      if (isDistrusted(c.publicKey().spkiSha256())) {
        return c;
      }
    }
    return null;
  }

  /** Whether a key with this SubjectPublicKeyInfo hash is distrusted. */
  static boolean isDistrusted(byte[] spkiSha256) {
    return SPKI_SHA256.contains(ByteBuffer.wrap(spkiSha256));
  }
}
