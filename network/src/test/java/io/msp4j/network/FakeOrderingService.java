package io.msp4j.network;

import io.grpc.Context;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.grpc.stub.StreamObserver;
import io.msp4j.channel.ConfigBlocks;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.AtomicBroadcastGrpc;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.hyperledger.fabric.protos.orderer.DeliverResponse;
import org.hyperledger.fabric.protos.orderer.SeekInfo;
import org.hyperledger.fabric.protos.peer.DeliverGrpc;

/**
 * An ordering service and a peer as far as a deliver client and a broadcaster see them, for tests:
 * {@code AtomicBroadcast.Deliver} and {@code Deliver.Deliver} serve the blocks of a chain from the
 * number asked for to the stop number (then SUCCESS) or, past the newest, wait for more;
 * {@code Broadcast} answers each envelope with the next status given. Served with TLS on
 * 127.0.0.1 (an ephemeral port) by a certificate the test chooses, optionally requiring client
 * certificates. Faults are set per test: an answer status, a stream cut after some blocks, a block
 * swapped for another.
 *
 * <p>For BFT delivery (DELIVER-BFT-01): a seek of content type {@code HEADER_WITH_SIG} gets each
 * block without its data, config blocks whole, as a Fabric v3 orderer sends them; an orderer can
 * censor ({@link #withholdBlocks}), stall ({@link #stalled}) or forge headers ({@link
 * #headerTamper}), and counts the streams of each content type it opened ({@link #streams}).
 */
public final class FakeOrderingService implements AutoCloseable {
  public final List<Block> chain = new CopyOnWriteArrayList<>();
  /** Seek requests received, in order. */
  public final List<Envelope> seeks = new CopyOnWriteArrayList<>();
  /** Broadcast envelopes received, in order. */
  public final List<Envelope> broadcasts = new CopyOnWriteArrayList<>();
  /** When set, Deliver answers with this status and nothing else. */
  public volatile Status deliverStatus;
  /** When positive, a stream breaks after this many blocks (each stream counts anew). */
  public volatile int cutAfter;
  /** How many streams to cut before serving normally (with {@link #cutAfter}). */
  public final AtomicInteger cutsLeft = new AtomicInteger();
  /** Applied to each block before it is sent. */
  public volatile Function<Block, Block> tamper = Function.identity();
  /**
   * When set, a full-block (BLOCK) stream sends no further block and keeps the stream open, saying
   * nothing (a censoring orderer); header streams keep flowing. Cleared, it serves again.
   */
  public volatile boolean withholdBlocks;
  /** When set, no stream sends anything further, and every stream stays open. */
  public volatile boolean stalled;
  /** Applied to each header a {@code HEADER_WITH_SIG} stream sends, after the data is stripped. */
  public volatile Function<Block, Block> headerTamper = Function.identity();
  /** The Broadcast answers, one per envelope. */
  public volatile Function<Envelope, BroadcastResponse> broadcastAnswer =
      e -> BroadcastResponse.newBuilder().setStatus(Status.SUCCESS).build();

  private final Server server;
  /** Kept: a closed server no longer tells its port. */
  private final Endpoint endpoint;
  private final Map<SeekInfo.SeekContentType, AtomicInteger> streams = new ConcurrentHashMap<>();

  private FakeOrderingService(Server server) {
    this.server = server;
    this.endpoint = new Endpoint("127.0.0.1", server.getPort());
  }

  /**
   * A service on 127.0.0.1 with the TLS certificate and key of {@code tlsDir} (server.crt,
   * server.key); client certificates are required when {@code clientCa} is given.
   */
  public static FakeOrderingService start(Path tlsDir, Path clientCa, List<Block> blocks)
      throws IOException {
    SslContextBuilder ssl = GrpcSslContexts.forServer(tlsDir.resolve("server.crt").toFile(),
        tlsDir.resolve("server.key").toFile());
    if (clientCa != null) {
      ssl.trustManager(clientCa.toFile()).clientAuth(ClientAuth.REQUIRE);
    }
    Holder h = new Holder();
    Server s = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
        .sslContext(ssl.build())
        .addService(h.orderer())
        .addService(h.peer())
        .build()
        .start();
    FakeOrderingService f = new FakeOrderingService(s);
    h.service = f;
    f.chain.addAll(blocks);
    return f;
  }

  /** How many Deliver streams of this content type it has opened (answered a seek of). */
  public int streams(SeekInfo.SeekContentType type) {
    AtomicInteger n = streams.get(type);
    return n == null ? 0 : n.get();
  }

  /** The endpoint it listens on. */
  public Endpoint endpoint() {
    return endpoint;
  }

  @Override
  public void close() {
    server.shutdownNow();
  }

  /** Late binding of the service to its handlers, which the server needs before it starts. */
  private static final class Holder {
    FakeOrderingService service;

    AtomicBroadcastGrpc.AtomicBroadcastImplBase orderer() {
      return new AtomicBroadcastGrpc.AtomicBroadcastImplBase() {
        @Override
        public StreamObserver<Envelope> deliver(StreamObserver<DeliverResponse> out) {
          return service.deliverer(b -> out.onNext(DeliverResponse.newBuilder().setBlock(b).build()),
              st -> out.onNext(DeliverResponse.newBuilder().setStatus(st).build()), out);
        }

        @Override
        public StreamObserver<Envelope> broadcast(StreamObserver<BroadcastResponse> out) {
          return new StreamObserver<>() {
            @Override
            public void onNext(Envelope e) {
              service.broadcasts.add(e);
              out.onNext(service.broadcastAnswer.apply(e));
            }

            @Override
            public void onError(Throwable t) {}

            @Override
            public void onCompleted() {
              out.onCompleted();
            }
          };
        }
      };
    }

    DeliverGrpc.DeliverImplBase peer() {
      return new DeliverGrpc.DeliverImplBase() {
        @Override
        public StreamObserver<Envelope> deliver(
            StreamObserver<org.hyperledger.fabric.protos.peer.DeliverResponse> out) {
          return service.deliverer(
              b -> out.onNext(org.hyperledger.fabric.protos.peer.DeliverResponse.newBuilder()
                  .setBlock(b).build()),
              st -> out.onNext(org.hyperledger.fabric.protos.peer.DeliverResponse.newBuilder()
                  .setStatus(st).build()), out);
        }
      };
    }
  }

  private StreamObserver<Envelope> deliverer(Consumer<Block> sendBlock, Consumer<Status> sendStatus,
      StreamObserver<?> out) {
    return new StreamObserver<>() {
      @Override
      public void onNext(Envelope seek) {
        seeks.add(seek);
        Context ctx = Context.current();
        Thread t = new Thread(() -> serve(seek, sendBlock, sendStatus, out, ctx), "fake-deliver");
        t.setDaemon(true);
        t.start();
      }

      @Override
      public void onError(Throwable t) {}

      @Override
      public void onCompleted() {}
    };
  }

  private void serve(Envelope seek, Consumer<Block> sendBlock, Consumer<Status> sendStatus,
      StreamObserver<?> out, Context ctx) {
    try {
      Status answer = deliverStatus;
      if (answer != null) {
        sendStatus.accept(answer);
        out.onCompleted();
        return;
      }
      SeekInfo info = SeekInfo.parseFrom(Payload.parseFrom(seek.getPayload()).getData());
      boolean headers = info.getContentType() == SeekInfo.SeekContentType.HEADER_WITH_SIG;
      streams.computeIfAbsent(info.getContentType(), k -> new AtomicInteger()).incrementAndGet();
      long next = info.getStart().getSpecified().getNumber();
      long stop = info.getStop().getSpecified().getNumber();
      int sent = 0;
      boolean cut = cutAfter > 0 && cutsLeft.getAndDecrement() > 0;
      while (!ctx.isCancelled()) {
        if (stalled || (withholdBlocks && !headers)) {
          Thread.sleep(10);
          continue;
        }
        if (Long.compareUnsigned(next, stop) > 0) {
          sendStatus.accept(Status.SUCCESS);
          out.onCompleted();
          return;
        }
        if (next < chain.size()) {
          if (cut && sent == cutAfter) {
            out.onError(io.grpc.Status.UNAVAILABLE.withDescription("cut by the test").asException());
            return;
          }
          Block b = tamper.apply(chain.get((int) next));
          sendBlock.accept(headers ? headerTamper.apply(header(b)) : b);
          sent++;
          next++;
        } else {
          Thread.sleep(10);
        }
      }
    } catch (Exception e) {
      try {
        out.onError(io.grpc.Status.INTERNAL.withDescription(e.toString()).asException());
      } catch (RuntimeException ignored) {
        // the call is gone already
      }
    }
  }

  /** The block as a HEADER_WITH_SIG stream sends it: without data unless it is a config block. */
  static Block header(Block b) {
    return ConfigBlocks.holdsConfig(b) ? b
        : Block.newBuilder().setHeader(b.getHeader()).setMetadata(b.getMetadata()).build();
  }
}
