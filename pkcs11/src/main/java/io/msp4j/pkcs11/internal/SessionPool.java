package io.msp4j.pkcs11.internal;

import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.pkcs11.Pkcs11Settings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The logged-in sessions on one token (spec P11-01): the token is the first slot whose token label
 * equals the configured label; the user logs in once, on the first session (PKCS#11 login state is
 * shared by all of a process's sessions); at most {@link Pkcs11Settings#sessions()} sessions are
 * used at once, so concurrent signing is safe and bounded.
 *
 * <p>When a call reports that the sessions are gone (the token was removed or reset, the library
 * finalised), the pool drops them; the next call finds the token again, opens a session, logs in,
 * and the failed call is tried once more. While the token is away, calls fail with {@link
 * Reason#TOKEN_NOT_FOUND}.
 */
public final class SessionPool implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SessionPool.class);

  /** Work done in one session. */
  @FunctionalInterface
  public interface Work<T> {
    /** Runs in {@code session}; {@code generation} changes whenever the sessions were renewed. */
    T run(long session, long generation) throws CkrException;
  }

  private final Cryptoki cryptoki;
  private final String library;
  private final String label;
  private final byte[] pin;
  private final boolean initializedHere;
  private final Semaphore permits;
  private final Deque<Long> idle = new ArrayDeque<>();
  private final List<Long> open = new ArrayList<>();
  private long slot = -1;
  private long generation;
  private boolean closed;

  private SessionPool(Cryptoki cryptoki, Pkcs11Settings settings, boolean initializedHere) {
    this.cryptoki = cryptoki;
    this.library = settings.library();
    this.label = settings.label();
    this.pin = settings.pin().getBytes(StandardCharsets.UTF_8);
    this.initializedHere = initializedHere;
    this.permits = new Semaphore(settings.sessions(), true);
  }

  /**
   * Loads the library, finds the token and logs in (P11-01).
   *
   * @throws MspSetupException with {@link Reason#PKCS11_LIBRARY_UNAVAILABLE}, {@link
   *     Reason#TOKEN_NOT_FOUND} or {@link Reason#TOKEN_LOGIN_FAILED}, in one line
   */
  public static SessionPool open(Pkcs11Settings settings) {
    Cryptoki cryptoki;
    try {
      cryptoki = Cryptoki.load(settings.library());
    } catch (UnsatisfiedLinkError | RuntimeException e) {
      throw new MspSetupException(
          Reason.PKCS11_LIBRARY_UNAVAILABLE,
          "P11-01",
          "cannot load the PKCS#11 library " + settings.library() + ": " + firstLine(e.getMessage()));
    }
    boolean initializedHere;
    try {
      initializedHere = cryptoki.initialize();
    } catch (CkrException e) {
      throw new MspSetupException(
          Reason.PKCS11_LIBRARY_UNAVAILABLE,
          "P11-01",
          "the PKCS#11 library " + settings.library() + " cannot be initialised: " + e.getMessage());
    }
    SessionPool pool = new SessionPool(cryptoki, settings, initializedHere);
    try {
      long session;
      synchronized (pool) {
        session = pool.connect();
      }
      pool.release(session);
      return pool;
    } catch (MspException e) {
      pool.close();
      throw e instanceof MspSetupException s ? s : new MspSetupException(e.reason(), e.rule(), e.detail());
    }
  }

  /** The label of the token. */
  public String label() {
    return label;
  }

  /** The library path. */
  public String library() {
    return library;
  }

  /** The library binding, for tests that create keys. */
  public Cryptoki cryptoki() {
    return cryptoki;
  }

  /**
   * Runs {@code work} in a logged-in session, waiting for one if all are in use. If the sessions
   * turn out to be gone, they are renewed and the work is tried once more.
   *
   * @throws CkrException when the work fails for another reason, or again after the renewal
   * @throws MspException with {@link Reason#TOKEN_NOT_FOUND} or {@link Reason#TOKEN_LOGIN_FAILED}
   *     when the token cannot be reached again
   */
  public <T> T call(Work<T> work) throws CkrException {
    try {
      permits.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MspException(Reason.TOKEN_FAILURE, "P11-01", "interrupted while waiting for a session on token '" + label + "'");
    }
    try {
      for (int attempt = 0; ; attempt++) {
        long session;
        long gen;
        synchronized (this) {
          if (closed) {
            throw new MspException(Reason.TOKEN_FAILURE, "P11-01", "the session pool of token '" + label + "' is closed");
          }
          session = idle.isEmpty() ? connect() : idle.pop();
          gen = generation;
        }
        try {
          T result = work.run(session, gen);
          release(session);
          return result;
        } catch (CkrException e) {
          if (e.sessionsLost() && attempt == 0) {
            LOG.warn("PKCS#11 token '{}': {}; opening new sessions", label, e.getMessage());
            renew(gen);
            continue;
          }
          if (e.sessionsLost()) {
            renew(gen);
          } else {
            release(session);
          }
          throw e;
        }
      }
    } finally {
      permits.release();
    }
  }

  private synchronized void release(long session) {
    if (!closed && open.contains(session)) {
      idle.push(session);
    }
  }

  /** Drops every session of generation {@code gen}, unless that was done already. */
  private synchronized void renew(long gen) {
    if (gen != generation) {
      return;
    }
    for (long s : open) {
      try {
        cryptoki.closeSession(s);
      } catch (CkrException ignored) {
        // Already gone with the token.
      }
    }
    open.clear();
    idle.clear();
    slot = -1;
    generation++;
  }

  /** Opens a session (finding the token first if needed) and makes sure the user is logged in. */
  private long connect() {
    try {
      if (slot < 0) {
        slot = findSlot();
      }
      long session;
      try {
        session = cryptoki.openSession(slot);
      } catch (CkrException e) {
        if (e.rv() != ReturnValues.CKR_CRYPTOKI_NOT_INITIALIZED) {
          throw e;
        }
        cryptoki.initialize();
        slot = findSlot();
        session = cryptoki.openSession(slot);
      }
      open.add(session);
      if (!cryptoki.loggedIn(session)) {
        try {
          cryptoki.login(session, pin.clone());
          LOG.debug("logged in to PKCS#11 token '{}'", label);
        } catch (CkrException e) {
          open.remove(session);
          closeQuietly(session);
          if (ReturnValues.PIN_REFUSED.contains(e.rv())) {
            throw new MspException(
                Reason.TOKEN_LOGIN_FAILED,
                "P11-01",
                "token '" + label + "' refused the user PIN (" + ReturnValues.name(e.rv()) + ")");
          }
          throw e;
        }
      }
      return session;
    } catch (CkrException e) {
      throw new MspException(
          Reason.TOKEN_NOT_FOUND, "P11-01", "token '" + label + "' cannot be reached: " + e.getMessage());
    }
  }

  private long findSlot() throws CkrException {
    List<String> seen = new ArrayList<>();
    for (long s : cryptoki.slotsWithTokens()) {
      String l;
      try {
        l = cryptoki.tokenLabel(s);
      } catch (CkrException e) {
        continue;
      }
      if (l.equals(label)) {
        return s;
      }
      seen.add("'" + l + "'");
    }
    throw new MspException(
        Reason.TOKEN_NOT_FOUND,
        "P11-01",
        "no token labelled '" + label + "' in " + library
            + (seen.isEmpty() ? " (no slot holds a token)" : " (tokens present: " + String.join(", ", seen) + ")"));
  }

  private void closeQuietly(long session) {
    try {
      cryptoki.closeSession(session);
    } catch (CkrException ignored) {
      // Nothing more to do.
    }
  }

  /**
   * Closes every session and, if this pool initialised the library, finalises it. Calls made
   * afterwards fail.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      for (long s : open) {
        closeQuietly(s);
      }
      open.clear();
      idle.clear();
      Arrays.fill(pin, (byte) 0);
    }
    if (initializedHere) {
      try {
        cryptoki.finalizeLibrary();
      } catch (CkrException e) {
        LOG.debug("C_Finalize on {}: {}", library, e.getMessage());
      }
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "no reason given";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  @Override
  public String toString() {
    return "SessionPool{" + library + ", token '" + label + "'}";
  }
}
