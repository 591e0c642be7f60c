package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The table of usual OIDs gives, for each of its entries, the string the arc-by-arc decoding
 * gives, and finds exactly the contents that decode to one of its entries.
 */
class KnownOidsTest {

  @Test
  @Tag("SETUP-PARSE-01")
  void everyEntryIsTheDecodedFormOfItsEncoding() throws Exception {
    Set<String> seen = new HashSet<>();
    for (String dotted : KnownOids.DOTTED) {
      assertThat(seen.add(dotted)).as("listed once: %s", dotted).isTrue();
      byte[] contents = KnownOids.encode(dotted);
      // Bouncy Castle's encoder as the reference for ours: contents after the tag and length
      byte[] reference = new ASN1ObjectIdentifier(dotted).getEncoded();
      assertThat(contents).isEqualTo(Arrays.copyOfRange(reference, 2, reference.length));
      byte[] padded = new byte[contents.length + 6];
      System.arraycopy(contents, 0, padded, 3, contents.length);
      assertThat(KnownOids.lookup(padded, 3, contents.length)).isEqualTo(dotted);
      assertThat(GoAsn1.oid(contents)).isEqualTo(dotted);
    }
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void otherContentsAreNotFound() {
    Random random = new Random(5);
    Set<String> known = new HashSet<>(KnownOids.DOTTED);
    int found = 0;
    for (int i = 0; i < 200_000; i++) {
      byte[] b = new byte[1 + random.nextInt(12)];
      random.nextBytes(b);
      if (i % 2 == 0) {
        // near misses: a usual OID with one byte changed or one dropped
        String dotted = KnownOids.DOTTED.get(random.nextInt(KnownOids.DOTTED.size()));
        byte[] usual = KnownOids.encode(dotted);
        b = random.nextBoolean() ? Arrays.copyOf(usual, usual.length - 1) : usual.clone();
        if (b.length > 0 && b.length == usual.length) {
          b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
        }
      }
      String expected;
      try {
        String decoded = GoAsn1.oid(b);
        expected = known.contains(decoded) && Arrays.equals(KnownOids.encode(decoded), b)
            ? decoded : null;
      } catch (GoAsn1.Asn1Exception e) {
        expected = null;
      }
      assertThat(KnownOids.lookup(b, 0, b.length)).as("%s", Arrays.toString(b)).isEqualTo(expected);
      found += expected != null ? 1 : 0;
    }
    assertThat(found).isPositive();
  }
}
