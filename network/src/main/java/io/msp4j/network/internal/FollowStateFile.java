package io.msp4j.network.internal;

import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.msp4j.network.FollowState;
import io.msp4j.network.FollowStateStore;
import io.msp4j.network.NetworkException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A follower's state as a small JSON file: {@code {"channel", "last_number", "last_header_hash"
 * (hex), "config_block" (base64)}}. Saved atomically, so that a crash leaves the old or the new
 * state, never half of one.
 */
public final class FollowStateFile implements FollowStateStore {
  /** A state file holds one config block; config blocks are bounded by the gRPC message size. */
  private static final long MAX_BYTES = 200L * 1024 * 1024;

  private final Path path;

  public FollowStateFile(Path path) {
    this.path = path.toAbsolutePath();
  }

  @Override
  public Optional<FollowState> load() {
    if (!Files.exists(path)) {
      return Optional.empty();
    }
    try {
      if (Files.size(path) > MAX_BYTES) {
        throw bad("is larger than any state file", null);
      }
      JsonObject o = JsonParser.parseString(Files.readString(path, StandardCharsets.UTF_8))
          .getAsJsonObject();
      return Optional.of(new FollowState(
          o.get("channel").getAsString(),
          Long.parseUnsignedLong(o.get("last_number").getAsString()),
          HexFormat.of().parseHex(o.get("last_header_hash").getAsString()),
          Base64.getDecoder().decode(o.get("config_block").getAsString())));
    } catch (IOException e) {
      throw bad("cannot be read: " + e.getMessage(), e);
    } catch (JsonParseException | IllegalStateException | IllegalArgumentException
        | NullPointerException | UnsupportedOperationException e) {
      throw bad("is not a follower state file: " + e.getMessage(), e);
    }
  }

  @Override
  public void save(FollowState state) {
    JsonObject o = new JsonObject();
    o.addProperty("channel", state.channelId());
    o.addProperty("last_number", Long.toUnsignedString(state.lastNumber()));
    o.addProperty("last_header_hash", HexFormat.of().formatHex(state.lastHeaderHash()));
    o.addProperty("config_block", Base64.getEncoder().encodeToString(state.configBlock()));
    AtomicFiles.write(path, (o + "\n").getBytes(StandardCharsets.UTF_8), "the state file");
  }

  private NetworkException bad(String what, Throwable cause) {
    return new NetworkException(NetworkException.Kind.CONFIGURATION, "",
        "the state file " + path + " " + what, cause);
  }
}
