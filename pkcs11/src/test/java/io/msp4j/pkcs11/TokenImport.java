package io.msp4j.pkcs11;

import com.sun.jna.NativeLong;
import com.sun.jna.ptr.NativeLongByReference;
import io.msp4j.pkcs11.internal.Attribute;
import io.msp4j.pkcs11.internal.CkrException;
import io.msp4j.pkcs11.internal.SessionPool;
import io.msp4j.x509.SubjectKeyIds;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.util.BigIntegers;
import ru.rutoken.pkcs11jna.CK_ATTRIBUTE;

/**
 * Puts an existing EC key pair (a key file of today's {@code keystore/}) on a token the way
 * docs/hsm.md imports one with {@code pkcs11-tool --write-object ... --id $SKI --label $SKI}, which
 * is also how Fabric's KeyGen leaves its keys (spec P11-03): a private key object (sensitive, not
 * extractable, may sign) and a public key object, both with CKA_ID = SKI and CKA_LABEL = lower-case
 * hex SKI, and no certificate object.
 */
public final class TokenImport {
  private static final long CKA_VALUE = 0x11;

  private TokenImport() {}

  /**
   * Imports {@code keyPair} (P-256 or P-384) onto the token {@code settings} name.
   *
   * @return the SKI the objects are stored under
   */
  public static byte[] ecKeyPair(Pkcs11Settings settings, KeyPair keyPair) throws Exception {
    ECPublicKey pub = (ECPublicKey) keyPair.getPublic();
    ECPrivateKey prv = (ECPrivateKey) keyPair.getPrivate();
    SubjectPublicKeyInfo spki = SubjectPublicKeyInfo.getInstance(pub.getEncoded());
    byte[] curve = ASN1ObjectIdentifier.getInstance(spki.getAlgorithm().getParameters()).getEncoded();
    byte[] point = spki.getPublicKeyData().getOctets();
    byte[] ski = SubjectKeyIds.of(pub);
    byte[] label = HexFormat.of().formatHex(ski).getBytes(StandardCharsets.UTF_8);
    int size = (pub.getParams().getCurve().getField().getFieldSize() + 7) / 8;
    List<Attribute> publicObject = List.of(
        Attribute.number(Attribute.CKA_CLASS, Attribute.CKO_PUBLIC_KEY),
        Attribute.number(Attribute.CKA_KEY_TYPE, Attribute.CKK_EC),
        Attribute.flag(Attribute.CKA_TOKEN, true),
        Attribute.flag(Attribute.CKA_VERIFY, true),
        Attribute.bytes(Attribute.CKA_EC_PARAMS, curve),
        Attribute.bytes(Attribute.CKA_EC_POINT, new DEROctetString(point).getEncoded()),
        Attribute.bytes(Attribute.CKA_ID, ski),
        Attribute.bytes(Attribute.CKA_LABEL, label));
    List<Attribute> privateObject = List.of(
        Attribute.number(Attribute.CKA_CLASS, Attribute.CKO_PRIVATE_KEY),
        Attribute.number(Attribute.CKA_KEY_TYPE, Attribute.CKK_EC),
        Attribute.flag(Attribute.CKA_TOKEN, true),
        Attribute.flag(Attribute.CKA_PRIVATE, true),
        Attribute.flag(Attribute.CKA_SIGN, true),
        Attribute.flag(Attribute.CKA_SENSITIVE, true),
        Attribute.flag(Attribute.CKA_EXTRACTABLE, false),
        Attribute.bytes(Attribute.CKA_EC_PARAMS, curve),
        Attribute.bytes(CKA_VALUE, BigIntegers.asUnsignedByteArray(size, prv.getS())),
        Attribute.bytes(Attribute.CKA_ID, ski),
        Attribute.bytes(Attribute.CKA_LABEL, label));
    try (SessionPool pool = SessionPool.open(settings)) {
      pool.call((session, generation) -> {
        create(pool, session, publicObject);
        create(pool, session, privateObject);
        return null;
      });
    }
    return ski;
  }

  private static void create(SessionPool pool, long session, List<Attribute> template) throws CkrException {
    CK_ATTRIBUTE[] t = Attribute.toNative(template);
    long rv = pool.cryptoki().binding()
        .C_CreateObject(new NativeLong(session), t, new NativeLong(t.length), new NativeLongByReference())
        .longValue();
    if (rv != 0) {
      throw new IllegalStateException("C_CreateObject returned 0x" + Long.toHexString(rv));
    }
  }
}
