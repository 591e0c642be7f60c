package io.msp4j.pkcs11.internal;

import io.msp4j.pkcs11.KeyIdMapping;
import io.msp4j.pkcs11.Pkcs11Settings;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The CKA_ID under which a key is looked for (spec P11-02): the {@code KeyIds} entry whose SKI
 * equals the lower-case hex SKI (its ID's bytes), else {@code AltID}'s bytes, else the SKI itself.
 */
public final class KeyIds {
  private KeyIds() {}

  /** Where a CKA_ID came from, for messages. */
  public enum Source {
    KEY_IDS("the KeyIds entry for this SKI"),
    ALT_ID("AltID"),
    SKI("the certificate's SKI");

    private final String text;

    Source(String text) {
      this.text = text;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /** A CKA_ID and where it came from. */
  public record Lookup(byte[] id, Source source) {
    /** The CKA_ID as lower-case hex. */
    public String hex() {
      return HexFormat.of().formatHex(id);
    }
  }

  /** The CKA_ID to look for the key with this SKI under. */
  public static Lookup forSki(byte[] ski, Pkcs11Settings settings) {
    String skiHex = HexFormat.of().formatHex(ski);
    KeyIdMapping mapped = null;
    for (KeyIdMapping m : settings.keyIds()) {
      if (m.ski().equals(skiHex)) {
        mapped = m; // As with a Go map filled in order, a later entry for the same SKI wins.
      }
    }
    if (mapped != null) {
      return new Lookup(mapped.id().getBytes(StandardCharsets.UTF_8), Source.KEY_IDS);
    }
    if (!settings.altId().isEmpty()) {
      return new Lookup(settings.altId().getBytes(StandardCharsets.UTF_8), Source.ALT_ID);
    }
    return new Lookup(ski.clone(), Source.SKI);
  }
}
