package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A caching X.509 MSP used by several threads at once, with caches smaller than the working set so
 * that entries are evicted all the time: every verdict must equal the uncached MSP's.
 */
class CachingX509MspConcurrencyTest {
  private static final int THREADS = 4;
  private static final int OPERATIONS = 1_000;

  private final Org org = new Org("caching-concurrency");

  @Test
  @Tag("CACHE-05")
  @Tag("CACHE-06")
  @Tag("CACHE-04")
  void concurrentVerdictsEqualTheUncachedMsp() throws Exception {
    IssuedCertificate revoked = org.leaf("CN=revoked,OU=peer");
    MspConfigs config = MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client"))
        .crl(org.pki.crl(org.root).revoke(revoked).build())
        .nodeOus(true, "client", "peer", "admin", "orderer");
    X509Msp uncached = X509Msps.setup(config.build(), MspVersion.V1_4_3);
    CachingMsp cached = CachingMsp.wrap(X509Msps.setup(config.build(), MspVersion.V1_4_3), 8);

    List<byte[]> inputs = new ArrayList<>();
    for (String dn : List.of("CN=c1,OU=client", "CN=c2,OU=client", "CN=p1,OU=peer", "CN=p2,OU=peer",
        "CN=a1,OU=admin", "CN=o1,OU=orderer", "CN=none", "CN=two,OU=client,OU=peer")) {
      inputs.add(MspConfigs.serialized(org.leaf(dn)));
    }
    inputs.add(MspConfigs.serialized(revoked));
    inputs.add(MspConfigs.serialized(org.leaf(org.ca("CN=foreign"), "CN=intruder,OU=peer")));
    inputs.add(new byte[] {1, 2, 3});

    List<MSPPrincipal> principals = new ArrayList<>();
    for (Principal.RoleType t : Principal.RoleType.values()) {
      principals.add(new Principal.Role(uncached.id(), t).toProto());
    }
    principals.add(Principal.Anonymity.NOMINAL.toProto());
    principals.add(Principal.Combined.of(Principal.Role.member(uncached.id()), Principal.Role.peer(uncached.id())).toProto());
    Identity p1 = uncached.deserialize(inputs.get(2));
    principals.add(Principal.IdentityPrincipal.of(p1).toProto());
    principals.add(Principal.OrganizationUnit.of(uncached.id(), p1.organizationalUnits().get(0)).toProto());

    // What the uncached MSP says, computed once up front.
    int n = inputs.size();
    Reason[] deserialized = new Reason[n];
    Reason[] validated = new Reason[n];
    Reason[][] satisfied = new Reason[n][principals.size()];
    for (int i = 0; i < n; i++) {
      byte[] bytes = inputs.get(i);
      deserialized[i] = outcome(() -> uncached.deserialize(bytes));
      if (deserialized[i] != null) {
        continue;
      }
      Identity id = uncached.deserialize(bytes);
      validated[i] = outcome(() -> uncached.validate(id));
      for (int j = 0; j < principals.size(); j++) {
        MSPPrincipal p = principals.get(j);
        satisfied[i][j] = outcome(() -> uncached.satisfies(id, p));
      }
    }
    assertThat(deserialized).contains((Reason) null, Reason.NO_CHAIN, Reason.MALFORMED_IDENTITY);
    assertThat(validated).contains((Reason) null, Reason.REVOKED, Reason.NODEOU_NONE, Reason.NODEOU_MULTIPLE);

    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<String>>> results = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      SplittableRandom random = new SplittableRandom(1000 + t);
      Callable<List<String>> worker = () -> {
        start.await();
        List<String> wrong = new ArrayList<>();
        for (int k = 0; k < OPERATIONS; k++) {
          int i = random.nextInt(n);
          Identity id;
          try {
            id = cached.deserialize(inputs.get(i));
            check(wrong, "deserialize " + i, deserialized[i], null);
          } catch (IdentityException e) {
            check(wrong, "deserialize " + i, deserialized[i], e.reason());
            continue;
          }
          int j = random.nextInt(principals.size());
          MSPPrincipal p = principals.get(j);
          switch (random.nextInt(4)) {
            case 0 -> check(wrong, "validate " + i, validated[i], outcome(() -> cached.validate(id)));
            case 1 -> check(wrong, "identity.validate " + i, validated[i], outcome(id::validate));
            case 2 -> check(wrong, "satisfies " + i + "/" + j, satisfied[i][j], outcome(() -> cached.satisfies(id, p)));
            default -> check(wrong, "identity.satisfies " + i + "/" + j, satisfied[i][j], outcome(() -> id.satisfies(p)));
          }
        }
        return wrong;
      };
      results.add(pool.submit(worker));
    }
    start.countDown();
    List<String> wrong = new ArrayList<>();
    for (Future<List<String>> f : results) {
      wrong.addAll(f.get(5, TimeUnit.MINUTES));
    }
    pool.shutdown();
    assertThat(wrong).isEmpty();
    assertThat(cached.isSatisfied(cached.deserialize(inputs.get(2)), principals.get(0))).isTrue();
  }

  private static void check(List<String> wrong, String what, Reason expected, Reason actual) {
    if (!Objects.equals(expected, actual)) {
      wrong.add(what + ": expected " + expected + ", got " + actual);
    }
  }

  private static Reason outcome(Runnable r) {
    try {
      r.run();
      return null;
    } catch (IdentityException e) {
      return e.reason();
    }
  }
}
