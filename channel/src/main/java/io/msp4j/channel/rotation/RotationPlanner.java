package io.msp4j.channel.rotation;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.rotation.internal.Certs;
import io.msp4j.channel.rotation.internal.Consenters;
import io.msp4j.channel.rotation.internal.MspEdits;
import io.msp4j.channel.rotation.internal.OrgMsps;
import io.msp4j.channel.rotation.internal.StepRunner;
import io.msp4j.channel.update.KnownIdentity;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Plans the rotation of an org's CAs on a live channel as config updates that never lock anyone
 * out:
 *
 * <ol>
 *   <li><b>add</b>: the new CAs beside the old; NodeOU identifiers unpinned while both are in
 *       force (a pin admits only the pinned CA's identities, NODEOU-05, and Fabric has one
 *       identifier per role); OU identifiers bound to the new issuing CA too; re-issued admin
 *       certificates beside the old ones (MSP 1.1 admincerts);</li>
 *   <li><b>consenter</b> (retiring a TLS CA of an orderer org): one update per consenter whose
 *       TLS certificates (or, on BFT, enrollment identity) the retired CA issued, swapping in the
 *       re-issued ones, so that a Raft or BFT quorum always holds and etcdraft's limit of one
 *       consenter change per update is kept;</li>
 *   <li><b>retire</b>: the old CAs out with the CRLs they issued, their OU identifiers and admin
 *       certificates; NodeOU identifiers pinned again, to the new issuing CA.</li>
 * </ol>
 *
 * <p>Each step is computed from the configuration the previous one leaves and checked by the
 * update checker (the ordering service's verdict with the signatures it needs, the proposed
 * config loaded completely, the lock-out guard), the consenters' TLS certificates are checked
 * against the orderer orgs' TLS CAs, and every followed identity is judged before and after. A
 * step that would leave a followed identity, or the admin, orderer or peer role, without a valid
 * holder is refused with the list, unless the request allows lock-outs; the plan then stops.
 *
 * <pre>{@code
 * RotationPlan plan = RotationPlanner.plan(Channel.load(block), RotationRequest.builder("Org1MSP")
 *     .add(new NewCa(CaRole.ROOT, newRootPem, "ca2.pem")).build());
 * plan.steps().get(0).envelope();   // 01-add: the unsigned CONFIG_UPDATE envelope
 * }</pre>
 */
public final class RotationPlanner {
  private RotationPlanner() {}

  /** {@link #plan(Channel, ChannelOptions, RotationRequest)} with default options. */
  public static RotationPlan plan(Channel current, RotationRequest request) {
    return plan(current, ChannelOptions.defaults(), request);
  }

  /**
   * The plan for {@code request} on the channel whose configuration in force is {@code current}
   * (loaded with {@code options}).
   *
   * @throws RotationException when the request cannot be planned: no such org, a new CA that is
   *     not a usable CA, a CA to retire that the MSP does not hold, a certificate that does not
   *     parse
   */
  public static RotationPlan plan(Channel current, ChannelOptions options,
      RotationRequest request) {
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(request, "request");
    String channelId = current.channelId().orElseThrow(() -> new RotationException(
        "CONFIGTX-UPDATE-02", "the configuration carries no channel ID (a bare Config): give the"
            + " channel's config block"));
    String mspId = request.mspId();
    List<OrgMsps.Place> places = OrgMsps.find(current.config(), mspId);
    if (places.isEmpty()) {
      throw new RotationException("CHANNEL-MSP-01", "the channel has no org with MSP ID '"
          + mspId + "'; it has " + OrgMsps.mspIds(current.config()));
    }
    FabricMSPConfig start = OrgMsps.read(current.config(), places.get(0));
    Inputs in = Inputs.read(start, request);

    List<KnownIdentity> known = new ArrayList<>();
    for (int i = 0; i < in.identities().size(); i++) {
      if (in.enrollment().get(i)) {
        known.add(new KnownIdentity(request.identities().get(i).label(), SerializedIdentity
            .newBuilder().setMspid(mspId).setIdBytes(request.identities().get(i).certificate())
            .build().toByteArray()));
      }
    }
    StepRunner runner = new StepRunner(channelId, options, known, request.allowLockout());
    List<RotationStep> steps = new ArrayList<>();
    List<RotationRefusal> refusals = new ArrayList<>();
    List<String> notes = new ArrayList<>(in.notes());
    String orgPath = places.get(0).path();
    Channel at = current;

    // 1. add
    if (!in.toAdd().isEmpty()) {
      List<X509Certificate> reissued = reissuedUnder(in, in.identityNew());
      MspEdits.Edited e = MspEdits.add(start, in.toAdd(), in.addIssuing(), reissued, in::bytesOf);
      StepRunner.Outcome o = runner.run(steps.size() + 1, StepKind.ADD, at,
          OrgMsps.write(at.config(), places, e.msp()), e.changes());
      if (o.refusal().isPresent()) {
        refusals.add(o.refusal().get());
        return new RotationPlan(orgPath, mspId, steps, refusals, notes);
      }
      if (o.step().isPresent()) {
        steps.add(o.step().get());
        at = o.after().orElseThrow();
      }
    }
    if (in.retired().isEmpty()) {
      notes.add("Nothing is retired yet. Submit the steps, then re-issue the org's identities"
          + " (and its nodes' TLS certificates) under the new CA and deploy them; then run"
          + " rotate-ca again on the config block the last step produced, with --retire for each"
          + " old CA and --identities pointing at the re-issued certificates.");
      return new RotationPlan(orgPath, mspId, steps, refusals, notes);
    }

    // 2. consenters, one per update
    List<String> unmatched = new ArrayList<>();
    for (Consenters.Consenter c : Consenters.of(at.config())) {
      FabricMSPConfig f = OrgMsps.read(at.config(), places.get(0));
      Optional<Swap> swap = Swap.of(c, f, in, mspId, unmatched);
      if (swap.isEmpty()) {
        continue;
      }
      StepRunner.Outcome o = runner.run(steps.size() + 1, StepKind.CONSENTER, at,
          Consenters.swap(at.config(), c, swap.get().identity(), swap.get().client(),
              swap.get().server()), swap.get().changes());
      if (o.refusal().isPresent()) {
        refusals.add(o.refusal().get());
        return new RotationPlan(orgPath, mspId, steps, refusals, notes);
      }
      if (o.step().isPresent()) {
        steps.add(o.step().get());
        at = o.after().orElseThrow();
      }
    }
    if (steps.stream().anyMatch(s -> s.kind() == StepKind.CONSENTER)) {
      notes.add("Submit the consenter steps one at a time: etcdraft accepts one consenter change"
          + " per config update (Fabric's ComputeMembershipChanges). After each, wait for its"
          + " config block, restart that orderer with its re-issued TLS certificate and see it"
          + " back in the cluster before the next, so that a quorum always holds.");
    }
    if (!unmatched.isEmpty()) {
      refusals.add(new RotationRefusal(StepKind.RETIRE, "CONFIGTX-UPDATE-14", "consenters whose"
          + " certificates a retired CA issued have no re-issued certificate among the"
          + " identities (matched by subject, then by host name); re-issue them and follow the"
          + " re-issued certificates with the identities", unmatched));
      return new RotationPlan(orgPath, mspId, steps, refusals, notes);
    }

    // 3. retire
    FabricMSPConfig f = OrgMsps.read(at.config(), places.get(0));
    Optional<X509Certificate> issuing = in.retireIssuing(f);
    Set<String> repin = new LinkedHashSet<>(MspEdits.nodeOuPins(start).keySet());
    if (request.pinNodeOus()) {
      repin.addAll(MspEdits.NODE_OU_ROLES);
    }
    MspEdits.Edited e = MspEdits.retire(f, in.retired(), issuing, repin, in::bytesOf);
    StepRunner.Outcome o = runner.run(steps.size() + 1, StepKind.RETIRE, at,
        OrgMsps.write(at.config(), places, e.msp()), e.changes());
    if (o.refusal().isPresent()) {
      refusals.add(o.refusal().get());
    } else if (o.step().isPresent()) {
      steps.add(o.step().get());
      notes.add("After the retire step the retired CA's identities are refused: take its"
          + " certificates out of the nodes' local MSPs and the clients' trust stores.");
      if (o.step().get().lockoutAllowed()) {
        notes.add("The retire step is written although it locks identities out"
            + " (--allow-lockout).");
      }
    }
    return new RotationPlan(orgPath, mspId, steps, refusals, notes);
  }

  /** The followed enrollment certificates issued under the new identity CAs. */
  private static List<X509Certificate> reissuedUnder(Inputs in, List<X509Certificate> cas) {
    List<X509Certificate> out = new ArrayList<>();
    for (int i = 0; i < in.identities().size(); i++) {
      X509Certificate c = in.identities().get(i);
      if (in.enrollment().get(i) && cas.stream().anyMatch(ca ->
          Certs.under(c, ca, in.allRoots(), in.allIntermediates()))) {
        out.add(c);
      }
    }
    return out;
  }

  /** A consenter's new certificates. */
  private record Swap(ByteString identity, ByteString client, ByteString server,
      List<String> changes) {

    static Optional<Swap> of(Consenters.Consenter c, FabricMSPConfig f, Inputs in, String mspId,
        List<String> unmatched) {
      List<X509Certificate> tlsRoots = MspEdits.certs(f, CaRole.TLS_ROOT);
      List<X509Certificate> tlsInters = MspEdits.certs(f, CaRole.TLS_INTERMEDIATE);
      List<String> changes = new ArrayList<>();
      ByteString client = replace(c, "client TLS", c.clientTls(), tlsRoots, tlsInters, in, false,
          changes, unmatched);
      ByteString server = replace(c, "server TLS", c.serverTls(), tlsRoots, tlsInters, in, false,
          changes, unmatched);
      ByteString identity = c.identity();
      if (!c.identity().isEmpty() && c.mspId().equals(mspId)) {
        identity = replace(c, "enrollment", c.identity(), in.allRoots(), in.allIntermediates(),
            in, true, changes, unmatched);
      }
      if (client == null || server == null || identity == null || changes.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(new Swap(identity, client, server, changes));
    }

    /** The replacement of one certificate, itself when no retired CA issued it, null if none. */
    private static ByteString replace(Consenters.Consenter c, String which, ByteString old,
        List<X509Certificate> roots, List<X509Certificate> inters, Inputs in, boolean enrollment,
        List<String> changes, List<String> unmatched) {
      Optional<X509Certificate> oc = Certs.parse(old);
      if (oc.isEmpty() || in.retired().stream()
          .noneMatch(r -> Certs.under(oc.get(), r, roots, inters))) {
        return old;
      }
      List<X509Certificate> candidates = new ArrayList<>();
      for (int i = 0; i < in.identities().size(); i++) {
        X509Certificate x = in.identities().get(i);
        boolean kind = enrollment ? in.enrollment().get(i) : in.tls().get(i);
        if (kind && Certs.chain(x, roots, inters).isPresent()
            && in.retired().stream().noneMatch(r -> Certs.under(x, r, roots, inters))) {
          candidates.add(x);
        }
      }
      Optional<X509Certificate> match = candidates.stream().filter(x ->
          x.getSubjectX500Principal().equals(oc.get().getSubjectX500Principal())).findFirst();
      if (match.isEmpty()) {
        match = candidates.stream().filter(x -> Certs.hostNames(x)
            .contains(c.host().toLowerCase(java.util.Locale.ROOT))).findFirst();
      }
      if (match.isEmpty()) {
        unmatched.add("consenter " + c.name() + ": its " + which + " certificate ("
            + Certs.describe(oc.get()) + ") was issued under a retired CA");
        return null;
      }
      changes.add("consenter " + c.name() + " (" + Consenters.valuePath(c.where()) + "): "
          + which + " certificate " + Certs.describe(oc.get()) + " replaced by "
          + Certs.describe(match.get()));
      return in.bytesOf(match.get());
    }
  }
}
