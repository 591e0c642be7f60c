package io.msp4j.pkcs11;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.NativeLongByReference;
import io.msp4j.pkcs11.internal.Attribute;
import io.msp4j.pkcs11.internal.CkrException;
import io.msp4j.pkcs11.internal.Cryptoki;
import io.msp4j.pkcs11.internal.SessionPool;
import io.msp4j.x509.SubjectKeyIds;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.sec.SECObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import ru.rutoken.pkcs11jna.CK_ATTRIBUTE;
import ru.rutoken.pkcs11jna.CK_MECHANISM;
import ru.rutoken.pkcs11jna.Pkcs11;

/**
 * Makes key pairs on a token the way Fabric's PKCS#11 KeyGen leaves them (spec P11-03): a
 * sensitive, non-extractable private key and a public key, generated under a temporary id, then
 * both given CKA_ID = SKI and CKA_LABEL = lower-case hex SKI; with {@code immutable}, both are
 * copied with CKA_MODIFIABLE false and the originals destroyed. Under another id: as a third-party
 * tool leaves a key (CKA_ID and CKA_LABEL set at generation).
 */
public final class FabricKeyGen {
  private static final long CKM_EC_KEY_PAIR_GEN = 0x1040;
  private static final long CKM_EC_EDWARDS_KEY_PAIR_GEN = 0x1055;

  /** A key made on the token: its public key and the CKA_ID it was stored under. */
  public record TokenKeyPair(PublicKey publicKey, byte[] ski, byte[] id) {
    public String skiHex() {
      return HexFormat.of().formatHex(ski);
    }
  }

  private FabricKeyGen() {}

  /** A P-256 (or P-384) key as Fabric's KeyGen makes it. */
  public static TokenKeyPair fabric(Pkcs11Settings settings, String curve, boolean immutable) throws Exception {
    return generate(settings, curve, null, immutable);
  }

  /** A key stored under {@code id} (CKA_ID = its bytes, CKA_LABEL = id), as another tool might. */
  public static TokenKeyPair underId(Pkcs11Settings settings, String curve, String id) throws Exception {
    return generate(settings, curve, id.getBytes(StandardCharsets.UTF_8), false);
  }

  private static TokenKeyPair generate(Pkcs11Settings settings, String curve, byte[] fixedId, boolean immutable)
      throws Exception {
    try (SessionPool pool = SessionPool.open(settings)) {
      return pool.call((session, gen) -> make(pool.cryptoki(), session, curve, fixedId, immutable));
    }
  }

  private static TokenKeyPair make(Cryptoki ck, long session, String curve, byte[] fixedId, boolean immutable)
      throws CkrException {
    Pkcs11 p = ck.binding();
    NativeLong s = new NativeLong(session);
    boolean ed = curve.equals("Ed25519");
    ASN1ObjectIdentifier oid = switch (curve) {
      case "P-256" -> X9ObjectIdentifiers.prime256v1;
      case "P-384" -> SECObjectIdentifiers.secp384r1;
      case "Ed25519" -> EdECObjectIdentifiers.id_Ed25519;
      default -> throw new IllegalArgumentException(curve);
    };
    byte[] params;
    try {
      params = oid.getEncoded();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    byte[] tempId = fixedId != null ? fixedId : ("tmp-" + System.nanoTime()).getBytes(StandardCharsets.UTF_8);
    long keyType = ed ? Attribute.CKK_EC_EDWARDS : Attribute.CKK_EC;
    CK_ATTRIBUTE[] pub = nat(List.of(
        Attribute.number(Attribute.CKA_KEY_TYPE, keyType),
        Attribute.number(Attribute.CKA_CLASS, Attribute.CKO_PUBLIC_KEY),
        Attribute.flag(Attribute.CKA_TOKEN, true),
        Attribute.flag(Attribute.CKA_VERIFY, true),
        Attribute.bytes(Attribute.CKA_EC_PARAMS, params),
        Attribute.flag(Attribute.CKA_PRIVATE, false),
        Attribute.bytes(Attribute.CKA_ID, tempId),
        Attribute.bytes(Attribute.CKA_LABEL, tempId)));
    CK_ATTRIBUTE[] prv = nat(List.of(
        Attribute.number(Attribute.CKA_KEY_TYPE, keyType),
        Attribute.number(Attribute.CKA_CLASS, Attribute.CKO_PRIVATE_KEY),
        Attribute.flag(Attribute.CKA_TOKEN, true),
        Attribute.flag(Attribute.CKA_PRIVATE, true),
        Attribute.flag(Attribute.CKA_SIGN, true),
        Attribute.bytes(Attribute.CKA_ID, tempId),
        Attribute.bytes(Attribute.CKA_LABEL, tempId),
        Attribute.flag(Attribute.CKA_EXTRACTABLE, false),
        Attribute.flag(Attribute.CKA_SENSITIVE, true)));
    NativeLongByReference hPub = new NativeLongByReference();
    NativeLongByReference hPrv = new NativeLongByReference();
    CK_MECHANISM m = new CK_MECHANISM(ed ? CKM_EC_EDWARDS_KEY_PAIR_GEN : CKM_EC_KEY_PAIR_GEN, Pointer.NULL, 0);
    check("C_GenerateKeyPair", p.C_GenerateKeyPair(s, m, pub, new NativeLong(pub.length), prv,
        new NativeLong(prv.length), hPub, hPrv).longValue());
    byte[] point = ck.attribute(session, hPub.getValue().longValue(), Attribute.CKA_EC_POINT);
    PublicKey publicKey = publicKey(oid, ed, point);
    byte[] ski = SubjectKeyIds.of(publicKey);
    if (fixedId != null) {
      return new TokenKeyPair(publicKey, ski, fixedId);
    }
    CK_ATTRIBUTE[] idAndLabel = nat(List.of(
        Attribute.bytes(Attribute.CKA_ID, ski),
        Attribute.bytes(Attribute.CKA_LABEL, HexFormat.of().formatHex(ski).getBytes(StandardCharsets.UTF_8))));
    for (NativeLong h : List.of(hPub.getValue(), hPrv.getValue())) {
      check("C_SetAttributeValue", p.C_SetAttributeValue(s, h, idAndLabel, new NativeLong(idAndLabel.length)).longValue());
    }
    if (immutable) {
      CK_ATTRIBUTE[] fixed = nat(List.of(Attribute.flag(Attribute.CKA_MODIFIABLE, false)));
      for (NativeLong h : List.of(hPub.getValue(), hPrv.getValue())) {
        NativeLongByReference copy = new NativeLongByReference();
        check("C_CopyObject", p.C_CopyObject(s, h, fixed, new NativeLong(1), copy).longValue());
        check("C_DestroyObject", p.C_DestroyObject(s, h).longValue());
      }
    }
    return new TokenKeyPair(publicKey, ski, ski);
  }

  private static PublicKey publicKey(ASN1ObjectIdentifier oid, boolean ed, byte[] ecPoint) {
    try {
      byte[] point = ASN1OctetString.getInstance(ASN1Primitive.fromByteArray(ecPoint)).getOctets();
      SubjectPublicKeyInfo spki = ed
          ? new SubjectPublicKeyInfo(new AlgorithmIdentifier(EdECObjectIdentifiers.id_Ed25519), point)
          : new SubjectPublicKeyInfo(new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, oid), point);
      return KeyFactory.getInstance(ed ? "Ed25519" : "EC").generatePublic(new X509EncodedKeySpec(spki.getEncoded()));
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the generated public key", e);
    }
  }

  private static CK_ATTRIBUTE[] nat(List<Attribute> template) {
    return Attribute.toNative(template);
  }

  private static void check(String f, long rv) {
    if (rv != 0) {
      throw new IllegalStateException(f + " returned 0x" + Long.toHexString(rv));
    }
  }

}
