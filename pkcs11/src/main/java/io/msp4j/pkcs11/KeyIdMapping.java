package io.msp4j.pkcs11;

import java.util.Objects;

/**
 * One entry of Fabric's {@code KeyIds} list (spec P11-02): the key whose SKI, written as
 * lower-case hex, equals {@code ski} is looked up under the CKA_ID made of the bytes of {@code id}.
 * The SKI is compared as text, as Fabric compares it, so an upper-case SKI never matches.
 *
 * @param ski the hex SKI of the signing certificate's public key
 * @param id the CKA_ID to look for, as text (its UTF-8 bytes are the CKA_ID)
 */
public record KeyIdMapping(String ski, String id) {
  public KeyIdMapping {
    Objects.requireNonNull(ski, "ski");
    Objects.requireNonNull(id, "id");
  }
}
