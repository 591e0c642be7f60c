package io.msp4j.pkcs11.internal;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.x509.ExternalKey;
import java.util.List;

/**
 * A private key on a token, found by class and CKA_ID (P11-02), that signs with raw CKM_ECDSA over
 * the digest (P11-04) or CKM_EDDSA over the message. Its object handle is looked up again whenever
 * the pool renewed its sessions.
 */
final class TokenKey implements ExternalKey {
  static final long CKM_ECDSA = 0x1041;
  static final long CKM_EDDSA = 0x1057;

  private final SessionPool pool;
  private final byte[] id;
  private final String idHex;
  private final Kind kind;
  private long handle;
  private long handleGeneration;

  TokenKey(SessionPool pool, byte[] id, Kind kind, long handle, long generation) {
    this.pool = pool;
    this.id = id.clone();
    this.idHex = java.util.HexFormat.of().formatHex(id);
    this.kind = kind;
    this.handle = handle;
    this.handleGeneration = generation;
  }

  @Override
  public Kind kind() {
    return kind;
  }

  @Override
  public byte[] signRaw(byte[] input) {
    long mechanism = kind == Kind.ED25519 ? CKM_EDDSA : CKM_ECDSA;
    try {
      return pool.call((session, generation) -> pool.cryptoki().sign(session, mechanism, handle(session, generation), input));
    } catch (CkrException e) {
      if (e.rv() == ReturnValues.CKR_MECHANISM_INVALID) {
        throw new MspException(
            Reason.TOKEN_MECHANISM_UNSUPPORTED,
            "P11-04",
            "token '" + pool.label() + "' does not support " + (kind == Kind.ED25519 ? "CKM_EDDSA" : "CKM_ECDSA")
                + ", so the " + (kind == Kind.ED25519 ? "Ed25519" : "ECDSA") + " key " + describe() + " cannot sign");
      }
      throw new MspException(
          Reason.TOKEN_FAILURE, "P11-04", describe() + " cannot sign: " + e.getMessage());
    }
  }

  private long handle(long session, long generation) throws CkrException {
    synchronized (this) {
      if (handleGeneration == generation) {
        return handle;
      }
    }
    long[] found =
        pool.cryptoki()
            .findObjects(
                session,
                List.of(
                    Attribute.number(Attribute.CKA_CLASS, Attribute.CKO_PRIVATE_KEY),
                    Attribute.bytes(Attribute.CKA_ID, id)),
                1);
    if (found.length == 0) {
      throw new MspException(
          Reason.TOKEN_FAILURE, "P11-02", describe() + " is no longer on the token");
    }
    synchronized (this) {
      handle = found[0];
      handleGeneration = generation;
      return handle;
    }
  }

  @Override
  public String describe() {
    return "private key with CKA_ID " + idHex + " on token '" + pool.label() + "'";
  }

  @Override
  public String toString() {
    return "TokenKey{" + describe() + "}";
  }
}
