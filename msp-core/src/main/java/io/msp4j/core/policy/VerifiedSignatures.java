package io.msp4j.core.policy;

import io.msp4j.core.ForwardingIdentity;
import io.msp4j.core.Identity;
import io.msp4j.core.internal.BytesKey;
import io.msp4j.core.internal.Sha256;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Remembers signatures that verified, so that the same signature over the same bytes by the same
 * serialized identity is not verified again: the case of the orderer signatures of one block,
 * met again on the header streams of the other orderers of a BFT channel, each in a different
 * subset and order.
 *
 * <p>Whether a signature verifies is a function of the identity's bytes (its public key), the
 * message and the signature alone, so a remembered success is the verifier's own answer: only
 * successes are kept (a failure is verified, and refused, every time), keyed by the SHA-256 of
 * exactly these three. Validation of the identity and the principals it satisfies are not
 * remembered here; they go to the identity as always. Bounded (the most recent entries are kept)
 * and safe to share between threads.
 *
 * <pre>{@code
 * VerifiedSignatures memo = new VerifiedSignatures(4096);
 * Policy p = SignaturePolicies.compile(envelope, memo.over(mspManager::deserialize));
 * }</pre>
 */
public final class VerifiedSignatures {
  private final int capacity;
  private final Map<ByteBuffer, Boolean> verified;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  /** The digest after each signer's identity (see {@link #afterIdentity}); never updated after. */
  private final Map<BytesKey, MessageDigest> identityPrefixes = new ConcurrentHashMap<>();
  private static final int IDENTITY_PREFIXES = 256;

  /** A memo of at most {@code capacity} signatures. */
  public VerifiedSignatures(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("a memo holds at least one signature: " + capacity);
    }
    this.capacity = capacity;
    this.verified = new LinkedHashMap<>(Math.min(capacity, 1 << 16) * 2, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Boolean> eldest) {
        return size() > VerifiedSignatures.this.capacity;
      }
    };
  }

  /**
   * A deserializer whose identities verify through this memo; everything else they do is {@code
   * deserializer}'s identities' own.
   */
  public IdentityDeserializer over(IdentityDeserializer deserializer) {
    Objects.requireNonNull(deserializer, "deserializer");
    return bytes -> new Remembering(deserializer.deserialize(bytes), bytes.clone(), this);
  }

  /** Verifications answered from the memo. */
  public long hits() {
    return hits.sum();
  }

  /** Verifications made. */
  public long misses() {
    return misses.sum();
  }

  private void verify(Identity id, byte[] identityBytes, byte[] message, byte[] signature) {
    ByteBuffer key = key(identityBytes, message, signature);
    synchronized (verified) {
      if (verified.get(key) != null) {
        hits.increment();
        return;
      }
    }
    misses.increment();
    id.verify(message, signature); // throws when it does not verify: nothing is remembered
    synchronized (verified) {
      verified.put(key, Boolean.TRUE);
    }
  }

  private ByteBuffer key(byte[] identity, byte[] message, byte[] signature) {
    MessageDigest d = afterIdentity(identity);
    for (byte[] part : new byte[][] {message, signature}) {
      absorb(d, part);
    }
    return ByteBuffer.wrap(d.digest());
  }

  /**
   * A digest that has taken in the identity part of a key. Signers are few (a channel's orderers)
   * and each serialized identity is about a kilobyte, most of a key's bytes, so the digest state
   * after it is kept per identity and copied: the key is the same as hashing it all again.
   */
  private MessageDigest afterIdentity(byte[] identity) {
    MessageDigest prefix = identityPrefixes.get(BytesKey.view(identity));
    if (prefix == null) {
      prefix = Sha256.newDigest();
      absorb(prefix, identity);
      if (identityPrefixes.size() >= IDENTITY_PREFIXES) {
        identityPrefixes.clear(); // not a channel's few orderers: no use keeping them
      }
      identityPrefixes.put(BytesKey.copyOf(identity), prefix);
    }
    try {
      return (MessageDigest) prefix.clone();
    } catch (CloneNotSupportedException e) {
      MessageDigest d = Sha256.newDigest();
      absorb(d, identity);
      return d;
    }
  }

  private static void absorb(MessageDigest d, byte[] part) {
    int n = part.length;
    d.update(new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n});
    d.update(part);
  }

  /** An identity whose signature checks go through the memo. */
  private static final class Remembering extends ForwardingIdentity<Identity> {
    private final byte[] bytes;
    private final VerifiedSignatures memo;

    Remembering(Identity delegate, byte[] bytes, VerifiedSignatures memo) {
      super(delegate);
      this.bytes = bytes;
      this.memo = memo;
    }

    @Override
    public void verify(byte[] message, byte[] signature) {
      memo.verify(delegate(), bytes, message, signature);
    }
  }
}
