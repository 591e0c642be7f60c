package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON the commands print: compact, insertion order, nulls kept, no HTML escaping. */
class JsonTest {
  @Test
  void writesMapsListsAndScalarsCompactlyInInsertionOrder() {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("b", 1);
    o.put("a", null);
    o.put("list", Arrays.asList(true, false, null, 2.5, 7L));
    o.put("nested", Map.of("k", List.of()));
    o.put("path", Path.of("x/y"));
    assertThat(Json.write(o))
        .isEqualTo("{\"b\":1,\"a\":null,\"list\":[true,false,null,2.5,7],\"nested\":{\"k\":[]},\"path\":\"x/y\"}");
  }

  @Test
  void escapesOnlyWhatJsonRequires() {
    assertThat(Json.write("subject=\"CN=a<b>&c\\d\"\n\t\r\u0001"))
        .isEqualTo("\"subject=\\\"CN=a<b>&c\\\\d\\\"\\n\\t\\r\\u0001\"");
  }

  @Test
  void topLevelScalarsAreWrittenAlone() {
    assertThat(Json.write(null)).isEqualTo("null");
    assertThat(Json.write(false)).isEqualTo("false");
    assertThat(Json.write(42)).isEqualTo("42");
  }
}
