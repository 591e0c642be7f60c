import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.core.reload.Generation;
import io.msp4j.network.BlockRefusedException;
import io.msp4j.network.ChannelFollower;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.DeliveredBlock;
import io.msp4j.network.Endpoint;
import io.msp4j.network.FollowListener;
import io.msp4j.network.NetworkException;
import io.msp4j.network.DeliverService;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Follows a channel from orderers with the library's {@code ChannelFollower} and, on another
 * thread, validates a stream of identities against the follower's {@code ReloadingChannel}
 * without pause (a round over all identities every 2 ms), counting the verdicts per generation
 * of the channel. Used to measure a CA rotation on a live network (docs/ca-rotation.md): which
 * identities the channel accepted while each configuration was in force, and when each config
 * block became the one in force.
 *
 * <p>Standard output, one JSON object a line: {@code {"t", "event": "config", "number",
 * "sequence", "generation", "changes"}} for a config block applied ({@code t}: wall clock, ms),
 * {@code "block"}, {@code "connected"}, {@code "disconnected"}, {@code "refused"} events; on
 * SIGINT or SIGTERM one {@code "summary"} per generation and identity ({@code valid},
 * {@code invalid}, the first problem) and the {@code "totals"}. A validation during which the
 * generation changed is not counted (reported as {@code straddled}).
 *
 * <p>Run from the repository root, after {@code mvn -B -q install -DskipTests}:
 * <pre>
 * java -cp msp-cli/target/msp.jar tools/FollowValidate.java CHANNEL LOCAL_MSP_DIR MSPID \
 *     TLSCA.pem[,TLSCA.pem...] HOST:PORT[,HOST:PORT...] MSPID:LABEL=CERT.pem...
 * </pre>
 * The local MSP signs the seek requests (a reader of the channel); each {@code MSPID:LABEL=CERT.pem}
 * is an identity to validate (a PEM certificate, serialized with that MSP ID).
 */
public final class FollowValidate {
  record Followed(String label, byte[] serialized) {}

  public static void main(String[] a) throws Exception {
    String channelId = a[0];
    Path mspDir = Path.of(a[1]);
    String mspId = a[2];
    ConnectionOptions.Builder cb = ConnectionOptions.builder();
    for (String ca : a[3].split(",")) {
      cb.tlsRootCert(ca, Files.readAllBytes(Path.of(ca)));
    }
    for (String e : a[4].split(",")) {
      cb.endpoint(Endpoint.parse(e));
    }
    List<Followed> followed = new ArrayList<>();
    for (int i = 5; i < a.length; i++) {
      String[] kv = a[i].split("=", 2);
      String[] idLabel = kv[0].split(":", 2);
      byte[] pem = Files.readAllBytes(Path.of(kv[1]));
      followed.add(new Followed(idLabel[1], SerializedIdentity.newBuilder().setMspid(idLabel[0])
          .setIdBytes(ByteString.copyFrom(pem)).build().toByteArray()));
    }
    MspFolderConfig folder = MspFolders.readLocal(mspDir, mspId);
    SigningIdentity signer = X509Msps.setup(folder.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(folder.keyStore()).withSources(folder.sources()))
        .defaultSigningIdentity();
    PrintStream out = System.out;
    Map<Long, Long> genToSeq = new ConcurrentHashMap<>();
    ChannelFollower follower = ChannelFollower.builder(channelId, cb.build(), signer)
        .service(DeliverService.ORDERER).giveUpAfter(Duration.ofMinutes(30))
        .listener(new FollowListener() {
          @Override public void delivered(DeliveredBlock b) {
            long t = System.currentTimeMillis();
            if (b.config().isPresent()) {
              var c = b.config().get();
              genToSeq.put(c.generation(), c.sequence());
              synchronized (out) {
                out.printf("{\"t\":%d,\"event\":\"config\",\"number\":%d,\"sequence\":%d,\"generation\":%d,\"changes\":%d}%n",
                    t, b.number(), c.sequence(), c.generation(), c.changes().size());
                out.flush();
              }
            } else {
              synchronized (out) {
                out.printf("{\"t\":%d,\"event\":\"block\",\"number\":%d,\"transactions\":%d}%n",
                    t, b.number(), b.transactions());
                out.flush();
              }
            }
          }
          @Override public void connected(Endpoint e, DeliverService s) {
            synchronized (out) {
              out.printf("{\"t\":%d,\"event\":\"connected\",\"endpoint\":\"%s\"}%n",
                  System.currentTimeMillis(), e);
              out.flush();
            }
          }
          @Override public void disconnected(Endpoint e, NetworkException cause, Duration retry) {
            synchronized (out) {
              out.printf("{\"t\":%d,\"event\":\"disconnected\",\"endpoint\":\"%s\",\"cause\":%s}%n",
                  System.currentTimeMillis(), e, quote(String.valueOf(cause.getMessage())));
              out.flush();
            }
          }
          @Override public void refused(BlockRefusedException e) {
            synchronized (out) {
              out.printf("{\"t\":%d,\"event\":\"refused\",\"number\":%d,\"why\":%s}%n",
                  System.currentTimeMillis(), e.number(), quote(String.valueOf(e.getMessage())));
              out.flush();
            }
          }
        }).build();
    ReloadingChannel channel = follower.channel();
    // generation -> label -> [valid, invalid]; first problem per generation/label
    Map<Long, Map<String, long[]>> counts = new ConcurrentHashMap<>();
    Map<String, String> problems = new ConcurrentHashMap<>();
    AtomicLong straddled = new AtomicLong();
    AtomicLong total = new AtomicLong();
    Thread validator = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        for (Followed f : followed) {
          Optional<Generation<Channel>> before = channel.current();
          if (before.isEmpty()) {
            break;
          }
          boolean ok;
          String problem = null;
          try {
            channel.deserialize(f.serialized()).validate();
            ok = true;
          } catch (MspException e) {
            ok = false;
            problem = "[" + e.rule() + "] " + e.getMessage();
          }
          long g = before.get().number();
          if (channel.generation() != g) {
            straddled.incrementAndGet();
            continue;
          }
          total.incrementAndGet();
          long[] c = counts.computeIfAbsent(g, k -> new ConcurrentHashMap<>())
              .computeIfAbsent(f.label(), k -> new long[2]);
          c[ok ? 0 : 1]++;
          if (problem != null) {
            problems.putIfAbsent(g + "/" + f.label(), problem);
          }
        }
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "validator");
    validator.setDaemon(true);
    validator.start();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      follower.close();
      validator.interrupt();
      synchronized (out) {
        for (var g : new TreeMap<>(counts).entrySet()) {
          for (var l : new TreeMap<>(g.getValue()).entrySet()) {
            String p = problems.get(g.getKey() + "/" + l.getKey());
            out.printf("{\"event\":\"summary\",\"generation\":%d,\"sequence\":%s,\"identity\":\"%s\",\"valid\":%d,\"invalid\":%d,\"problem\":%s}%n",
                g.getKey(), genToSeq.get(g.getKey()), l.getKey(), l.getValue()[0], l.getValue()[1],
                p == null ? "null" : quote(p));
          }
        }
        out.printf("{\"event\":\"totals\",\"validations\":%d,\"straddled\":%d}%n", total.get(),
            straddled.get());
        out.flush();
      }
    }));
    follower.run();
  }

  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + "\"";
  }
}
