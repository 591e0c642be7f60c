package io.msp4j.network;

import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Status;

/**
 * What one orderer made of a broadcast envelope: its answer, the failure to reach it, or nothing
 * (not sent, or no answer yet when the verdict was reached).
 *
 * @param endpoint the orderer
 * @param answer its last Broadcast status, when it answered
 * @param failure why it did not answer, when the last attempt failed
 * @param info the orderer's info text, or the failure's message; empty otherwise
 * @param attempts how many times the envelope was sent to it
 */
public record OrdererStatus(Endpoint endpoint, Optional<Status> answer,
    Optional<NetworkException.Kind> failure, String info, int attempts) {

  /** The status word of an orderer the envelope was not sent to. */
  public static final String NOT_SENT = "NOT_SENT";
  /** The status word of an orderer that had not answered when the verdict was reached. */
  public static final String NO_ANSWER = "NO_ANSWER";

  /** Checks the parts: at most one of answer and failure, and either only after an attempt. */
  public OrdererStatus {
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(answer, "answer");
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(info, "info");
    if (answer.isPresent() && failure.isPresent()) {
      throw new IllegalArgumentException("an orderer either answered or failed, not both");
    }
    if (attempts < 0 || (attempts == 0 && (answer.isPresent() || failure.isPresent()))) {
      throw new IllegalArgumentException(attempts + " attempts cannot have an outcome");
    }
  }

  /** The orderer's answer after {@code attempts} sends. */
  public static OrdererStatus answered(Endpoint endpoint, BroadcastResult r, int attempts) {
    return new OrdererStatus(endpoint, Optional.of(r.status()), Optional.empty(), r.info(), attempts);
  }

  /** The failure of the last of {@code attempts} sends. */
  public static OrdererStatus failed(Endpoint endpoint, NetworkException e, int attempts) {
    return new OrdererStatus(endpoint, Optional.empty(), Optional.of(e.kind()),
        Objects.toString(e.getMessage(), ""), attempts);
  }

  /** An orderer the envelope was not sent to. */
  public static OrdererStatus notSent(Endpoint endpoint) {
    return new OrdererStatus(endpoint, Optional.empty(), Optional.empty(), "", 0);
  }

  /** An orderer that was sent the envelope and had not answered when the verdict was reached. */
  public static OrdererStatus noAnswer(Endpoint endpoint) {
    return new OrdererStatus(endpoint, Optional.empty(), Optional.empty(), "", 1);
  }

  /**
   * One word: the Fabric status name ({@code SUCCESS}, {@code SERVICE_UNAVAILABLE}, ...), the
   * failure kind ({@code UNREACHABLE}, {@code UNAVAILABLE}, {@code TLS}, ...), {@link #NOT_SENT}
   * or {@link #NO_ANSWER}.
   */
  public String status() {
    return answer.map(Status::name)
        .or(() -> failure.map(NetworkException.Kind::name))
        .orElse(attempts == 0 ? NOT_SENT : NO_ANSWER);
  }
}
