package io.msp4j.x509.internal.msp;

import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.x509.KeyStoreEntry;
import io.msp4j.x509.SigningKeyStore;
import io.msp4j.x509.SubjectKeyIds;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import java.security.Key;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;

/**
 * Finds the signing identity's key (SETUP-SIGNER-02): in the key store by the certificate's SKI,
 * else in {@code private_signer.key_material}, which may only hold an ECDSA key (PKCS#8 or SEC1).
 * A key on a PKCS#11 token that is not found fails with that store's rule (P11-05).
 */
final class SignerKeys {
  private SignerKeys() {}

  static SignerKey find(ParsedCertificate cert, SigningIdentityInfo info, SigningKeyStore store) {
    String storeProblem = "no key with this certificate's SKI in the key store";
    String storeRule = "SETUP-SIGNER-02";
    try {
      Optional<KeyStoreEntry> entry = store.find(SubjectKeyIds.of(cert.publicKey().publicKey().orElseThrow(
          () -> new IllegalArgumentException("the certificate's key cannot be imported"))));
      if (entry.isPresent()) {
        KeyStoreEntry e = entry.get();
        if (e instanceof KeyStoreEntry.Public p) {
          return new SignerKey.Local(p.key());
        }
        if (e instanceof KeyStoreEntry.External x) {
          return new SignerKey.External(x.key(), x.source());
        }
        if (e instanceof KeyStoreEntry.Symmetric s) {
          throw new MspSetupException(
              Reason.SIGNER_KEY_INVALID,
              "SETUP-SIGNER-02",
              s.source() + ": a symmetric key cannot sign for " + cert.describe());
        }
        // Any private key the store yields (ECDSA, Ed25519, RSA) makes a signer, as in Fabric;
        // one that cannot sign fails at signing time (SIGN-01).
        return new SignerKey.Local(((KeyStoreEntry.Private) e).key());
      }
    } catch (MspSetupException e) {
      if (e.reason() == Reason.SIGNER_KEY_INVALID || isTokenFailure(e.reason())) {
        throw e;
      }
      storeProblem = e.detail();
      if (e.reason() == Reason.KEY_NOT_FOUND && e.rule().startsWith("P11-")) {
        // A key looked for on a PKCS#11 token and not found: Fabric's "KeyMaterial not found".
        storeRule = e.rule();
      }
    } catch (MspException | IllegalArgumentException e) {
      storeProblem = e.getMessage();
    }
    return new SignerKey.Local(fromKeyMaterial(info, storeProblem, storeRule, cert));
  }

  /** Failures of the token itself, which say more than "the key was not found". */
  private static boolean isTokenFailure(Reason reason) {
    return switch (reason) {
      case TOKEN_NOT_FOUND, TOKEN_LOGIN_FAILED, TOKEN_FAILURE, PKCS11_LIBRARY_UNAVAILABLE -> true;
      default -> false;
    };
  }

  private static Key fromKeyMaterial(
      SigningIdentityInfo info, String storeProblem, String storeRule, ParsedCertificate cert) {
    if (!info.hasPrivateSigner() || info.getPrivateSigner().getKeyMaterial().isEmpty()) {
      throw new MspSetupException(
          Reason.SIGNER_KEY_MISSING,
          storeRule,
          "signing key for " + cert.describe() + " not found (" + storeProblem
              + ") and signing_identity.private_signer.key_material is empty");
    }
    Optional<PemBlock> block = GoPem.decode(info.getPrivateSigner().getKeyMaterial().toByteArray());
    if (block.isEmpty()) {
      throw new MspSetupException(
          Reason.SIGNER_KEY_INVALID,
          "SETUP-SIGNER-02",
          "signing_identity.private_signer.key_material: no PEM block");
    }
    try {
      return ecPrivateKey(block.get().bytes());
    } catch (Exception e) {
      throw new MspSetupException(
          Reason.SIGNER_KEY_INVALID,
          "SETUP-SIGNER-02",
          "signing_identity.private_signer.key_material: not an ECDSA private key in PKCS#8 or SEC1 form");
    }
  }

  private static PrivateKey ecPrivateKey(byte[] der) throws Exception {
    ASN1Primitive p = ASN1Primitive.fromByteArray(der);
    PrivateKeyInfo info;
    try {
      info = PrivateKeyInfo.getInstance(p);
    } catch (IllegalArgumentException notPkcs8) {
      org.bouncycastle.asn1.sec.ECPrivateKey sec1 = org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(p);
      info =
          new PrivateKeyInfo(
              new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, sec1.getParametersObject()), sec1);
    }
    if (!X9ObjectIdentifiers.id_ecPublicKey.equals(info.getPrivateKeyAlgorithm().getAlgorithm())) {
      throw new IllegalArgumentException("not an EC key");
    }
    return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(info.getEncoded()));
  }

}
