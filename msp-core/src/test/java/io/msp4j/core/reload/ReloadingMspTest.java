package io.msp4j.core.reload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The reloading MSP over a configuration source: swaps, refusals, generations, identities. */
class ReloadingMspTest {
  private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  /** A source whose next read returns a configuration or throws what it was given. */
  static final class Source implements ConfigSource<Msp> {
    final AtomicReference<Object> next = new AtomicReference<>();

    Source set(Object configOrException) {
      next.set(configOrException);
      return this;
    }

    @Override
    public Candidate<Msp> read() {
      Object o = next.get();
      if (o instanceof RuntimeException e) {
        throw e;
      }
      @SuppressWarnings("unchecked")
      Candidate<Msp> c = (Candidate<Msp>) o;
      return c;
    }
  }

  /** Records what listeners are told. */
  static final class Recorder implements ReloadListener<Msp> {
    final List<Generation<? extends Msp>> reloads = new CopyOnWriteArrayList<>();
    final List<ReloadFailure> failures = new CopyOnWriteArrayList<>();
    final List<Generation<? extends Msp>> recoveries = new CopyOnWriteArrayList<>();

    @Override
    public void reloaded(Generation<? extends Msp> generation) {
      reloads.add(generation);
    }

    @Override
    public void recovered(Generation<? extends Msp> generation) {
      recoveries.add(generation);
    }

    @Override
    public void reloadFailed(ReloadFailure failure) {
      failures.add(failure);
    }
  }

  private final Source source = new Source();
  private final Recorder recorder = new Recorder();
  private final ReloadingMsp msp = ReloadingMsp.builder("Org1MSP", source)
      .clock(Clock.fixed(T0, ZoneOffset.UTC)).listener(recorder).build();

  private static byte[] alice() {
    return FakeConfig.serialized("Org1MSP", "alice");
  }

  @Test
  @Tag("CORE-01")
  void beforeTheFirstConfigurationEveryCallFailsWithNotSetUp() {
    assertThat(msp.generation()).isZero();
    assertThat(msp.current()).isEmpty();
    IdentityException e = assertThrows(IdentityException.class, () -> msp.deserialize(alice()));
    assertThat(e.reason()).isEqualTo(Reason.MSP_NOT_SET_UP);
    assertThat(e.rule()).isEqualTo("CORE-01");
    MspException v = assertThrows(MspException.class, msp::version);
    assertThat(v.reason()).isEqualTo(Reason.MSP_NOT_SET_UP);
    assertThat(msp.id()).isEqualTo("Org1MSP");
  }

  @Test
  @Tag("CORE-01")
  void aReloadSwapsInANumberedGenerationAndTellsListenersWhatChanged() {
    source.set(FakeConfig.revoking("bob"));
    ReloadResult<Msp> first = msp.reload();
    assertThat(first.status()).isEqualTo(ReloadResult.Status.APPLIED);
    assertThat(first.generation().number()).isEqualTo(1);
    assertThat(first.generation().appliedAt()).isEqualTo(T0);
    assertThat(first.generation().changes()).containsExactly(
        MspChange.of(MspChange.Kind.REVOKED_SERIALS, MspChange.Action.ADDED, "bob"));

    source.set(FakeConfig.revoking("alice"));
    ReloadResult<Msp> second = msp.reload();
    assertThat(second.status()).isEqualTo(ReloadResult.Status.APPLIED);
    assertThat(msp.generation()).isEqualTo(2);
    assertThat(second.generation().changes()).containsExactly(
        MspChange.of(MspChange.Kind.REVOKED_SERIALS, MspChange.Action.ADDED, "alice"),
        MspChange.of(MspChange.Kind.REVOKED_SERIALS, MspChange.Action.REMOVED, "bob"));
    assertThat(recorder.reloads).extracting(g -> g.number()).containsExactly(1L, 2L);
    assertThat(recorder.failures).isEmpty();

    IdentityException e = assertThrows(IdentityException.class, () -> msp.validate(msp.deserialize(alice())));
    assertThat(e.reason()).isEqualTo(Reason.REVOKED);
    assertThat(e.rule()).isEqualTo("VALIDATE-CRL-02");
  }

  @Test
  void theSameConfigurationReadAgainIsNotSetUpOrSwapped() {
    source.set(FakeConfig.revoking("bob"));
    msp.reload();
    Generation<Msp> served = msp.current().orElseThrow();
    int setups = FakeConfig.SETUPS.get();
    source.set(FakeConfig.revoking("bob"));
    ReloadResult<Msp> again = msp.reload();
    assertThat(again.status()).isEqualTo(ReloadResult.Status.UNCHANGED);
    assertThat(again.generation()).isSameAs(served);
    assertThat(msp.current()).containsSame(served);
    assertThat(FakeConfig.SETUPS.get()).isEqualTo(setups);
    assertThat(recorder.reloads).hasSize(1);
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void aConfigurationThatFailsSetupIsRefusedAndTheOldGenerationKeepsServing() {
    source.set(FakeConfig.revoking("bob"));
    msp.reload();
    Identity before = msp.deserialize(alice());

    source.set(FakeConfig.revoking("alice").unparsable());
    ReloadResult<Msp> refused = msp.reload();
    assertThat(refused.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(refused.failure().rule()).isEqualTo("SETUP-PARSE-01");
    assertThat(refused.failure().reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
    assertThat(refused.failure().detail()).startsWith("cacerts/broken.pem");
    assertThat(refused.failure().keptGeneration()).isEqualTo(1);
    assertThat(refused.failure().at()).isEqualTo(T0);
    assertThat(recorder.failures).containsExactly(refused.failure());
    assertThat(msp.generation()).isEqualTo(1);
    msp.validate(msp.deserialize(alice()));
    msp.validate(before);

    source.set(FakeConfig.revoking("alice"));
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.APPLIED);
    assertThat(msp.generation()).isEqualTo(2);
    assertThrows(IdentityException.class, () -> msp.validate(msp.deserialize(alice())));
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void theServedConfigurationBackAfterAFailureIsToldAsARecoveryOnce() {
    source.set(FakeConfig.revoking("bob"));
    msp.reload();
    source.set(FakeConfig.revoking("bob").unparsable());
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(recorder.recoveries).isEmpty();

    source.set(FakeConfig.revoking("bob"));
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.UNCHANGED);
    assertThat(recorder.recoveries).singleElement()
        .satisfies(g -> assertThat(g.number()).isEqualTo(1));
    assertThat(recorder.reloads).hasSize(1);
    // Once recovered, the same configuration again is nothing new to tell.
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.UNCHANGED);
    assertThat(recorder.recoveries).hasSize(1);
  }

  @Test
  @Tag("CORE-01")
  void aFailedFirstConfigurationLeavesGenerationZeroUntilAGoodOneArrives() {
    source.set(FakeConfig.revoking().unparsable());
    ReloadResult<Msp> r = msp.reload();
    assertThat(r.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(r.failure().keptGeneration()).isZero();
    assertThat(r.served()).isEmpty();
    assertThat(assertThrows(IdentityException.class, () -> msp.deserialize(alice())).reason())
        .isEqualTo(Reason.MSP_NOT_SET_UP);
    source.set(FakeConfig.revoking());
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.APPLIED);
    assertThat(msp.generation()).isEqualTo(1);
  }

  @Test
  void anUnexpectedExceptionFromTheSourceIsARefusalNotACrash() {
    source.set(FakeConfig.revoking());
    msp.reload();
    source.set(new IllegalStateException("disk on fire"));
    ReloadResult<Msp> r = msp.reload();
    assertThat(r.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(r.failure().reason()).isEqualTo(Reason.INTERNAL_ERROR);
    assertThat(r.failure().detail()).contains("disk on fire");
    assertThat(msp.generation()).isEqualTo(1);
  }

  @Test
  void aConfigurationForAnotherMspIdIsRefused() {
    source.set(FakeConfig.revoking());
    msp.reload();
    source.set(FakeConfig.revoking("alice").forMsp("Org2MSP"));
    ReloadResult<Msp> r = msp.reload();
    assertThat(r.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(r.failure().reason()).isEqualTo(Reason.MSP_ID_MISMATCH);
    assertThat(r.failure().detail()).contains("Org2MSP", "Org1MSP");
  }

  @Test
  void aConfigurationThatChangedWhileSetUpIsDroppedQuietly() {
    source.set(FakeConfig.revoking());
    msp.reload();
    Candidate<Msp> changing = new Candidate<>() {
      @Override
      public boolean sameConfiguration(Candidate<Msp> applied) {
        return false;
      }

      @Override
      public io.msp4j.core.Msp setUp() {
        return FakeConfig.revoking("alice").setUp();
      }

      @Override
      public List<MspChange> changesSince(Candidate<Msp> previous) {
        return List.of();
      }

      @Override
      public boolean stillCurrent() {
        return false;
      }
    };
    source.set(changing);
    ReloadResult<Msp> r = msp.reload();
    assertThat(r.status()).isEqualTo(ReloadResult.Status.SUPERSEDED);
    assertThat(msp.generation()).isEqualTo(1);
    assertThat(recorder.failures).isEmpty();
    msp.validate(msp.deserialize(alice()));
  }

  @Test
  void aFailureOfAConfigurationThatChangedWhileReadIsNotReported() {
    source.set(FakeConfig.revoking());
    msp.reload();
    FakeConfig halfWritten = FakeConfig.revoking("alice").unparsable();
    source.set(new Candidate<Msp>() {
      @Override
      public boolean sameConfiguration(Candidate<Msp> applied) {
        return false;
      }

      @Override
      public io.msp4j.core.Msp setUp() {
        return halfWritten.setUp();
      }

      @Override
      public List<MspChange> changesSince(Candidate<Msp> previous) {
        return List.of();
      }

      @Override
      public boolean stillCurrent() {
        return false;
      }
    });
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.SUPERSEDED);
    assertThat(recorder.failures).isEmpty();
    source.set(halfWritten);
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.FAILED);
  }

  @Test
  void aListenerThatThrowsDoesNotStopTheSwapOrTheOtherListeners() {
    msp.addListener(new ReloadListener<Object>() {
      @Override
      public void reloaded(Generation<?> generation) {
        throw new IllegalStateException("listener bug");
      }
    });
    Recorder after = new Recorder();
    msp.addListener(after);
    source.set(FakeConfig.revoking());
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.APPLIED);
    assertThat(after.reloads).hasSize(1);
  }

  @Test
  @Tag("CORE-03")
  @Tag("CORE-07")
  void anIdentityKeepsItsGenerationsVerdictWhileTheReloadingMspGivesTheCurrentOne() {
    source.set(FakeConfig.revoking());
    msp.reload();
    Identity old = msp.deserialize(alice());
    Identity oldNeverValidated = msp.deserialize(alice());
    old.validate();
    assertThat(msp.generationOf(old)).map(Generation::number).contains(1L);

    source.set(FakeConfig.revoking("alice"));
    msp.reload();
    // Its own validate answers with generation 1, which made it, now and later.
    old.validate();
    oldNeverValidated.validate();
    // The reloading MSP answers with generation 2: it deserialises the identity again, so the
    // verdict remembered by the identity of generation 1 never leaks into generation 2's answer.
    IdentityException e = assertThrows(IdentityException.class, () -> msp.validate(old));
    assertThat(e.rule()).isEqualTo("VALIDATE-CRL-02");
    assertThrows(IdentityException.class, () -> msp.validate(oldNeverValidated));
    assertThat(msp.isSatisfied(old, Principal.Role.member("Org1MSP"))).isFalse();
    assertThat(msp.isSatisfied(msp.deserialize(alice()), Principal.Role.member("Org1MSP"))).isFalse();
    old.validate();

    // And back: generation 3 no longer revokes alice; an identity of generation 2 stays revoked.
    Identity revoked = msp.deserialize(alice());
    source.set(FakeConfig.revoking());
    msp.reload();
    msp.validate(revoked);
    assertThrows(IdentityException.class, revoked::validate);
    assertThat(msp.generationOf(revoked)).map(Generation::number).contains(2L);
  }

  @Test
  @Tag("CORE-03")
  void identitiesMadeElsewhereArePassedToTheCurrentGenerationUnchanged() {
    source.set(FakeConfig.revoking());
    msp.reload();
    Identity foreign = FakeConfig.revoking("alice").setUp().deserialize(alice());
    assertThat(msp.generationOf(foreign)).isEmpty();
    msp.validate(foreign); // judged by generation 1, which revokes nobody
  }

  @Test
  @Tag("CACHE-03")
  void eachGenerationHasItsOwnCacheAndTheReloadingMspCannotBeWrappedInOne() {
    source.set(FakeConfig.revoking());
    msp.reload();
    Generation<Msp> one = msp.current().orElseThrow();
    msp.validate(msp.deserialize(alice()));
    source.set(FakeConfig.revoking("alice"));
    msp.reload();
    Generation<Msp> two = msp.current().orElseThrow();
    assertThat(one.value()).isInstanceOf(CachingMsp.class);
    assertThat(two.value()).isInstanceOf(CachingMsp.class).isNotSameAs(one.value());
    // Generation 1's cache holds alice as valid; generation 2 must not answer from it.
    assertThrows(IdentityException.class, () -> msp.validate(msp.deserialize(alice())));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CachingMsp.wrap(msp));
    assertThat(e.getMessage()).contains("caches each generation itself");

    ReloadingMsp uncached = ReloadingMsp.builder("Org1MSP", source).caching(0).build();
    uncached.reload();
    assertThat(uncached.current().orElseThrow().value()).isInstanceOf(FakeConfig.FakeMsp.class);
  }

  @Test
  @Tag("CORE-04")
  void theSigningIdentityIsPerGenerationAndKeepsItsKeyAfterARotation() {
    source.set(FakeConfig.revoking().withSigner("peer-key-1"));
    msp.reload();
    SigningIdentity first = msp.defaultSigningIdentity();
    assertThat(msp.defaultSigningIdentity()).isSameAs(first);
    source.set(FakeConfig.revoking().withSigner("peer-key-2"));
    msp.reload();
    SigningIdentity second = msp.defaultSigningIdentity();
    byte[] msg = "block".getBytes(StandardCharsets.UTF_8);
    assertThat(new String(first.sign(msg), StandardCharsets.UTF_8)).isEqualTo("peer-key-1:block");
    assertThat(new String(second.sign(msg), StandardCharsets.UTF_8)).isEqualTo("peer-key-2:block");
    assertThat(msp.generationOf(first)).map(Generation::number).contains(1L);
    assertThat(msp.generationOf(first.publicVersion())).map(Generation::number).contains(1L);

    source.set(FakeConfig.revoking());
    msp.reload();
    MspException none = assertThrows(MspException.class, msp::defaultSigningIdentity);
    assertThat(none.reason()).isEqualTo(Reason.NO_SIGNING_IDENTITY);
    assertThat(none.rule()).isEqualTo("SETUP-SIGNER-05");
  }

  @Test
  void awaitGenerationReturnsOnceItIsServedAndTimesOutOtherwise() throws Exception {
    assertThrows(TimeoutException.class, () -> msp.awaitGeneration(1, Duration.ofMillis(5)));
    source.set(FakeConfig.revoking());
    Thread t = new Thread(msp::reload);
    t.start();
    assertThat(msp.awaitGeneration(1, Duration.ofSeconds(30)).number()).isEqualTo(1);
    t.join();
  }

  @Test
  @Tag("CORE-01")
  void concurrentCallersAlwaysGetTheVerdictOfTheGenerationThatAnswered() throws Exception {
    source.set(FakeConfig.revoking());
    msp.reload();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> problems = new CopyOnWriteArrayList<>();
    AtomicReference<Boolean> stop = new AtomicReference<>(false);
    for (int i = 0; i < 3; i++) {
      Thread t = new Thread(() -> {
        while (!stop.get()) {
          try {
            Identity id = msp.deserialize(alice());
            long g = msp.generationOf(id).orElseThrow().number();
            boolean revoked = g % 2 == 0; // even generations revoke alice
            boolean valid;
            try {
              id.validate();
              valid = true;
            } catch (IdentityException e) {
              valid = false;
            }
            if (valid == revoked) {
              problems.add(new AssertionError("generation " + g + " answered valid=" + valid));
            }
          } catch (Throwable e) {
            problems.add(e);
          }
        }
      });
      threads.add(t);
      t.start();
    }
    for (int i = 2; i <= 200; i++) {
      source.set(i % 2 == 0 ? FakeConfig.revoking("alice") : FakeConfig.revoking());
      assertThat(msp.reload().generation().number()).isEqualTo(i);
    }
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void failuresKeepTheSetupExceptionWithItsRuleAndFile() {
    MspSetupException e = new MspSetupException(Reason.FOLDER_MISSING, "FOLDER-04", "cacerts: folder is missing");
    source.set(e);
    ReloadResult<Msp> r = msp.reload();
    assertThat(r.failure().error()).isSameAs(e);
    assertThat(r.failure().toString()).contains("FOLDER-04", "cacerts: folder is missing", "kept generation 0");
  }
}
