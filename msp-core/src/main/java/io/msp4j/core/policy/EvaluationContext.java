package io.msp4j.core.policy;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One evaluation over one list of signed data, shared by the sub-policies of an implicit-meta
 * policy: each deserializer turns the list into signers once, and every signature policy using
 * that deserializer object reads the same outcome. Fabric repeats the work per sub-policy; the
 * outcome is the same because deserialisation and verification give the same answer every time.
 */
final class EvaluationContext {
  private final List<SignedData> signedData;
  private final Map<IdentityDeserializer, SignerSet> signers = new IdentityHashMap<>();

  EvaluationContext(List<SignedData> signedData) {
    this.signedData = List.copyOf(signedData);
  }

  List<SignedData> signedData() {
    return signedData;
  }

  SignerSet signers(IdentityDeserializer deserializer, EvaluationOptions options) {
    SignerSet s = signers.get(deserializer);
    if (s == null) {
      s = SignerSet.of(signedData, deserializer, options);
      signers.put(deserializer, s);
    }
    return s;
  }
}
