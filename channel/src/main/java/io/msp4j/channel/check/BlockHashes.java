package io.msp4j.channel.check;

import java.io.IOException;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.hyperledger.fabric.protos.common.BlockHeader;

/**
 * The hashes that chain Fabric's blocks: a block's {@code previous_hash} is the SHA-256 of the
 * previous header's ASN.1 DER encoding, {@code SEQUENCE { INTEGER number, OCTET STRING
 * previous_hash, OCTET STRING data_hash }} (DELIVER-02), which is also what orderers sign
 * (BLOCK-SIG-01).
 */
public final class BlockHashes {
  private BlockHashes() {}

  /** The DER encoding of a block header, as Fabric's {@code protoutil.BlockHeaderBytes}. */
  public static byte[] headerBytes(BlockHeader header) {
    Objects.requireNonNull(header, "header");
    ASN1Encodable[] fields = {
      // The number is an unsigned 64-bit value in the protobuf; DER wants its true value.
      new ASN1Integer(new BigInteger(Long.toUnsignedString(header.getNumber()))),
      new DEROctetString(header.getPreviousHash().toByteArray()),
      new DEROctetString(header.getDataHash().toByteArray())
    };
    try {
      return new DERSequence(fields).getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      throw new IllegalStateException("DER encoding of a block header failed", e);
    }
  }

  /** SHA-256 of {@link #headerBytes}: what the next block's {@code previous_hash} must be. */
  public static byte[] headerHash(BlockHeader header) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(headerBytes(header));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
