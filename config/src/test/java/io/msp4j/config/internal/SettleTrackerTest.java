package io.msp4j.config.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SettleTrackerTest {
  private static final long MS = 1_000_000;

  @Test
  void nothingIsDueUntilAChangeIsSeen() {
    SettleTracker t = new SettleTracker(200 * MS, "a");
    assertThat(t.observe("a", 0)).isFalse();
    assertThat(t.observe("a", 10_000 * MS)).isFalse();
    assertThat(t.pending()).isFalse();
  }

  @Test
  void aChangeIsDueOnceTheStateHasNotChangedForTheWindow() {
    SettleTracker t = new SettleTracker(200 * MS, "a");
    assertThat(t.observe("b", 1000 * MS)).isFalse();
    assertThat(t.pending()).isTrue();
    assertThat(t.dueAt()).isEqualTo(1200 * MS);
    assertThat(t.observe("b", 1199 * MS)).isFalse();
    assertThat(t.observe("b", 1200 * MS)).isTrue();
    t.read();
    assertThat(t.pending()).isFalse();
    assertThat(t.observe("b", 5000 * MS)).isFalse();
  }

  @Test
  void eachFurtherChangeRestartsTheWindow() {
    SettleTracker t = new SettleTracker(200 * MS, "a");
    t.observe("b", 0);
    t.observe("c", 150 * MS);
    assertThat(t.observe("c", 300 * MS)).isFalse();
    assertThat(t.observe("c", 350 * MS)).isTrue();
  }

  @Test
  void aReadingTheFolderChangedUnderWaitsAFullWindowAgain() {
    SettleTracker t = new SettleTracker(200 * MS, "a");
    t.observe("b", 0);
    assertThat(t.observe("b", 200 * MS)).isTrue();
    t.changedWhileRead(250 * MS);
    assertThat(t.observe("b", 300 * MS)).isFalse();
    assertThat(t.observe("b", 450 * MS)).isTrue();
  }

  @Test
  void aZeroWindowReadsAtTheFirstSightOfAChange() {
    SettleTracker t = new SettleTracker(0, "a");
    assertThat(t.observe("b", 7)).isTrue();
  }

  @Test
  void anEventStartsTheWindowEvenWhenTheStateLooksTheSame() {
    SettleTracker t = new SettleTracker(200 * MS, "a");
    t.signalled(100 * MS);
    assertThat(t.observe("a", 250 * MS)).isFalse();
    assertThat(t.observe("a", 300 * MS)).isTrue();
  }
}
