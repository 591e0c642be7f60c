package io.msp4j.channel.update;

import com.google.protobuf.ByteString;
import io.msp4j.channel.OrderingService;
import io.msp4j.channel.OrderingService.Consenter;
import io.msp4j.channel.update.MspChange.Kind;
import io.msp4j.channel.update.internal.CertificateText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.hyperledger.fabric.protos.common.Config;

/**
 * What changed in a channel's ordering service between two configurations, in the vocabulary of
 * {@link MspChanges}: consenters added, removed or with new certificates (at {@code
 * /Channel/Orderer}), the quorum they make, and the orderer endpoints the orgs announce (at the
 * group holding them). BFT consenters are matched by their ID, etcdraft's by {@code host:port}.
 */
final class OrderingChanges {
  private static final String ORDERER = "/Channel/Orderer";

  private OrderingChanges() {}

  /** The changes from {@code current} to {@code next}: consenters, quorum, then endpoints. */
  static List<MspChange> between(Config current, Config next) {
    OrderingService before = OrderingService.of(current);
    OrderingService after = OrderingService.of(next);
    List<MspChange> out = new ArrayList<>();
    consenters(before, after, out);
    quorum(before, after, out);
    endpoints(before, after, out);
    return List.copyOf(out);
  }

  private static void consenters(OrderingService before, OrderingService after,
      List<MspChange> out) {
    Map<String, Consenter> b = byKey(before);
    Map<String, Consenter> a = byKey(after);
    for (Map.Entry<String, Consenter> e : b.entrySet()) {
      Consenter now = a.get(e.getKey());
      if (now == null) {
        out.add(new MspChange(ORDERER, Kind.CONSENTER_REMOVED, e.getValue().toString()));
      } else {
        certificates(e.getValue(), now).ifPresent(d ->
            out.add(new MspChange(ORDERER, Kind.CONSENTER_CERTIFICATES_CHANGED, d)));
      }
    }
    for (Map.Entry<String, Consenter> e : a.entrySet()) {
      if (!b.containsKey(e.getKey())) {
        out.add(new MspChange(ORDERER, Kind.CONSENTER_ADDED, e.getValue().toString()));
      }
    }
  }

  /** BFT consenters by ID and endpoint (one moved is removed and added), etcdraft's by endpoint. */
  private static Map<String, Consenter> byKey(OrderingService s) {
    Map<String, Consenter> out = new LinkedHashMap<>();
    for (Consenter c : s.consenters()) {
      out.putIfAbsent(s.consensusType() + " " + c.id() + " " + c.endpoint(), c);
    }
    return out;
  }

  private static java.util.Optional<String> certificates(Consenter was, Consenter now) {
    List<String> parts = new ArrayList<>();
    certificate("identity", was.identity(), now.identity(), parts);
    certificate("client TLS", was.clientTlsCert(), now.clientTlsCert(), parts);
    certificate("server TLS", was.serverTlsCert(), now.serverTlsCert(), parts);
    if (parts.isEmpty() && was.mspId().equals(now.mspId())) {
      return java.util.Optional.empty();
    }
    if (!was.mspId().equals(now.mspId())) {
      parts.add(0, "MSP ID '" + was.mspId() + "' -> '" + now.mspId() + "'");
    }
    return java.util.Optional.of(now + ": " + String.join("; ", parts));
  }

  private static void certificate(String which, ByteString was, ByteString now,
      List<String> parts) {
    if (!was.equals(now)) {
      parts.add(which + " now " + (now.isEmpty() ? "none" : CertificateText.describe(now)));
    }
  }

  private static void quorum(OrderingService before, OrderingService after, List<MspChange> out) {
    OptionalInt qb = before.quorum();
    OptionalInt qa = after.quorum();
    int nb = before.consenters().size();
    int na = after.consenters().size();
    boolean sameType = before.consensusType().equals(after.consensusType());
    if (sameType && qb.equals(qa) && (qb.isEmpty() || nb == na)) {
      return;
    }
    String detail = sameType && qb.isPresent() && qa.isPresent()
        ? describe(after.consensusType(), qb, nb) + " -> " + qa.getAsInt() + " of " + na
        : describe(before.consensusType(), qb, nb) + " -> "
            + describe(after.consensusType(), qa, na);
    out.add(new MspChange(ORDERER, Kind.QUORUM_CHANGED, detail));
  }

  private static String describe(String type, OptionalInt quorum, int n) {
    return quorum.isEmpty() ? "none"
        : type + ": " + quorum.getAsInt() + " of " + n + " consenters";
  }

  private static void endpoints(OrderingService before, OrderingService after,
      List<MspChange> out) {
    Set<String> groups = new TreeSet<>(before.endpoints().keySet());
    groups.addAll(after.endpoints().keySet());
    for (String group : groups) {
      Set<String> b = new LinkedHashSet<>(before.endpoints().getOrDefault(group, List.of()));
      Set<String> a = new LinkedHashSet<>(after.endpoints().getOrDefault(group, List.of()));
      for (String e : b) {
        if (!a.contains(e)) {
          out.add(new MspChange(group, Kind.ENDPOINT_REMOVED, e));
        }
      }
      for (String e : a) {
        if (!b.contains(e)) {
          out.add(new MspChange(group, Kind.ENDPOINT_ADDED, e));
        }
      }
    }
  }
}
