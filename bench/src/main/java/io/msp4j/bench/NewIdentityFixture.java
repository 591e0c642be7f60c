package io.msp4j.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.stream.Collectors;

/**
 * The inputs of {@link ValidateBench#newIdentityRoot} and {@link
 * ValidateBench#newIdentityIntermediate} as files, for measuring another implementation on the
 * very same MSP and identities: for each, {@code msp.pb} (the {@code MSPConfig}, MSP version 3.0)
 * and {@code identities.txt} (one serialized identity per line, in hex).
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.NewIdentityFixture DIR</pre>
 *
 * writes {@code DIR/root/} and {@code DIR/intermediate/}.
 */
public final class NewIdentityFixture {
  private NewIdentityFixture() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    write(dir.resolve("root"), Fixtures.build(false, 0, 512));
    write(dir.resolve("intermediate"), Fixtures.build(true, 0, 512));
  }

  private static void write(Path dir, Fixtures f) throws IOException {
    Files.createDirectories(dir);
    Files.write(dir.resolve("msp.pb"), f.config.toByteArray());
    String lines = f.identities.stream().map(HexFormat.of()::formatHex)
        .collect(Collectors.joining("\n", "", "\n"));
    Files.writeString(dir.resolve("identities.txt"), lines, StandardCharsets.US_ASCII);
    System.out.println(dir);
  }
}
