package io.msp4j.pkcs11.internal;

import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.pkcs11.Pkcs11Settings;
import io.msp4j.x509.ExternalKey;
import io.msp4j.x509.KeyStoreEntry;
import io.msp4j.x509.SigningKeyStore;
import java.security.PublicKey;
import java.util.List;
import java.util.Optional;

/**
 * Fabric's PKCS#11 key lookup as a {@link SigningKeyStore} (spec P11-02, P11-03, P11-05): by
 * object class and CKA_ID only, never by label; the CKA_ID from {@link KeyIds}. As in Fabric, a
 * key counts as found when the token has a public key object with that CKA_ID; it is a private key
 * when a private key object with that CKA_ID exists too. A key that is not found is a setup failure
 * naming the CKA_ID (hex) and the token.
 */
public final class TokenKeyStore implements SigningKeyStore {

  private final SessionPool pool;
  private final Pkcs11Settings settings;

  public TokenKeyStore(SessionPool pool, Pkcs11Settings settings) {
    this.pool = pool;
    this.settings = settings;
  }

  @Override
  public Optional<KeyStoreEntry> find(byte[] ski) {
    KeyIds.Lookup lookup = KeyIds.forSki(ski, settings);
    String source = "token '" + pool.label() + "', CKA_ID " + lookup.hex() + " (" + lookup.source() + ")";
    try {
      return Optional.of(pool.call((session, generation) -> lookUp(session, generation, lookup, source)));
    } catch (CkrException e) {
      throw new MspSetupException(
          Reason.TOKEN_FAILURE, "P11-02", "looking for the key with CKA_ID " + lookup.hex() + " on token '"
              + pool.label() + "': " + e.getMessage());
    } catch (MspSetupException e) {
      throw e;
    } catch (MspException e) {
      throw new MspSetupException(e.reason(), e.rule(), e.detail());
    }
  }

  private KeyStoreEntry lookUp(long session, long generation, KeyIds.Lookup lookup, String source)
      throws CkrException {
    Cryptoki ck = pool.cryptoki();
    long[] privates = ck.findObjects(session, template(Attribute.CKO_PRIVATE_KEY, lookup.id()), 1);
    long[] publics = ck.findObjects(session, template(Attribute.CKO_PUBLIC_KEY, lookup.id()), 1);
    if (publics.length == 0) {
      throw new MspSetupException(
          Reason.KEY_NOT_FOUND,
          "P11-05",
          (privates.length == 0
                  ? "no key with CKA_ID " + lookup.hex()
                  : "a private key but no public key object with CKA_ID " + lookup.hex()
                      + " (Fabric finds a token key through its public key object)")
              + " on token '" + pool.label() + "' (the CKA_ID is " + lookup.source() + ")");
    }
    if (privates.length == 0) {
      PublicKey pub =
          EcPoints.publicKey(
                  ck.attribute(session, publics[0], Attribute.CKA_EC_PARAMS),
                  ck.attribute(session, publics[0], Attribute.CKA_EC_POINT))
              .orElseThrow(
                  () -> new MspSetupException(
                      Reason.KEY_NOT_FOUND,
                      "P11-05",
                      "the public key object with CKA_ID " + lookup.hex() + " on token '" + pool.label()
                          + "' is not an EC key on a named curve, and there is no private key with that CKA_ID"));
      return new KeyStoreEntry.Public(pub, source);
    }
    byte[] type = ck.attribute(session, privates[0], Attribute.CKA_KEY_TYPE);
    long keyType = type == null ? -1 : littleEndian(type);
    ExternalKey.Kind kind;
    if (keyType == Attribute.CKK_EC) {
      kind = ExternalKey.Kind.ECDSA;
    } else if (keyType == Attribute.CKK_EC_EDWARDS) {
      kind = ExternalKey.Kind.ED25519;
    } else {
      throw new MspSetupException(
          Reason.SIGNER_KEY_INVALID,
          "P11-02",
          "the private key with CKA_ID " + lookup.hex() + " on token '" + pool.label()
              + "' is neither an EC nor an Edwards key (CKA_KEY_TYPE " + keyType + "), so it cannot sign");
    }
    return new KeyStoreEntry.External(new TokenKey(pool, lookup.id(), kind, privates[0], generation), source);
  }

  private static List<Attribute> template(long objectClass, byte[] id) {
    return List.of(Attribute.number(Attribute.CKA_CLASS, objectClass), Attribute.bytes(Attribute.CKA_ID, id));
  }

  /** A CK_ULONG attribute value as the platform stores it (little-endian on the platforms we run on). */
  private static long littleEndian(byte[] b) {
    long v = 0;
    for (int i = Math.min(b.length, 8) - 1; i >= 0; i--) {
      v = (v << 8) | (b[i] & 0xff);
    }
    return v;
  }

  @Override
  public String toString() {
    return "TokenKeyStore{token '" + pool.label() + "'}";
  }
}
