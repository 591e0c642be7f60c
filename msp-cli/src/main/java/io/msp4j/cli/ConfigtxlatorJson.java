package io.msp4j.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.GsonBuilder;
import com.google.gson.stream.JsonWriter;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * The JSON configtxlator prints for a signature-policy envelope ({@code configtxlator proto_decode
 * --type common.SignaturePolicyEnvelope}): proto field names, default values written out, keys
 * sorted, tab indentation, {@code <>&} escaped as Go does, and each {@code MSPPrincipal.principal}
 * decoded by its classification (ROLE as MSPRole, ORGANIZATION_UNIT as OrganizationUnit, IDENTITY
 * as SerializedIdentity; an empty payload is {@code null}). Like configtxlator, it cannot show a
 * non-empty principal of another classification or one that does not decode.
 */
final class ConfigtxlatorJson {
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().preservingProtoFieldNames().alwaysPrintFieldsWithNoPresence();

  private ConfigtxlatorJson() {}

  /**
   * @throws IllegalArgumentException naming the identity configtxlator could not decode either
   */
  static String signaturePolicyEnvelope(SignaturePolicyEnvelope envelope) {
    JsonObject root = tree(envelope);
    JsonArray identities = root.getAsJsonArray("identities");
    for (int i = 0; i < envelope.getIdentitiesCount(); i++) {
      identities.get(i).getAsJsonObject().add("principal", principal(envelope.getIdentities(i), i));
    }
    return write(sorted(root));
  }

  private static JsonElement principal(MSPPrincipal p, int index) {
    ByteString payload = p.getPrincipal();
    if (payload.isEmpty()) {
      return JsonNull.INSTANCE;
    }
    try {
      return switch (p.getPrincipalClassificationValue()) {
        case MSPPrincipal.Classification.ROLE_VALUE -> tree(MSPRole.parseFrom(payload));
        case MSPPrincipal.Classification.ORGANIZATION_UNIT_VALUE -> tree(OrganizationUnit.parseFrom(payload));
        case MSPPrincipal.Classification.IDENTITY_VALUE -> tree(SerializedIdentity.parseFrom(payload));
        default -> throw new IllegalArgumentException("identities[" + index + "] has classification "
            + (p.getPrincipalClassification() == MSPPrincipal.Classification.UNRECOGNIZED
                ? Integer.toString(p.getPrincipalClassificationValue()) : p.getPrincipalClassification().name())
            + ", whose principal configtxlator's JSON form cannot show");
      };
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException(
          "identities[" + index + "]: the principal does not decode for its classification: " + e.getMessage());
    }
  }

  private static JsonObject tree(Message m) {
    try {
      return JsonParser.parseString(PRINTER.print(m)).getAsJsonObject();
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("not printable as JSON: " + e.getMessage(), e);
    }
  }

  /** Keys in byte order at every level, as Go's encoding of a map gives them. */
  private static JsonElement sorted(JsonElement e) {
    if (e.isJsonObject()) {
      List<String> keys = new ArrayList<>(e.getAsJsonObject().keySet());
      Collections.sort(keys);
      JsonObject out = new JsonObject();
      for (String k : keys) {
        out.add(k, sorted(e.getAsJsonObject().get(k)));
      }
      return out;
    }
    if (e.isJsonArray()) {
      JsonArray out = new JsonArray();
      for (JsonElement x : e.getAsJsonArray()) {
        out.add(sorted(x));
      }
      return out;
    }
    return e;
  }

  private static String write(JsonElement e) {
    StringWriter s = new StringWriter();
    try (JsonWriter w = new JsonWriter(s)) {
      w.setIndent("\t");
      new GsonBuilder().disableHtmlEscaping().serializeNulls().create().toJson(e, w);
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
    // Structure never holds these characters, so they can only be inside strings, where Go's
    // encoder escapes them.
    return s.toString().replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
  }
}
