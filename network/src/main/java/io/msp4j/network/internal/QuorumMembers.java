package io.msp4j.network.internal;

import io.msp4j.network.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Who a BFT quorum is counted over: the channel's consenters when any orderer given is one of
 * them (matched by {@code host:port}, the host without regard to case), else the orderers given,
 * each its own member. An orderer given that is not a consenter is sent the envelope but not
 * counted; a consenter that no orderer given matches counts as not accepting.
 */
public final class QuorumMembers {
  private final List<Endpoint> given;
  private final List<Endpoint> consenters;
  private final boolean overConsenters;
  private final Map<String, Endpoint> consenterByKey = new LinkedHashMap<>();

  private QuorumMembers(List<Endpoint> given, List<Endpoint> consenters) {
    this.given = List.copyOf(given);
    this.consenters = List.copyOf(consenters);
    consenters.forEach(c -> consenterByKey.putIfAbsent(key(c), c));
    this.overConsenters = given.stream().anyMatch(e -> consenterByKey.containsKey(key(e)));
  }

  /** The members for these orderers given and the channel's consenters (empty: none known). */
  public static QuorumMembers of(List<Endpoint> given, List<Endpoint> consenters) {
    return new QuorumMembers(given, consenters);
  }

  private static String key(Endpoint e) {
    return e.host().toLowerCase(Locale.ROOT) + ":" + e.port();
  }

  /** Whether the quorum is counted over the channel's consenters. */
  public boolean overConsenters() {
    return overConsenters;
  }

  /** Whether consenters were known but none of the orderers given is one. */
  public boolean noneGivenIsAConsenter() {
    return !consenterByKey.isEmpty() && !overConsenters;
  }

  /** The consenters known, in the config's order. */
  public List<Endpoint> consenters() {
    return consenters;
  }

  /** How many members the quorum is counted over. */
  public int size() {
    return overConsenters ? consenterByKey.size() : given.size();
  }

  /** The member the {@code index}-th orderer given counts for, if it counts. */
  public Optional<String> memberOf(int index) {
    if (!overConsenters) {
      return Optional.of("#" + index);
    }
    String k = key(given.get(index));
    return consenterByKey.containsKey(k) ? Optional.of(k) : Optional.empty();
  }

  /** The orderers given that are not consenters (when counted over the consenters). */
  public List<Endpoint> notConsenters() {
    List<Endpoint> out = new ArrayList<>();
    if (overConsenters) {
      given.stream().filter(e -> !consenterByKey.containsKey(key(e))).distinct()
          .forEach(out::add);
    }
    return List.copyOf(out);
  }

  /** The consenters no orderer given matches (when counted over the consenters). */
  public List<Endpoint> consentersNotGiven() {
    List<Endpoint> out = new ArrayList<>();
    if (overConsenters) {
      List<String> givenKeys = given.stream().map(QuorumMembers::key).toList();
      consenterByKey.forEach((k, c) -> {
        if (!givenKeys.contains(k)) {
          out.add(c);
        }
      });
    }
    return List.copyOf(out);
  }
}
