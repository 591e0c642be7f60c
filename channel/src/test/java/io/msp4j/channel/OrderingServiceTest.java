package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Consenter;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.junit.jupiter.api.Test;

/** The ordering service of a configuration: consenters, endpoints, quorum. */
class OrderingServiceTest {

  private static ConfigValue value(com.google.protobuf.Message m) {
    return ConfigValue.newBuilder().setValue(m.toByteString()).build();
  }

  private static Config bft(int consenters) {
    Orderers.Builder os = Orderers.newBuilder();
    for (int id = 1; id <= consenters; id++) {
      os.addConsenterMapping(Consenter.newBuilder().setId(id).setHost("orderer" + id)
          .setPort(7050).setMspId("OrdererMSP")
          .setIdentity(ByteString.copyFromUtf8("cert " + id)));
    }
    ConfigGroup org = ConfigGroup.newBuilder().putValues("Endpoints",
        value(OrdererAddresses.newBuilder().addAddresses("orderer1:7050").build())).build();
    return Config.newBuilder().setChannelGroup(ConfigGroup.newBuilder()
        .putValues("OrdererAddresses",
            value(OrdererAddresses.newBuilder().addAddresses("legacy:7050").build()))
        .putGroups("Orderer", ConfigGroup.newBuilder()
            .putValues("ConsensusType", value(ConsensusType.newBuilder().setType("BFT").build()))
            .putValues("Orderers", value(os.build()))
            .putGroups("OrdererOrg", org).build())).build();
  }

  @Test
  void fabricsBftQuorumIsCeilOfNPlusFPlusOneOverTwo() {
    assertThat(List.of(1, 2, 3, 4, 5, 6, 7, 10).stream().map(OrderingService::bftQuorum))
        .containsExactly(1, 2, 2, 3, 4, 4, 5, 7);
    assertThrows(IllegalArgumentException.class, () -> OrderingService.bftQuorum(0));
  }

  @Test
  void aBftChannelsConsentersAreItsConsenterMappingAndItsQuorumFabricsBftQuorum() {
    OrderingService s = OrderingService.of(bft(4));
    assertThat(s.consensusType()).isEqualTo("BFT");
    assertThat(s.consenters()).extracting(OrderingService.Consenter::toString)
        .containsExactly("orderer1:7050 (id 1, OrdererMSP)", "orderer2:7050 (id 2, OrdererMSP)",
            "orderer3:7050 (id 3, OrdererMSP)", "orderer4:7050 (id 4, OrdererMSP)");
    assertThat(s.quorum()).isEqualTo(OptionalInt.of(3));
    assertThat(s.endpoints()).isEqualTo(Map.of("/Channel", List.of("legacy:7050"),
        "/Channel/Orderer/OrdererOrg", List.of("orderer1:7050")));
    assertThat(s).isEqualTo(OrderingService.of(bft(4))).isNotEqualTo(OrderingService.of(bft(3)));
  }

  @Test
  void aConfigWithoutAnOrdererSectionHasNoConsentersAndNoQuorum() {
    OrderingService s = OrderingService.of(Config.newBuilder()
        .setChannelGroup(ConfigGroup.getDefaultInstance()).build());
    assertThat(s.consenters()).isEmpty();
    assertThat(s.quorum()).isEmpty();
    assertThat(s.consensusType()).isEmpty();
  }
}
