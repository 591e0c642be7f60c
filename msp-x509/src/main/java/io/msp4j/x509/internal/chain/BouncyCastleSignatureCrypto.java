package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.SignatureAlgorithm;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.oiw.OIWObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.DigestInfo;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA1Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.engines.RSAEngine;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.params.RSAKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.bouncycastle.crypto.signers.PSSSigner;

/** {@link SignatureCrypto} with Bouncy Castle's lightweight API (no provider registration). */
public final class BouncyCastleSignatureCrypto implements SignatureCrypto {

  @Override
  public boolean verify(SignatureAlgorithm algorithm, CertPublicKey key, byte[] signedData,
      byte[] signature) {
    AsymmetricKeyParameter params = key.parameters().orElse(null);
    if (params == null) {
      return false;
    }
    try {
      return switch (algorithm.keyAlgorithm()) {
        case ECDSA -> params instanceof ECPublicKeyParameters ec
            && verifyEcdsa(ec, digest(algorithm, signedData), signature);
        case RSA -> params instanceof RSAKeyParameters rsa
            && (algorithm.isPss()
                ? verifyPss(rsa, algorithm, signedData, signature)
                : verifyPkcs1(rsa, algorithm, digest(algorithm, signedData), signature));
        case ED25519 -> params instanceof Ed25519PublicKeyParameters ed
            && verifyEd25519(ed, signedData, signature);
        default -> false;
      };
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static Digest newDigest(SignatureAlgorithm algorithm) {
    return switch (algorithm.hash()) {
      case "SHA-1" -> new SHA1Digest();
      case "SHA-256" -> new SHA256Digest();
      case "SHA-384" -> new SHA384Digest();
      case "SHA-512" -> new SHA512Digest();
      default -> throw new IllegalArgumentException("unsupported hash " + algorithm.hash());
    };
  }

  private static byte[] digest(SignatureAlgorithm algorithm, byte[] data) {
    Digest d = newDigest(algorithm);
    d.update(data, 0, data.length);
    byte[] out = new byte[d.getDigestSize()];
    d.doFinal(out, 0);
    return out;
  }

  /** Go's ecdsa.VerifyASN1: strict DER SEQUENCE of two non-negative INTEGERs, nothing after. */
  private static boolean verifyEcdsa(ECPublicKeyParameters key, byte[] hash, byte[] sig) {
    ASN1Primitive p;
    try {
      p = ASN1Primitive.fromByteArray(sig);
      if (!Arrays.equals(p.getEncoded(ASN1Encoding.DL), sig)) {
        return false;
      }
    } catch (IOException | RuntimeException e) {
      return false;
    }
    if (!(p instanceof ASN1Sequence seq) || seq.size() != 2
        || !(seq.getObjectAt(0) instanceof ASN1Integer r)
        || !(seq.getObjectAt(1) instanceof ASN1Integer s)) {
      return false;
    }
    BigInteger rv = r.getValue();
    BigInteger sv = s.getValue();
    BigInteger n = key.getParameters().getN();
    if (rv.signum() <= 0 || sv.signum() <= 0 || rv.compareTo(n) >= 0 || sv.compareTo(n) >= 0) {
      return false;
    }
    ECDSASigner signer = new ECDSASigner();
    signer.init(false, key);
    return signer.verifySignature(hash, rv, sv);
  }

  private static boolean checkRsaKey(RSAKeyParameters key) {
    BigInteger e = key.getExponent();
    return e.compareTo(BigInteger.TWO) >= 0 && e.bitLength() <= 31;
  }

  /** Go's rsa.VerifyPKCS1v15: exact EMSA-PKCS1-v1_5 encoding, signature exactly k bytes. */
  private static boolean verifyPkcs1(RSAKeyParameters key, SignatureAlgorithm algorithm,
      byte[] hash, byte[] sig) {
    if (!checkRsaKey(key)) {
      return false;
    }
    int k = (key.getModulus().bitLength() + 7) / 8;
    byte[] digestInfo;
    try {
      digestInfo = new DigestInfo(new AlgorithmIdentifier(hashOid(algorithm), DERNull.INSTANCE),
          hash).getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      return false;
    }
    if (k < digestInfo.length + 11 || sig.length != k) {
      return false;
    }
    BigInteger s = new BigInteger(1, sig);
    if (s.compareTo(key.getModulus()) >= 0) {
      return false;
    }
    BigInteger m = s.modPow(key.getExponent(), key.getModulus());
    byte[] em = toFixed(m, k);
    byte[] expected = new byte[k];
    expected[0] = 0;
    expected[1] = 1;
    int psEnd = k - digestInfo.length - 1;
    Arrays.fill(expected, 2, psEnd, (byte) 0xff);
    expected[psEnd] = 0;
    System.arraycopy(digestInfo, 0, expected, psEnd + 1, digestInfo.length);
    return Arrays.equals(em, expected);
  }

  private static org.bouncycastle.asn1.ASN1ObjectIdentifier hashOid(SignatureAlgorithm a) {
    return switch (a.hash()) {
      case "SHA-1" -> OIWObjectIdentifiers.idSHA1;
      case "SHA-256" -> NISTObjectIdentifiers.id_sha256;
      case "SHA-384" -> NISTObjectIdentifiers.id_sha384;
      case "SHA-512" -> NISTObjectIdentifiers.id_sha512;
      default -> throw new IllegalArgumentException("unsupported hash " + a.hash());
    };
  }

  private static byte[] toFixed(BigInteger v, int len) {
    byte[] b = v.toByteArray();
    byte[] out = new byte[len];
    int copy = Math.min(b.length, len);
    System.arraycopy(b, b.length - copy, out, len - copy, copy);
    return out;
  }

  /** Go's rsa.VerifyPSS with salt length equal to the hash length. */
  private static boolean verifyPss(RSAKeyParameters key, SignatureAlgorithm algorithm,
      byte[] data, byte[] sig) {
    if (!checkRsaKey(key)) {
      return false;
    }
    int k = (key.getModulus().bitLength() + 7) / 8;
    if (sig.length != k) {
      return false;
    }
    Digest d = newDigest(algorithm);
    PSSSigner signer = new PSSSigner(new RSAEngine(), d, newDigest(algorithm),
        d.getDigestSize(), PSSSigner.TRAILER_IMPLICIT);
    signer.init(false, key);
    signer.update(data, 0, data.length);
    return signer.verifySignature(sig);
  }

  private static boolean verifyEd25519(Ed25519PublicKeyParameters key, byte[] data, byte[] sig) {
    if (sig.length != 64) {
      return false;
    }
    Ed25519Signer signer = new Ed25519Signer();
    signer.init(false, key);
    signer.update(data, 0, data.length);
    return signer.verifySignature(sig);
  }
}
